#include "core/analysis/linearisation.hpp"

#include <Eigen/LU>
#include <Eigen/SVD>

#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/loops/closure_constraints.hpp"
#include "core/error.hpp"

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
// that z = T^T q and z'' = T^T u' on the constraints.
void Linearisation::buildBasis() {
  const std::vector<bool> driven = drivenCoordinates(*m_model, m_chart);
  std::vector<int> free;
  for (int k = 0; k < m_chart.coordinates(); ++k)
    if (!driven[static_cast<std::size_t>(k)]) free.push_back(k);
  const auto nFree = static_cast<Eigen::Index>(free.size());
  if (nFree > m_options.maxCoordinates)
    throw Error(ErrorKind::Input, "the model has " + std::to_string(nFree) + " free joint coordinates; the dense linearisation takes at most " +
                                      std::to_string(m_options.maxCoordinates));
  Eigen::MatrixXd select = Eigen::MatrixXd::Zero(m_chart.coordinates(), nFree);
  for (Eigen::Index j = 0; j < nFree; ++j) select(free[static_cast<std::size_t>(j)], j) = 1.0;
  if (!m_model->hasLoops()) {
    m_basis = select;
    return;
  }
  ClosureConstraints constraints(*m_model);
  std::vector<BodyPose> poses;
  std::vector<ClosureRow> rows;
  computePoses(*m_model, m_chart.reference(), poses);
  constraints.directions(poses, rows);
  Eigen::MatrixXd j;
  constraints.jacobian(poses, rows, j);
  const Eigen::MatrixXd jFree = j * select;
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(jFree, Eigen::ComputeFullV);
  const double largest = svd.singularValues().size() ? svd.singularValues()[0] : 0.0;
  Eigen::Index rank = 0;
  for (Eigen::Index k = 0; k < svd.singularValues().size(); ++k)
    if (svd.singularValues()[k] > 1e-10 * std::max(largest, 1.0)) ++rank;
  m_basis = select * svd.matrixV().rightCols(nFree - rank);
}

std::vector<std::string> Linearisation::names() const {
  std::vector<std::string> out;
  for (Eigen::Index j = 0; j < m_basis.cols(); ++j) {
    if (m_model->hasLoops()) {
      out.push_back("z" + std::to_string(j + 1));
      continue;
    }
    Eigen::Index k = 0;
    m_basis.col(j).maxCoeff(&k);
    out.push_back(m_chart.coordinateName(static_cast<int>(k)));
  }
  return out;
}

void Linearisation::state(const Eigen::VectorXd& z, const Eigen::VectorXd& v, Eigen::VectorXd& y) const {
  m_chart.state(m_basis * z, m_rates0 + m_basis * v, y);
}

Eigen::VectorXd Linearisation::accelerations(const Eigen::VectorXd& z, const Eigen::VectorXd& v) {
  state(z, v, m_y);
  return accelerationsAt(m_y);
}

Eigen::VectorXd Linearisation::accelerationsAt(const Eigen::VectorXd& y) {
  m_solver->evaluate(y, m_out);
  m_chart.accelerations(y, m_out, m_uDot);
  return m_basis.transpose() * m_uDot;
}

double Linearisation::loadPower(const Eigen::VectorXd& y, const Eigen::VectorXd& dz) {
  m_solver->evaluate(y, m_out);
  Eigen::VectorXd moving = y;
  m_chart.setRates(m_basis * dz, moving);
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

void Linearisation::velocityJacobians(std::vector<Eigen::Matrix3Xd>& linear, std::vector<Eigen::Matrix3Xd>& angular) const {
  const int n = m_model->bodyCount();
  linear.assign(static_cast<std::size_t>(n), Eigen::Matrix3Xd::Zero(3, size()));
  angular.assign(static_cast<std::size_t>(n), Eigen::Matrix3Xd::Zero(3, size()));
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(m_chart.coordinates());
  Eigen::VectorXd y;
  std::vector<BodyPose> poses;
  for (int j = 0; j < size(); ++j) {
    m_chart.state(zero, m_basis.col(j), y);
    computePoses(*m_model, y, poses);
    for (int b = 0; b < n; ++b) {
      linear[static_cast<std::size_t>(b)].col(j) = poses[static_cast<std::size_t>(b)].comVelocity;
      angular[static_cast<std::size_t>(b)].col(j) = poses[static_cast<std::size_t>(b)].omega;
    }
  }
}

Eigen::MatrixXd Linearisation::massMatrix() const {
  std::vector<Eigen::Matrix3Xd> v, w;
  velocityJacobians(v, w);
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(size(), size());
  for (int b = 0; b < m_model->bodyCount(); ++b) {
    const CompiledBody& body = m_model->body(b);
    const Mat3 a = bodyRotation(*m_model, m_chart.reference(), b);
    const Mat3 inertia = a * body.inertiaAtCom * a.transpose();
    const auto s = static_cast<std::size_t>(b);
    m.noalias() += body.mass * v[s].transpose() * v[s] + w[s].transpose() * inertia * w[s];
  }
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
  s.basis = m_basis;
  s.names = names();
  s.treeCoordinates = !m_model->hasLoops();
  s.mass = massMatrix();
  const Eigen::MatrixXd dq = accelerationJacobian(false, s.derivativeError);
  const Eigen::MatrixXd dv = accelerationJacobian(true, s.derivativeError);
  s.stiffness = -s.mass * dq;
  s.damping = -s.mass * dv;
  s.acceleration = accelerations(Eigen::VectorXd::Zero(n), Eigen::VectorXd::Zero(n));
  s.a.setZero(2 * n, 2 * n);
  s.a.topLeftCorner(n, n) = m_basis.transpose() * m_chart.kinematicCoupling(m_rates0) * m_basis;
  s.a.topRightCorner(n, n).setIdentity();
  s.a.bottomLeftCorner(n, n) = dq;
  s.a.bottomRightCorner(n, n) = dv;
  s.forcing.setZero(n, 0);
  s.b.setZero(2 * n, 0);
  return s;
}

}  // namespace mstmm
