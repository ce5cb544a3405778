#include "core/dynamics/reference/mass_matrix_solver.hpp"

#include <Eigen/Cholesky>

#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/reference/singular_direction.hpp"
#include "core/error.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/message_text.hpp"
#include "core/model/joints/joint_model.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

namespace {

using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;
using Subspace = Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 3>;

Vec6 spatial(const Vec3& angular, const Vec3& linear) {
  Vec6 v;
  v.head<3>() = angular;
  v.tail<3>() = linear;
  return v;
}

/// v x* f for a motion v and a force f (Featherstone's crf).
Vec6 crossForce(const Vec6& v, const Vec6& f) {
  const Vec3 w = v.head<3>(), vo = v.tail<3>(), n = f.head<3>(), lin = f.tail<3>();
  return spatial(w.cross(n) + vo.cross(lin), w.cross(lin));
}

/// The spatial inertia about the origin of a body with mass m, centre c and
/// J_C (world axes).
Mat6 spatialInertia(double m, const Vec3& c, const Mat3& jc) {
  const Mat3 cx = skew(c);
  Mat6 i;
  i.topLeftCorner<3, 3>() = jc - m * cx * cx;
  i.topRightCorner<3, 3>() = m * cx;
  i.bottomLeftCorner<3, 3>() = -m * cx;
  i.bottomRightCorner<3, 3>() = m * Mat3::Identity();
  return i;
}

/// One hinge at one instant: its motion subspace S, its speed u and the
/// derivative term S' u.
struct TreeJointMotion {
  Subspace s;
  Eigen::VectorXd u;
  Vec6 sDotU = Vec6::Zero();
};

TreeJointMotion jointMotion(const Model& model, const std::vector<BodyPose>& poses, const Vec3& origin, int i) {
  const CompiledBody& b = model.body(i);
  const BodyPose& pose = poses[static_cast<std::size_t>(i)];
  const Vec3 p = pose.output - origin;  // the joint point
  const Vec3 omegaParent = b.parent >= 0 ? poses[static_cast<std::size_t>(b.parent)].omega : Vec3::Zero();
  const Vec3 relative = pose.omega - omegaParent;
  const Vec3& vp = pose.outputVelocity;
  TreeJointMotion j;
  // What the joint model says of the hinge: a free rotation (ball; a planar
  // pin), one axis (a spatial revolute) or none (weld); makeSolver refuses the rest.
  const JointRelease release = jointModel(model.hinge(i).type).in(model.kind()).release;
  if (release == JointRelease::RotationFree && !model.planar()) {
    j.s.resize(6, 3);
    j.s.topRows<3>() = Mat3::Identity();  // fixed-size blocks: comma initialisers
    j.s.bottomRows<3>() = skew(p);         // trip GCC 12's -Warray-bounds under AVX
    j.u.resize(3);
    for (int k = 0; k < 3; ++k) j.u[k] = relative[k];  // element-wise for the same reason
    j.sDotU = spatial(Vec3::Zero(), vp.cross(relative));
  } else if (release == JointRelease::RotationFree || release == JointRelease::SingleAxis) {
    const Mat3 parentRotation = b.parent >= 0 ? poses[static_cast<std::size_t>(b.parent)].rotation : Mat3::Identity();
    const Vec3 n = model.planar() ? Vec3::UnitZ() : Vec3(parentRotation * model.hinge(i).axisInParent);
    const double rate = n.dot(relative);
    const Vec3 nDot = omegaParent.cross(n);  // the axis turns with the root-side body
    j.s.resize(6, 1);
    j.s.col(0) = spatial(n, p.cross(n));
    j.u.resize(1);
    j.u[0] = rate;
    j.sDotU = rate * spatial(nDot, vp.cross(n) + p.cross(nDot));
  } else if (release == JointRelease::Locked) {
    j.s.resize(6, 0);
    j.u.resize(0);
  } else {  // makeSolver refuses sliding and universal hinges for this solver
    throw Error(ErrorKind::Input, "mass-matrix: hinge '" + model.hinge(i).name + "' is a " + toString(model.hinge(i).type) + " hinge, which this solver does not handle");
  }
  return j;
}

// A hinge's elements load the tip side at its joint point O with [M + p x F; F]
// (Plucker, about the origin): their generalised force is S^T of that wrench
// (for a revolute, n . M); the root side's opposite load is what makes it
// internal, and needs no term of its own in joint space.
Eigen::VectorXd generalisedForces(const AppliedLoads* applied, const std::vector<int>& offset, int dof, const std::vector<BodyPose>& poses,
                                  const Vec3& origin, const std::vector<TreeJointMotion>& joints) {
  Eigen::VectorXd q = Eigen::VectorXd::Zero(dof);
  if (!applied) return q;
  for (std::size_t s = 0; s < joints.size(); ++s) {
    const HingeElementLoads* e = applied->atHinge(static_cast<int>(s));
    if (!e || joints[s].s.cols() == 0) continue;
    const Vec3 p = poses[s].output - origin;
    q.segment(offset[s], joints[s].s.cols()) += joints[s].s.transpose() * spatial(e->moment + p.cross(e->force), e->force);
  }
  return q;
}

}  // namespace

MassMatrixSolver::MassMatrixSolver(std::shared_ptr<const Model> model) : DynamicsSolver(std::move(model)) {
  m_offset.resize(static_cast<std::size_t>(m_model->bodyCount()));
  for (int i = 0; i < m_model->bodyCount(); ++i) {
    m_offset[static_cast<std::size_t>(i)] = m_dof;
    m_dof += m_model->hinge(i).dof;
  }
  if (m_dof > kMaxDof) {
    const double gib = 8.0 * static_cast<double>(m_dof) * static_cast<double>(m_dof) / (1024.0 * 1024.0 * 1024.0);
    throw Error(ErrorKind::Input, "mass-matrix: " + std::to_string(m_dof) + " degrees of freedom need a dense " + std::to_string(m_dof) + " x " +
                                      std::to_string(m_dof) + " mass matrix (" + formatNumber(gib) +
                                      " GiB) and O(N^3) work per evaluation; use the Riccati solver for systems this large");
  }
  if (m_model->hasLoads()) m_applied = std::make_unique<AppliedLoads>(*m_model);
  std::vector<bool> driven(static_cast<std::size_t>(m_dof), false);
  m_driven.assign(static_cast<std::size_t>(m_model->loads().drivenCount()), 0);
  for (int d = 0; d < m_model->loads().drivenCount(); ++d) {
    const int body = m_model->loads().drivenHinge(d).body;  // tree hinges: makeSolver refuses loops
    m_driven[static_cast<std::size_t>(d)] = m_offset[static_cast<std::size_t>(body)];
    driven[static_cast<std::size_t>(m_offset[static_cast<std::size_t>(body)])] = true;
  }
  for (int k = 0; k < m_dof; ++k)
    if (!driven[static_cast<std::size_t>(k)]) m_free.push_back(k);
}

// Names the hinge whose coordinate the singular mass matrix leaves most
// undetermined (singular_direction.hpp).
void MassMatrixSolver::throwSingular(const Eigen::MatrixXd& free) const {
  const int k = mostUndeterminedUnknown(free);
  if (k < 0) throw Error(ErrorKind::Solver, "mass-matrix: the mass matrix is not positive definite");
  const int dof = m_free[static_cast<std::size_t>(k)];
  int body = 0;
  while (body + 1 < m_model->bodyCount() && m_offset[static_cast<std::size_t>(body + 1)] <= dof) ++body;
  throw Error(ErrorKind::Solver,
              "mass-matrix: " + describeHinge(*m_model, body) +
                  ": the mass matrix is singular in its coordinates; the tip-side bodies have no inertia in a direction it leaves free",
              {ErrorSubject::Kind::Hinge, m_model->hinge(body).specIndex});
}

void MassMatrixSolver::compute(const Eigen::VectorXd& y, SolverOutput& out) {
  const Model& model = *m_model;
  const int n = model.bodyCount();
  if (!out.fits(model)) out.resize(model);
  std::vector<BodyPose> poses;
  computePoses(model, y, poses);
  const Vec3 origin = model.hinge(model.root()).anchor;  // keeps Plucker moments small
  const Vec3 g = model.gravity();

  if (m_applied) m_applied->evaluate(m_time, y, &poses);
  const bool bodyLoads = m_applied && m_applied->hasBodyLoads();
  std::vector<TreeJointMotion> joints;
  std::vector<Mat6> inertia(static_cast<std::size_t>(n));
  std::vector<Vec6> velocity(static_cast<std::size_t>(n)), gravityForce(static_cast<std::size_t>(n));
  joints.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const BodyPose& pose = poses[static_cast<std::size_t>(i)];
    const CompiledBody& b = model.body(i);
    const Vec3 c = pose.com - origin;
    inertia[static_cast<std::size_t>(i)] = spatialInertia(b.mass, c, pose.rotation * b.inertiaAtCom * pose.rotation.transpose());
    velocity[static_cast<std::size_t>(i)] = spatial(pose.omega, pose.comVelocity - pose.omega.cross(c));
    gravityForce[static_cast<std::size_t>(i)] = spatial(c.cross(b.mass * g), b.mass * g);
    if (bodyLoads) {  // given forces on the body, with gravity: at C, and a moment about C
      const Vec3& force = m_applied->bodyForce(i);
      gravityForce[static_cast<std::size_t>(i)] += spatial(c.cross(force) + m_applied->bodyMoment(i), force);
    }
    joints.push_back(jointMotion(model, poses, origin, i));
  }

  // Accelerations for given u' (root to tips; parents come after children).
  auto accelerations = [&](const Eigen::VectorXd* uDot) {
    std::vector<Vec6> a(static_cast<std::size_t>(n));
    for (int i = n - 1; i >= 0; --i) {
      const auto s = static_cast<std::size_t>(i);
      const int parent = model.body(i).parent;
      a[s] = (parent >= 0 ? a[static_cast<std::size_t>(parent)] : Vec6::Zero()) + joints[s].sDotU;
      if (uDot && joints[s].s.cols() > 0) a[s] += joints[s].s * uDot->segment(m_offset[s], joints[s].s.cols());
    }
    return a;
  };
  // Forces transmitted through each hinge onto its tip-side subtree (tips to root).
  auto transmitted = [&](const std::vector<Vec6>& a) {
    std::vector<Vec6> f(static_cast<std::size_t>(n), Vec6::Zero());
    for (int i = 0; i < n; ++i) {
      const auto s = static_cast<std::size_t>(i);
      f[s] += inertia[s] * a[s] + crossForce(velocity[s], inertia[s] * velocity[s]) - gravityForce[s];
      if (model.body(i).parent >= 0) f[static_cast<std::size_t>(model.body(i).parent)] += f[s];
    }
    return f;
  };

  // Bias forces C (recursive Newton-Euler with u' = 0).
  std::vector<Vec6> bias = transmitted(accelerations(nullptr));
  Eigen::VectorXd c(m_dof);
  for (int i = 0; i < n; ++i)
    if (joints[static_cast<std::size_t>(i)].s.cols() > 0)
      c.segment(m_offset[static_cast<std::size_t>(i)], joints[static_cast<std::size_t>(i)].s.cols()) =
          joints[static_cast<std::size_t>(i)].s.transpose() * bias[static_cast<std::size_t>(i)];

  // Mass matrix by composite rigid bodies.
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(m_dof, m_dof);
  std::vector<Mat6> composite = inertia;
  for (int i = 0; i < n; ++i) {
    const auto s = static_cast<std::size_t>(i);
    const int parent = model.body(i).parent;
    if (parent >= 0) composite[static_cast<std::size_t>(parent)] += composite[s];
    const Subspace& si = joints[s].s;
    if (si.cols() == 0) continue;
    const Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 3> f = composite[s] * si;
    m.block(m_offset[s], m_offset[s], si.cols(), si.cols()) = si.transpose() * f;
    for (int j = parent; j >= 0; j = model.body(j).parent) {
      const Subspace& sj = joints[static_cast<std::size_t>(j)].s;
      if (sj.cols() == 0) continue;
      const Eigen::MatrixXd mji = sj.transpose() * f;
      m.block(m_offset[static_cast<std::size_t>(j)], m_offset[s], sj.cols(), si.cols()) = mji;
      m.block(m_offset[s], m_offset[static_cast<std::size_t>(j)], si.cols(), sj.cols()) = mji.transpose();
    }
  }
  // Armature (equations.md §3.8): J on the coordinate's own diagonal entry.
  // A ball's u is Omega_c - Omega_p in world axes; its rotor turns with
  // that rate in the child's axes, u' - Omega_p x Omega_c, so C gains
  // -J Omega_p x Omega_c as well.
  for (int i = 0; i < n && m_applied; ++i) {
    const HingeElements* e = model.loads().atBody(i);
    if (!e || e->armature == 0.0) continue;
    const auto s = static_cast<std::size_t>(i);
    for (Eigen::Index k = 0; k < joints[s].s.cols(); ++k) m(m_offset[s] + k, m_offset[s] + k) += e->armature;
    const int parent = model.body(i).parent;
    if (joints[s].s.cols() == 3 && parent >= 0)
      c.segment<3>(m_offset[s]) -= e->armature * poses[static_cast<std::size_t>(parent)].omega.cross(poses[s].omega);
  }
  const Eigen::VectorXd q = generalisedForces(m_applied.get(), m_offset, m_dof, poses, origin, joints);
  Eigen::VectorXd uDot(m_dof);
  for (std::size_t d = 0; d < m_driven.size(); ++d)
    uDot[m_driven[d]] = m_applied->hinges()[static_cast<std::size_t>(m_model->loads().drivenElements[d])].motion.acceleration;
  const Eigen::VectorXd rhs = (q - c)(m_free) - m(m_free, m_driven) * uDot(m_driven);
  const Eigen::MatrixXd mFree = m(m_free, m_free);
  const Eigen::LLT<Eigen::MatrixXd> llt(mFree);
  if (llt.info() != Eigen::Success) throwSingular(mFree);
  // One step of iterative refinement: a reference should carry no more
  // error than forming M and its right side puts in. Beams' pieces spin
  // about their axes with ~1e-5 of a hub's inertia; there the plain
  // Cholesky solve was twice as far from Newton-Euler (1.45e-10 against
  // 7.3e-11 relative, tests/core/model/test_beams.cpp).
  Eigen::VectorXd free = llt.solve(rhs);
  free += llt.solve(rhs - mFree * free);
  uDot(m_free) = free;
  if (m_applied) {
    for (std::size_t d = 0; d < m_driven.size(); ++d) {
      const int k = m_driven[d];
      out.drivingLoad[d] = m.row(k).dot(uDot) + c[k] - q[k];
    }
    out.inputPower = m_applied->inputPower() + m_applied->drivePower(out.drivingLoad);
    out.dissipatedPower = m_applied->dissipation();
  }

  const std::vector<Vec6> a = accelerations(&uDot);
  const std::vector<Vec6> f = transmitted(a);
  for (int i = 0; i < n; ++i) {
    const auto s = static_cast<std::size_t>(i);
    const BodyPose& pose = poses[s];
    const Vec3 cpos = pose.com - origin, p = pose.output - origin;
    const Vec3 alpha = a[s].head<3>();
    out.angularAcceleration[s] = alpha;
    // Classical acceleration of C from the spatial one: a_O + alpha x c + omega x v_C.
    out.comAcceleration[s] = a[s].tail<3>() + alpha.cross(cpos) + pose.omega.cross(pose.comVelocity);
    // f is what the root side applies to the tip side; the tip side pushes back.
    out.hingeForce[s] = -f[s].tail<3>();
    out.hingeMoment[s] = -(f[s].head<3>() - p.cross(f[s].tail<3>()));
  }
}

}  // namespace mstmm
