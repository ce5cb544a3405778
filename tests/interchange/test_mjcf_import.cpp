// MJCF import against MuJoCo itself (issue 16): MuJoCo loads the same file
// and is the independent reference. At random states, the joint
// accelerations MSTMM Studio computes for the imported model equal MuJoCo's
// mj_forward qacc (contacts, limits and friction loss off in MuJoCo; no
// armature), after mapping MuJoCo's coordinates to ours (docs/interchange.md
// I3). Also: what an import does not take is named, and a bad file gets
// MuJoCo's message.

#include "tests/core/check.hpp"

#include <mujoco/mujoco.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/state.hpp"
#include "core/error.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "interchange/mjcf_import.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

// A serial arm: hinges about skew axes, body frames turned against their
// parents, a joint off its body's origin, a hinge with a reference angle,
// stiffness about springref, damping; a slide at the end.
const char* kArm = R"(<mujoco model="arm">
  <option gravity="0 0 -9.81" timestep="0.001"/>
  <worldbody>
    <body name="base" pos="0 0 0.5" quat="0.9 0.1 0.2 0.3">
      <joint name="j0" type="hinge" axis="0 0 1" damping="0.3" stiffness="2" springref="0.2"/>
      <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.04" mass="1.2"/>
      <body name="upper" pos="0.4 0 0" euler="0.3 -0.2 0.5">
        <joint name="j1" type="hinge" axis="0 1 0" damping="0.1" stiffness="5"/>
        <geom type="box" size="0.2 0.03 0.02" pos="0.2 0 0" mass="0.8"/>
        <body name="fore" pos="0.4 0 0">
          <joint name="j2" type="hinge" axis="1 0.3 0.2" pos="0.05 0 0" damping="0.05" ref="0.1"/>
          <geom type="cylinder" fromto="0 0 0 0.3 0 0" size="0.02" mass="0.4"/>
          <body name="slider" pos="0.3 0 0" euler="0 0.4 0">
            <joint name="j3" type="slide" axis="1 0 0" damping="0.4" stiffness="30" springref="0.05"/>
            <geom type="sphere" size="0.05" mass="0.3"/>
          </body>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>)";

// A branched tree with ball joints (damped), a hinge, and a body welded on.
const char* kTree = R"(<mujoco model="tree">
  <worldbody>
    <body name="trunk" pos="0 0 1">
      <joint name="b0" type="ball" damping="0.2"/>
      <geom type="capsule" fromto="0 0 0 0 0 -0.5" size="0.05" mass="2"/>
      <body name="left" pos="0 0 -0.5" quat="0.8 0.2 0 0.3">
        <joint name="b1" type="ball" damping="0.1"/>
        <geom type="box" size="0.05 0.05 0.2" pos="0 0 -0.2" mass="1"/>
        <body name="plate" pos="0 0 -0.4" euler="0.2 0 0">
          <geom type="box" size="0.1 0.1 0.01" mass="0.3"/>
        </body>
      </body>
      <body name="right" pos="0.1 0 -0.5">
        <joint name="h1" type="hinge" axis="0 1 0"/>
        <geom type="capsule" fromto="0 0 0 0.3 0 -0.3" size="0.03" mass="0.7"/>
        <body name="tip" pos="0.3 0 -0.3">
          <joint name="b2" type="ball" pos="0 0 0.02"/>
          <geom type="ellipsoid" size="0.05 0.08 0.1" mass="0.2"/>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>)";

// A floating base in zero gravity with an arm and a sliding leg, set moving
// by their springs (they start away from their rest).
const char* kFloating = R"(<mujoco model="floating">
  <option gravity="0 0 0"/>
  <worldbody>
    <body name="base" pos="0.1 0.2 0.3" quat="0.7 0.1 -0.3 0.2">
      <freejoint name="float"/>
      <geom type="box" size="0.2 0.1 0.05" mass="3"/>
      <body name="arm1" pos="0.2 0 0">
        <joint name="a1" type="hinge" axis="0 0 1" damping="0.05" stiffness="1" springref="0.8"/>
        <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03" mass="0.5"/>
        <body name="arm2" pos="0.3 0 0" euler="0.5 0 0">
          <joint name="a2" type="hinge" axis="0 1 0"/>
          <geom type="capsule" fromto="0 0 0 0.25 0 0" size="0.03" mass="0.4"/>
        </body>
      </body>
      <body name="leg" pos="-0.2 0 0">
        <joint name="s1" type="slide" axis="0 0 1" stiffness="20" damping="0.3" springref="0.1"/>
        <geom type="sphere" size="0.06" mass="0.6"/>
      </body>
    </body>
  </worldbody>
</mujoco>)";

// Two joints on one body: two hinges through one point (not perpendicular)
// become a universal hinge, a hinge with a slide along its axis (here the
// opposite way) a cylindrical one; stiffness and damping on each.
const char* kCombined = R"(<mujoco model="combined">
  <worldbody>
    <body name="torso" pos="0 0 1" euler="0.2 0.1 0">
      <joint name="waist_z" type="hinge" axis="0 0 1" pos="0 0 -0.1" damping="0.2" stiffness="3" springref="0.1"/>
      <joint name="waist_y" type="hinge" axis="0 1 0.2" pos="0 0 -0.1" damping="0.1"/>
      <geom type="box" size="0.1 0.15 0.2" mass="4"/>
      <body name="piston" pos="0.1 0 -0.3" euler="0 0.3 0">
        <joint name="spin" type="hinge" axis="1 0 0" stiffness="1" springref="-0.3"/>
        <joint name="stroke" type="slide" axis="-1 0 0" stiffness="40" damping="0.5" springref="0.02"/>
        <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03" mass="0.6"/>
      </body>
    </body>
  </worldbody>
</mujoco>)";

std::string writeTemp(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

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
      const int i = model.compiledIndexOfSpecBody(b - 1);
      y.segment<4>(7 * i) = quaternionProduct(quat(m_d->xquat + 4 * b), quaternionConjugate(m_q0[static_cast<std::size_t>(b)]));
      y.segment<3>(7 * i + 4) = velocity(b).head<3>();
    }
    for (int k = 0; k < model.sliderCount(); ++k) {
      const int i = model.sliderBody(k), b = model.body(i).specIndex + 1;
      int j = m_m->body_jntadr[b];
      if (m_m->body_jntnum[b] == 2 && m_m->jnt_type[j] != mjJNT_SLIDE) ++j;  // a cylindrical hinge's slide
      const int within = k - model.hinge(i).slider;
      double s = 0.0, rate = 0.0;
      if (m_m->jnt_type[j] == mjJNT_FREE) {
        s = m_d->xpos[3 * b + within];
        rate = velocity(b)[3 + within];
      } else {
        s = m_d->qpos[m_m->jnt_qposadr[j]] - m_m->qpos0[m_m->jnt_qposadr[j]];
        rate = m_d->qvel[m_m->jnt_dofadr[j]];
      }
      y[slideOffset(model) + 2 * k] = s;
      y[slideOffset(model) + 2 * k + 1] = rate;
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
      const int i = model.compiledIndexOfSpecBody(b - 1);
      const Vec3 alphaC = out.angularAcceleration[static_cast<std::size_t>(i)];
      const Vec3 alphaP = p > 0 ? out.angularAcceleration[static_cast<std::size_t>(model.compiledIndexOfSpecBody(p - 1))] : Vec3::Zero();
      const Vec3 omegaC = velocity(b).head<3>(), omegaP = p > 0 ? Vec3(velocity(p).head<3>()) : Vec3::Zero();
      const Mat3 rc = mat(m_d->xmat + 9 * b);
      if (m_m->body_jntnum[b] == 2 && m_m->jnt_type[m_m->body_jntadr[b]] == mjJNT_HINGE && m_m->jnt_type[m_m->body_jntadr[b] + 1] == mjJNT_HINGE) {
        a[v] = universalAcceleration(b, j - m_m->body_jntadr[b], alphaC - alphaP, omegaP, omegaC);
        continue;
      }
      switch (m_m->jnt_type[j]) {
        case mjJNT_HINGE: a[v] = vec(m_d->xaxis + 3 * j).dot(alphaC - alphaP); break;
        case mjJNT_SLIDE: a[v] = out.slideAcceleration[static_cast<std::size_t>(model.hinge(i).slider)]; break;
        case mjJNT_BALL: a.segment<3>(v) = rc.transpose() * (alphaC - alphaP + omegaC.cross(omegaP)); break;
        default:
          for (int k = 0; k < 3; ++k) a[v + k] = out.slideAcceleration[static_cast<std::size_t>(model.hinge(i).slider + k)];
          a.segment<3>(v + 3) = rc.transpose() * alphaC;
      }
    }
    return a;
  }

  /// Two hinges on one body: Omega_c - Omega_p = n1 q1' + n2 q2', so with the
  /// dual vectors d_k (d_k . n_j = delta_kj)
  /// q_k'' = d_k . (Omega'_c - Omega'_p - (Omega_p x n1) q1' - (Omega_c x n2) q2').
  double universalAcceleration(int b, int k, const Vec3& relativeAlpha, const Vec3& omegaP, const Vec3& omegaC) const {
    const int j = m_m->body_jntadr[b];
    const Vec3 n1 = vec(m_d->xaxis + 3 * j), n2 = vec(m_d->xaxis + 3 * (j + 1));
    const double g11 = n1.dot(n1), g12 = n1.dot(n2), g22 = n2.dot(n2), det = g11 * g22 - g12 * g12;
    const Vec3 d = k == 0 ? Vec3((g22 * n1 - g12 * n2) / det) : Vec3((g11 * n2 - g12 * n1) / det);
    const double rate1 = m_d->qvel[m_m->jnt_dofadr[j]], rate2 = m_d->qvel[m_m->jnt_dofadr[j + 1]];
    return d.dot(relativeAlpha - omegaP.cross(n1) * rate1 - omegaC.cross(n2) * rate2);
  }

  Eigen::VectorXd reference() const { return Eigen::Map<const Eigen::VectorXd>(m_d->qacc, m_m->nv); }
  int nv() const { return m_m->nv; }

 private:
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

std::string errorsOf(const ModelSpec& spec) {
  std::string all;
  for (const Diagnostic& d : validate(spec))
    if (d.severity == Severity::Error) all += d.message + "\n";
  return all;
}

/// Riccati (and Newton-Euler) on the imported model against MuJoCo's qacc.
double agreement(const char* name, const char* xml, int states) {
  const std::string path = writeTemp(std::string(name) + ".xml", xml);
  const ImportResult imported = importMjcf(path);
  if (const std::string e = errorsOf(imported.spec); !e.empty()) fatal("%s: %s", name, e.c_str());
  const auto model = compile(imported.spec);
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
    if (!(d < 1e-9)) fatal("%s, state %d: relative difference %.3e\nMuJoCo  %s\nRiccati %s\nNewton-Euler %s", name, s, d, text("%1", theirs.transpose()).c_str(),
                           text("%1", ours.transpose()).c_str(), text("%1", newtonEuler.transpose()).c_str());
    worst = std::max(worst, d);
  }
  return worst;
}

}  // namespace

// MuJoCo's motors become force actuators whose load is perControl times the
// control input; with MuJoCo's ctrl set and our loads set to match, the
// accelerations agree (gear, gain, the sign of a cylindrical hinge's angle,
// a motor on each angle of a universal hinge).
TEST(MjcfImport, motorsBecomeActuatorsThatMatchMuJoCosControl) {
  std::string xml = kCombined;
  xml.replace(xml.find("</mujoco>"), 9, R"(<actuator>
    <motor name="turn" joint="waist_z" gear="3"/>
    <motor name="bend" joint="waist_y" gear="2" ctrlrange="-1 1" ctrllimited="true"/>
    <motor name="spinner" joint="spin" gear="0.5"/>
    <motor name="pusher" joint="stroke" gear="20"/>
  </actuator>
</mujoco>)");
  const std::string path = writeTemp("motors.xml", xml);
  ImportResult imported = importMjcf(path);
  ASSERT_SAME(imported.actuators.size(), std::size_t{4});
  Oracle mujoco(path);
  Random r(77);
  for (std::size_t a = 0; a < imported.actuators.size(); ++a) {
    const ImportedActuator& act = imported.actuators[a];
    const double control = r.uniform(-1, 1);
    mujoco.setControl(static_cast<int>(a), control);
    HingeSpec& h = imported.spec.hinges[static_cast<std::size_t>(act.hinge)];
    HingeLoadsSpec& loads = act.coordinate.empty() ? h.loads : h.loadsOn(act.coordinate, imported.spec.kind);
    loads.actuator->load = TimeFunction::constant(act.perControl * control);
  }
  ASSERT_TRUE(imported.spec.hinges.front().coordinateLoads.front().loads.actuator.has_value());
  ASSERT_SAME(*imported.spec.hinges.front().coordinateLoads[1].loads.actuator->maxLoad, 2.0);
  ASSERT_SAME(imported.actuators[2].perControl, -0.5);  // the hinge's axis is opposite to the cylindrical hinge's (the slide's)
  const auto model = compile(imported.spec);
  auto riccati = makeSolver(SolverKind::Riccati, model);
  SolverOutput out;
  double worst = 0.0;
  for (int s = 0; s < 25; ++s) {
    mujoco.randomise(r);
    riccati->evaluate(mujoco.state(*model), out);
    const Eigen::VectorXd theirs = mujoco.reference();
    worst = std::max(worst, (mujoco.qacc(*model, out) - theirs).cwiseAbs().maxCoeff() / std::max(1.0, theirs.cwiseAbs().maxCoeff()));
  }
  info("four motors as actuators (on a universal hinge's two angles and a cylindrical hinge's angle and slide), 25 random states: %.2e against MuJoCo", worst);
  ASSERT_TRUE(worst < 1e-9) << worst;
}

TEST(MjcfImport, jointAccelerationsEqualMuJoCosAtRandomStates) {
  const double arm = agreement("arm", kArm, 25), tree = agreement("tree", kTree, 25), floating = agreement("floating", kFloating, 25),
               combined = agreement("combined", kCombined, 25);
  info("imported MJCF against MuJoCo's mj_forward, 25 random states each: serial arm (hinges, slide, stiffness, damping) %.2e, "
       "tree with ball joints and a weld %.2e, floating base in zero gravity %.2e, two joints on one body (universal, cylindrical) %.2e",
       arm, tree, floating, combined);
}

namespace {

/// Centres of mass after `end` s of RK4 at step dt: ours, and MuJoCo's
/// (mj_step with mjINT_RK4), in MuJoCo's body order.
std::vector<Vec3> oursAfter(const std::shared_ptr<const Model>& model, double dt, double end) {
  SimulationSettings settings = model->spec().simulation;
  settings.timeStep = dt;
  settings.endTime = end;
  settings.outputEvery = static_cast<int>(std::lround(end / dt));
  Results r(*model);
  if (simulate(model, settings, r).status != RunStatus::Completed) fatal("run failed");
  std::vector<Vec3> c;
  for (int b = 0; b < model->bodyCount(); ++b) c.push_back(r.com(r.frameCount() - 1, r.slotOf(model->compiledIndexOfSpecBody(b))));
  return c;
}
std::vector<Vec3> mujocoAfter(const std::string& path, double dt, double end) {
  char error[1024] = "";
  std::unique_ptr<mjModel, MjModelDeleter> m(mj_loadXML(path.c_str(), nullptr, error, sizeof error));
  m->opt.disableflags |= mjDSBL_CONTACT | mjDSBL_LIMIT | mjDSBL_FRICTIONLOSS;
  m->opt.integrator = mjINT_RK4;
  m->opt.timestep = dt;
  std::unique_ptr<mjData, MjDataDeleter> d(mj_makeData(m.get()));
  mj_resetData(m.get(), d.get());
  for (long k = 0; k < std::lround(end / dt); ++k) mj_step(m.get(), d.get());
  mj_kinematics(m.get(), d.get());
  std::vector<Vec3> c;
  for (int b = 1; b < m->nbody; ++b) c.push_back(vec(d->xipos + 3 * b));
  return c;
}
double distance(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) worst = std::max(worst, (a[k] - b[k]).norm());
  return worst;
}

}  // namespace

// The same file run for 2 s with RK4 at the same step by MuJoCo and by
// MSTMM Studio. The two RK4s integrate different coordinates (joint
// coordinates there, body orientations here), so they agree to the sum of
// their truncation errors, each measured against its own run at a step 40
// times finer; the two fine runs agree to what is left of those errors.
// MuJoCo's RK4 is of second order for ball and free joints (it moves
// quaternions by the exponential map at every stage); ours stays of fourth.
TEST(MjcfImport, trajectoriesAgreeToTheIntegratorsTruncationLevel) {
  for (const auto& [name, xml] : {std::pair{"arm", kArm}, std::pair{"tree", kTree}, std::pair{"floating", kFloating}, std::pair{"combined", kCombined}}) {
    const std::string path = writeTemp(std::string(name) + "-run.xml", xml);
    const auto model = compile(importMjcf(path).spec);
    const double end = 2.0, fine = 1e-4;
    const std::vector<Vec3> oursFine = oursAfter(model, fine, end), mujocoFine = mujocoAfter(path, fine, end);
    double ours[2], mujoco[2], between[2];
    for (int pass = 0; pass < 2; ++pass) {
      const double dt = pass == 0 ? 4e-3 : 2e-3;
      const std::vector<Vec3> a = oursAfter(model, dt, end), b = mujocoAfter(path, dt, end);
      ours[pass] = distance(a, oursFine);
      mujoco[pass] = distance(b, mujocoFine);
      between[pass] = distance(a, b);
      ASSERT_TRUE(between[pass] <= 1.01 * (ours[pass] + mujoco[pass]) + 1e-9) << name;
    }
    const double converged = distance(oursFine, mujocoFine);
    info("%s, 2 s of RK4, centres of mass: ours against MuJoCo %.2e m at dt = 4e-3, %.2e m at 2e-3, %.2e m at 1e-4; truncation error (against "
         "dt = 1e-4) ours %.2e / %.2e (ratio %.1f), MuJoCo's %.2e / %.2e (ratio %.1f)",
         name, between[0], between[1], converged, ours[0], ours[1], ours[0] / ours[1], mujoco[0], mujoco[1], mujoco[0] / mujoco[1]);
    ASSERT_TRUE(ours[0] / ours[1] > 12.0 && ours[0] / ours[1] < 20.0) << name;
    ASSERT_TRUE(converged < 1e-7) << name;
  }
}

TEST(MjcfImport, whatIsNotTakenIsNamedAndBadFilesGetMuJoCosMessage) {
  const std::string path = writeTemp("extras.xml", R"(<mujoco model="extras">
  <worldbody>
    <body name="a"><joint name="j" type="hinge" range="-1 1" limited="true" armature="0.1"/><geom type="sphere" size="0.1"/>
      <site name="s"/></body>
  </worldbody>
  <tendon><fixed name="t"><joint joint="j" coef="1"/></fixed></tendon>
  <actuator><motor name="m" joint="j" gear="2"/></actuator>
  <sensor><jointpos name="q" joint="j"/></sensor>
</mujoco>)");
  const ImportResult r = importMjcf(path);
  std::string all;
  for (const std::string& n : r.notTaken) all += n + "\n";
  for (const char* part : {"tendon 't': tendons are not imported", "sensor 'q': sensors are not imported", "actuator 'm': imported as an actuator on 'j' with load 0",
                           "joint 'j': armature 0.1 is not taken", "joint 'j': its range becomes stops"})
    ASSERT_TRUE(contains(all, part)) << part << "\n" << all;
  ASSERT_TRUE(r.spec.hinges.front().loads.stops.has_value());
  const std::string bad = writeTemp("bad.xml", "<mujoco>\n  <worldbody>\n    <body name=\"a\"><joint type=\"hinge\"/><geom type=\"spere\"/></body>\n  </worldbody>\n</mujoco>\n");
  try {
    importMjcf(bad);
    FAIL() << "a bad file was taken";
  } catch (const Error& e) {
    ASSERT_TRUE(contains(e.what(), "bad.xml") && contains(e.what(), "MuJoCo could not load it")) << e.what();
    info("a bad MJCF file: %s", e.what());
  }
}

// Real models the project did not write: Debian's libmujoco-samples. Each
// either imports (and then compiles and evaluates), or is refused with a
// message naming the body and what it would take; nothing crashes.
TEST(MjcfImport, debiansSampleModelsImportOrAreRefusedByName) {
  const std::filesystem::path root("/usr/share/mujoco/model");
  if (!std::filesystem::exists(root)) GTEST_SKIP() << "libmujoco-samples is not installed";
  int imported = 0, refused = 0;
  std::string report;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".xml") continue;
    const std::string name = entry.path().filename().string();
    try {
      const ImportResult r = importMjcf(entry.path().string());
      ASSERT_TRUE(errorsOf(r.spec).empty()) << name << ": " << errorsOf(r.spec);
      const auto model = compile(r.spec);
      SolverOutput out;
      makeSolver(SolverKind::Riccati, model)->evaluate(initialState(*model), out);
      for (const Vec3& a : out.angularAcceleration) ASSERT_TRUE(a.allFinite()) << name;
      ++imported;
      report += "  " + name + ": imported, " + std::to_string(model->bodyCount()) + " bodies, " + std::to_string(r.notTaken.size()) + " elements not taken\n";
    } catch (const Error& e) {
      ASSERT_TRUE(contains(e.what(), "body '")) << name << ": " << e.what();
      ++refused;
      report += "  " + name + ": refused: " + std::string(e.what()).substr(0, 90) + "...\n";
    }
  }
  info("Debian's MuJoCo sample models: %d imported, %d refused by name\n%s", imported, refused, report.c_str());
  ASSERT_TRUE(imported >= 5);
}

