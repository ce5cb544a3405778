#include "interchange/mjcf_import.hpp"

#include <mujoco/mujoco.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <set>

#include "core/error.hpp"
#include "core/io/input_bounds.hpp"
#include "core/message_text.hpp"
#include "core/model/joints/joint_model.hpp"
#include "core/model/model_range.hpp"
#include "core/model/validation.hpp"
#include "interchange/import_stops.hpp"
#include "interchange/mjcf_contacts.hpp"
#include "interchange/mjcf_body_contacts.hpp"
#include "interchange/mjcf_options.hpp"
#include "interchange/mjcf_visuals.hpp"

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
    m_flags = readMjcfOptions(m_m, spec, m_out.notTaken);
    // Each body's hinge type and joint point, worked out once (a body that
    // makes no hinge type is refused here, before anything is built).
    m_type.assign(static_cast<std::size_t>(m_m->nbody), HingeType::Weld);
    m_point.assign(static_cast<std::size_t>(m_m->nbody), Vec3::Zero());
    m_chain.assign(static_cast<std::size_t>(m_m->nbody), false);
    for (int b = 1; b < m_m->nbody; ++b) {
      m_type[static_cast<std::size_t>(b)] = classifyJoints(b);
      m_point[static_cast<std::size_t>(b)] = locateJoint(b);
    }
    for (int b = 1; b < m_m->nbody; ++b) addBody(b);
    m_target.assign(static_cast<std::size_t>(m_m->njnt), {});
    for (int b = 1; b < m_m->nbody; ++b) addHinge(b);
    for (int a = 0; a < m_m->nu; ++a) addMotor(a);
    for (int e = 0; e < m_m->neq; ++e) addEquality(e);
    readGroundContacts(m_m, m_d, m_out.spec, m_out.notTaken);
    readBodyContacts(m_m, m_d, m_out.spec, m_out.notTaken);
    reportWhatIsNotTaken();
    if (const std::string stops = sizeImportedStops(m_out.spec); !stops.empty()) note(stops);
  }

 private:
  /// Where a hinge or slide joint went: a hinge of the spec and its
  /// coordinate, `sign` times MuJoCo's.
  struct Target {
    int hinge = -1;
    std::string coordinate;
    double sign = 1.0;
  };

  std::string bodyName(int b) const { return nameOf(m_m, mjOBJ_BODY, b, "body"); }
  std::string jointName(int j) const { return nameOf(m_m, mjOBJ_JOINT, j, "joint"); }

  /// The body's first joint, or -1 for a body welded to its parent.
  int jointOf(int b) const { return m_m->body_jntnum[b] > 0 ? m_m->body_jntadr[b] : -1; }

  /// The body's hinge type and joint point, as run() worked them out.
  HingeType hingeTypeOf(int b) const { return m_type[static_cast<std::size_t>(b)]; }
  Vec3 jointPoint(int b) const { return m_point[static_cast<std::size_t>(b)]; }

  /// The hinge type the body's joints make (docs/interchange.md I2): one
  /// joint as it is; two hinges through one point a universal hinge (the
  /// first axis turns with the parent, the second with the body, as
  /// MuJoCo composes them); a hinge and a slide along its axis a
  /// cylindrical hinge; two perpendicular slides and a hinge normal to them
  /// a planar hinge. Any other several joints are applied in order, as
  /// MuJoCo applies them, through massless frames (equations.md §3.9): a
  /// chain (m_chain), whose type here is its last joint's.
  HingeType classifyJoints(int b) {
    const int n = m_m->body_jntnum[b], j = jointOf(b);
    if (n == 0) return HingeType::Weld;
    if (n == 2) {
      const int k = j + 1;
      const Vec3 a1 = vec3(m_d->xaxis + 3 * j), a2 = vec3(m_d->xaxis + 3 * k), p1 = vec3(m_d->xanchor + 3 * j), p2 = vec3(m_d->xanchor + 3 * k);
      const int t1 = m_m->jnt_type[j], t2 = m_m->jnt_type[k];
      if (t1 == mjJNT_HINGE && t2 == mjJNT_HINGE && (p1 - p2).norm() <= 1e-9 * (1.0 + p1.norm()) && a1.cross(a2).norm() >= 1e-6) return HingeType::Universal;
      const bool hingeAndSlide = (t1 == mjJNT_HINGE && t2 == mjJNT_SLIDE) || (t1 == mjJNT_SLIDE && t2 == mjJNT_HINGE);
      if (hingeAndSlide && a1.cross(a2).norm() < 1e-9) return HingeType::Cylindrical;
    }
    if (n == 3 && planarJoints(b)) return HingeType::Planar;
    if (n > 1) m_chain[static_cast<std::size_t>(b)] = true;
    return singleJointType(j + n - 1);
  }

  /// Two perpendicular slides, then a hinge normal to both: the 2-D
  /// locomotion root (slide x, slide z, hinge y) is a planar hinge, its
  /// slides fixed in the parent as MuJoCo's come before the hinge.
  bool planarJoints(int b) const {
    const int j = jointOf(b);
    if (m_m->jnt_type[j] != mjJNT_SLIDE || m_m->jnt_type[j + 1] != mjJNT_SLIDE || m_m->jnt_type[j + 2] != mjJNT_HINGE) return false;
    const Vec3 a = vec3(m_d->xaxis + 3 * j), c = vec3(m_d->xaxis + 3 * (j + 1)), n = vec3(m_d->xaxis + 3 * (j + 2));
    return std::abs(a.dot(c)) < 1e-12 && std::abs(n.dot(a)) < 1e-12 && std::abs(n.dot(c)) < 1e-12;
  }

  HingeType singleJointType(int j) const {
    return m_m->jnt_type[j] == mjJNT_HINGE ? HingeType::Revolute
           : m_m->jnt_type[j] == mjJNT_SLIDE ? HingeType::Slider
           : m_m->jnt_type[j] == mjJNT_BALL  ? HingeType::Ball
                                              : HingeType::Free;
  }

  /// The joint among the body's two that is of `type` (a cylindrical hinge's hinge or slide).
  int jointOfType(int b, int type) const { return m_m->jnt_type[jointOf(b)] == type ? jointOf(b) : jointOf(b) + 1; }

  /// Where the body's joint is, in the world at qpos0 (its origin for a weld
  /// or a free joint; a cylindrical hinge's: its hinge's anchor).
  Vec3 locateJoint(int b) const {
    const HingeType type = hingeTypeOf(b);
    if (type == HingeType::Weld || type == HingeType::Free) return vec3(m_d->xpos + 3 * b);
    const int j = type == HingeType::Cylindrical ? jointOfType(b, mjJNT_HINGE)
                  : type == HingeType::Planar        ? jointOf(b) + 2
                  : m_chain[static_cast<std::size_t>(b)] ? jointOf(b) + m_m->body_jntnum[b] - 1
                                                         : jointOf(b);
    return vec3(m_d->xanchor + 3 * j);
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
    body.visuals = geomVisuals(m_m, m_d, b, m_out.notTaken);
  }

  // The joint as a hinge from the body's output end to a new input end of
  // its parent at the same point (or to the ground at that point).
  void addHinge(int b) {
    const int j = jointOf(b), parent = m_m->body_parentid[b];
    ModelSpec& spec = m_out.spec;
    const BodyId child = spec.bodies[static_cast<std::size_t>(b - 1)].id;
    const HingeType type = hingeTypeOf(b);
    std::optional<BodyId> root;
    int input = 0;
    const Vec3 first = m_chain[static_cast<std::size_t>(b)] ? vec3(m_d->xanchor + 3 * j) : jointPoint(b);
    if (parent > 0) {
      BodySpec& p = spec.bodies[static_cast<std::size_t>(parent - 1)];
      root = p.id;
      input = static_cast<int>(p.inputs.size());
      p.inputs.push_back(first - vec3(m_d->xpos + 3 * parent));
    }
    if (m_chain[static_cast<std::size_t>(b)]) return addJointChain(b, root, input);
    std::string name = j >= 0 ? jointName(j) : bodyName(b) + " weld";
    for (int k = 1; k < m_m->body_jntnum[b]; ++k) name.append("+").append(jointName(j + k));
    HingeSpec& h = spec.addHinge(name, type, child, root, input);
    if (!root && type != HingeType::Free) h.anchor = jointPoint(b);
    if (type == HingeType::Free && !root) h.translation = jointPoint(b);  // a floating root: its slides are where its output end is
    const int hingeIndex = static_cast<int>(spec.hinges.size()) - 1;
    switch (type) {
      case HingeType::Revolute:
      case HingeType::Slider:
      case HingeType::Ball:
      case HingeType::Free: configureSingleJoint(j, hingeIndex); break;
      case HingeType::Universal:
        h.axis = vec3(m_d->xaxis + 3 * j);
        h.axis2 = vec3(m_d->xaxis + 3 * (j + 1));
        m_target[static_cast<std::size_t>(j)] = {hingeIndex, "angle1", 1.0};
        m_target[static_cast<std::size_t>(j + 1)] = {hingeIndex, "angle2", 1.0};
        addJointLoads(j, h.loadsOn("angle1", spec.kind), 1.0);
        addJointLoads(j + 1, h.loadsOn("angle2", spec.kind), 1.0);
        break;
      case HingeType::Cylindrical: {
        // The axis is the slide's; the angle turns the other way when the hinge's axis is opposite.
        const int hinge = jointOfType(b, mjJNT_HINGE), slide = jointOfType(b, mjJNT_SLIDE);
        h.axis = vec3(m_d->xaxis + 3 * slide);
        addJointLoads(slide, h.loadsOn("slide", spec.kind), 1.0);
        const double sign = vec3(m_d->xaxis + 3 * hinge).dot(h.axis) < 0.0 ? -1.0 : 1.0;
        m_target[static_cast<std::size_t>(slide)] = {hingeIndex, "slide", 1.0};
        m_target[static_cast<std::size_t>(hinge)] = {hingeIndex, "angle", sign};
        addJointLoads(hinge, h.loadsOn("angle", spec.kind), sign);
        break;
      }
      case HingeType::Planar: {
        // u1 = the first slide, u2 = n x u1 = +-the second (docs/hinge-types.md H1).
        h.axis = vec3(m_d->xaxis + 3 * (j + 2));
        h.axis2 = vec3(m_d->xaxis + 3 * j);
        const double sign = h.axis.cross(h.axis2).dot(vec3(m_d->xaxis + 3 * (j + 1))) < 0.0 ? -1.0 : 1.0;
        const char* names[] = {"s1", "s2", "angle"};
        const double signs[] = {1.0, sign, 1.0};
        for (int k = 0; k < 3; ++k) {
          m_target[static_cast<std::size_t>(j + k)] = {hingeIndex, names[k], signs[k]};
          addJointLoads(j + k, h.loadsOn(names[k], spec.kind), signs[k]);
        }
        break;
      }
      default: break;
    }
    std::erase_if(h.coordinateLoads, [](const CoordinateLoadsSpec& c) { return c.loads.empty(); });
  }

  // Several joints on one body, applied in MuJoCo's order: each joint's
  // anchor and axis are fixed in the body as the joints before it moved it,
  // so joint k joins the frame after joint k-1 to a massless frame after
  // joint k (the last joint: to the body). At qpos0 every frame is where
  // the body is, so the frames share its origin; each joint keeps its own
  // loads, range and actuator.
  void addJointChain(int b, std::optional<BodyId> root, int input) {
    ModelSpec& spec = m_out.spec;
    const int first = jointOf(b), n = m_m->body_jntnum[b];
    const Vec3 origin = vec3(m_d->xpos + 3 * b);
    for (int k = 0; k < n; ++k) {
      const int j = first + k;
      BodyId child = spec.bodies[static_cast<std::size_t>(b - 1)].id;
      if (k + 1 < n) {
        BodySpec& frame = spec.addBody(bodyName(b) + " after " + jointName(j));
        frame.shape.type = ShapeType::Custom;
        frame.shape.mass = 0.0;
        frame.shape.inertia = Mat3::Zero();
        frame.output = vec3(m_d->xanchor + 3 * j) - origin;
        frame.inputs = {vec3(m_d->xanchor + 3 * (j + 1)) - origin};
        child = frame.id;
      }
      HingeSpec& h = spec.addHinge(jointName(j), singleJointType(j), child, root, input);
      if (!root) h.anchor = vec3(m_d->xanchor + 3 * j);
      configureSingleJoint(j, static_cast<int>(spec.hinges.size()) - 1);
      root = child;
      input = 0;
    }
  }

  // One MuJoCo joint as the whole of one hinge: its axis, loads and where
  // its actuators go.
  void configureSingleJoint(int j, int hingeIndex) {
    HingeSpec& h = m_out.spec.hinges[static_cast<std::size_t>(hingeIndex)];
    // Asked of the hinge's joint model: one coordinate about or along its
    // axis (a MuJoCo hinge or slide), or a free rotation (a ball or free joint).
    const JointShape& shape = jointModel(h.type).in(m_out.spec.kind);
    if (shape.dof == 1 && jointModel(h.type).fields.axis) {
      m_target[static_cast<std::size_t>(j)] = {hingeIndex, "", 1.0};
      h.axis = vec3(m_d->xaxis + 3 * j);
      addJointLoads(j, h.loads, 1.0);
    } else if (shape.coordinate == JointCoordinate::Rotation || h.type == HingeType::Free) {
      addSpatialJointLoads(j, h);
    }
    std::erase_if(h.coordinateLoads, [](const CoordinateLoadsSpec& c) { return c.loads.empty(); });
  }

  // Stiffness about qpos_spring and damping as MuJoCo's passive forces; a
  // range as stops (MuJoCo's soft limit is a constraint, not a spring). On
  // one coordinate, which is `sign` times MuJoCo's qpos - qpos0 (a range of any
  // width: the angle is unwrapped as it turns, AppliedLoads::acceptState).
  void addJointLoads(int j, HingeLoadsSpec& loads, double sign) {
    const int q = m_m->jnt_qposadr[j], v = m_m->jnt_dofadr[j];
    const double k = m_m->jnt_stiffness[j], c = m_m->dof_damping[v];
    const std::string name = "joint '" + jointName(j) + "'";
    noteDofExtras(j, name, 1, true);
    loads.armature = m_m->dof_armature[v];
    if (m_flags.passive && (k != 0.0 || c != 0.0)) loads.spring = HingeSpringSpec::linear(k, c, sign * (m_m->qpos_spring[q] - m_m->qpos0[q]));
    if (m_flags.limits && m_m->jnt_limited[j]) {
      const double lo = sign * (m_m->jnt_range[2 * j] - m_m->qpos0[q]), hi = sign * (m_m->jnt_range[2 * j + 1] - m_m->qpos0[q]);
      loads.stops = HingeStopsSpec{std::min(lo, hi), std::max(lo, hi)};
      note(name + ": its range becomes stops (MuJoCo's soft limit constraint is not reproduced)");
    }
  }

  /// What of a joint's degrees of freedom is not taken: friction loss,
  /// damping that differs between them, and armature where `armature` is false.
  void noteDofExtras(int j, const std::string& name, int dofs, bool armature) {
    const int v = m_m->jnt_dofadr[j];
    for (int k = 0; k < dofs; ++k) {
      if (!armature && m_m->dof_armature[v + k] != 0.0) note(name + ": armature " + number(m_m->dof_armature[v + k]) + " is not taken");
      if (m_m->dof_frictionloss[v + k] != 0.0) note(name + ": frictionloss " + number(m_m->dof_frictionloss[v + k]) + " is not taken");
      if (m_m->dof_damping[v + k] != m_m->dof_damping[v]) note(name + ": damping differs between its degrees of freedom; the first one's, " + number(m_m->dof_damping[v]) + ", is taken for all");
    }
  }

  // A ball's damping; a free joint's damping on its coordinates.
  void addSpatialJointLoads(int j, HingeSpec& h) {
    const double k = m_flags.passive ? m_m->jnt_stiffness[j] : 0.0, c = m_flags.passive ? m_m->dof_damping[m_m->jnt_dofadr[j]] : 0.0;
    const std::string name = "joint '" + jointName(j) + "'";
    const bool free = h.type == HingeType::Free;
    noteDofExtras(j, name, free ? 6 : 3, true);
    if (m_m->jnt_limited[j]) note(name + ": the range of a " + std::string(h.type == HingeType::Ball ? "ball" : "free") + " joint is not taken");
    if (h.type == HingeType::Ball) {
      if (k != 0.0) note(name + ": the stiffness of a ball joint is not taken yet");
      if (c != 0.0) h.loads.spring = HingeSpringSpec::linear(0.0, c);
      h.loads.armature = rotationArmature(j, 0);
      return;
    }
    if (k != 0.0) note(name + ": the stiffness of a free joint is not taken");
    if (c != 0.0) {
      for (const char* axis : {"x", "y", "z"}) h.loadsOn(axis, ModelKind::Spatial).spring = HingeSpringSpec::linear(0.0, c);
      h.loadsOn("rotation", ModelKind::Spatial).spring = HingeSpringSpec::linear(0.0, c);
    }
    addFreeArmature(j, h);
  }

  // A free joint's armature on each of its slides and on its rotation (MuJoCo's
  // angular degrees of freedom are the body's angular velocity in its own
  // axes; a free joint hangs on the world, so J on them is J on our
  // Omega' in world axes). Our rotation takes one J for its three axes.
  void addFreeArmature(int j, HingeSpec& h) {
    const mjtNum* a = m_m->dof_armature + m_m->jnt_dofadr[j];
    const char* axes[] = {"x", "y", "z"};
    for (int k = 0; k < 3; ++k)
      if (a[k] != 0.0) h.loadsOn(axes[k], ModelKind::Spatial).armature = a[k];
    if (const double r = rotationArmature(j, 3); r != 0.0) h.loadsOn("rotation", ModelKind::Spatial).armature = r;
  }

  // The armature of a ball's (or a free joint's) three rotational degrees
  // of freedom from `first` on: one J for the three (MuJoCo gives one per
  // joint; a file may give more), the first one's, named when they differ.
  double rotationArmature(int j, int first) {
    const mjtNum* a = m_m->dof_armature + m_m->jnt_dofadr[j] + first;
    if (a[1] != a[0] || a[2] != a[0])
      note("joint '" + jointName(j) + "': its three rotational degrees of freedom have different armature; the first one's, " + number(a[0]) + ", is taken for all three");
    return a[0];
  }

  // A motor (a joint's load gear x gain x ctrl, no dynamics, no bias) as a
  // force actuator on the joint's coordinate, its limit from ctrlrange and
  // forcerange; its load is 0 until the user gives one (ImportedActuator).
  void addMotor(int a) {
    const std::string name = "actuator '" + nameOf(m_m, mjOBJ_ACTUATOR, a, "actuator") + "'";
    const bool direct = m_m->actuator_trntype[a] == mjTRN_JOINT && m_m->actuator_dyntype[a] == mjDYN_NONE && m_m->actuator_gaintype[a] == mjGAIN_FIXED;
    const int j = m_m->actuator_trnid[2 * a];
    if (!direct || (m_m->actuator_biastype[a] != mjBIAS_NONE && m_m->actuator_biastype[a] != mjBIAS_AFFINE))
      return note(name + ": only motors, position and velocity actuators on a joint (fixed gain, affine bias, no dynamics) are imported; this one is not");
    const Target& t = m_target[static_cast<std::size_t>(j)];
    if (t.hinge < 0) return note(name + ": an actuator on a ball or free joint is not imported");
    HingeSpec& h = m_out.spec.hinges[static_cast<std::size_t>(t.hinge)];
    HingeLoadsSpec& loads = t.coordinate.empty() ? h.loads : h.loadsOn(t.coordinate, m_out.spec.kind);
    if (m_m->actuator_biastype[a] == mjBIAS_AFFINE) return addServo(a, j, t, h, loads);
    const double perControl = t.sign * m_m->actuator_gear[6 * a] * m_m->actuator_gainprm[mjNGAIN * a];
    HingeActuatorSpec actuator = HingeActuatorSpec::force(TimeFunction::constant(0.0));
    double limit = INFINITY;
    if (m_m->actuator_ctrllimited[a])
      limit = std::abs(perControl) * std::max(std::abs(m_m->actuator_ctrlrange[2 * a]), std::abs(m_m->actuator_ctrlrange[2 * a + 1]));
    if (m_m->actuator_forcelimited[a])
      limit = std::min(limit, std::abs(m_m->actuator_gear[6 * a]) * std::max(std::abs(m_m->actuator_forcerange[2 * a]), std::abs(m_m->actuator_forcerange[2 * a + 1])));
    if (std::isfinite(limit) && limit > 0.0) actuator.maxLoad = limit;
    loads.actuator = actuator;
    m_out.actuators.push_back({nameOf(m_m, mjOBJ_ACTUATOR, a, "actuator"), t.hinge, t.coordinate, perControl});
    note(name + ": imported as an actuator on '" + h.name + (t.coordinate.empty() ? "" : "." + t.coordinate) + "' with load 0 (" + number(perControl) +
         " per unit of MuJoCo's control input, which the model does not hold: give the load as a function of time)");
  }

  // MuJoCo's affine actuator on a joint: force gear (gain ctrl + b0 + b1
  // gear qpos + b2 gear qvel) on the joint, which on our coordinate
  // q = sign (qpos - qpos0) is the servo kp (r - q) + kd (r' - q') with
  // kp = -gear^2 b1, kd = -gear^2 b2 and
  //   kp r = c, or (kp = 0) kd r' = c, c = sign gear (gain ctrl + b0) + sign gear^2 b1 qpos0.
  // A position actuator holds r; a velocity actuator moves r at r'.
  void addServo(int a, int j, const Target& t, HingeSpec& h, HingeLoadsSpec& loads) {
    const std::string name = "actuator '" + nameOf(m_m, mjOBJ_ACTUATOR, a, "actuator") + "'";
    const double g = m_m->actuator_gear[6 * a], gain = m_m->actuator_gainprm[mjNGAIN * a];
    const mjtNum* b = m_m->actuator_biasprm + mjNBIAS * a;
    const double kp = -g * g * b[1], kd = -g * g * b[2];
    const double atZero = t.sign * g * b[0] + t.sign * g * g * b[1] * m_m->qpos0[m_m->jnt_qposadr[j]], perControl = t.sign * g * gain;
    if (!(kp > 0.0) && !(kd > 0.0)) return note(name + ": an affine actuator without a position or velocity gain is not imported");
    const bool position = kp > 0.0;
    const double scale = position ? kp : kd;
    TimeFunction reference = TimeFunction::constant(atZero / scale);
    if (!position) {
      reference.kind = TimeFunctionKind::Ramp;
      reference.value = 0.0;
      reference.start = -1.0;  // moving from before the start
      reference.slope = atZero / scale;
    }
    HingeActuatorSpec actuator = HingeActuatorSpec::servo(reference, kp, kd);
    if (m_m->actuator_forcelimited[a])
      actuator.maxLoad = std::abs(g) * std::max(std::abs(m_m->actuator_forcerange[2 * a]), std::abs(m_m->actuator_forcerange[2 * a + 1]));
    loads.actuator = actuator;
    const auto kind = position ? ImportedActuator::Kind::Position : ImportedActuator::Kind::Velocity;
    m_out.actuators.push_back({nameOf(m_m, mjOBJ_ACTUATOR, a, "actuator"), t.hinge, t.coordinate, perControl / scale, kind, atZero / scale});
    note(name + ": imported as a servo on '" + h.name + (t.coordinate.empty() ? "" : "." + t.coordinate) + "' (kp " + number(kp) + ", kd " + number(kd) + ") whose " +
         (position ? "reference" : "reference's rate") + " is " + number(atZero / scale) + " + " + number(perControl / scale) +
         " per unit of MuJoCo's control input, set for control 0: give it as a function of time");
  }

  // A connect equality closes a loop with a ball hinge at its anchor, a
  // weld equality with a weld at body1's origin (holding the relative pose
  // of qpos0, as MuJoCo's weld does without relpose): each a cut hinge from
  // a new input end of body1 to a new input end of body2 (or the ground).
  // MuJoCo keeps them softly (solref, solimp); ours are exact, kept from
  // drifting by Baumgarte stabilisation.
  void addEquality(int e) {
    if (!m_flags.equalities) return;
    const std::string name = nameOf(m_m, mjOBJ_EQUALITY, e, "equality");
    const int type = m_m->eq_type[e];
    if (type != mjEQ_CONNECT && type != mjEQ_WELD) return note("equality '" + name + "': only connect and weld equalities are imported (as loop closures)");
    if (!m_m->eq_active[e]) return note("equality '" + name + "': inactive, not imported");
    const int b1 = m_m->eq_obj1id[e], b2 = m_m->eq_obj2id[e];
    if (b1 <= 0) return note("equality '" + name + "': its body1 is the world; not imported");
    const Vec3 origin1 = vec3(m_d->xpos + 3 * b1);
    const Vec3 world = type == mjEQ_CONNECT ? Vec3(origin1 + mat3(m_d->xmat + 9 * b1) * vec3(m_m->eq_data + mjNEQDATA * e)) : origin1;
    ModelSpec& spec = m_out.spec;
    BodySpec& tip = spec.bodies[static_cast<std::size_t>(b1 - 1)];
    tip.inputs.push_back(world - origin1);
    const int tipEnd = static_cast<int>(tip.inputs.size()) - 1;
    const BodyId tipId = tip.id;
    std::optional<BodyId> root;
    int rootInput = 0;
    if (b2 > 0) {
      BodySpec& other = spec.bodies[static_cast<std::size_t>(b2 - 1)];
      other.inputs.push_back(world - vec3(m_d->xpos + 3 * b2));
      root = other.id;
      rootInput = static_cast<int>(other.inputs.size()) - 1;
    }
    HingeSpec& h = spec.addHinge(name, type == mjEQ_CONNECT ? HingeType::Ball : HingeType::Weld, tipId, root, rootInput);
    h.childEnd = tipEnd;
    h.cut = CutChoice::Cut;
    if (!root) h.anchor = world;
    note("equality '" + name + "': imported as a " + (type == mjEQ_CONNECT ? "ball" : "weld") +
         " hinge that closes a loop, kept exactly (MuJoCo keeps it softly, by its solref and solimp)");
  }

  void reportWhatIsNotTaken() {
    for (int t = 0; t < m_m->ntendon; ++t) note("tendon '" + nameOf(m_m, mjOBJ_TENDON, t, "tendon") + "': tendons are not imported");
    for (int s = 0; s < m_m->nsensor; ++s) note("sensor '" + nameOf(m_m, mjOBJ_SENSOR, s, "sensor") + "': sensors are not imported");
    for (int p = 0; p < m_m->npair; ++p) note("contact pair '" + nameOf(m_m, mjOBJ_PAIR, p, "pair") + "': contact pairs are not imported");
    for (int x = 0; x < m_m->nexclude; ++x) note("contact exclusion '" + nameOf(m_m, mjOBJ_EXCLUDE, x, "exclude") + "': contact exclusions are not imported");
    if (m_m->ngeom > 0)
      note(std::to_string(m_m->ngeom) + " geoms: their mass and inertia are taken (as MuJoCo's compiler sums them) and they are drawn; contacts: with the ground plane only");
    if (m_m->nkey > 0) note(std::to_string(m_m->nkey) + " keyframes: not imported; the model starts at its reference configuration qpos0");
    noteMotionThatDiffers();
  }

  // What was left out and pushes on the bodies in MuJoCo: the imported model
  // then moves otherwise, even with no control given (issue 51, point 14:
  // the fish, quadruped and swimmers drifted 0.15 to 2.3 rad in a second).
  void noteMotionThatDiffers() {
    std::vector<std::string> forces;
    for (int t = 0; t < m_m->ntendon; ++t)
      if (m_m->tendon_stiffness[t] != 0.0 || m_m->tendon_damping[t] != 0.0) {
        forces.push_back("the tendons' springs and dampers");
        break;
      }
    for (int a = 0; a < m_m->nu; ++a)
      if (m_m->actuator_trntype[a] != mjTRN_JOINT) {
        forces.push_back("the actuators that pull through tendons or sites");
        break;
      }
    if (m_m->opt.viscosity != 0.0 || m_m->opt.density != 0.0) forces.push_back("the medium's drag and lift");
    if (forces.empty()) return;
    std::string list;
    for (std::size_t k = 0; k < forces.size(); ++k) list += (k == 0 ? "" : k + 1 == forces.size() ? " and " : ", ") + forces[k];
    note("so the model moves otherwise than in MuJoCo: there " + list +
         " act on the bodies, and nothing here takes their place (a free motion drifts from MuJoCo's within a second); compare the two before relying on it");
  }

  void note(std::string what) { m_out.notTaken.push_back(std::move(what)); }
  static std::string number(double v) { return formatNumber(v); }


  const mjModel* m_m;
  const mjData* m_d;
  ImportResult& m_out;
  std::vector<Target> m_target;  // per MuJoCo joint
  std::vector<HingeType> m_type;  // per MuJoCo body (run())
  std::vector<Vec3> m_point;      // per MuJoCo body: its joint's point in the world at qpos0
  std::vector<bool> m_chain;      // per MuJoCo body: several joints applied through massless frames
  MjcfFlags m_flags;              // the file's <flag>s (run())
};

}  // namespace

MuJoCoErrorsThrow::MuJoCoErrorsThrow() : m_previous(mju_user_error) { mju_user_error = &MuJoCoErrorsThrow::raise; }
MuJoCoErrorsThrow::~MuJoCoErrorsThrow() { mju_user_error = m_previous; }
void MuJoCoErrorsThrow::raise(const char* message) { throw Error(ErrorKind::Input, std::string("MuJoCo: ") + message); }

namespace {

/// The compiled model of a file, or of text held in MuJoCo's virtual file
/// system (vfs), read at MuJoCo's reference configuration.
ImportResult readCompiled(const std::string& path, const mjVFS* vfs, const std::string& shownAs) {
  const MuJoCoErrorsThrow errorsThrow;
  char error[1024] = "";
  std::unique_ptr<mjModel, ModelDeleter> model(mj_loadXML(path.c_str(), vfs, error, sizeof error));
  if (!model) throw Error(ErrorKind::Input, "'" + shownAs + "': MuJoCo could not load it: " + error);
  std::unique_ptr<mjData, DataDeleter> data(mj_makeData(model.get()));
  mj_resetData(model.get(), data.get());  // qpos = qpos0
  mj_kinematics(model.get(), data.get());
  ImportResult out;
  out.spec.name = std::filesystem::path(shownAs).stem().string();
  if (*error) out.notTaken.push_back(std::string("MuJoCo: ") + error);  // a warning while loading
  MjcfReader(model.get(), data.get(), out).run();
  // A body without children still needs its first input end (the origin of its points).
  for (BodySpec& b : out.spec.bodies)
    if (b.inputs.empty()) b.inputs.push_back(Vec3::Zero());
  return out;
}

/// One file in MuJoCo's virtual file system for as long as it lives. The
/// system (2 MB of names) is made once per thread, not per import.
class VfsFile {
 public:
  VfsFile(const std::string& contents, const std::string& name) : m_vfs(system()) {
    const int size = static_cast<int>(std::min<std::size_t>(contents.size(), 1u << 30));
    if (mj_makeEmptyFileVFS(m_vfs, kName, size) != 0) throw Error(ErrorKind::Input, "'" + name + "': could not be held in memory for MuJoCo");
    std::memcpy(m_vfs->filedata[mj_findFileVFS(m_vfs, kName)], contents.data(), static_cast<std::size_t>(size));
  }
  ~VfsFile() { mj_deleteFileVFS(m_vfs, kName); }
  VfsFile(const VfsFile&) = delete;
  VfsFile& operator=(const VfsFile&) = delete;
  const mjVFS* vfs() const { return m_vfs; }
  static constexpr const char* kName = "model.xml";

 private:
  static mjVFS* system() {
    thread_local std::unique_ptr<mjVFS> vfs = [] {
      auto v = std::make_unique<mjVFS>();
      mj_defaultVFS(v.get());
      return v;
    }();
    return vfs.get();
  }
  mjVFS* m_vfs;
};

/// MuJoCo 2.2.2's compiler steps the model once, and its collision search
/// (libccd) never ends on a box of size 1e40: so a number in an attribute
/// beyond the range of a model's physical numbers (model_range.hpp), which
/// the import would refuse anyway, is refused before MuJoCo sees it. Only
/// the attributes that hold lengths, masses, stiffnesses and the like are
/// read (a name may be "1e40").
void refuseNumbersBeyondRange(const std::string& xml, const std::string& name) {
  static const std::set<std::string> physical{"pos",     "size",         "fromto",      "mass",  "diaginertia", "fullinertia", "gravity",
                                              "stiffness", "springref",  "damping",     "armature", "frictionloss", "ref",       "range",
                                              "density", "gear",         "kp",          "kv",    "ctrlrange",   "forcerange",  "margin",
                                              "friction", "radius"};
  for (std::size_t at = xml.find("=\""); at != std::string::npos; at = xml.find("=\"", at + 2)) {
    const std::size_t begin = at + 2, end = xml.find('"', begin);
    if (end == std::string::npos) return;  // MuJoCo's parser says what is wrong
    std::size_t attribute = xml.find_last_of(" \t\r\n", at);
    attribute = attribute == std::string::npos ? 0 : attribute + 1;
    if (!physical.contains(xml.substr(attribute, at - attribute))) continue;
    const std::string value = xml.substr(begin, end - begin);
    const char* p = value.c_str();
    for (char* next = nullptr;; p = next) {
      const double x = std::strtod(p, &next);
      if (next == p) break;
      if (std::isfinite(x) && std::abs(x) > kLargestModelNumber) {
        const long line = 1 + std::count(xml.begin(), xml.begin() + static_cast<std::ptrdiff_t>(at), '\n');
        throw Error(ErrorKind::Input, "'" + name + "': line " + std::to_string(line) + ": " + xml.substr(attribute, at - attribute) + " holds " +
                                          formatNumber(x) + ", beyond +-" + formatNumber(kLargestModelNumber) +
                                          ", the largest a model's physical numbers may be; check its units");
      }
    }
  }
}

}  // namespace

namespace {

/// The name of the first element of an XML text ("" if there is none):
/// past the declaration, comments, a DOCTYPE and white space.
std::string rootElement(const std::string& xml) {
  std::size_t at = 0;
  while (true) {
    at = xml.find('<', at);
    if (at == std::string::npos || at + 1 >= xml.size()) return {};
    if (xml.compare(at, 4, "<!--") == 0) {
      at = xml.find("-->", at);
      if (at == std::string::npos) return {};
      continue;
    }
    if (xml[at + 1] == '?' || xml[at + 1] == '!') {
      ++at;
      continue;
    }
    const std::size_t end = xml.find_first_of(" \t\r\n/>", at + 1);
    return xml.substr(at + 1, (end == std::string::npos ? xml.size() : end) - at - 1);
  }
}

/// A file meant to be included by another (a robot's shared.xml, its
/// assets) has another root than <mujoco>; MuJoCo only says "Schema
/// violation" of it (issue 51, point 13).
void refuseFragment(const std::string& xml, const std::string& name) {
  const std::string root = rootElement(xml);
  if (root.empty() || root == "mujoco") return;
  throw Error(ErrorKind::Input, "'" + name + "': its root element is <" + root.substr(0, 40) + ">, not <mujoco>: " +
                                    (root == "mujocoinclude" ? "it is a fragment that another MJCF file takes in with <include file=\"...\"/>; import that file"
                                                             : "it is not an MJCF model (a URDF's root is <robot>; import it as .urdf)"));
}

}  // namespace

ImportResult importMjcf(const std::string& path) {
  std::error_code ec;
  std::string xml;
  if (std::filesystem::is_regular_file(path, ec)) {  // else MuJoCo says what is wrong
    xml = readBoundedFile(path, "MJCF file");
    refuseFragment(xml, path);
    refuseNumbersBeyondRange(xml, path);
  }
  try {
    return readCompiled(path, nullptr, path);
  } catch (const Error& e) {
    // A <mujoco> file with no world of its own is most likely a part that
    // another file includes (its defaults and assets are there).
    if (xml.empty() || xml.find("<worldbody") != std::string::npos) throw;
    throw Error(e.kind(), std::string(e.what()) + " (the file has no <worldbody>: if another MJCF file takes it in with <include file=\"...\"/>, import that file)",
                e.subject());
  }
}

ImportResult importMjcfText(const std::string& xml, const std::string& name) {
  if (xml.empty()) throw Error(ErrorKind::Input, "'" + name + "': the file is empty");
  refuseFragment(xml, name);
  refuseNumbersBeyondRange(xml, name);
  const MuJoCoErrorsThrow errorsThrow;
  const VfsFile file(xml, name);
  return readCompiled(VfsFile::kName, file.vfs(), name);
}

}  // namespace mstmm
