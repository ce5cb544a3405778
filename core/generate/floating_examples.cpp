#include "core/generate/floating_examples.hpp"

#include <cmath>
#include <numbers>

namespace mstmm {

namespace {

/// A bar (box) along its body x axis: output end O at the origin, input end
/// I_1 at (length, 0, 0), turned by `orientation`.
BodySpec& addBar(ModelSpec& spec, const std::string& name, double length, double mass, const Quat& orientation) {
  BodySpec& b = spec.addBody(name);
  b.shape.type = ShapeType::Box;
  b.shape.mass = mass;
  b.shape.size = Vec3(length, 0.08, 0.05);
  b.shape.center = Vec3(0.5 * length, 0.0, 0.0);
  b.inputs = {Vec3(length, 0.0, 0.0)};
  b.output = Vec3::Zero();
  b.orientation = orientation;
  return b;
}

Mat3 rotationOf(const BodySpec& b) { return rotationFromQuaternion(b.orientation.normalized()); }

BodySpec& byName(ModelSpec& spec, const std::string& name) {
  for (BodySpec& b : spec.bodies)
    if (b.name == name) return b;
  return spec.bodies.front();
}

}  // namespace

ModelSpec generateEightBodySystem(bool gravity) {
  ModelSpec spec;
  spec.name = gravity ? "eight-body system of 001 (thrown under gravity)" : "eight-body system of 001 (zero gravity)";
  spec.gravity = gravity ? Vec3(0.0, -9.81, 0.0) : Vec3::Zero();
  spec.simulation.endTime = 10.0;
  spec.simulation.timeStep = 1e-3;
  const Quat identity(1.0, 0.0, 0.0, 0.0);
  BodySpec& b1 = spec.addBody("1");
  b1.shape.type = ShapeType::Box;
  b1.shape.mass = 12.0;
  b1.shape.size = Vec3(0.6, 0.4, 0.3);
  b1.shape.center = Vec3::Zero();
  b1.inputs = {Vec3(0.3, 0.0, 0.0), Vec3(-0.3, 0.0, 0.0), Vec3(0.0, 0.2, 0.0), Vec3(0.0, 0.0, 0.15)};
  b1.output = Vec3::Zero();
  b1.angularVelocity = Vec3(0.4, 0.8, -0.5);
  const BodyId one = b1.id;
  const BodyId two = addBar(spec, "2", 0.5, 2.0, identity).id;
  const BodyId three = addBar(spec, "3", 0.4, 1.5, quaternionFromAxisAngle(Vec3::UnitZ(), 0.7)).id;
  const BodyId four = addBar(spec, "4", 0.5, 2.0, quaternionFromAxisAngle(Vec3::UnitZ(), std::numbers::pi)).id;
  const BodyId five = addBar(spec, "5", 0.4, 1.0, quaternionFromAxisAngle(Vec3::UnitZ(), std::numbers::pi)).id;
  const BodyId six = addBar(spec, "6", 0.5, 2.0, quaternionFromAxisAngle(Vec3::UnitZ(), 0.5 * std::numbers::pi)).id;
  const BodyId seven = addBar(spec, "7", 0.5, 2.0, quaternionFromAxisAngle(Vec3::UnitY(), -0.5 * std::numbers::pi)).id;
  const BodyId eight = addBar(spec, "8", 0.3, 0.8, quaternionFromAxisAngle(Vec3(1.0, 1.0, 0.0).normalized(), 0.6)).id;

  HingeSpec& root = spec.addHinge("float", HingeType::Free, one, std::nullopt);
  root.translation = Vec3(0.0, 1.0, 0.0);
  root.translationRate = Vec3(0.05, gravity ? 4.0 : 0.1, 0.0);  // slow drift: the system stays in view
  spec.addHinge("2-1", HingeType::Ball, two, one, 0);
  spec.addHinge("3-2", HingeType::Revolute, three, two, 0).axis = Vec3::UnitZ();
  HingeSpec& cross = spec.addHinge("4-1", HingeType::Universal, four, one, 1);
  cross.axis = Vec3::UnitZ();
  cross.axis2 = Vec3::UnitY();
  HingeSpec& telescope = spec.addHinge("5-4", HingeType::Cylindrical, five, four, 0);
  telescope.axis = Vec3::UnitX();
  telescope.slideRate = 0.02;  // nothing stops the slides: small rates keep the bodies together for 10 s
  HingeSpec& plane = spec.addHinge("6-1", HingeType::Planar, six, one, 2);
  plane.axis = Vec3::UnitZ();
  plane.axis2 = Vec3::UnitX();
  plane.translationRate = Vec3(0.01, -0.02, 0.0);
  spec.addHinge("7-1", HingeType::Revolute, seven, one, 3).axis = Vec3::UnitX();
  HingeSpec& line = spec.addHinge("8-7", HingeType::PointOnLine, eight, seven, 0);
  line.axis = Vec3::UnitX();
  line.slide = -0.25;  // mid-rod
  line.slideRate = 0.02;

  // Nothing stops a slide, and the spin would fling bodies 5, 6 and 8 off
  // along theirs: struts hold them (internal forces along the line between
  // their points, so momentum is still conserved exactly).
  auto strut = [&](const std::string& name, const std::string& a, const Vec3& pa, const std::string& b, const Vec3& pb, double rest) {
    spec.springs.push_back(SpringDamperSpec::between(name, a, pa, b, pb, 200.0, 2.0, rest));
  };
  strut("telescope spring", "5", Vec3::Zero(), "4", Vec3(0.25, 0.0, 0.0), 0.25);
  strut("plane spring +x", "6", Vec3::Zero(), "1", Vec3(0.2, 0.0, 0.0), std::sqrt(0.08));
  strut("plane spring -x", "6", Vec3::Zero(), "1", Vec3(-0.2, 0.0, 0.0), std::sqrt(0.08));
  strut("line spring", "8", Vec3::Zero(), "7", Vec3::Zero(), 0.25);

  // Angular velocities root first: Omega_tip = Omega_root + what each hinge lets turn.
  auto relative = [&](const char* tip, const char* rootSide, const Vec3& omega) {
    byName(spec, tip).angularVelocity = byName(spec, rootSide).angularVelocity + omega;
  };
  const Mat3 a1 = rotationOf(byName(spec, "1")), a2 = rotationOf(byName(spec, "2")), a4 = rotationOf(byName(spec, "4"));
  relative("2", "1", Vec3(1.0, -0.5, 2.0));
  relative("3", "2", 2.5 * (a2 * Vec3::UnitZ()));
  relative("4", "1", 1.2 * (a1 * Vec3::UnitZ()) - 0.8 * (a4 * Vec3::UnitY()));
  relative("5", "4", 3.0 * (a4 * Vec3::UnitX()));
  relative("6", "1", 1.0 * (a1 * Vec3::UnitZ()));
  relative("7", "1", -1.5 * (a1 * Vec3::UnitX()));
  relative("8", "7", Vec3(0.5, 1.5, -1.0));
  return spec;
}

ModelSpec generateLoadedEightBodySystem() {
  ModelSpec spec = generateEightBodySystem(false);
  spec.name = "eight-body system of 001 held by loads on its hinges' coordinates";
  spec.springs.clear();
  const ModelKind kind = spec.kind;
  auto hinge = [&](const std::string& name) -> HingeSpec& {
    for (HingeSpec& h : spec.hinges)
      if (h.name == name) return h;
    return spec.hinges.front();
  };
  HingeSpec& telescope = hinge("5-4");
  telescope.loadsOn("slide", kind).spring = HingeSpringSpec::linear(200.0, 2.0);
  telescope.loadsOn("slide", kind).stops = HingeStopsSpec{-0.05, 0.05, 2e4, 20.0};
  telescope.loadsOn("angle", kind).spring = HingeSpringSpec::linear(2.0, 0.0);
  HingeSpec& plane = hinge("6-1");
  plane.loadsOn("s1", kind).spring = HingeSpringSpec::linear(200.0, 2.0);
  plane.loadsOn("s2", kind).spring = HingeSpringSpec::linear(200.0, 0.0);
  TimeFunction torque;
  torque.kind = TimeFunctionKind::Sine;
  torque.amplitude = 0.5;
  torque.frequency = 0.3;
  plane.loadsOn("angle", kind).actuator = HingeActuatorSpec::force(torque);
  HingeSpec& line = hinge("8-7");
  line.loadsOn("s", kind).spring = HingeSpringSpec::linear(100.0, 1.0, -0.25);
  line.loadsOn("rotation", kind).spring = HingeSpringSpec::linear(1.0, 0.01);
  // The universal hinge starts at angle1 = pi (body 4 is turned half a turn
  // about z) with the rates the base example gives it: 1.2 and -0.8 rad/s.
  HingeSpec& cross = hinge("4-1");
  TimeFunction swing;
  swing.kind = TimeFunctionKind::Sine;
  swing.amplitude = 0.6;
  swing.frequency = 0.5;
  swing.phase = std::acos(1.2 / (swing.amplitude * 2.0 * std::numbers::pi * swing.frequency));
  swing.value = std::numbers::pi - swing.amplitude * std::sin(swing.phase);
  cross.loadsOn("angle1", kind).motion = swing;
  cross.loadsOn("angle2", kind).spring = HingeSpringSpec::linear(8.0, 0.1);
  cross.loadsOn("angle2", kind).stops = HingeStopsSpec{-0.6, 0.6, 500.0, 1.0};
  return spec;
}

ModelSpec generateCardanShaft(double bend, double speed) {
  ModelSpec spec;
  spec.name = "Cardan shaft";
  spec.gravity = Vec3::Zero();
  spec.simulation.endTime = 2.0 * std::numbers::pi / speed;  // one revolution of the input
  spec.simulation.timeStep = 1e-3;
  const double length = 0.4;
  const Vec3 d(std::cos(bend), std::sin(bend), 0.0);
  auto shaft = [&](const std::string& name, const Quat& orientation) -> BodySpec& {
    BodySpec& b = spec.addBody(name);
    b.shape.type = ShapeType::Cylinder;
    b.shape.mass = 1.0;
    b.shape.length = length;
    b.shape.radius = 0.03;
    b.inputs = {Vec3(length, 0.0, 0.0)};
    b.output = Vec3::Zero();
    b.orientation = orientation;
    return b;
  };
  BodySpec& in = shaft("input", Quat(1.0, 0.0, 0.0, 0.0));
  in.angularVelocity = Vec3(speed, 0.0, 0.0);
  const BodyId input = in.id;
  BodySpec& out = shaft("output", quaternionFromAxisAngle(Vec3::UnitZ(), bend));
  out.angularVelocity = speed * std::cos(bend) * d;  // the closed form at input angle 0
  const BodyId output = out.id;
  HingeSpec& drive = spec.addHinge("bearing-in", HingeType::Revolute, input, std::nullopt);
  drive.axis = Vec3::UnitX();
  TimeFunction motion;
  motion.kind = TimeFunctionKind::Ramp;
  motion.slope = speed;
  drive.loads.motion = motion;
  HingeSpec& cross = spec.addHinge("cross", HingeType::Universal, output, input, 0);
  cross.axis = Vec3::UnitZ();   // input yoke, normal to the plane of the shafts at the start
  cross.axis2 = Vec3::UnitY();  // output yoke, in the output shaft's frame
  // The output bearing lets its shaft turn and float axially: a point-on-line
  // cut to the ground along d. (A revolute or ball bearing there would
  // repeat constraints the cross already imposes: the shafts' axes meet at
  // the cross, so the mechanism is spherical and only 2 of a revolute cut's
  // 5 rows are independent.)
  HingeSpec& bearing = spec.addHinge("bearing-out", HingeType::PointOnLine, output, std::nullopt);
  bearing.childEnd = 0;  // the output shaft's far end
  bearing.anchor = Vec3(length, 0.0, 0.0) + length * d;
  bearing.axis = d;
  return spec;
}

ModelSpec generateCrankSliderAsPrinted(double l, double m, double crankAngle) {
  ModelSpec spec;
  spec.name = "crank-slider of 004 Ex. 3.3 as printed";
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3(0.0, -9.81, 0.0);
  spec.simulation.endTime = 5.0;
  spec.simulation.timeStep = 1e-3;
  spec.simulation.loopStabilisation = LoopStabilisation::Projection;
  const Vec3 a = Vec3::Zero(), b(2 * l * std::cos(crankAngle), 2 * l * std::sin(crankAngle), 0.0), c(4 * l * std::cos(crankAngle), 0.0, 0.0);
  auto rod = [&](const std::string& name, const Vec3& from, const Vec3& to) {
    BodySpec& body = spec.addBody(name);
    const Vec3 e = to - from;
    body.shape.type = ShapeType::Rod;
    body.shape.length = e.norm();
    body.shape.mass = m;
    body.output = Vec3(e.norm(), 0.0, 0.0);
    body.theta = std::atan2(e.y(), e.x());
    return body.id;
  };
  const BodyId rodId = rod("rod", b, c);      // B2: from the crank pin B to its end C on the x axis
  const BodyId crankId = rod("crank", a, b);  // B1: from the pivot A to B
  HingeSpec& line = spec.addHinge("line", HingeType::PointOnLine, rodId, std::nullopt);
  line.axis = Vec3::UnitX();
  line.slide = c.x();
  spec.addHinge("B", HingeType::Pin, crankId, rodId, 0);
  HingeSpec& pivot = spec.addHinge("A", HingeType::Pin, crankId, std::nullopt);
  pivot.childEnd = 0;
  pivot.anchor = a;
  return spec;
}

}  // namespace mstmm
