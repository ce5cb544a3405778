#pragma once
// MuJoCo as the independent reference for imported models (issue 16): it
// loads the same file (MJCF, or URDF through its own URDF reader), and its
// state and accelerations are mapped to ours (docs/interchange.md I3).
// Bodies are matched by name, so the two may order them differently.

#include <mujoco/mujoco.h>

#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <string>
#include <vector>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/state.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/check.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm::test {

struct MjModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct MjDataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};

Quat quat(const mjtNum* q) { return Quat(q[0], q[1], q[2], q[3]); }
Vec3 vec(const mjtNum* v) { return Vec3(v[0], v[1], v[2]); }
Mat3 mat(const mjtNum* m) {
  Mat3 r;
  r << m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8];
  return r;
}

/// MuJoCo as the reference for one model file, and the map between its
/// coordinates and ours: our body frames are MuJoCo's turned by R0^T (R0 its
/// orientation at qpos0), so A_ours = A_mj R0^T; a slide is qpos - qpos0; a
/// free root's slides are its origin's world position.
class Oracle {
 public:
  explicit Oracle(const std::string& path) {
    char error[1024] = "";
    m_m.reset(mj_loadXML(path.c_str(), nullptr, error, sizeof error));
    if (!m_m) fatal("MuJoCo: %s", error);
    m_m->opt.disableflags |= mjDSBL_CONTACT | mjDSBL_LIMIT | mjDSBL_FRICTIONLOSS;
    m_d.reset(mj_makeData(m_m.get()));
    mj_resetData(m_m.get(), m_d.get());
    mj_kinematics(m_m.get(), m_d.get());
    for (int b = 0; b < m_m->nbody; ++b) m_q0.push_back(quat(m_d->xquat + 4 * b));
  }

  void setControl(int actuator, double value) { m_d->ctrl[actuator] = value; }

  void randomise(Random& r) {
    for (int j = 0; j < m_m->njnt; ++j) {
      mjtNum* q = m_d->qpos + m_m->jnt_qposadr[j];
      switch (m_m->jnt_type[j]) {
        case mjJNT_FREE:
          for (int k = 0; k < 3; ++k) q[k] = r.uniform(-1, 1);
          setQuat(q + 3, randomQuaternion(r));
          break;
        case mjJNT_BALL: setQuat(q, randomQuaternion(r)); break;
        default: q[0] = m_m->qpos0[m_m->jnt_qposadr[j]] + r.uniform(-1.5, 1.5);
      }
    }
    for (int v = 0; v < m_m->nv; ++v) m_d->qvel[v] = r.uniform(-2, 2);
    mj_forward(m_m.get(), m_d.get());
  }

  /// Our state for MuJoCo's present one.
  Eigen::VectorXd state(const Model& model) const {
    Eigen::VectorXd y = initialState(model);
    for (int b = 1; b < m_m->nbody; ++b) {
      if (fused(model, b)) continue;
      const int i = ours(model, b);
      y.segment<4>(7 * i) = quaternionProduct(quat(m_d->xquat + 4 * b), quaternionConjugate(m_q0[static_cast<std::size_t>(b)]));
      y.segment<3>(7 * i + 4) = velocity(b).head<3>();
    }
    for (int b = 1; b < m_m->nbody; ++b) {
      if (!chained(model, b)) continue;
      const std::vector<JointFrame> frames = jointFrames(b);
      for (std::size_t k = 0; k + 1 < frames.size(); ++k) {
        const int i = frameOf(model, b, static_cast<int>(k));
        y.segment<4>(7 * i) = quaternionProduct(frames[k].orientation, quaternionConjugate(m_q0[static_cast<std::size_t>(b)]));
        y.segment<3>(7 * i + 4) = frames[k].omega;
      }
    }
    for (int k = 0; k < model.sliderCount(); ++k) {
      const int i = model.sliderBody(k);
      int b = 0, j = 0;
      if (const auto frame = chainJointOf(model, i)) {
        std::tie(b, j) = *frame;
      } else {
        b = theirs(model, i);
        j = m_m->body_jntadr[b];
        if (m_m->body_jntnum[b] == 2 && m_m->jnt_type[j] != mjJNT_SLIDE) ++j;  // a cylindrical hinge's slide
        if (model.hinge(i).type == HingeType::Planar) j += k - model.hinge(i).slider;  // a planar hinge's s1, s2
      }
      const int within = k - model.hinge(i).slider;
      double s = 0.0, rate = 0.0;
      if (m_m->jnt_type[j] == mjJNT_FREE) {
        s = m_d->xpos[3 * b + within];
        rate = velocity(b)[3 + within];
      } else {
        s = m_d->qpos[m_m->jnt_qposadr[j]] - m_m->qpos0[m_m->jnt_qposadr[j]];
        rate = m_d->qvel[m_m->jnt_dofadr[j]];
      }
      const double sign = slideSign(model, i, j);
      y[slideOffset(model) + 2 * k] = sign * s;
      y[slideOffset(model) + 2 * k + 1] = sign * rate;
    }
    return y;
  }

  /// Our accelerations as MuJoCo's qacc: a hinge's n . (Omega'_c - Omega'_p);
  /// a slide's s''; a ball's R_c^T (Omega'_c - Omega'_p + Omega_c x Omega_p)
  /// (its qvel is the relative angular velocity in the child's frame); a free
  /// joint's origin acceleration (world) and R^T Omega' (local).
  Eigen::VectorXd qacc(const Model& model, const SolverOutput& out) const {
    Eigen::VectorXd a(m_m->nv);
    for (int j = 0; j < m_m->njnt; ++j) {
      const int b = m_m->jnt_bodyid[j], p = m_m->body_parentid[b], v = m_m->jnt_dofadr[j];
      const int i = ours(model, b);
      const Vec3 alphaC = out.angularAcceleration[static_cast<std::size_t>(i)];
      const int ip = p > 0 ? ours(model, p) : -1;
      const Vec3 alphaP = ip >= 0 ? out.angularAcceleration[static_cast<std::size_t>(ip)] : Vec3::Zero();
      const Vec3 omegaC = velocity(b).head<3>(), omegaP = p > 0 ? Vec3(velocity(p).head<3>()) : Vec3::Zero();
      const Mat3 rc = mat(m_d->xmat + 9 * b);
      if (chained(model, b)) {
        a.segment(v, dofs(j)) = chainAcceleration(model, out, b, j - m_m->body_jntadr[b]);
        continue;
      }
      if (hingesOnly(b) && m_m->body_jntnum[b] >= 2) {
        a[v] = hingeChainAcceleration(b, j - m_m->body_jntadr[b], alphaC - alphaP, omegaP);
        continue;
      }
      switch (m_m->jnt_type[j]) {
        case mjJNT_HINGE: a[v] = vec(m_d->xaxis + 3 * j).dot(alphaC - alphaP); break;
        case mjJNT_SLIDE: {
          const int within = model.hinge(i).type == HingeType::Planar ? j - m_m->body_jntadr[b] : 0;  // a planar hinge's s1, s2
          a[v] = slideSign(model, i, j) * out.slideAcceleration[static_cast<std::size_t>(model.hinge(i).slider + within)];
          break;
        }
        case mjJNT_BALL: a.segment<3>(v) = rc.transpose() * (alphaC - alphaP + omegaC.cross(omegaP)); break;
        default:
          for (int k = 0; k < 3; ++k) a[v + k] = out.slideAcceleration[static_cast<std::size_t>(model.hinge(i).slider + k)];
          a.segment<3>(v + 3) = rc.transpose() * alphaC;
      }
    }
    return a;
  }

  /// Two or three hinges on one body (a universal or a ball hinge here):
  /// Omega_c - Omega_p = sum n_i q_i', each n_i turning with the frame of
  /// the joints before it, Omega_i = Omega_p + sum_{j<i} n_j q_j' (MuJoCo
  /// applies a body's joints in order), so
  ///   sum n_i q_i'' = Omega'_c - Omega'_p - sum (Omega_i x n_i) q_i',
  /// solved for the q_i'' by least squares (exact: the system is consistent).
  double hingeChainAcceleration(int b, int k, const Vec3& relativeAlpha, const Vec3& omegaP) const {
    const int first = m_m->body_jntadr[b], n = m_m->body_jntnum[b];
    Eigen::Matrix<double, 3, Eigen::Dynamic> axes(3, n);
    Vec3 rhs = relativeAlpha, omega = omegaP;
    for (int i = 0; i < n; ++i) {
      axes.col(i) = vec(m_d->xaxis + 3 * (first + i));
      const double rate = m_d->qvel[m_m->jnt_dofadr[first + i]];
      rhs -= omega.cross(Vec3(axes.col(i))) * rate;
      omega += Vec3(axes.col(i)) * rate;
    }
    return (axes.transpose() * axes).ldlt().solve(axes.transpose() * rhs)[k];
  }
  /// Several joints on one body, imported through massless frames named
  /// "<body> after <joint>" (issue 29.1): MuJoCo's frame after each joint,
  /// composed as mj_kinematics does (parent, body offset, then each joint
  /// in order: a hinge turns about its local axis by qpos - qpos0, a ball
  /// by its quaternion, a slide does not turn), and its angular velocity.
  struct JointFrame {
    Quat orientation;
    Vec3 omega;
  };
  std::vector<JointFrame> jointFrames(int b) const {
    const int p = m_m->body_parentid[b];
    Quat q = quaternionProduct(quat(m_d->xquat + 4 * p), quat(m_m->body_quat + 4 * b));
    Vec3 omega = p > 0 ? Vec3(velocity(p).head<3>()) : Vec3::Zero();
    std::vector<JointFrame> frames;
    for (int j = m_m->body_jntadr[b]; j < m_m->body_jntadr[b] + m_m->body_jntnum[b]; ++j) {
      const mjtNum* qpos = m_d->qpos + m_m->jnt_qposadr[j];
      const mjtNum* qvel = m_d->qvel + m_m->jnt_dofadr[j];
      if (m_m->jnt_type[j] == mjJNT_HINGE) {
        omega += rotationFromQuaternion(q) * vec(m_m->jnt_axis + 3 * j) * qvel[0];
        q = quaternionProduct(q, quaternionFromAxisAngle(vec(m_m->jnt_axis + 3 * j), qpos[0] - m_m->qpos0[m_m->jnt_qposadr[j]]));
      } else if (m_m->jnt_type[j] == mjJNT_BALL) {
        q = quaternionProduct(q, quat(qpos).normalized());
        omega += rotationFromQuaternion(q) * vec(qvel);
      }
      frames.push_back({q, omega});
    }
    const Quat body = quat(m_d->xquat + 4 * b);
    if (std::min((q - body).norm(), (q + body).norm()) > 1e-12 || (omega - velocity(b).head<3>()).norm() > 1e-12 * (1.0 + omega.norm()))
      fatal("body '%s': the oracle's composition of its joints is not MuJoCo's", nameOf(b).c_str());
    return frames;
  }
  std::string jointNameOf(int j) const {
    const char* n = mj_id2name(m_m.get(), mjOBJ_JOINT, j);
    return n && *n ? std::string(n) : "joint " + std::to_string(j);
  }
  std::string frameName(int b, int k) const { return nameOf(b) + " after " + jointNameOf(m_m->body_jntadr[b] + k); }
  int specBodyNamed(const Model& model, const std::string& name) const {
    const std::vector<BodySpec>& bodies = model.spec().bodies;
    for (std::size_t k = 0; k < bodies.size(); ++k)
      if (bodies[k].name == name) return static_cast<int>(k);
    return -1;
  }
  bool chained(const Model& model, int b) const { return m_m->body_jntnum[b] >= 2 && specBodyNamed(model, frameName(b, 0)) >= 0; }
  int frameOf(const Model& model, int b, int k) const { return model.compiledIndexOfSpecBody(specBodyNamed(model, frameName(b, k))); }
  /// Our body that joint k of a chained body b moves, and the one it moves it against.
  int chainChild(const Model& model, int b, int k) const { return k + 1 < m_m->body_jntnum[b] ? frameOf(model, b, k) : ours(model, b); }
  int chainParent(const Model& model, int b, int k) const { return k > 0 ? frameOf(model, b, k - 1) : m_m->body_parentid[b] > 0 ? ours(model, m_m->body_parentid[b]) : -1; }
  /// (MuJoCo body, joint) of our body i when it is a frame or the body at the end of a chain.
  std::optional<std::pair<int, int>> chainJointOf(const Model& model, int i) const {
    for (int b = 1; b < m_m->nbody; ++b)
      if (chained(model, b))
        for (int k = 0; k < m_m->body_jntnum[b]; ++k)
          if (chainChild(model, b, k) == i) return std::pair{b, m_m->body_jntadr[b] + k};
    return std::nullopt;
  }
  int dofs(int j) const { return m_m->jnt_type[j] == mjJNT_BALL ? 3 : m_m->jnt_type[j] == mjJNT_FREE ? 6 : 1; }
  /// Joint k's acceleration from the two bodies it joins, as qacc() for a
  /// joint of its own (its frames' Omega from jointFrames).
  Eigen::VectorXd chainAcceleration(const Model& model, const SolverOutput& out, int b, int k) const {
    const int j = m_m->body_jntadr[b] + k, c = chainChild(model, b, k), p = chainParent(model, b, k);
    const Vec3 alphaC = out.angularAcceleration[static_cast<std::size_t>(c)];
    const Vec3 alphaP = p >= 0 ? out.angularAcceleration[static_cast<std::size_t>(p)] : Vec3::Zero();
    switch (m_m->jnt_type[j]) {
      case mjJNT_HINGE: return Eigen::VectorXd::Constant(1, vec(m_d->xaxis + 3 * j).dot(alphaC - alphaP));
      case mjJNT_SLIDE: return Eigen::VectorXd::Constant(1, out.slideAcceleration[static_cast<std::size_t>(model.hinge(c).slider)]);
      default: {
        const std::vector<JointFrame> frames = jointFrames(b);
        const Vec3 omegaC = frames[static_cast<std::size_t>(k)].omega;
        const Vec3 omegaP = k > 0 ? frames[static_cast<std::size_t>(k - 1)].omega : m_m->body_parentid[b] > 0 ? Vec3(velocity(m_m->body_parentid[b]).head<3>()) : Vec3::Zero();
        return rotationFromQuaternion(frames[static_cast<std::size_t>(k)].orientation).transpose() * (alphaC - alphaP + omegaC.cross(omegaP));
      }
    }
  }

  /// A planar hinge's second slide runs along n x u1, which is MuJoCo's
  /// slide axis or its opposite (the import's sign); every other slide +1.
  double slideSign(const Model& model, int i, int j) const {
    const CompiledHinge& h = model.hinge(i);
    if (h.type != HingeType::Planar || j != m_m->body_jntadr[m_m->jnt_bodyid[j]] + 1) return 1.0;
    const Vec3 n = vec(m_d->xaxis + 3 * (j + 1)), u1 = vec(m_d->xaxis + 3 * (j - 1));
    return n.cross(u1).dot(vec(m_d->xaxis + 3 * j)) < 0.0 ? -1.0 : 1.0;
  }

  bool hingesOnly(int b) const {
    for (int i = 0; i < m_m->body_jntnum[b]; ++i)
      if (m_m->jnt_type[m_m->body_jntadr[b] + i] != mjJNT_HINGE) return false;
    return true;
  }

  Eigen::VectorXd reference() const { return Eigen::Map<const Eigen::VectorXd>(m_d->qacc, m_m->nv); }

  // Models with equality constraints (loops). MuJoCo keeps them softly and
  // leaves J' q' out of their reference acceleration, so its own qacc is
  // not the exact constrained motion. The reference is then made from
  // MuJoCo's parts: its mass matrix M, its unconstrained acceleration
  // a = M^-1 (passive + actuator - bias forces) and its constraint Jacobian
  // J, with J' q' by central differences of J along q' (the only number not
  // MuJoCo's own); Gauss's principle gives
  //   qacc = a - M^-1 J^T (J M^-1 J^T)^-1 (J a + J' q').

  /// A random state on the constraints: positions near qpos0 moved onto
  /// them by Gauss-Newton steps, velocities projected onto J v = 0.
  void randomiseOnConstraints(Random& r) {
    for (int j = 0; j < m_m->njnt; ++j) {
      const int q = m_m->jnt_qposadr[j];
      if (m_m->jnt_type[j] == mjJNT_BALL) setQuat(m_d->qpos + q, quaternionFromAxisAngle(randomAxis(r), r.uniform(0, 0.4)));
      else if (m_m->jnt_type[j] != mjJNT_FREE) m_d->qpos[q] = m_m->qpos0[q] + r.uniform(-0.3, 0.3);
    }
    for (int k = 0; k < 60; ++k) {
      mj_forward(m_m.get(), m_d.get());
      const Eigen::VectorXd residual = Eigen::Map<const Eigen::VectorXd>(m_d->efc_pos, m_d->ne);
      if (residual.norm() < 1e-15) break;
      const Eigen::MatrixXd j = jacobian();
      Eigen::VectorXd step = -j.transpose() * (j * j.transpose()).ldlt().solve(residual);
      mj_integratePos(m_m.get(), m_d->qpos, step.data(), 1.0);
    }
    Eigen::VectorXd v(m_m->nv);
    for (int k = 0; k < m_m->nv; ++k) v[k] = r.uniform(-2, 2);
    const Eigen::MatrixXd j = jacobian();
    v -= j.transpose() * (j * j.transpose()).ldlt().solve(j * v);
    Eigen::Map<Eigen::VectorXd>(m_d->qvel, m_m->nv) = v;
    mj_forward(m_m.get(), m_d.get());
  }

  /// The largest equality residual (position) at the present state.
  double constraintResidual() const { return Eigen::Map<const Eigen::VectorXd>(m_d->efc_pos, m_d->ne).cwiseAbs().maxCoeff(); }

  Eigen::VectorXd hardReference() const {
    const int nv = m_m->nv;
    Eigen::MatrixXd mass(nv, nv);
    mj_fullM(m_m.get(), mass.data(), m_d->qM);  // symmetric, so row- or column-major alike
    const Eigen::VectorXd a = Eigen::Map<const Eigen::VectorXd>(m_d->qacc_smooth, nv);
    const Eigen::VectorXd v = Eigen::Map<const Eigen::VectorXd>(m_d->qvel, nv);
    const Eigen::MatrixXd j = jacobian();
    const Eigen::MatrixXd minvJt = mass.ldlt().solve(j.transpose());
    return a - minvJt * (j * minvJt).ldlt().solve(j * a + jacobianRateTimes(v));
  }

 private:
  /// The equality rows of MuJoCo's constraint Jacobian (dense), ne x nv.
  Eigen::MatrixXd jacobian() const { return jacobianOf(m_d.get()); }
  Eigen::MatrixXd jacobianOf(const mjData* d) const {
    Eigen::MatrixXd j(d->ne, m_m->nv);
    for (int row = 0; row < d->ne; ++row)
      for (int col = 0; col < m_m->nv; ++col) j(row, col) = d->efc_J[row * m_m->nv + col];
    return j;
  }
  /// J'(q) v = d/dh J(q + h v) v at h = 0, by a central difference.
  Eigen::VectorXd jacobianRateTimes(const Eigen::VectorXd& v) const {
    const double h = 1e-5;
    std::unique_ptr<mjData, MjDataDeleter> shifted(mj_makeData(m_m.get()));
    Eigen::MatrixXd jm, jp;
    for (const double sign : {-1.0, 1.0}) {
      mju_copy(shifted->qpos, m_d->qpos, m_m->nq);
      Eigen::VectorXd dq = v;
      mj_integratePos(m_m.get(), shifted->qpos, dq.data(), sign * h);
      mj_forward(m_m.get(), shifted.get());
      (sign < 0 ? jm : jp) = jacobianOf(shifted.get());
    }
    return (jp - jm) * v / (2.0 * h);
  }

 public:
  int nv() const { return m_m->nv; }

 private:
  /// Our compiled body for MuJoCo's body b > 0, and back, by name (an
  /// unnamed MuJoCo body is "body b" in both).
  std::string nameOf(int b) const {
    const char* n = mj_id2name(m_m.get(), mjOBJ_BODY, b);
    return n && *n ? std::string(n) : "body " + std::to_string(b);
  }
  /// A massless body MuJoCo welds on that the import fused with its
  /// parent (URDF) stands for that parent; -1: the ground.
  int ours(const Model& model, int b) const {
    const std::string name = nameOf(b);
    const std::vector<BodySpec>& bodies = model.spec().bodies;
    for (std::size_t k = 0; k < bodies.size(); ++k)
      if (bodies[k].name == name) return model.compiledIndexOfSpecBody(static_cast<int>(k));
    if (m_m->body_jntnum[b] == 0 && m_m->body_mass[b] == 0.0) return m_m->body_parentid[b] > 0 ? ours(model, m_m->body_parentid[b]) : -1;
    fatal("MuJoCo's body '%s' is not in the imported model", name.c_str());
  }
  bool fused(const Model& model, int b) const {
    for (const BodySpec& body : model.spec().bodies)
      if (body.name == nameOf(b)) return false;
    return true;
  }
  int theirs(const Model& model, int i) const {
    const std::string& name = model.spec().bodies[static_cast<std::size_t>(model.body(i).specIndex)].name;
    for (int b = 1; b < m_m->nbody; ++b)
      if (nameOf(b) == name) return b;
    fatal("body '%s' is not in MuJoCo's model", name.c_str());
  }

  static void setQuat(mjtNum* q, const Quat& v) {
    for (int k = 0; k < 4; ++k) q[k] = v[k];
  }
  /// [Omega; v_origin], world axes.
  Eigen::Matrix<double, 6, 1> velocity(int b) const {
    mjtNum res[6];
    mj_objectVelocity(m_m.get(), m_d.get(), mjOBJ_XBODY, b, res, 0);
    Eigen::Matrix<double, 6, 1> v;
    for (int k = 0; k < 6; ++k) v[k] = res[k];
    return v;
  }

  std::unique_ptr<mjModel, MjModelDeleter> m_m;
  std::unique_ptr<mjData, MjDataDeleter> m_d;
  std::vector<Quat> m_q0;
};

inline std::string errorsOf(const ModelSpec& spec) {
  std::string all;
  for (const Diagnostic& d : validate(spec))
    if (d.severity == Severity::Error) all += d.message + "\n";
  return all;
}

/// The model without its stops and contacts: MuJoCo's limits and contacts
/// are off in the comparison.
inline ModelSpec withoutLimitsOrContacts(ModelSpec spec) {
  spec.contacts.clear();
  spec.bodyContacts.clear();
  for (HingeSpec& h : spec.hinges) {
    h.loads.stops.reset();
    for (CoordinateLoadsSpec& c : h.coordinateLoads) c.loads.stops.reset();
  }
  return spec;
}

inline std::string writeTemp(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

/// The largest relative difference of Riccati's accelerations for `spec`
/// (imported from `path`) from MuJoCo's qacc for the file itself, over
/// random states; fails at more than 1e-9, showing Newton-Euler's as well.
inline double agreementWithMuJoCo(const std::string& name, const std::string& path, const ModelSpec& imported, int states) {
  if (const std::string e = errorsOf(imported); !e.empty()) fatal("%s: %s", name.c_str(), e.c_str());
  ModelSpec spec = imported;  // MuJoCo's contacts are off (Oracle), so ours are too
  spec.contacts.clear();
  spec.bodyContacts.clear();
  const auto model = compile(spec);
  auto riccati = makeSolver(SolverKind::Riccati, model);
  auto reference = makeSolver(SolverKind::NewtonEuler, model);
  Oracle mujoco(path);
  Random r(4242);
  SolverOutput out, ne;
  double worst = 0.0;
  for (int s = 0; s < states; ++s) {
    mujoco.randomise(r);
    const Eigen::VectorXd y = mujoco.state(*model);
    riccati->evaluate(y, out);
    reference->evaluate(y, ne);
    const Eigen::VectorXd theirs = mujoco.reference(), ours = mujoco.qacc(*model, out), newtonEuler = mujoco.qacc(*model, ne);
    const double scale = std::max(1.0, theirs.cwiseAbs().maxCoeff());
    const double d = (ours - theirs).cwiseAbs().maxCoeff() / scale;
    if (!(d < 1e-9)) fatal("%s, state %d: relative difference %.3e\nMuJoCo  %s\nRiccati %s\nNewton-Euler %s", name.c_str(), s, d, text("%1", theirs.transpose()).c_str(),
                           text("%1", ours.transpose()).c_str(), text("%1", newtonEuler.transpose()).c_str());
    worst = std::max(worst, d);
  }
  return worst;
}

/// Centres of mass by body name after `end` s of RK4 at step dt: ours, and
/// MuJoCo's on the file (mj_step with mjINT_RK4; its limits off, as our
/// stops are taken away).
inline std::map<std::string, Vec3> oursAfter(const ModelSpec& imported, double dt, double end) {
  ModelSpec spec = imported;  // MuJoCo's contacts are off there, so ours are too
  spec.contacts.clear();
  spec.bodyContacts.clear();
  const auto model = compile(spec);
  SimulationSettings settings = spec.simulation;
  settings.timeStep = dt;
  settings.endTime = end;
  settings.outputEvery = static_cast<int>(std::lround(end / dt));
  Results r(*model);
  if (const RunReport report = simulate(model, settings, r); report.status != RunStatus::Completed)
    fatal("run failed: %s", report.error ? report.error->what() : "stopped");
  std::map<std::string, Vec3> c;
  for (int i = 0; i < model->bodyCount(); ++i) c[model->body(i).name] = r.com(r.frameCount() - 1, r.slotOf(i));
  return c;
}
inline std::map<std::string, Vec3> mujocoAfter(const std::string& path, double dt, double end) {
  char error[1024] = "";
  std::unique_ptr<mjModel, MjModelDeleter> m(mj_loadXML(path.c_str(), nullptr, error, sizeof error));
  m->opt.disableflags |= mjDSBL_CONTACT | mjDSBL_LIMIT | mjDSBL_FRICTIONLOSS;
  m->opt.integrator = mjINT_RK4;
  m->opt.timestep = dt;
  std::unique_ptr<mjData, MjDataDeleter> d(mj_makeData(m.get()));
  mj_resetData(m.get(), d.get());
  for (long k = 0; k < std::lround(end / dt); ++k) mj_step(m.get(), d.get());
  mj_kinematics(m.get(), d.get());
  std::map<std::string, Vec3> c;
  for (int b = 1; b < m->nbody; ++b) {
    const char* name = mj_id2name(m.get(), mjOBJ_BODY, b);  // unnamed: "body b", as the import names it
    c[name && *name ? std::string(name) : "body " + std::to_string(b)] = Vec3(d->xipos[3 * b], d->xipos[3 * b + 1], d->xipos[3 * b + 2]);
  }
  return c;
}
/// Largest distance over the bodies both have (MuJoCo fuses a URDF's fixed base into the world).
inline double distance(const std::map<std::string, Vec3>& a, const std::map<std::string, Vec3>& b) {
  double worst = 0.0;
  for (const auto& [name, p] : a)
    if (const auto it = b.find(name); it != b.end()) worst = std::max(worst, (p - it->second).norm());
  return worst;
}

/// 2 s of RK4 by both at steps 4e-3 and 2e-3, each against its own run at
/// 1e-4: how far apart the runs are (between), each one's truncation error
/// (ours, mujoco), and how far apart the fine runs are (converged).
struct TrajectoryComparison {
  double between[2], ours[2], mujoco[2], converged;
};
inline TrajectoryComparison compareTrajectories(const ModelSpec& spec, const std::string& path) {
  const double end = 2.0, fine = 1e-4;
  const auto oursFine = oursAfter(spec, fine, end), mujocoFine = mujocoAfter(path, fine, end);
  TrajectoryComparison c{};
  for (int pass = 0; pass < 2; ++pass) {
    const double dt = pass == 0 ? 4e-3 : 2e-3;
    const auto a = oursAfter(spec, dt, end), b = mujocoAfter(path, dt, end);
    c.ours[pass] = distance(a, oursFine);
    c.mujoco[pass] = distance(b, mujocoFine);
    c.between[pass] = distance(a, b);
  }
  c.converged = distance(oursFine, mujocoFine);
  return c;
}

}  // namespace mstmm::test
