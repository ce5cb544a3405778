// Export to MJCF and URDF (issue 16): a random tree exported and imported
// again moves the same way (its accelerations at its initial state, with
// random velocities, to 1e-12 relative against the original's); MuJoCo
// itself loads every MJCF export and agrees with it (the import's oracle);
// a URDF imported and exported again keeps its links, joints, inertias and
// limits under urdfdom; what a format cannot hold is named.

#include "tests/core/check.hpp"

#include <urdf_parser/urdf_parser.h>

#include <filesystem>
#include <functional>
#include <map>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/state.hpp"
#include "core/error.hpp"
#include "core/generate/generators.hpp"
#include "core/model/model.hpp"
#include "interchange/mjcf_import.hpp"
#include "interchange/model_export.hpp"
#include "interchange/urdf_import.hpp"
#include "tests/core/test_support.hpp"
#include "tests/interchange/mujoco_oracle.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

void addLoads(HingeSpec& h, ModelKind kind, bool urdf, Random& r);

/// A random spatial tree whose hinges the format can hold (URDF: revolute,
/// slider, weld; MJCF also ball, universal, cylindrical), a free root
/// sometimes, boxes off their frames' origins, initial orientations and
/// angular velocities that every hinge allows, slides and their rates, and
/// spring-dampers (URDF: dampers only), wide stops and limited actuators
/// with load 0 on the coordinates.
ModelSpec randomExportableTree(std::uint64_t seed, bool urdf) {
  Random r(seed);
  ModelSpec spec = generateRandomTree({static_cast<int>(4 + r.below(6)), seed, false});
  spec.gravity = urdf ? Vec3(0, 0, -9.81) : Vec3(r.uniform(-3, 3), r.uniform(-3, 3), r.uniform(-10, 10));
  for (BodySpec& b : spec.bodies) {
    b.shape.type = ShapeType::Box;
    b.shape.mass = r.uniform(0.2, 3);
    b.shape.size = Vec3(r.uniform(0.05, 0.6), r.uniform(0.05, 0.3), r.uniform(0.05, 0.3));
    b.shape.center = Vec3(r.uniform(-0.2, 0.4), r.uniform(-0.1, 0.1), r.uniform(-0.1, 0.1));
  }
  const std::vector<HingeType> urdfTypes{HingeType::Revolute, HingeType::Revolute, HingeType::Slider, HingeType::Weld};
  const std::vector<HingeType> mjcfTypes{HingeType::Revolute, HingeType::Slider, HingeType::Ball, HingeType::Weld, HingeType::Universal, HingeType::Cylindrical};
  const std::vector<HingeType>& types = urdf ? urdfTypes : mjcfTypes;
  const auto tree = compile(spec);
  for (int i = tree->bodyCount() - 1; i >= 0; --i) {  // root first
    BodySpec& b = spec.bodies[static_cast<std::size_t>(tree->body(i).specIndex)];
    HingeSpec& h = spec.hinges[static_cast<std::size_t>(tree->hinge(i).specIndex)];
    const int parent = tree->body(i).parent;
    const BodySpec* p = parent < 0 ? nullptr : &spec.bodies[static_cast<std::size_t>(tree->body(parent).specIndex)];
    h.type = !p && r.below(2) == 0 ? HingeType::Free : types[static_cast<std::size_t>(r.below(static_cast<int>(types.size())))];
    if (h.type == HingeType::Free) {
      b.output = Vec3::Zero();  // a floating root's slides move its frame origin, as MuJoCo's and URDF's floating joints do
      h.translation = Vec3(r.uniform(-1, 1), r.uniform(-1, 1), r.uniform(-1, 1));
      h.translationRate = Vec3(r.uniform(-1, 1), r.uniform(-1, 1), r.uniform(-1, 1));
    }
    h.axis = randomAxis(r);
    h.axis2 = randomAxis(r);
    h.slide = r.uniform(-0.2, 0.2);
    h.slideRate = r.uniform(-1, 1);
    const Quat parentOrientation = p ? p->orientation : Quat(1, 0, 0, 0);
    const Mat3 parentRotation = rotationFromQuaternion(parentOrientation);
    Quat relative = randomQuaternion(r);  // ball, free, slider, weld: any
    if (h.type == HingeType::Revolute || h.type == HingeType::Cylindrical) relative = quaternionFromAxisAngle(h.axis, r.uniform(-1, 1));
    if (h.type == HingeType::Universal) relative = quaternionProduct(quaternionFromAxisAngle(h.axis, r.uniform(-0.5, 0.5)), quaternionFromAxisAngle(h.axis2, r.uniform(-0.5, 0.5)));
    b.orientation = quaternionProduct(parentOrientation, relative);
    const Vec3 n = parentRotation * h.axis, n2 = rotationFromQuaternion(b.orientation) * h.axis2;
    b.angularVelocity = (p ? p->angularVelocity : Vec3::Zero()) + randomRelativeOmega(h.type, n, n2, r);
    addLoads(h, spec.kind, urdf, r);
  }
  return spec;
}

void addLoads(HingeSpec& h, ModelKind kind, bool urdf, Random& r) {
  auto one = [&](HingeLoadsSpec& loads, bool slide) {
    loads.spring = HingeSpringSpec::linear(urdf ? 0.0 : r.uniform(0, 20), r.uniform(0, 2), urdf ? 0.0 : r.uniform(-0.5, 0.5));
    // Wide: not reached here. An angle's stops stay within [-pi, pi] less its
    // initial value, the import's zero (initial angles are within +-1).
    const double reach = slide ? 10.0 : 2.0;
    loads.stops = HingeStopsSpec{-reach - r.uniform(0, 0.1), reach + r.uniform(0, 0.1)};
    // MJCF: a servo holding its reference 0 half the time (a general
    // actuator with an affine bias there; URDF has no servos).
    HingeActuatorSpec actuator = !urdf && r.below(2) == 0 ? HingeActuatorSpec::servo(TimeFunction::constant(0.0), r.uniform(0, 30), r.uniform(0, 3))
                                                           : HingeActuatorSpec::force(TimeFunction::constant(0.0));
    actuator.maxLoad = slide ? 1e4 : 1e3;  // not reached: MuJoCo clamps a servo's force there, ours its load
    loads.actuator = actuator;
    if (!urdf) loads.armature = r.uniform(0.0, 0.5);  // MJCF holds it; URDF has none
  };
  switch (h.type) {
    case HingeType::Revolute: one(h.loads, false); break;
    case HingeType::Slider: one(h.loads, true); break;
    case HingeType::Ball: h.loads.spring = HingeSpringSpec::linear(0.0, r.uniform(0, 1)); break;
    case HingeType::Universal:
      one(h.loadsOn("angle1", kind), false);
      one(h.loadsOn("angle2", kind), false);
      break;
    case HingeType::Cylindrical:
      one(h.loadsOn("slide", kind), true);
      one(h.loadsOn("angle", kind), false);
      break;
    default: break;
  }
}

/// The velocities the file does not hold, given to the imported model: each
/// body's angular velocity, each slide's rate (the import's coordinates are
/// the original's less their initial values), a free root's translation rate.
void copyVelocities(const ModelSpec& from, ModelSpec& to) {
  std::map<std::string, const BodySpec*> bodies;
  for (const BodySpec& b : from.bodies) bodies[b.name] = &b;
  for (BodySpec& b : to.bodies) {
    const BodySpec& o = *bodies.at(b.name);
    b.angularVelocity = from.kind == ModelKind::Planar ? Vec3(0.0, 0.0, o.thetaDot) : o.angularVelocity;
  }
  for (HingeSpec& h : to.hinges) {
    const BodySpec& child = to.bodies[static_cast<std::size_t>(to.bodyIndex(h.child))];
    for (const HingeSpec& o : from.hinges)
      if (from.bodies[static_cast<std::size_t>(from.bodyIndex(o.child))].name == child.name && o.atChildOutput()) {
        h.slideRate = o.slideRate;
        h.translationRate = o.translationRate;
      }
  }
}

/// max over bodies with mass (matched by name) of the relative difference of angular
/// and centre-of-mass accelerations at each model's initial state.
double accelerationDifference(const ModelSpec& a, const ModelSpec& b) {
  const auto ma = compile(a), mb = compile(b);
  SolverOutput oa, ob;
  makeSolver(SolverKind::Riccati, ma)->evaluate(initialState(*ma), oa);
  makeSolver(SolverKind::Riccati, mb)->evaluate(initialState(*mb), ob);
  std::vector<Vec3> alphaA, alphaB, accA, accB;
  for (int i = 0; i < ma->bodyCount(); ++i) {
    if (ma->body(i).mass == 0.0) continue;  // a massless frame: the import names its own
    const int j = mb->bodyByName(ma->body(i).name);
    if (j < 0) fatal("body '%s' was lost", ma->body(i).name.c_str());
    alphaA.push_back(oa.angularAcceleration[static_cast<std::size_t>(i)]);
    alphaB.push_back(ob.angularAcceleration[static_cast<std::size_t>(j)]);
    accA.push_back(oa.comAcceleration[static_cast<std::size_t>(i)]);
    accB.push_back(ob.comAcceleration[static_cast<std::size_t>(j)]);
  }
  return std::max(relativeDifference(alphaB, alphaA), relativeDifference(accB, accA));
}

}  // namespace

// Ours -> MJCF -> ours and ours -> URDF -> ours for random trees: the
// imported model has other frames (parallel to the world at the start) and
// coordinates (less their initial values), and the same dynamics. Each MJCF
// file is also checked against MuJoCo itself at random states.
TEST(ModelExport, roundTripsThroughMjcfAndUrdfKeepTheDynamics) {
  double mjcf = 0.0, urdf = 0.0, mujoco = 0.0;
  int trees = 0, bodies = 0;
  std::map<HingeType, int> seen;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    for (const bool toUrdf : {false, true}) {
      const ModelSpec original = randomExportableTree(seed, toUrdf);
      ASSERT_TRUE(errorsOf(original).empty()) << errorsOf(original);
      for (const HingeSpec& h : original.hinges) ++seen[h.type];
      const std::string path = writeTemp("export-" + std::to_string(seed) + (toUrdf ? ".urdf" : ".xml"), "");
      exportModelFile(original, path, toUrdf ? InterchangeFormat::Urdf : InterchangeFormat::Mjcf);
      ImportResult back = toUrdf ? importUrdf(path) : importMjcf(path);
      ASSERT_TRUE(errorsOf(back.spec).empty()) << errorsOf(back.spec);
      if (!toUrdf) mujoco = std::max(mujoco, agreementWithMuJoCo("export " + std::to_string(seed), path, withoutLimitsOrContacts(back.spec), 5));
      copyVelocities(original, back.spec);
      const double d = accelerationDifference(original, back.spec);
      ASSERT_TRUE(d < 1e-12) << (toUrdf ? "URDF" : "MJCF") << " seed " << seed << ": " << d;
      (toUrdf ? urdf : mjcf) = std::max(toUrdf ? urdf : mjcf, d);
      ++trees;
      bodies += static_cast<int>(original.bodies.size());
    }
  }
  std::string types;
  for (const auto& [type, n] : seen) types += std::string(" ") + toString(type) + " " + std::to_string(n);
  info("%d random trees (%d bodies; hinges:%s) exported and imported again, accelerations at a random initial state against the original's: "
       "MJCF %.2e, URDF %.2e; MuJoCo on the MJCF exports, 5 random states each: %.2e",
       trees, bodies, types.c_str(), mjcf, urdf, mujoco);
  ASSERT_TRUE(seen[HingeType::Universal] > 0 && seen[HingeType::Cylindrical] > 0 && seen[HingeType::Ball] > 0 && seen[HingeType::Free] > 0);
}

namespace {

/// Massless frames (issue 29.1) put in front of about half the bodies of a
/// tree: parent -(revolute or slider, random axis)-> frame -(the body's own
/// hinge)-> body, the frame's input end at a random offset, so the joints
/// need not meet. At rest, as the file holds no velocities; the frame's
/// angle starts at 0 so every orientation stays as the tree had it.
int insertMasslessFrames(ModelSpec& spec, Random& r, bool urdf) {
  int frames = 0;
  const std::size_t hinges = spec.hinges.size();
  for (std::size_t k = 0; k < hinges; ++k) {
    if (spec.hinges[k].type == HingeType::Free || r.below(2) != 0) continue;
    const std::optional<BodyId> parent = spec.hinges[k].parent;
    const BodySpec* p = parent ? &spec.bodies[static_cast<std::size_t>(spec.bodyIndex(*parent))] : nullptr;
    const Quat orientation = p ? p->orientation : Quat(1, 0, 0, 0);
    BodySpec& frame = spec.addBody("frame " + std::to_string(k));
    frame.shape.type = ShapeType::Custom;
    frame.shape.mass = 0.0;
    frame.shape.inertia = Mat3::Zero();
    frame.orientation = orientation;
    frame.output = Vec3::Zero();
    frame.inputs = {Vec3(r.uniform(-0.3, 0.3), r.uniform(-0.3, 0.3), r.uniform(-0.3, 0.3))};
    const BodyId id = frame.id, child = spec.hinges[k].child;
    HingeSpec& h = spec.hinges[k];
    HingeSpec in = h;  // the parent side keeps the original's attachment
    h.parent = id;
    h.parentInput = 0;
    h.anchor = Vec3::Zero();
    in.child = id;
    in.name = "to frame " + std::to_string(k);
    in.type = r.below(3) == 0 ? HingeType::Slider : HingeType::Revolute;
    in.axis = randomAxis(r);
    in.slide = r.uniform(-0.2, 0.2);
    in.loads = {};
    in.coordinateLoads.clear();
    addLoads(in, spec.kind, urdf, r);
    in.id = spec.nextHingeId();
    spec.hinges.push_back(in);
    (void)child;
    ++frames;
  }
  for (BodySpec& b : spec.bodies) b.angularVelocity.setZero();
  for (HingeSpec& h : spec.hinges) h.slideRate = 0.0, h.translationRate.setZero();
  return frames;
}

}  // namespace

// Trees with massless frames: MuJoCo refuses moving bodies without mass,
// so the MJCF export writes each frame's joint into its child's body, where
// MuJoCo applies a body's joints in order; the import makes the frames
// again. URDF writes a frame as a link without <inertial> (its own idiom
// for several joints between two links), which the import takes as a
// massless frame. The dynamics survive both trips, and MuJoCo on the MJCF
// export agrees.
TEST(ModelExport, masslessFramesRoundTripThroughMjcfAndUrdf) {
  double mjcf = 0.0, urdf = 0.0, mujoco = 0.0;
  int frames = 0, trees = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    for (const bool toUrdf : {false, true}) {
      ModelSpec original = randomExportableTree(seed, toUrdf);
      Random r(seed + 500);
      frames += insertMasslessFrames(original, r, toUrdf);
      ASSERT_TRUE(errorsOf(original).empty()) << errorsOf(original);
      const std::string path = writeTemp("frames-" + std::to_string(seed) + (toUrdf ? ".urdf" : ".xml"), "");
      exportModelFile(original, path, toUrdf ? InterchangeFormat::Urdf : InterchangeFormat::Mjcf);
      const ImportResult imported = toUrdf ? importUrdf(path) : importMjcf(path);
      ASSERT_TRUE(errorsOf(imported.spec).empty()) << errorsOf(imported.spec);
      if (!toUrdf) mujoco = std::max(mujoco, agreementWithMuJoCo("frames " + std::to_string(seed), path, withoutLimitsOrContacts(imported.spec), 5));
      const double d = accelerationDifference(original, imported.spec);
      ASSERT_TRUE(d < 1e-12) << (toUrdf ? "URDF" : "MJCF") << " seed " << seed << ": " << d;
      (toUrdf ? urdf : mjcf) = std::max(toUrdf ? urdf : mjcf, d);
      ++trees;
    }
  }
  info("%d random trees with %d massless frames (revolute and slider hinges; springs, stops, actuators, MJCF: servos and armature) exported and "
       "imported again, accelerations against the original's: MJCF %.2e, URDF %.2e; MuJoCo on the MJCF exports, 5 random states each: %.2e",
       trees, frames, mjcf, urdf, mujoco);
  ASSERT_TRUE(frames >= 40);
}

namespace {

/// Each link's placement in the world at the zero configuration, from a
/// urdfdom model (the parser the ROS tools use).
std::map<std::string, std::pair<Mat3, Vec3>> linkPlacements(const urdf::ModelInterface& robot) {
  std::map<std::string, std::pair<Mat3, Vec3>> out;
  auto placement = [](const urdf::Pose& p) {
    return std::pair<Mat3, Vec3>(rotationFromQuaternion(Quat(p.rotation.w, p.rotation.x, p.rotation.y, p.rotation.z)), Vec3(p.position.x, p.position.y, p.position.z));
  };
  std::function<void(const urdf::Link&, const std::pair<Mat3, Vec3>&)> walk = [&](const urdf::Link& link, const std::pair<Mat3, Vec3>& world) {
    out[link.name] = world;
    for (const urdf::JointSharedPtr& j : link.child_joints) {
      const auto local = placement(j->parent_to_joint_origin_transform);
      walk(*robot.getLink(j->child_link_name), {world.first * local.first, world.first * local.second + world.second});
    }
  };
  walk(*robot.getRoot(), {Mat3::Identity(), Vec3::Zero()});
  return out;
}

}  // namespace

// A URDF read and written again: urdfdom finds the same links and joints
// (types, parents, children), the same inertias and joint axes and origins
// (in the world at the zero configuration: the export's link frames are
// parallel to the world there), and the same limits and efforts.
TEST(ModelExport, aUrdfImportedAndExportedAgainKeepsItsLinksJointsInertiasAndLimits) {
  const std::string original = R"(<robot name="arm">
  <link name="base"><inertial><origin xyz="0 0 0.05"/><mass value="2"/><inertia ixx="0.02" ixy="0" ixz="0" iyy="0.02" iyz="0" izz="0.03"/></inertial></link>
  <joint name="shoulder" type="revolute"><parent link="base"/><child link="upper"/><origin xyz="0 0 0.1" rpy="0.2 -0.1 0.3"/><axis xyz="0 0 1"/>
    <limit lower="-2" upper="2" effort="30" velocity="3"/><dynamics damping="0.2"/></joint>
  <link name="upper"><inertial><origin xyz="0.15 0.01 0" rpy="0.3 0.2 -0.4"/><mass value="1.1"/><inertia ixx="0.002" ixy="0.0001" ixz="0" iyy="0.011" iyz="-0.0002" izz="0.012"/></inertial></link>
  <joint name="elbow" type="continuous"><parent link="upper"/><child link="fore"/><origin xyz="0.3 0 0" rpy="0 0.4 0"/><axis xyz="0 1 0.3"/><dynamics damping="0.05"/></joint>
  <link name="fore"><inertial><origin xyz="0.12 0 0"/><mass value="0.7"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.006" iyz="0" izz="0.006"/></inertial></link>
  <joint name="wrist" type="fixed"><parent link="fore"/><child link="hand"/><origin xyz="0.25 0 0" rpy="0 0 0.5"/></joint>
  <link name="hand"><inertial><origin xyz="0.03 0 0"/><mass value="0.3"/><inertia ixx="0.0002" ixy="0" ixz="0" iyy="0.0003" iyz="0" izz="0.0003"/></inertial></link>
  <joint name="finger" type="prismatic"><parent link="hand"/><child link="slider"/><origin xyz="0.06 0 0" rpy="0.1 0 0"/><axis xyz="1 0 0"/>
    <limit lower="0" upper="0.05" effort="10" velocity="0.2"/></joint>
  <link name="slider"><inertial><mass value="0.1"/><inertia ixx="0.0001" ixy="0" ixz="0" iyy="0.0001" iyz="0" izz="0.0001"/></inertial></link>
</robot>)";
  const std::string path = writeTemp("roundtrip.urdf", original), again = writeTemp("roundtrip-again.urdf", "");
  const ExportResult written = exportModelFile(importUrdf(path).spec, again, InterchangeFormat::Urdf);
  const urdf::ModelInterfaceSharedPtr a = urdf::parseURDF(original), b = urdf::parseURDFFile(again);
  ASSERT_TRUE(a && b);
  const auto pa = linkPlacements(*a), pb = linkPlacements(*b);
  double inertia = 0.0, frames = 0.0;
  for (const auto& [name, link] : a->links_) {
    ASSERT_TRUE(b->getLink(name)) << name;
    const urdf::Inertial& ia = *link->inertial;
    const urdf::Inertial& ib = *b->getLink(name)->inertial;
    auto world = [](const urdf::Inertial& in, const std::pair<Mat3, Vec3>& link) {
      Mat3 j;
      j << in.ixx, in.ixy, in.ixz, in.ixy, in.iyy, in.iyz, in.ixz, in.iyz, in.izz;
      const Mat3 r = link.first * rotationFromQuaternion(Quat(in.origin.rotation.w, in.origin.rotation.x, in.origin.rotation.y, in.origin.rotation.z));
      return std::pair<Mat3, Vec3>(r * j * r.transpose(), link.first * Vec3(in.origin.position.x, in.origin.position.y, in.origin.position.z) + link.second);
    };
    const auto wa = world(ia, pa.at(name)), wb = world(ib, pb.at(name));
    ASSERT_SAME(ia.mass, ib.mass);
    inertia = std::max({inertia, (wa.first - wb.first).norm() / wa.first.norm(), (wa.second - wb.second).norm()});
    frames = std::max(frames, (pa.at(name).second - pb.at(name).second).norm());
  }
  ASSERT_SAME(b->links_.size(), a->links_.size() + 1);  // and the world link the export hangs the tree from
  for (const auto& [name, ja] : a->joints_) {
    const urdf::JointConstSharedPtr jb = b->getJoint(name);
    ASSERT_TRUE(jb) << name;
    ASSERT_SAME(jb->type, ja->type);
    ASSERT_SAME(jb->parent_link_name, ja->parent_link_name);
    ASSERT_SAME(jb->child_link_name, ja->child_link_name);
    if (ja->type == urdf::Joint::FIXED) continue;
    const Vec3 axisA = pa.at(ja->child_link_name).first * Vec3(ja->axis.x, ja->axis.y, ja->axis.z).normalized();
    const Vec3 axisB = pb.at(jb->child_link_name).first * Vec3(jb->axis.x, jb->axis.y, jb->axis.z);
    frames = std::max(frames, (axisA - axisB).norm());
    if (ja->type == urdf::Joint::CONTINUOUS) continue;
    ASSERT_SAME(jb->limits->lower, ja->limits->lower);
    ASSERT_SAME(jb->limits->upper, ja->limits->upper);
    ASSERT_SAME(jb->limits->effort, ja->limits->effort);
    ASSERT_SAME(jb->dynamics ? jb->dynamics->damping : 0.0, ja->dynamics ? ja->dynamics->damping : 0.0);
  }
  info("a URDF imported and exported again, both parsed by urdfdom: inertias (world axes, relative) and centres of mass %.1e, link origins and joint axes %.1e; "
       "limits, efforts and damping equal; not written: %zu messages",
       inertia, frames, written.notWritten.size());
  ASSERT_TRUE(inertia < 1e-14 && frames < 1e-14);
}

// What a format cannot hold is named, one message per element; a hinge
// type the format has no joint for refuses the export, naming the hinge.
TEST(ModelExport, whatAFormatCannotHoldIsNamedAndStructureItLacksIsRefused) {
  ModelSpec spec = randomExportableTree(3, false);
  spec.bodies[0].loads.push_back(BodyLoadSpec{});
  spec.bodies[0].loads.back().name = "push";
  spec.springs.push_back(SpringDamperSpec::between("strut", spec.bodies[0].name, Vec3::Zero(), spec.bodies[1].name, Vec3::Zero(), 10, 1, 0.5));
  const ExportResult mjcf = exportMjcf(spec);
  std::string all;
  for (const std::string& n : mjcf.notWritten) all += n + "\n";
  for (const char* part : {"external load 'push' is not written (MJCF has no external loads)", "spring-damper 'strut': point-to-point spring-dampers are not written",
                           "its initial angular velocity is not written", "its actuator is written as a motor of gear 1",
                           "its stops are written as a range (MuJoCo's limits are soft constraints"})
    ASSERT_TRUE(contains(all, part)) << part << "\n" << all;
  auto refusal = [](const std::function<void()>& f) {
    try {
      f();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("written");
  };
  const std::string ball = refusal([&] { exportUrdf(spec); });
  ASSERT_TRUE(contains(ball, "URDF has no ball joint") || contains(ball, "URDF has no universal joint") || contains(ball, "URDF has no cylindrical joint")) << ball;
  ModelSpec broken = generateRandomTree({4, 1, true});
  broken.bodies[2].shape.mass = -1.0;
  const std::string invalid = refusal([&] { exportMjcf(broken); });
  ASSERT_TRUE(contains(invalid, "export to MJCF: the model has errors; the first: body 'b2': mass must be positive")) << invalid;
  // Massless frames MJCF cannot hold: a rotation after a ball with only a
  // frame between them (MuJoCo refuses it), and a frame with two children.
  ModelSpec frames;
  frames.name = "frames";
  auto cylinder = [&frames](const char* name, bool massless) {
    BodySpec& b = frames.addBody(name);
    b.output = Vec3::Zero();
    b.inputs = {Vec3(0.2, 0, 0)};
    b.shape.type = massless ? ShapeType::Custom : ShapeType::Cylinder;
    if (massless) b.shape.mass = 0.0, b.shape.inertia = Mat3::Zero();
    return b.id;
  };
  const BodyId a = cylinder("a", false), f = cylinder("frame", true), c = cylinder("c", false);
  frames.addHinge("root", HingeType::Revolute, a, std::nullopt);
  frames.addHinge("shoulder", HingeType::Ball, f, a);
  frames.addHinge("elbow", HingeType::Revolute, c, f);
  ASSERT_TRUE(errorsOf(frames).empty()) << errorsOf(frames);
  const std::string afterBall = refusal([&] { exportMjcf(frames); });
  ASSERT_TRUE(contains(afterBall, "hinge 'elbow': MJCF cannot hold it after ball hinge 'shoulder'")) << afterBall;
  frames.hinges[1].type = HingeType::Revolute;
  frames.bodies[1].inputs.push_back(Vec3(0, 0.2, 0));
  const BodyId d = cylinder("d", false);
  frames.addHinge("wrist", HingeType::Revolute, d, f, 1);
  ASSERT_TRUE(errorsOf(frames).empty()) << errorsOf(frames);
  const std::string twoChildren = refusal([&] { exportMjcf(frames); });
  ASSERT_TRUE(contains(twoChildren, "body 'frame': MJCF cannot hold this massless body")) << twoChildren;
  info("refused exports:\n  %s\n  %s\n  %s\n  %s", ball.c_str(), invalid.c_str(), afterBall.c_str(), twoChildren.c_str());
}

// A chain longer than the call stack is deep when each link takes a frame
// (a 20,000-link URDF crashed the first, recursive import): imported,
// written as URDF and MJCF and read back, with files that grow with N.
TEST(ModelExport, longChainsImportAndExportWithoutRecursion) {
  const int n = 25000;
  std::string urdf = "<robot name=\"long\">\n";
  for (int i = 0; i < n; ++i) {
    urdf += "<link name=\"l" + std::to_string(i) +
            "\"><inertial><origin xyz=\"0.05 0 0\"/><mass value=\"1\"/><inertia ixx=\"0.001\" ixy=\"0\" ixz=\"0\" iyy=\"0.001\" iyz=\"0\" izz=\"0.001\"/></inertial></link>\n";
    if (i > 0)
      urdf += "<joint name=\"j" + std::to_string(i) + "\" type=\"continuous\"><parent link=\"l" + std::to_string(i - 1) + "\"/><child link=\"l" + std::to_string(i) +
              "\"/><origin xyz=\"0.1 0 0\"/><axis xyz=\"0 " + std::to_string(i % 2) + " " + std::to_string(1 - i % 2) + "\"/></joint>\n";
  }
  urdf += "</robot>\n";
  const ImportResult imported = importUrdf(writeTemp("long.urdf", urdf));
  ASSERT_SAME(imported.spec.bodies.size(), std::size_t(n));
  const std::string again = writeTemp("long-again.urdf", ""), mjcf = writeTemp("long.xml", "");
  exportModelFile(imported.spec, again, InterchangeFormat::Urdf);
  exportModelFile(imported.spec, mjcf, InterchangeFormat::Mjcf);
  ASSERT_SAME(importUrdf(again).spec.bodies.size(), std::size_t(n));
  const auto bytes = std::filesystem::file_size(mjcf);
  info("a chain of %d links: imported, exported to URDF (%.1f MB) and read back, and to MJCF (%.1f MB; MuJoCo's tinyxml2 refuses nesting that deep)", n,
       static_cast<double>(std::filesystem::file_size(again)) / 1e6, static_cast<double>(bytes) / 1e6);
  ASSERT_TRUE(bytes < 1000u * n);  // indentation does not grow with depth
}

// A planar model is written as the spatial model it stands for (its pins
// hinges about z, its bodies turned about z): chains and trees of pins and
// sliders with springs and dampers, through MJCF and URDF and back, move as
// the planar original does.
TEST(ModelExport, planarModelsAreWrittenAsTheSpatialModelsTheyStandFor) {
  double worst = 0.0;
  std::vector<std::string> notes;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    ModelSpec planar = generateRandomTree({static_cast<int>(4 + seed % 5), seed, true});
    Random r(seed);
    planar.gravity = Vec3(0.0, 0.0, 0.0);  // URDF holds no gravity: none, so both files mean the same
    for (BodySpec& b : planar.bodies) b.thetaDot = r.uniform(-2, 2);
    for (HingeSpec& h : planar.hinges) {
      if (h.type == HingeType::Pin) {
        h.loads.spring = HingeSpringSpec::linear(r.uniform(0, 10), r.uniform(0, 1), r.uniform(-0.5, 0.5));
      }
    }
    ASSERT_TRUE(errorsOf(planar).empty()) << errorsOf(planar);
    for (const bool toUrdf : {false, true}) {
      ModelSpec original = planar;
      if (toUrdf)
        for (HingeSpec& h : original.hinges)
          if (h.loads.spring) h.loads.spring->stiffness = 0.0;  // URDF has dampers only
      const std::string path = writeTemp("planar-" + std::to_string(seed) + (toUrdf ? ".urdf" : ".xml"), "");
      const ExportResult written = exportModelFile(original, path, toUrdf ? InterchangeFormat::Urdf : InterchangeFormat::Mjcf);
      if (seed == 1) notes.insert(notes.end(), written.notWritten.begin(), written.notWritten.end());
      ImportResult back = toUrdf ? importUrdf(path) : importMjcf(path);
      back.spec.gravity = original.gravity;
      ASSERT_TRUE(errorsOf(back.spec).empty()) << errorsOf(back.spec);
      copyVelocities(original, back.spec);
      const double d = accelerationDifference(original, back.spec);
      if (d > 1e-12) info("seed %d %s: %.2e", static_cast<int>(seed), toUrdf ? "URDF" : "MJCF", d);
      worst = std::max(worst, d);
    }
  }
  std::string all;
  for (const std::string& n : notes) all += "  " + n + "\n";
  info("10 random planar trees of pins (springs, dampers) exported as MJCF and URDF and imported again (spatial): accelerations against the planar "
       "original's %.2e; not written for the first:\n%s",
       worst, all.c_str());
  ASSERT_TRUE(worst < 1e-12) << worst;
}
