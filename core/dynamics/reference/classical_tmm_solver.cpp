#include "core/dynamics/reference/classical_tmm_solver.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include "core/dynamics/transfer_matrices.hpp"
#include "core/error.hpp"

namespace mstmm {

namespace {

void requireBallOrPinChain(const Model& model) {
  if (model.systemCount() > 1)
    throw Error(ErrorKind::Input, "classical-tmm handles one chain, and this model holds " + std::to_string(model.systemCount()) + " separate systems (use the Riccati solver)");
  for (int i = 0; i < model.bodyCount(); ++i) {
    const CompiledBody& b = model.body(i);
    const HingeType type = model.hinge(i).type;
    if (b.lastChild - b.firstChild > 1)
      throw Error(ErrorKind::Input, "classical-tmm handles chains only, and body '" + b.name + "' holds several tip-side bodies (use the Riccati solver for branch and tree systems)");
    if (b.lastChild - b.firstChild == 1 && model.links()[static_cast<std::size_t>(b.firstChild)].input != 0)
      throw Error(ErrorKind::Input, "classical-tmm needs each tip-side body at input end 1, but body '" + b.name + "' holds one at another input end");
    if (type != HingeType::Ball && type != HingeType::Pin && !(type == HingeType::Revolute && model.planar()))
      throw Error(ErrorKind::Input, std::string("classical-tmm handles ball and pin hinges only, and hinge '") + model.hinge(i).name + "' is a " + toString(type));
  }
}

}  // namespace

void ClassicalTmmSolver::setInputs(const RunInputs* inputs) {
  if (inputs) throw Error(ErrorKind::Input, "solver 'classical-tmm' computes no load elements and takes no pull, torque or control values; use 'riccati'");
}

ClassicalTmmSolver::ClassicalTmmSolver(std::shared_ptr<const Model> model) : DynamicsSolver(std::move(model)) {
  requireBallOrPinChain(*m_model);
  m_inputPhi.resize(static_cast<std::size_t>(m_model->bodyCount()));
  m_outputPhi.resize(static_cast<std::size_t>(m_model->bodyCount()));
}

Eigen::MatrixXd ClassicalTmmSolver::bodyMatrix(const Eigen::VectorXd& y, int i) const {
  const Eigen::MatrixXd u = bodyTransferMatrix(m_model->body(i), bodyRotation(*m_model, y, i), bodyAngularVelocity(*m_model, y, i), m_model->gravity());
  // A multi-input body keeps only its I_1 columns: nothing hangs elsewhere.
  const Eigen::MatrixXd single = u.cols() > 13 ? Eigen::MatrixXd(u.leftCols(12).eval()) : u;
  Eigen::MatrixXd square(13, 13);
  square << single.leftCols(12), u.rightCols(1);
  return m_model->planar() ? reducePlanar(square) : square;
}

// The boundary conditions hold the tip body's moment about its pin; a tip
// without inertia about that pin makes them singular, and partial pivoting
// would return finite nonsense rather than fail. (Their conditioning also
// degrades with the chain's length, which no check can tell from this:
// the reason the Riccati solver exists.)
void ClassicalTmmSolver::requireTipInertia() const {
  const CompiledBody& tip = m_model->body(0);
  const double scale = tip.mass * tip.output.squaredNorm() + tip.inertiaAtCom.trace();
  const Mat3& j = tip.inertiaAtOutput;
  const double least = m_model->planar() ? j(2, 2) : Eigen::SelfAdjointEigenSolver<Mat3>(j, Eigen::EigenvaluesOnly).eigenvalues()[0];
  if (least > 1e-14 * scale) return;
  throw Error(ErrorKind::Solver, "classical-tmm: " + describeHinge(*m_model, 0) + ": the boundary conditions are singular; the tip body has no rotational inertia about this hinge",
              {ErrorSubject::Kind::Hinge, m_model->hinge(0).specIndex});
}

void ClassicalTmmSolver::compute(const Eigen::VectorXd& y, SolverOutput& out) {
  const Model& model = *m_model;
  const int n = model.bodyCount();
  const int t = model.planar() ? 2 : 3, r = model.planar() ? 1 : 3, b = t + r, size = 2 * b + 1;
  out.resize(n);
  requireTipInertia();
  // z_{1,I} = [x; 0; 1]: the free tip carries no load.
  Eigen::MatrixXd phi = Eigen::MatrixXd::Zero(size, b + 1);
  phi.topLeftCorner(b, b).setIdentity();
  phi(size - 1, b) = 1.0;
  Eigen::MatrixXd next = bodyMatrix(y, 0);
  for (int k = 0; k < n; ++k) {
    const Eigen::MatrixXd u = next;
    m_inputPhi[static_cast<std::size_t>(k)] = phi;
    phi = u * phi;                                          // body, Eq. 4
    m_outputPhi[static_cast<std::size_t>(k)] = phi;
    if (k + 1 < n) {
      next = bodyMatrix(y, k + 1);
      phi = literalHingeTransferMatrix(next) * phi;         // hinge, Eq. 10
    }
  }
  Eigen::MatrixXd conditions(b, b + 1);
  conditions.topRows(r) = m_outputPhi.front().middleRows(b, r);  // m = 0 at the tip body's output
  conditions.bottomRows(t) = m_outputPhi.back().topRows(t);       // r'' = 0 at the pinned root
  const Eigen::PartialPivLU<Eigen::MatrixXd> lu(conditions.leftCols(b));
  Eigen::VectorXd x1(b + 1);
  x1.head(b) = lu.solve(-conditions.col(b));
  x1[b] = 1.0;
  for (int k = 0; k < n; ++k) {
    const auto s = static_cast<std::size_t>(k);
    const Eigen::VectorXd zi = m_inputPhi[s] * x1, zo = m_outputPhi[s] * x1;
    const Mat3 a = bodyRotation(model, y, k);
    const Vec3 omega = bodyAngularVelocity(model, y, k), rIC = a * model.body(k).com;
    // Element by element: runtime-sized blocks of a Vec3 trip GCC 12's
    // -Warray-bounds under AVX.
    Vec3 accInput = Vec3::Zero(), angAcc = Vec3::Zero(), moment = Vec3::Zero(), force = Vec3::Zero();
    for (int j = 0; j < t; ++j) {
      accInput[j] = zi[j];
      force[j] = zo[b + r + j];
    }
    for (int j = 0; j < r; ++j) {
      angAcc[3 - r + j] = zi[t + j];
      moment[3 - r + j] = zo[b + j];
    }
    out.angularAcceleration[s] = angAcc;
    out.comAcceleration[s] = accInput + angAcc.cross(rIC) + omega.cross(omega.cross(rIC));
    out.hingeForce[s] = force;
    out.hingeMoment[s] = -moment;
  }
}

}  // namespace mstmm
