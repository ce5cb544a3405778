#include "core/analysis/hinge_load_output.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

namespace {

using C = std::complex<double>;
using CVec3 = Eigen::Matrix<C, 3, 1>;

/// a x b of complex vectors (Eigen's cross() conjugates complex results).
CVec3 cross(const CVec3& a, const CVec3& b) {
  return {a.y() * b.z() - a.z() * b.y(), a.z() * b.x() - a.x() * b.z(), a.x() * b.y() - a.y() * b.x()};
}

}  // namespace

HingeLoadOutput::HingeLoadOutput(Linearisation& lin, int body, int component) : m_lin(lin), m_body(body), m_component(component) {
  const Model& model = lin.chart().model();
  computePoses(model, lin.chart().reference(), m_poses);
  m_inSubtree.assign(static_cast<std::size_t>(model.bodyCount()), false);
  for (int b = model.bodyCount() - 1; b >= 0; --b) {  // parents come after their children
    const int parent = model.body(b).parent;
    m_inSubtree[static_cast<std::size_t>(b)] = b == body || (parent >= 0 && m_inSubtree[static_cast<std::size_t>(parent)]);
  }
  // The inertial part is -w^2 I_b V_b only where the reference neither moves
  // nor accelerates (otherwise I_b's own change would count).
  Eigen::VectorXd rates;
  lin.chart().rates(lin.chart().reference(), rates);
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(lin.size());
  const SolverOutput& out = lin.output(zero, zero, m_y);
  double acceleration = 0.0;
  for (int b = 0; b < model.bodyCount(); ++b)
    acceleration = std::max({acceleration, out.comAcceleration[static_cast<std::size_t>(b)].norm(), out.angularAcceleration[static_cast<std::size_t>(b)].norm()});
  const double tolerance = 1e-6 * std::max(1.0, model.gravity().norm());
  if (rates.lpNorm<Eigen::Infinity>() > 1e-12 || acceleration > tolerance)
    throw Error(ErrorKind::Input, "hinge " + quoted(model.hinge(body).name) +
                                      ": a hinge load is linearised about a state at rest, and this one moves (rates up to " +
                                      formatNumber(rates.lpNorm<Eigen::Infinity>()) + ", accelerations up to " + formatNumber(acceleration) +
                                      "): analyse about the equilibrium");
  m_point = m_poses[static_cast<std::size_t>(body)].output;
  m_force = out.hingeForce[static_cast<std::size_t>(body)];
}

HingeLoadOutput::Wrench HingeLoadOutput::otherLoads(const Eigen::VectorXd& z, const Eigen::VectorXd& v) {
  const Model& model = m_lin.chart().model();
  const SolverOutput& out = m_lin.output(z, v, m_y);
  std::vector<BodyPose> poses;
  computePoses(model, m_y, poses);
  const auto s = static_cast<std::size_t>(m_body);
  Wrench e;
  e << out.hingeMoment[s] + poses[s].output.cross(out.hingeForce[s]), out.hingeForce[s];
  for (int b = 0; b < model.bodyCount(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    if (!m_inSubtree[i]) continue;
    const BodyPose& p = poses[i];
    const Mat3 j = p.rotation * model.body(b).inertiaAtCom * p.rotation.transpose();
    const Vec3 force = model.body(b).mass * out.comAcceleration[i];
    e.head<3>() += p.com.cross(force) + j * out.angularAcceleration[i] + p.omega.cross(j * p.omega);
    e.tail<3>() += force;
  }
  return e;
}

HingeLoadOutput::Wrench HingeLoadOutput::derivative(bool rates, const Eigen::VectorXd& d) {
  const double size = d.norm();
  if (size == 0.0) return Wrench::Zero();
  const Eigen::VectorXd unit = d / size, zero = Eigen::VectorXd::Zero(d.size());
  auto central = [&](double h) {
    const Wrench plus = rates ? otherLoads(zero, h * unit) : otherLoads(h * unit, zero);
    const Wrench minus = rates ? otherLoads(zero, -h * unit) : otherLoads(-h * unit, zero);
    return Wrench((plus - minus) / (2.0 * h));
  };
  const double h = 1e-4;  // as the stiffness's differences (LinearisationOptions::step)
  return size * (4.0 * central(0.5 * h) - central(h)) / 3.0;
}

HingeLoadOutput::ComplexWrench HingeLoadOutput::inertial(int b, const ComplexWrench& twist) const {
  const CompiledBody& body = m_lin.chart().model().body(b);
  const BodyPose& p = m_poses[static_cast<std::size_t>(b)];
  const Eigen::Matrix<C, 3, 1> c = p.com.cast<C>(), theta = twist.head<3>();
  const Eigen::Matrix<C, 3, 1> force = body.mass * (twist.tail<3>() + cross(theta, c));
  const Mat3 j = p.rotation * body.inertiaAtCom * p.rotation.transpose();
  ComplexWrench out;
  out << cross(c, force) + j.cast<C>() * theta, force;
  return out;
}

std::complex<double> HingeLoadOutput::operator()(const Eigen::VectorXcd& x, double w, const LinearChannel& input) {
  const Model& model = m_lin.chart().model();
  const JointChart& chart = m_lin.chart();
  const Eigen::VectorXcd q = m_lin.toTree(x.real()).cast<C>() + C(0.0, 1.0) * m_lin.toTree(x.imag()).cast<C>();
  // Displacement twists from the root, and the subtree's inertial load at
  // accelerations -w^2 (V_b + the ground's translation).
  std::vector<ComplexWrench> twist(static_cast<std::size_t>(model.bodyCount()), ComplexWrench::Zero());
  ComplexWrench inertia = ComplexWrench::Zero();
  ComplexWrench groundTwist = ComplexWrench::Zero();
  groundTwist.tail<3>() = input.ground.cast<C>();
  for (int b = model.bodyCount() - 1; b >= 0; --b) {
    const auto i = static_cast<std::size_t>(b);
    const int parent = model.body(b).parent;
    const auto s = chart.motionSubspace(b, m_poses);
    twist[i] = (parent >= 0 ? twist[static_cast<std::size_t>(parent)] : ComplexWrench::Zero()) + s.cast<C>() * q.segment(chart.firstOf(b), s.cols());
    if (m_inSubtree[i]) inertia += inertial(b, twist[i] + groundTwist);
  }
  // E's change: along x by the positions, along i w x by the rates.
  const Wrench zRe = derivative(false, x.real()), zIm = derivative(false, x.imag());
  const Wrench vRe = derivative(true, x.real()), vIm = derivative(true, x.imag());
  ComplexWrench load = zRe.cast<C>() + C(0.0, 1.0) * zIm.cast<C>() - w * vIm.cast<C>() + C(0.0, w) * vRe.cast<C>();
  if (input.body >= 0 && m_inSubtree[static_cast<std::size_t>(input.body)]) load += input.wrench.cast<C>();
  load += w * w * inertia;
  // About the hinge's point, which moves with the tip side.
  const ComplexWrench& v = twist[static_cast<std::size_t>(m_body)];
  const Eigen::Matrix<C, 3, 1> moved = v.tail<3>() + cross(v.head<3>(), m_point.cast<C>());
  const Eigen::Matrix<C, 3, 1> force = load.tail<3>();
  const Eigen::Matrix<C, 3, 1> moment = load.head<3>() - cross(moved, m_force.cast<C>()) - cross(m_point.cast<C>(), force);
  return m_component < 3 ? force[m_component] : moment[m_component - 3];
}

}  // namespace mstmm
