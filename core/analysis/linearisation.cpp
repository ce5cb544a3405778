#include "core/analysis/linearisation.hpp"

#include <Eigen/LU>
#include <Eigen/SVD>

#include <optional>

#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/loops/closure_constraints.hpp"
#include "core/dynamics/loops/rank_revealing_solve.hpp"
#include "core/error.hpp"
#include "core/dynamics/applied_loads.hpp"

namespace mstmm {

std::vector<bool> drivenCoordinates(const Model& model, const JointChart& chart) {
  std::vector<bool> driven(static_cast<std::size_t>(chart.coordinates()), false);
  for (const HingeElements& e : model.loads().hinges)
    if (e.prescribed && e.cut < 0) driven[static_cast<std::size_t>(chart.firstOf(e.body) + (e.column < 0 ? 0 : e.column))] = true;
  return driven;
}

Linearisation::Linearisation(std::shared_ptr<const Model> model, const Eigen::VectorXd& reference, const LinearisationOptions& options)
    : m_model(std::move(model)), m_chart(*m_model, reference), m_options(options) {
  if (reference.size() != stateSize(*m_model) || !reference.allFinite())
    throw Error(ErrorKind::Input, "linearisation: the reference state has " + std::to_string(reference.size()) + " entries (" +
                                      std::to_string(stateSize(*m_model)) + " expected) or is not finite");
  if (options.step <= 0.0) throw Error(ErrorKind::Input, "linearisation: the difference step must be positive");
  m_solver = makeSolver(options.solver, m_model);
  m_solver->setTime(options.time);
  m_out.resize(*m_model);
  m_chart.rates(reference, m_rates0);
  buildBasis();
}

// A tree: the free coordinates themselves. Loops: the null space of the
// closure Jacobian restricted to them (equations.md §10.1), orthonormal, so
// that z = T^T q and z'' = T^T u' on the constraints. Rows that repeat the
// others (Bricard's linkage) count once, with the supplement equations'
// tolerance (equations.md §6.1): a state a rounding off the linkage's path
// would otherwise lock it.
void Linearisation::buildBasis() {
  const std::vector<bool> driven = drivenCoordinates(*m_model, m_chart);
  for (int k = 0; k < m_chart.coordinates(); ++k)
    if (!driven[static_cast<std::size_t>(k)]) m_free.push_back(k);
  m_size = static_cast<int>(m_free.size());
  if (!m_model->hasLoops()) return;
  ClosureConstraints constraints(*m_model);
  std::vector<BodyPose> poses;
  std::vector<ClosureRow> rows;
  computePoses(*m_model, m_chart.reference(), poses);
  constraints.directions(poses, rows);
  Eigen::MatrixXd j;
  constraints.jacobian(poses, rows, j);
  Eigen::MatrixXd jFree(j.rows(), m_size);
  for (int c = 0; c < m_size; ++c) jFree.col(c) = j.col(m_free[static_cast<std::size_t>(c)]);
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(jFree, Eigen::ComputeFullV);
  const double largest = svd.singularValues().size() ? svd.singularValues()[0] : 0.0;
  Eigen::Index rank = 0;
  for (Eigen::Index k = 0; k < svd.singularValues().size(); ++k)
    if (svd.singularValues()[k] > RankRevealingSolve::kRepeatedRow * std::max(largest, 1.0)) ++rank;
  const Eigen::MatrixXd null = svd.matrixV().rightCols(m_size - rank);
  m_loopBasis = Eigen::MatrixXd::Zero(m_chart.coordinates(), null.cols());
  if (null.cols() > 0)  // a loop that leaves no motion (a driven crank) has no basis: no rows to copy
    for (int c = 0; c < m_size; ++c) m_loopBasis.row(m_free[static_cast<std::size_t>(c)]) = null.row(c);
  m_size = static_cast<int>(null.cols());
}

void Linearisation::requireDense(const char* what) const {
  if (m_size > m_options.maxCoordinates)
    throw Error(ErrorKind::Input, std::string(what) + ": the model has " + std::to_string(m_size) + " free joint coordinates; the dense matrices take at most " +
                                      std::to_string(m_options.maxCoordinates) + " (the O(N) sweep takes larger trees)");
}

Eigen::VectorXd Linearisation::toTree(const Eigen::VectorXd& z) const {
  if (loops()) return m_loopBasis * z;
  Eigen::VectorXd q = Eigen::VectorXd::Zero(m_chart.coordinates());
  for (int k = 0; k < m_size; ++k) q[m_free[static_cast<std::size_t>(k)]] = z[k];
  return q;
}

Eigen::VectorXd Linearisation::toMinimal(const Eigen::VectorXd& q) const {
  if (loops()) return m_loopBasis.transpose() * q;
  Eigen::VectorXd z(m_size);
  for (int k = 0; k < m_size; ++k) z[k] = q[m_free[static_cast<std::size_t>(k)]];
  return z;
}

int Linearisation::dominantTreeCoordinate(int k) const {
  if (!loops()) return m_free[static_cast<std::size_t>(k)];
  Eigen::Index at = 0;
  m_loopBasis.col(k).cwiseAbs().maxCoeff(&at);
  return static_cast<int>(at);
}

std::vector<std::string> Linearisation::names() const {
  std::vector<std::string> out;
  for (int j = 0; j < m_size; ++j) out.push_back(loops() ? "z" + std::to_string(j + 1) : m_chart.coordinateName(m_free[static_cast<std::size_t>(j)]));
  return out;
}

void Linearisation::state(const Eigen::VectorXd& z, const Eigen::VectorXd& v, Eigen::VectorXd& y) const {
  m_chart.state(toTree(z), m_rates0 + toTree(v), y);
}

Eigen::VectorXd Linearisation::accelerations(const Eigen::VectorXd& z, const Eigen::VectorXd& v) {
  state(z, v, m_y);
  return accelerationsAt(m_y);
}

const SolverOutput& Linearisation::output(const Eigen::VectorXd& z, const Eigen::VectorXd& v, Eigen::VectorXd& y) {
  checkCancelled(m_options.cancel);
  state(z, v, y);
  m_solver->evaluate(y, m_out);
  return m_out;
}

void checkCancelled(const std::atomic<bool>* cancel) {
  if (cancel && cancel->load(std::memory_order_relaxed)) throw Error(ErrorKind::Input, "the analysis was cancelled");
}

Eigen::VectorXd Linearisation::accelerationsAt(const Eigen::VectorXd& y) {
  checkCancelled(m_options.cancel);
  m_solver->evaluate(y, m_out);
  m_chart.accelerations(y, m_out, m_uDot);
  return toMinimal(m_uDot);
}

double Linearisation::loadPower(const Eigen::VectorXd& y, const Eigen::VectorXd& dz) {
  checkCancelled(m_options.cancel);
  m_solver->evaluate(y, m_out);
  Eigen::VectorXd moving = y;
  m_chart.setRates(toTree(dz), moving);
  std::vector<BodyPose> poses;
  computePoses(*m_model, moving, poses);
  double power = 0.0;
  for (int b = 0; b < m_model->bodyCount(); ++b) {
    const auto s = static_cast<std::size_t>(b);
    const CompiledBody& body = m_model->body(b);
    const Mat3 a = bodyRotation(*m_model, y, b);
    power += body.mass * m_out.comAcceleration[s].dot(poses[s].comVelocity) +
             m_out.angularAcceleration[s].dot(a * body.inertiaAtCom * a.transpose() * poses[s].omega);
  }
  return power;
}

Eigen::VectorXd Linearisation::generalisedLoads(const Eigen::VectorXd& y) {
  checkCancelled(m_options.cancel);
  m_solver->evaluate(y, m_out);
  std::vector<BodyPose> poses;
  computePoses(*m_model, y, poses);
  const JointChart here(*m_model, y);
  const int n = m_model->bodyCount();
  std::vector<Eigen::Matrix<double, 6, 1>> wrench(static_cast<std::size_t>(n), Eigen::Matrix<double, 6, 1>::Zero());
  Eigen::VectorXd q(m_chart.coordinates());
  for (int b = 0; b < n; ++b) {  // tips first
    const auto s = static_cast<std::size_t>(b);
    const BodyPose& p = poses[s];
    const CompiledBody& body = m_model->body(b);
    const Mat3 inertia = p.rotation * body.inertiaAtCom * p.rotation.transpose();
    const Vec3 force = body.mass * m_out.comAcceleration[s];
    const Vec3& w = m_out.angularAcceleration[s];
    wrench[s].head<3>() += p.com.cross(force) + inertia * w + p.omega.cross(inertia * p.omega);
    wrench[s].tail<3>() += force;
    q.segment(here.firstOf(b), m_model->hinge(b).dof) = here.motionSubspace(b, poses).transpose() * wrench[s];
    if (body.parent >= 0) wrench[static_cast<std::size_t>(body.parent)] += wrench[s];
  }
  return toMinimal(q);
}

// Each column is read at a unit rate of one minimal coordinate: the body
// velocities, and the rotors' rates, are linear in the rates.
void Linearisation::velocityJacobians(std::vector<Eigen::Matrix3Xd>& linear, std::vector<Eigen::Matrix3Xd>& angular, RotorJacobian* rotors) const {
  requireDense("the velocity Jacobians");
  const int n = m_model->bodyCount();
  linear.assign(static_cast<std::size_t>(n), Eigen::Matrix3Xd::Zero(3, size()));
  angular.assign(static_cast<std::size_t>(n), Eigen::Matrix3Xd::Zero(3, size()));
  std::optional<AppliedLoads> loads;
  if (rotors && m_model->hasLoads()) loads.emplace(*m_model);
  std::vector<double> rates, inertia;
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(m_chart.coordinates());
  Eigen::VectorXd y;
  std::vector<BodyPose> poses;
  for (int j = 0; j < size(); ++j) {
    m_chart.state(zero, toTree(Eigen::VectorXd::Unit(size(), j)), y);
    computePoses(*m_model, y, poses);
    for (int b = 0; b < n; ++b) {
      linear[static_cast<std::size_t>(b)].col(j) = poses[static_cast<std::size_t>(b)].comVelocity;
      angular[static_cast<std::size_t>(b)].col(j) = poses[static_cast<std::size_t>(b)].omega;
    }
    if (!loads) continue;
    loads->rotorRates(y, rates, inertia);
    const auto count = static_cast<Eigen::Index>(rates.size());
    if (j == 0) {
      rotors->rates.setZero(count, size());
      rotors->inertia = Eigen::Map<const Eigen::VectorXd>(inertia.data(), count);
    }
    rotors->rates.col(j) = Eigen::Map<const Eigen::VectorXd>(rates.data(), count);
  }
}

Eigen::MatrixXd Linearisation::massMatrix() const {
  std::vector<Eigen::Matrix3Xd> v, w;
  RotorJacobian rotors;
  velocityJacobians(v, w, &rotors);
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(size(), size());
  for (int b = 0; b < m_model->bodyCount(); ++b) {
    const CompiledBody& body = m_model->body(b);
    const Mat3 a = bodyRotation(*m_model, m_chart.reference(), b);
    const Mat3 inertia = a * body.inertiaAtCom * a.transpose();
    const auto s = static_cast<std::size_t>(b);
    m.noalias() += body.mass * v[s].transpose() * v[s] + w[s].transpose() * inertia * w[s];
  }
  if (rotors.rates.rows() > 0) m.noalias() += rotors.rates.transpose() * rotors.inertia.asDiagonal() * rotors.rates;  // armature's J rate^2 / 2
  return 0.5 * (m + m.transpose());
}

Eigen::VectorXd Linearisation::accelerationDerivative(bool rates, const Eigen::VectorXd& d, bool extrapolate) {
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(size());
  auto central = [&](double h) {
    const Eigen::VectorXd plus = rates ? accelerations(zero, h * d) : accelerations(h * d, zero);
    const Eigen::VectorXd minus = rates ? accelerations(zero, -h * d) : accelerations(-h * d, zero);
    return Eigen::VectorXd((plus - minus) / (2.0 * h));
  };
  const double h = m_options.step;
  if (!extrapolate) return central(h);
  return (4.0 * central(0.5 * h) - central(h)) / 3.0;  // the h^2 term cancels
}

Eigen::MatrixXd Linearisation::accelerationJacobian(bool rates, double& error) {
  requireDense("the linearisation");
  const int n = size();
  Eigen::MatrixXd coarse(n, n), fine(n, n);
  const double h = m_options.step;
  for (int j = 0; j < n; ++j) {
    const Eigen::VectorXd unit = Eigen::VectorXd::Unit(n, j);
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(n);
    for (int level = 0; level < 2; ++level) {
      const double step = level ? 0.5 * h : h;
      const Eigen::VectorXd plus = rates ? accelerations(zero, step * unit) : accelerations(step * unit, zero);
      const Eigen::VectorXd minus = rates ? accelerations(zero, -step * unit) : accelerations(-step * unit, zero);
      (level ? fine : coarse).col(j) = (plus - minus) / (2.0 * step);
    }
  }
  const Eigen::MatrixXd extrapolated = (4.0 * fine - coarse) / 3.0;
  // The coarse-fine gap is 3/4 of the h^2 term that the extrapolation
  // removes: an upper estimate of the error, relative to the motion's
  // scale (d z''/d v is measured against sqrt |d z''/d z| too, so that an
  // undamped model's zero C is not "inaccurate").
  double scale = extrapolated.lpNorm<Eigen::Infinity>();
  if (rates) scale = std::max(scale, std::sqrt(m_positionScale));
  else m_positionScale = scale;
  if (scale > 0.0) error = std::max(error, (fine - coarse).lpNorm<Eigen::Infinity>() / scale);
  return extrapolated;
}

LinearSystem Linearisation::linearise() {
  LinearSystem s;
  const int n = size();
  s.time = m_options.time;
  s.reference = m_chart.reference();
  if (loops()) s.loopBasis = m_loopBasis;
  else s.freeCoordinates = m_free;
  s.names = names();
  s.treeCoordinates = !m_model->hasLoops();
  s.mass = massMatrix();
  const Eigen::MatrixXd dq = accelerationJacobian(false, s.derivativeError);
  const Eigen::MatrixXd dv = accelerationJacobian(true, s.derivativeError);
  s.stiffness = -s.mass * dq;
  s.damping = -s.mass * dv;
  s.acceleration = accelerations(Eigen::VectorXd::Zero(n), Eigen::VectorXd::Zero(n));
  s.a.setZero(2 * n, 2 * n);
  const Eigen::MatrixXd coupling = m_chart.kinematicCoupling(m_rates0);
  for (int c = 0; c < n; ++c) s.a.topLeftCorner(n, n).col(c) = toMinimal(coupling * toTree(Eigen::VectorXd::Unit(n, c)));
  s.a.topRightCorner(n, n).setIdentity();
  s.a.bottomLeftCorner(n, n) = dq;
  s.a.bottomRightCorner(n, n) = dv;
  s.forcing.setZero(n, 0);
  s.b.setZero(2 * n, 0);
  return s;
}

}  // namespace mstmm
