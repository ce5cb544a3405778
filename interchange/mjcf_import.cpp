#include "interchange/mjcf_import.hpp"

#include <mujoco/mujoco.h>

#include <cmath>
#include <filesystem>
#include <memory>

#include "core/error.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

namespace {

struct ModelDeleter {
  void operator()(mjModel* m) const { mj_deleteModel(m); }
};
struct DataDeleter {
  void operator()(mjData* d) const { mj_deleteData(d); }
};

Vec3 vec3(const mjtNum* v) { return Vec3(v[0], v[1], v[2]); }
Mat3 mat3(const mjtNum* m) {
  Mat3 r;
  r << m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8];
  return r;
}

std::string nameOf(const mjModel* m, mjtObj type, int id, const char* fallback) {
  const char* n = mj_id2name(m, type, id);
  return n && *n ? std::string(n) : std::string(fallback) + " " + std::to_string(id);
}

/// Reads one compiled mjModel, at its reference configuration qpos0.
class MjcfReader {
 public:
  MjcfReader(const mjModel* m, const mjData* d, ImportResult& out) : m_m(m), m_d(d), m_out(out) {}

  void run() {
    ModelSpec& spec = m_out.spec;
    spec.kind = ModelKind::Spatial;
    spec.gravity = vec3(m_m->opt.gravity);
    spec.simulation.timeStep = m_m->opt.timestep;
    for (int b = 1; b < m_m->nbody; ++b) addBody(b);
    for (int b = 1; b < m_m->nbody; ++b) addHinge(b);
    reportWhatIsNotTaken();
  }

 private:
  std::string bodyName(int b) const { return nameOf(m_m, mjOBJ_BODY, b, "body"); }
  std::string jointName(int j) const { return nameOf(m_m, mjOBJ_JOINT, j, "joint"); }

  /// The body's one joint, or -1 for a body welded to its parent.
  int jointOf(int b) const {
    const int n = m_m->body_jntnum[b];
    if (n > 1)
      throw Error(ErrorKind::Input, "body '" + bodyName(b) + "': " + std::to_string(n) +
                                        " joints on one body are not supported yet; give each moving part a body of its own (one joint per body)");
    return n == 1 ? m_m->body_jntadr[b] : -1;
  }

  /// Where the body's joint is, in the world at qpos0 (its origin for a weld or a free joint).
  Vec3 jointPoint(int b) const {
    const int j = jointOf(b);
    return j >= 0 && m_m->jnt_type[j] != mjJNT_FREE ? vec3(m_d->xanchor + 3 * j) : vec3(m_d->xpos + 3 * b);
  }

  // Mass properties as MuJoCo compiled them (geom-derived or given), in a
  // frame parallel to the world at qpos0 with its origin at the body's.
  void addBody(int b) {
    BodySpec& body = m_out.spec.addBody(bodyName(b));
    const Vec3 origin = vec3(m_d->xpos + 3 * b);
    body.shape.type = ShapeType::Custom;
    body.shape.mass = m_m->body_mass[b];
    body.shape.com = vec3(m_d->xipos + 3 * b) - origin;
    const Mat3 r = mat3(m_d->ximat + 9 * b);
    body.shape.inertia = r * vec3(m_m->body_inertia + 3 * b).asDiagonal() * r.transpose();
    body.shape.inertiaAbout = InertiaReference::CentreOfMass;
    body.output = jointPoint(b) - origin;
    body.inputs.clear();  // one per child (addHinge)
  }

  // The joint as a hinge from the body's output end to a new input end of
  // its parent at the same point (or to the ground at that point).
  void addHinge(int b) {
    const int j = jointOf(b), parent = m_m->body_parentid[b];
    ModelSpec& spec = m_out.spec;
    const BodyId child = spec.bodies[static_cast<std::size_t>(b - 1)].id;
    const HingeType type = j < 0 ? HingeType::Weld
                           : m_m->jnt_type[j] == mjJNT_HINGE ? HingeType::Revolute
                           : m_m->jnt_type[j] == mjJNT_SLIDE ? HingeType::Slider
                           : m_m->jnt_type[j] == mjJNT_BALL  ? HingeType::Ball
                                                              : HingeType::Free;
    std::optional<BodyId> root;
    int input = 0;
    if (parent > 0) {
      BodySpec& p = spec.bodies[static_cast<std::size_t>(parent - 1)];
      root = p.id;
      input = static_cast<int>(p.inputs.size());
      p.inputs.push_back(jointPoint(b) - vec3(m_d->xpos + 3 * parent));
    }
    HingeSpec& h = spec.addHinge(j >= 0 ? jointName(j) : bodyName(b) + " weld", type, child, root, input);
    if (!root && type != HingeType::Free) h.anchor = jointPoint(b);
    if (type == HingeType::Free && !root) h.translation = jointPoint(b);  // a floating root: its slides are where its output end is
    if (j >= 0 && (type == HingeType::Revolute || type == HingeType::Slider)) h.axis = vec3(m_d->xaxis + 3 * j);
    if (j >= 0) addJointLoads(j, h);
  }

  // Stiffness about qpos_spring and damping as MuJoCo's passive forces;
  // a range as stops (MuJoCo's soft limit is a constraint, not a spring).
  void addJointLoads(int j, HingeSpec& h) {
    const int q = m_m->jnt_qposadr[j], v = m_m->jnt_dofadr[j];
    const double k = m_m->jnt_stiffness[j], c = m_m->dof_damping[v];
    const std::string name = "joint '" + jointName(j) + "'";
    const int dofs = h.type == HingeType::Free ? 6 : h.type == HingeType::Ball ? 3 : 1;
    for (int k2 = 0; k2 < dofs; ++k2) {
      if (m_m->dof_armature[v + k2] != 0.0) note(name + ": armature " + number(m_m->dof_armature[v + k2]) + " is not taken");
      if (m_m->dof_frictionloss[v + k2] != 0.0) note(name + ": frictionloss " + number(m_m->dof_frictionloss[v + k2]) + " is not taken");
      if (m_m->dof_damping[v + k2] != c) note(name + ": damping differs between its degrees of freedom; the first one's, " + number(c) + ", is taken for all");
    }
    if (h.type == HingeType::Revolute || h.type == HingeType::Slider) {
      if (k != 0.0 || c != 0.0) h.loads.spring = HingeSpringSpec::linear(k, c, m_m->qpos_spring[q] - m_m->qpos0[q]);
      if (m_m->jnt_limited[j]) {
        h.loads.stops = HingeStopsSpec{m_m->jnt_range[2 * j] - m_m->qpos0[q], m_m->jnt_range[2 * j + 1] - m_m->qpos0[q]};
        note(name + ": its range becomes stops of stiffness " + number(h.loads.stops->stiffness) + (h.type == HingeType::Slider ? " N/m" : " N m/rad") +
             " (MuJoCo's soft limit constraint is not reproduced)");
      }
      return;
    }
    if (m_m->jnt_limited[j]) note(name + ": the range of a " + std::string(h.type == HingeType::Ball ? "ball" : "free") + " joint is not taken");
    if (h.type == HingeType::Ball) {
      if (k != 0.0) note(name + ": the stiffness of a ball joint is not taken yet");
      if (c != 0.0) h.loads.spring = HingeSpringSpec::linear(0.0, c);
      return;
    }
    if (k != 0.0) note(name + ": the stiffness of a free joint is not taken");
    if (c != 0.0) {
      for (const char* axis : {"x", "y", "z"}) h.loadsOn(axis, ModelKind::Spatial).spring = HingeSpringSpec::linear(0.0, c);
      h.loadsOn("rotation", ModelKind::Spatial).spring = HingeSpringSpec::linear(0.0, c);
    }
  }

  void reportWhatIsNotTaken() {
    for (int t = 0; t < m_m->ntendon; ++t) note("tendon '" + nameOf(m_m, mjOBJ_TENDON, t, "tendon") + "': tendons are not imported");
    for (int s = 0; s < m_m->nsensor; ++s) note("sensor '" + nameOf(m_m, mjOBJ_SENSOR, s, "sensor") + "': sensors are not imported");
    for (int e = 0; e < m_m->neq; ++e) note("equality '" + nameOf(m_m, mjOBJ_EQUALITY, e, "equality") + "': equality constraints are not imported yet");
    for (int a = 0; a < m_m->nu; ++a) note("actuator '" + nameOf(m_m, mjOBJ_ACTUATOR, a, "actuator") + "': actuators are not imported yet");
    for (int p = 0; p < m_m->npair; ++p) note("contact pair '" + nameOf(m_m, mjOBJ_PAIR, p, "pair") + "': contact pairs are not imported");
    for (int x = 0; x < m_m->nexclude; ++x) note("contact exclusion '" + nameOf(m_m, mjOBJ_EXCLUDE, x, "exclude") + "': contact exclusions are not imported");
    if (m_m->ngeom > 0)
      note(std::to_string(m_m->ngeom) + " geoms: their mass and inertia are taken (as MuJoCo's compiler sums them), their shapes and contacts are not imported yet");
    if (m_m->nkey > 0) note(std::to_string(m_m->nkey) + " keyframes: not imported; the model starts at its reference configuration qpos0");
  }

  void note(std::string what) { m_out.notTaken.push_back(std::move(what)); }
  static std::string number(double v) { return formatNumber(v); }

  const mjModel* m_m;
  const mjData* m_d;
  ImportResult& m_out;
};

}  // namespace

ImportResult importMjcf(const std::string& path) {
  char error[1024] = "";
  std::unique_ptr<mjModel, ModelDeleter> model(mj_loadXML(path.c_str(), nullptr, error, sizeof error));
  if (!model) throw Error(ErrorKind::Input, "'" + path + "': MuJoCo could not load it: " + error);
  std::unique_ptr<mjData, DataDeleter> data(mj_makeData(model.get()));
  mj_resetData(model.get(), data.get());  // qpos = qpos0
  mj_kinematics(model.get(), data.get());
  ImportResult out;
  out.spec.name = std::filesystem::path(path).stem().string();
  if (*error) out.notTaken.push_back(std::string("MuJoCo: ") + error);  // a warning while loading
  MjcfReader(model.get(), data.get(), out).run();
  // A body without children still needs its first input end (the origin of its points).
  for (BodySpec& b : out.spec.bodies)
    if (b.inputs.empty()) b.inputs.push_back(Vec3::Zero());
  return out;
}

}  // namespace mstmm
