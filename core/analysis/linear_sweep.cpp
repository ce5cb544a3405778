#include "core/analysis/linear_sweep.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>
#include <Eigen/LU>
#include <cmath>

#include "core/dynamics/kinematics.hpp"
#include "core/error.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/message_text.hpp"

namespace mstmm {

namespace {

/// The ball spring's turn from its rest at this state (rad).
double ballSpringTurn(const Model& model, const Eigen::VectorXd& y, const HingeElements& e) {
  const Quat tip = bodyQuaternion(model, y, e.body);
  const Quat root = e.parent < 0 ? Quat(1, 0, 0, 0) : bodyQuaternion(model, y, e.parent);
  const Quat relative = quaternionProduct(e.restConjugate, quaternionProduct(quaternionConjugate(root), tip));
  return 2.0 * std::atan2(relative.tail<3>().norm(), std::abs(relative[0]));
}

std::string refusalOfHinge(const Model& model, const Eigen::VectorXd* y, const HingeElements& e) {
  const std::string name = "hinge " + quoted(e.name);
  if (e.cut >= 0) return name + " closes a loop";
  if (e.stops) return name + " has stops";
  if (!e.characteristic.empty()) return name + " has a spring characteristic";
  if (e.actuator && e.actuatorKind == ActuatorKind::Servo && std::isfinite(e.maxLoad)) return name + " has a servo with a load limit";
  if (y && e.spring && e.stiffness != 0.0 && e.coordinate == HingeElements::Coordinate::Rotation && ballSpringTurn(model, *y, e) > 3.0)
    return name + "'s spring is turned by more than 3 rad from its rest";
  return "";
}

std::string refusal(const Model& model, const Eigen::VectorXd* y) {
  if (model.hasLoops()) return "hinge " + quoted(model.cuts().front().name) + " closes a loop";
  const CompiledLoads& l = model.loads();
  if (!l.springs.empty()) return "strut " + quoted(l.springs.front().name) + " joins two points";
  if (!l.contacts.empty()) return "contact " + quoted(l.contacts.front().law.name) + " touches the ground";
  if (!l.bodyContacts.empty()) return "body contact " + quoted(l.bodyContacts.front().law.name) + " joins two shapes";
  if (!l.bodyLoads.empty()) return "load " + quoted(l.bodyLoads.front().name) + " acts on a body";
  if (!l.beamDrags.empty())
    return "body " + quoted(model.body(l.beamDrags.front().body).name) + " is a piece of a beam with mass-proportional damping, which acts between the piece and its beam's root piece";
  for (const HingeElements& e : l.hinges)
    if (std::string why = refusalOfHinge(model, y, e); !why.empty()) return why;
  return "";
}

/// The world-axis turn exp(q~) of the chart's rotation coordinates q.
Mat3 turnOf(const Vec3& q) { return Eigen::AngleAxisd(q.norm(), q.norm() > 0 ? Vec3(q / q.norm()) : Vec3::UnitX()).toRotationMatrix(); }

/// The Hessian of a potential of the three rotation coordinates q at q = 0:
/// central second differences extrapolated with Richardson's rule.
template <class Potential>
Mat3 extrapolatedHessian(const Potential& potential) {
  auto second = [&](double h) {
    Mat3 out;
    const double v0 = potential(Vec3::Zero());
    for (int a = 0; a < 3; ++a)
      for (int b = a; b < 3; ++b) {
        const Vec3 ea = h * Vec3::Unit(a), eb = h * Vec3::Unit(b);
        out(a, b) = out(b, a) = a == b ? (potential(ea) - 2.0 * v0 + potential(-ea)) / (h * h)
                                       : (potential(ea + eb) - potential(ea - eb) - potential(eb - ea) + potential(-ea - eb)) / (4.0 * h * h);
      }
    return out;
  };
  return (4.0 * second(5e-4) - second(1e-3)) / 3.0;
}

/// The Hessian of a ball spring's potential 1/2 k |phi|^2, phi the rotation
/// vector of R_rest^T R, in the chart's world-axis coordinates q
/// (R = exp((A_p0^T q)~) R0): the spring may be turned from its rest by the
/// loads it holds, so the Hessian is not k I.
Mat3 ballSpringHessian(double k, const Mat3& restTurn, const Mat3& rootTurn, const Mat3& relative) {
  return extrapolatedHessian([&](const Vec3& q) {
    const Eigen::AngleAxisd phi(restTurn.transpose() * rootTurn.transpose() * turnOf(q) * rootTurn * relative);
    return 0.5 * k * phi.angle() * phi.angle();
  });
}

/// The Hessian of a spatial beam joint's potential 1/2 phi^T K phi (phi the
/// rotation vector of A_root^T A_tip, K diagonal in beam axes; equations.md
/// §11.2) in the chart's world-axis coordinates of the tip piece's turn.
/// Straight (the pieces parallel) it is exactly A_root K A_root^T; about a
/// bent joint it is not, and is differenced as the ball spring's.
Mat3 beamJointHessian(const Vec3& k, const Mat3& root, const Mat3& tip) {
  if ((root.transpose() * tip - Mat3::Identity()).cwiseAbs().maxCoeff() < 1e-12) return root * k.asDiagonal() * root.transpose();
  return extrapolatedHessian([&](const Vec3& q) {
    const Eigen::AngleAxisd phi(root.transpose() * turnOf(q) * tip);
    const Vec3 v = phi.angle() * phi.axis();
    return 0.5 * v.dot(k.asDiagonal() * v);
  });
}

/// The spatial inertia about the world origin: [J_C - m c~ c~, m c~; -m c~, m I].
Mat6 spatialInertia(double m, const Vec3& c, const Mat3& inertiaAtCom) {
  const Mat3 cx = skew(c);
  Mat6 i;
  i << inertiaAtCom - m * cx * cx, m * cx, -m * cx, m * Mat3::Identity();
  return i;
}

/// Gravity's Hessian in the ancestor form: [-m g~ c~, m g~; 0, 0].
Mat6 gravityHessian(double m, const Vec3& c, const Vec3& g) {
  Mat6 h = Mat6::Zero();
  h.topLeftCorner<3, 3>() = -m * skew(g) * skew(c);
  h.topRightCorner<3, 3>() = m * skew(g);
  return h;
}

}  // namespace

std::string linearSweepRefusal(const Model& model) { return refusal(model, nullptr); }

LinearTree::LinearTree(std::shared_ptr<const Model> model, const Eigen::VectorXd& state) : m_model(std::move(model)) {
  if (const std::string why = refusal(*m_model, &state); !why.empty())
    throw Error(ErrorKind::Input, "the O(N) sweep of the linearised model does not take this model: " + why + " (the dense path takes it, up to its size limit)");
  const Model& mdl = *m_model;
  const JointChart chart(mdl, state);
  const std::vector<bool> driven = drivenCoordinates(mdl, chart);
  std::vector<BodyPose> poses;
  computePoses(mdl, state, poses);
  const int n = mdl.bodyCount();
  m_joints.resize(static_cast<std::size_t>(n));
  m_inertia.resize(static_cast<std::size_t>(n));
  m_gravity.resize(static_cast<std::size_t>(n));
  std::vector<int> local(static_cast<std::size_t>(chart.coordinates()), -1);  // tree coordinate -> index within its joint's free ones
  for (int b = 0; b < n; ++b) {
    const auto s = static_cast<std::size_t>(b);
    const BodyPose& pose = poses[s];
    const CompiledBody& body = mdl.body(b);
    m_inertia[s] = spatialInertia(body.mass, pose.com, pose.rotation * body.inertiaAtCom * pose.rotation.transpose());
    m_gravity[s] = gravityHessian(body.mass, pose.com, mdl.gravity());
    Joint& j = m_joints[s];
    j.parent = body.parent;
    j.first = m_size;
    j.symmetric = chart.freeTurn(b);
    const CompiledHinge& hinge = mdl.hinge(b);
    const Eigen::Matrix<double, 6, Eigen::Dynamic> all = chart.motionSubspace(b, poses);
    std::vector<Vec6> columns;
    for (int k = 0; k < hinge.dof; ++k) {
      const int tree = chart.firstOf(b) + k;
      if (driven[static_cast<std::size_t>(tree)]) continue;
      local[static_cast<std::size_t>(tree)] = static_cast<int>(columns.size());
      columns.push_back(all.col(k));
      j.slides += k < hinge.slides;
    }
    j.count = static_cast<int>(columns.size());
    j.s.resize(6, j.count);
    for (int c = 0; c < j.count; ++c) j.s.col(c) = columns[static_cast<std::size_t>(c)];
    j.stiffness = Eigen::MatrixXd::Zero(j.count, j.count);
    j.damping = Eigen::MatrixXd::Zero(j.count, j.count);
    j.armature = Eigen::MatrixXd::Zero(j.count, j.count);
    m_size += j.count;
  }
  addBeamJoints(state, chart, local);
  // The hinges' own springs, dampers and servos on their free coordinates.
  for (const HingeElements& e : mdl.loads().hinges) {
    Joint& j = m_joints[static_cast<std::size_t>(e.body)];
    const int first = chart.firstOf(e.body) + (e.column < 0 ? 0 : e.column);
    const int width = e.coordinate == HingeElements::Coordinate::Rotation ? 3 : 1;
    const bool servo = e.actuator && e.actuatorKind == ActuatorKind::Servo;
    // A screw's chart coordinate is its slide s = p theta: a law on theta acts with 1/p^2 on s.
    const double perSlide = e.coordinate == HingeElements::Coordinate::ScrewAngle ? 1.0 / (mdl.hinge(e.body).pitch * mdl.hinge(e.body).pitch) : 1.0;
    const double k = perSlide * ((e.spring ? e.stiffness : 0.0) + (servo ? e.kp : 0.0)), c = perSlide * ((e.spring ? e.damping : 0.0) + (servo ? e.kd : 0.0));
    Eigen::MatrixXd hessian = k * Eigen::MatrixXd::Identity(width, width);
    if (width == 3 && e.spring && e.stiffness != 0.0) {
      const Mat3 root = e.parent < 0 ? Mat3::Identity() : bodyRotation(mdl, state, e.parent);
      hessian = ballSpringHessian(e.stiffness, rotationFromQuaternion(quaternionConjugate(e.restConjugate)), root, root.transpose() * bodyRotation(mdl, state, e.body));
      if (servo) hessian += e.kp * Eigen::MatrixXd::Identity(3, 3);
    }
    for (int a = 0; a < width; ++a) {
      const int at = local[static_cast<std::size_t>(first + a)];
      if (at < 0) continue;  // driven
      j.damping(at, at) += c;
      for (int b = 0; b < width; ++b) {
        const int to = local[static_cast<std::size_t>(first + b)];
        if (to < 0) continue;
        j.stiffness(at, to) += hessian(a, b);
        // Armature (equations.md §3.8): J on the coordinate's rate; a free
        // rotation's J on |Omega_tip - Omega_root|^2, the columns' turn.
        if (e.armature != 0.0)
          j.armature(at, to) += width == 1 ? perSlide * e.armature : e.armature * j.s.col(at).head<3>().dot(j.s.col(to).head<3>());
      }
    }
  }
}

// A spatial beam's bending and torsion (equations.md §11.2) act on its tip
// piece's three turns (after its slide when the beam stretches): the
// potential's Hessian, and the dampers beta K on the relative angular
// velocity in the root piece's axes. They were left out, and the sweep saw
// a beam as a chain of free balls: 3,000 rigid modes for 1,000 segments.
void LinearTree::addBeamJoints(const Eigen::VectorXd& state, const JointChart& chart, const std::vector<int>& local) {
  const Model& mdl = *m_model;
  for (const CompiledBeamJoint& b : mdl.loads().beamJoints) {
    Joint& j = m_joints[static_cast<std::size_t>(b.body)];
    const Mat3 root = bodyRotation(mdl, state, b.parent), tip = bodyRotation(mdl, state, b.body);
    const Mat3 hessian = beamJointHessian(b.stiffness, root, tip), damping = root * b.damping.asDiagonal() * root.transpose();
    const int first = chart.firstOf(b.body) + mdl.hinge(b.body).slides;
    for (int a = 0; a < 3; ++a) {
      const int at = local[static_cast<std::size_t>(first + a)];
      if (at < 0) continue;
      for (int c = 0; c < 3; ++c) {
        const int to = local[static_cast<std::size_t>(first + c)];
        if (to < 0) continue;
        j.stiffness(at, to) += hessian(a, c);
        j.damping(at, to) += damping(a, c);
      }
    }
  }
}

std::vector<Vec6> LinearTree::twists(const Eigen::VectorXd& x) const {
  const int n = m_model->bodyCount();
  std::vector<Vec6> twist(static_cast<std::size_t>(n));
  for (int b = n - 1; b >= 0; --b) {  // root first
    const Joint& j = m_joints[static_cast<std::size_t>(b)];
    const Vec6 root = j.parent < 0 ? Vec6::Zero() : twist[static_cast<std::size_t>(j.parent)];
    twist[static_cast<std::size_t>(b)] = root + j.s * x.segment(j.first, j.count);
  }
  return twist;
}

std::vector<double> LinearTree::kineticShares(const Eigen::VectorXd& x) const {
  const std::vector<Vec6> twist = twists(x);
  std::vector<double> share(twist.size());
  double total = 0.0;
  for (std::size_t b = 0; b < twist.size(); ++b) total += share[b] = twist[b].dot(m_inertia[b] * twist[b]);
  for (double& e : share) e = total > 0.0 ? e / total : 0.0;
  return share;
}

Eigen::VectorXd LinearTree::massTimes(const Eigen::VectorXd& x) const {
  const int n = m_model->bodyCount();
  const std::vector<Vec6> twist = twists(x);
  std::vector<Vec6> momentum(static_cast<std::size_t>(n), Vec6::Zero());
  Eigen::VectorXd out(m_size);
  for (int b = 0; b < n; ++b) {  // tips first
    const auto s = static_cast<std::size_t>(b);
    const Joint& j = m_joints[s];
    momentum[s] += m_inertia[s] * twist[s];
    out.segment(j.first, j.count) = j.s.transpose() * momentum[s] + j.armature * x.segment(j.first, j.count);
    if (j.parent >= 0) momentum[static_cast<std::size_t>(j.parent)] += momentum[s];
  }
  return out;
}

template <typename Scalar>
LinearSweep<Scalar>::LinearSweep(const LinearTree& tree) : m_tree(tree) {
  const auto n = static_cast<std::size_t>(tree.model().bodyCount());
  m_ys.resize(n);
  m_dInv.resize(n);
  m_y.resize(n);
  m_beta.resize(n);
  m_twist.resize(n);
  m_u.resize(n);
}

template <typename Scalar>
void LinearSweep<Scalar>::factor(double sigma, double dampingFrequency) {
  const int n = m_tree.model().bodyCount();
  for (auto& y : m_y) y.setZero();
  m_negative = 0;
  const Scalar iw = [&] {
    if constexpr (std::is_same_v<Scalar, double>) return 0.0 * dampingFrequency;
    else return Scalar(0.0, dampingFrequency);
  }();
  for (int b = 0; b < n; ++b) {  // tips first: the Riccati step of equations.md §10.6
    const auto s = static_cast<std::size_t>(b);
    const LinearTree::Joint& j = m_tree.joint(b);
    Mat6S y = m_y[s] + (m_tree.gravity(b) - sigma * m_tree.inertia(b)).template cast<Scalar>();
    if (j.count > 0) {
      const Mat6X sj = j.s.template cast<Scalar>();
      m_ys[s] = y * sj;
      MatX d = sj.transpose() * m_ys[s];
      // Coordinates in order are tip-side of the ones before (ancestor form):
      // D takes its upper triangle, or, for a ball's exp(phi~), the symmetric part.
      for (int r = 0; r < j.count; ++r)
        for (int c = r + 1; c < j.count; ++c) d(c, r) = d(r, c) = j.symmetric && r >= j.slides ? Scalar(0.5) * (d(r, c) + d(c, r)) : d(r, c);
      d += j.stiffness.template cast<Scalar>() + iw * j.damping.template cast<Scalar>() - Scalar(sigma) * j.armature.template cast<Scalar>();
      // Scaled by its diagonal, so that a thin rod's spin (a pivot of
      // sigma times its tiny inertia beside a subtree's large ones) is
      // judged against itself; only an exactly singular pivot is refused,
      // since shift-and-invert wants the near-singular ones.
      Eigen::Matrix<double, Eigen::Dynamic, 1> scale(j.count);
      for (int k = 0; k < j.count; ++k) scale[k] = std::abs(d(k, k)) > 0.0 ? 1.0 / std::sqrt(std::abs(d(k, k))) : 1.0;
      const MatX scaled = scale.template cast<Scalar>().asDiagonal() * d * scale.template cast<Scalar>().asDiagonal();
      const Eigen::FullPivLU<MatX> lu(scaled);
      if (!lu.isInvertible()) {
        const CompiledHinge& h = m_tree.model().hinge(b);
        throw Error(ErrorKind::Solver, "hinge " + quoted(h.name) + ": the linearised equations are singular there at this shift or frequency (a natural frequency, or a motion without mass or stiffness)",
                    {ErrorSubject::Kind::Hinge, h.specIndex});
      }
      m_dInv[s] = scale.template cast<Scalar>().asDiagonal() * lu.inverse() * scale.template cast<Scalar>().asDiagonal();
      if constexpr (std::is_same_v<Scalar, double>) {
        const Eigen::SelfAdjointEigenSolver<MatX> pivots(d, Eigen::EigenvaluesOnly);
        for (Eigen::Index k = 0; k < pivots.eigenvalues().size(); ++k) m_negative += pivots.eigenvalues()[k] < 0.0;
      }
      y -= m_ys[s] * m_dInv[s] * m_ys[s].transpose();  // the articulated Y^A
    }
    if (j.parent >= 0) m_y[static_cast<std::size_t>(j.parent)] += y;
  }
}

template <typename Scalar>
void LinearSweep<Scalar>::solve(const Vector& f, Vector& x) const {
  const int n = m_tree.model().bodyCount();
  x.resize(m_tree.size());
  for (auto& beta : m_beta) beta.setZero();
  for (int b = 0; b < n; ++b) {  // tips first: the loads the subtrees pass on
    const auto s = static_cast<std::size_t>(b);
    const LinearTree::Joint& j = m_tree.joint(b);
    Vec6S beta = m_beta[s];
    if (j.count > 0) {
      m_u[s] = m_dInv[s] * (f.segment(j.first, j.count) - j.s.transpose().template cast<Scalar>() * beta);
      beta += m_ys[s] * m_u[s];
    }
    if (j.parent >= 0) m_beta[static_cast<std::size_t>(j.parent)] += beta;
  }
  for (int b = n - 1; b >= 0; --b) {  // root first: the displacements
    const auto s = static_cast<std::size_t>(b);
    const LinearTree::Joint& j = m_tree.joint(b);
    const Vec6S root = j.parent < 0 ? Vec6S::Zero() : m_twist[static_cast<std::size_t>(j.parent)];
    m_twist[s] = root;
    if (j.count == 0) continue;
    const Vector xj = m_u[s] - m_dInv[s] * (m_ys[s].transpose() * root);
    x.segment(j.first, j.count) = xj;
    m_twist[s] += j.s.template cast<Scalar>() * xj;
  }
}

template class LinearSweep<double>;
template class LinearSweep<std::complex<double>>;

}  // namespace mstmm
