#include "core/analysis/joint_chart.hpp"
#include "core/message_text.hpp"

#include <Eigen/Geometry>

namespace mstmm {

namespace {

Mat3 turnAbout(const Vec3& axis, double angle) { return Eigen::AngleAxisd(angle, axis).toRotationMatrix(); }

/// exp(phi~): the rotation by |phi| about phi.
Mat3 turnBy(const Vec3& phi) {
  const double angle = phi.norm();
  return angle == 0.0 ? Mat3::Identity() : turnAbout(phi / angle, angle);
}

}  // namespace

JointChart::JointChart(const Model& model, const Eigen::VectorXd& reference) : m_model(model), m_reference(reference) {
  const int n = model.bodyCount();
  m_rotation0.resize(static_cast<std::size_t>(n));
  m_first.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    m_rotation0[static_cast<std::size_t>(i)] = bodyRotation(model, reference, i);
    m_first[static_cast<std::size_t>(i)] = m_coordinates;
    for (int k = 0; k < model.hinge(i).dof; ++k) m_bodyOf.push_back(i);
    m_coordinates += model.hinge(i).dof;
  }
}

JointChart::Turn JointChart::turnOf(int body) const {
  if (m_model.hinge(body).pitch != 0.0) return Turn::Screw;
  if (rotationsOf(body) == 0) return Turn::None;
  if (m_model.planar()) return Turn::Axis;
  if (m_model.hinge(body).type == HingeType::Universal) return Turn::Universal;
  return rotationsOf(body) == 1 ? Turn::Axis : Turn::Free;
}

bool JointChart::isSlide(int k) const { return k - firstOf(bodyOf(k)) < m_model.hinge(bodyOf(k)).slides; }

std::string JointChart::coordinateSuffix(int k) const {
  const int body = bodyOf(k);
  const CompiledHinge& h = m_model.hinge(body);
  const int j = k - firstOf(body);
  if (j < h.slides) return m_model.slideName(h.slider + j).substr(h.name.size() + 1);
  const int r = j - h.slides;
  switch (turnOf(body)) {
    case Turn::Universal: return "angle" + std::to_string(r + 1);
    case Turn::Free: return "r" + std::string(1, static_cast<char>('x' + r));
    default: return "angle";
  }
}

std::string JointChart::coordinateName(int k) const {
  const CompiledHinge& h = m_model.hinge(bodyOf(k));
  return "hinge " + quoted(h.name) + (h.dof > 1 ? " " + coordinateSuffix(k) : std::string());
}

// The hinge's rotation directions for root-side and tip-side rotations
// (ClosureConstraints::hingeDirections, rotations only).
int JointChart::directions(int body, const Mat3& rootTurn, const Mat3& tipTurn, Vec3 (&h)[3]) const {
  const CompiledHinge& hinge = m_model.hinge(body);
  switch (turnOf(body)) {
    case Turn::None: return 0;
    case Turn::Axis:
    case Turn::Screw: h[0] = m_model.planar() ? Vec3::UnitZ() : Vec3(rootTurn * hinge.axisInParent); return 1;
    case Turn::Universal:
      h[0] = rootTurn * hinge.axisInParent;
      h[1] = tipTurn * hinge.axis2InTip;
      return 2;
    case Turn::Free:
      for (int k = 0; k < 3; ++k) h[k] = Vec3::Unit(k);
      return 3;
  }
  return 0;
}

int JointChart::rotationAxes(int body, Vec3 (&h)[3]) const {
  const int p = m_model.body(body).parent;
  return directions(body, p < 0 ? Mat3::Identity() : m_rotation0[static_cast<std::size_t>(p)], m_rotation0[static_cast<std::size_t>(body)], h);
}

Eigen::Matrix<double, 6, Eigen::Dynamic> JointChart::motionSubspace(int body, const std::vector<BodyPose>& poses) const {
  const CompiledHinge& hinge = m_model.hinge(body);
  const int p = m_model.body(body).parent;
  const Mat3 root = p < 0 ? Mat3::Identity() : poses[static_cast<std::size_t>(p)].rotation;
  Vec3 axes[3];
  rotationAxes(body, axes);
  Eigen::Matrix<double, 6, Eigen::Dynamic> s(6, hinge.dof);
  for (int k = 0; k < hinge.dof; ++k) {
    if (hinge.pitch != 0.0) {  // per unit slide: the turn n / p and the slide along n
      const Vec3 w = axes[0] / hinge.pitch;
      s.col(k) << w, Vec3(root * hinge.slideAxes[0] + poses[static_cast<std::size_t>(body)].output.cross(w));
    } else if (k < hinge.slides) {
      s.col(k) << Vec3::Zero(), root * hinge.slideAxes[static_cast<std::size_t>(k)];
    } else {
      const Vec3& w = axes[k - hinge.slides];
      s.col(k) << w, poses[static_cast<std::size_t>(body)].output.cross(w);
    }
  }
  return s;
}

void JointChart::project(int body, const Vec3 (&h)[3], const Vec3& w, double* out) const {
  switch (turnOf(body)) {
    case Turn::None:
    case Turn::Screw: return;  // its coordinate is its slide
    case Turn::Axis: out[0] = h[0].dot(w); return;
    case Turn::Free:
      for (int k = 0; k < 3; ++k) out[k] = w[k];
      return;
    case Turn::Universal: {
      Eigen::Matrix2d g;
      g << h[0].dot(h[0]), h[0].dot(h[1]), h[1].dot(h[0]), h[1].dot(h[1]);
      const Eigen::Vector2d x = g.ldlt().solve(Eigen::Vector2d(h[0].dot(w), h[1].dot(w)));
      out[0] = x[0];
      out[1] = x[1];
      return;
    }
  }
}

void JointChart::state(const Eigen::VectorXd& q, const Eigen::VectorXd& u, Eigen::VectorXd& y) const {
  const int n = m_model.bodyCount();
  y = m_reference;
  std::vector<Mat3> turn(static_cast<std::size_t>(n));
  for (int i = n - 1; i >= 0; --i) {  // parents come after their children
    const auto s = static_cast<std::size_t>(i);
    const int p = m_model.body(i).parent;
    const Mat3 rootTurn = p < 0 ? Mat3::Identity() : turn[static_cast<std::size_t>(p)];
    const Mat3 rootTurn0 = p < 0 ? Mat3::Identity() : m_rotation0[static_cast<std::size_t>(p)];
    const int first = firstOf(i) + m_model.hinge(i).slides;
    Vec3 h0[3];
    const int r = directions(i, rootTurn0, m_rotation0[s], h0);
    Mat3 relative = Mat3::Identity();
    if (turnOf(i) == Turn::Free) relative = turnBy(q.segment<3>(first));
    else if (turnOf(i) == Turn::Screw) relative = turnAbout(h0[0], q[firstOf(i)] / m_model.hinge(i).pitch);
    else
      for (int k = 0; k < r; ++k) relative = relative * turnAbout(h0[k], q[first + k]);
    turn[s] = rootTurn * rootTurn0.transpose() * relative * m_rotation0[s];
    if (m_model.planar()) {
      const double rootAngle = p < 0 ? 0.0 : y[2 * p] - m_reference[2 * p];
      y[2 * i] = m_reference[2 * i] + rootAngle + (r ? q[first] : 0.0);
    } else {
      y.segment<4>(7 * i) = quaternionFromRotation(turn[s]);
    }
    const CompiledHinge& hinge = m_model.hinge(i);
    for (int j = 0; j < hinge.slides; ++j) {
      const int at = slideOffset(m_model) + 2 * (hinge.slider + j);
      y[at] = m_reference[at] + q[firstOf(i) + j];
    }
  }
  setRates(u, y);
}

// Omega_i = Omega_p + sum_k h_k u_k along the hinge's directions at y's pose.
void JointChart::setRates(const Eigen::VectorXd& u, Eigen::VectorXd& y) const {
  const int n = m_model.bodyCount();
  std::vector<Vec3> omega(static_cast<std::size_t>(n));
  for (int i = n - 1; i >= 0; --i) {
    const auto s = static_cast<std::size_t>(i);
    const int p = m_model.body(i).parent;
    Vec3 h[3];
    const int r = directions(i, p < 0 ? Mat3::Identity() : bodyRotation(m_model, y, p), bodyRotation(m_model, y, i), h);
    const int first = firstOf(i) + m_model.hinge(i).slides;
    omega[s] = p < 0 ? Vec3::Zero() : omega[static_cast<std::size_t>(p)];
    if (turnOf(i) == Turn::Screw) omega[s] += h[0] * (u[firstOf(i)] / m_model.hinge(i).pitch);
    else
      for (int k = 0; k < r; ++k) omega[s] += h[k] * u[first + k];
    if (m_model.planar()) y[2 * i + 1] = omega[s].z();
    else y.segment<3>(7 * i + 4) = omega[s];
    const CompiledHinge& hinge = m_model.hinge(i);
    for (int j = 0; j < hinge.slides; ++j) y[slideOffset(m_model) + 2 * (hinge.slider + j) + 1] = u[firstOf(i) + j];
  }
}

void JointChart::rates(const Eigen::VectorXd& y, Eigen::VectorXd& u) const {
  u.setZero(m_coordinates);
  for (int i = 0; i < m_model.bodyCount(); ++i) {
    const int p = m_model.body(i).parent;
    const CompiledHinge& hinge = m_model.hinge(i);
    for (int j = 0; j < hinge.slides; ++j) u[firstOf(i) + j] = slideRate(m_model, y, hinge.slider + j);
    if (turnOf(i) == Turn::None || turnOf(i) == Turn::Screw) continue;
    Vec3 h[3];
    directions(i, p < 0 ? Mat3::Identity() : bodyRotation(m_model, y, p), bodyRotation(m_model, y, i), h);
    const Vec3 w = bodyAngularVelocity(m_model, y, i) - (p < 0 ? Vec3::Zero() : bodyAngularVelocity(m_model, y, p));
    project(i, h, w, u.data() + firstOf(i) + hinge.slides);
  }
}

// Omega'_i = Omega'_p + sum_k (h_k u'_k + h_k' u_k), with h' = Omega_p x h
// for a direction fixed in the root side and Omega_i x h in the tip side.
void JointChart::accelerations(const Eigen::VectorXd& y, const SolverOutput& out, Eigen::VectorXd& uDot) const {
  Eigen::VectorXd u;
  rates(y, u);
  uDot.setZero(m_coordinates);
  for (int i = 0; i < m_model.bodyCount(); ++i) {
    const int p = m_model.body(i).parent;
    const CompiledHinge& hinge = m_model.hinge(i);
    for (int j = 0; j < hinge.slides; ++j) uDot[firstOf(i) + j] = out.slideAcceleration[static_cast<std::size_t>(hinge.slider + j)];
    if (turnOf(i) == Turn::None || turnOf(i) == Turn::Screw) continue;
    const int first = firstOf(i) + hinge.slides;
    Vec3 h[3];
    directions(i, p < 0 ? Mat3::Identity() : bodyRotation(m_model, y, p), bodyRotation(m_model, y, i), h);
    const Vec3 omegaRoot = p < 0 ? Vec3::Zero() : bodyAngularVelocity(m_model, y, p);
    Vec3 w = out.angularAcceleration[static_cast<std::size_t>(i)] - (p < 0 ? Vec3::Zero() : out.angularAcceleration[static_cast<std::size_t>(p)]);
    if (turnOf(i) == Turn::Axis || turnOf(i) == Turn::Universal) w -= omegaRoot.cross(h[0]) * u[first];
    if (turnOf(i) == Turn::Universal) w -= bodyAngularVelocity(m_model, y, i).cross(h[1]) * u[first + 1];
    project(i, h, w, uDot.data() + first);
  }
}

Eigen::MatrixXd JointChart::kinematicCoupling(const Eigen::VectorXd& u0) const {
  Eigen::MatrixXd coupling = Eigen::MatrixXd::Zero(m_coordinates, m_coordinates);
  for (int i = 0; i < m_model.bodyCount(); ++i) {
    if (turnOf(i) != Turn::Free) continue;
    const int row = firstOf(i) + m_model.hinge(i).slides;
    const Mat3 uCross = skew(u0.segment<3>(row));
    coupling.block<3, 3>(row, row) += 0.5 * uCross;
    for (int a = m_model.body(i).parent; a >= 0; a = m_model.body(a).parent) {
      const int pa = m_model.body(a).parent;
      Vec3 h[3];
      const int r = directions(a, pa < 0 ? Mat3::Identity() : m_rotation0[static_cast<std::size_t>(pa)], m_rotation0[static_cast<std::size_t>(a)], h);
      const int column = firstOf(a) + m_model.hinge(a).slides;
      for (int k = 0; k < r; ++k) coupling.block<3, 1>(row, column + k) += uCross * h[k];
    }
  }
  return coupling;
}

}  // namespace mstmm
