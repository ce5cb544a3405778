#include "core/generate/loaded_examples.hpp"

#include <cmath>
#include <numbers>

#include "core/error.hpp"
#include "core/generate/linkages.hpp"
#include "core/math/rotation.hpp"

namespace mstmm {

namespace {

constexpr double kGravity = 9.81;

/// A planar rod hanging from its output end O (at the origin of its input
/// end I + L along the body x axis), angle theta from the x axis to I->O.
BodyId addRod(ModelSpec& spec, const std::string& name, double length, double mass, double theta) {
  BodySpec& b = spec.addBody(name);
  b.shape.type = ShapeType::Rod;
  b.shape.mass = mass;
  b.shape.length = length;
  b.output = Vec3(length, 0, 0);
  b.theta = theta;
  return b.id;
}

ModelSpec planar(const std::string& name, double endTime) {
  ModelSpec spec;
  spec.name = name;
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3(0, -kGravity, 0);
  spec.simulation.endTime = endTime;
  return spec;
}

/// A block of `mass` (a box `size` wide, `height` tall, default square)
/// whose output end is its centre.
BodyId addBlock(ModelSpec& spec, const std::string& name, double mass, double size, double height = 0.0) {
  BodySpec& b = spec.addBody(name);
  b.shape.type = ShapeType::Box;
  b.shape.mass = mass;
  b.shape.size = Vec3(size, height > 0.0 ? height : size, size / 2);
  b.shape.center = Vec3(size / 2, 0, 0);
  b.output = Vec3(size / 2, 0, 0);
  return b.id;
}

}  // namespace

ModelSpec generateDampedDoublePendulum() {
  ModelSpec spec = planar("damped double pendulum", 10.0);
  const double down = std::numbers::pi / 2;  // I below O: hanging straight down
  const BodyId upper = addRod(spec, "upper", 1.0, 1.0, down + std::numbers::pi / 3);
  const BodyId lower = addRod(spec, "lower", 1.0, 1.0, down + std::numbers::pi / 6);
  spec.addHinge("shoulder", HingeType::Pin, upper, std::nullopt).loads.spring = HingeSpringSpec::linear(0.0, 0.05);
  spec.addHinge("elbow", HingeType::Pin, lower, upper).loads.spring = HingeSpringSpec::linear(0.0, 0.05);
  return spec;
}

ModelSpec generateDrivenPendulum() {
  ModelSpec spec = planar("motor-driven pendulum", 10.0);
  const double rate = 2.0;
  const BodyId crank = addRod(spec, "crank", 0.3, 0.5, 0.0);
  spec.bodies.back().thetaDot = rate;
  const BodyId pendulum = addRod(spec, "pendulum", 0.6, 1.0, std::numbers::pi / 2);
  spec.bodies.back().thetaDot = rate;  // starts turning with the crank
  TimeFunction motion;
  motion.kind = TimeFunctionKind::Ramp;
  motion.slope = rate;
  spec.addHinge("motor", HingeType::Pin, crank, std::nullopt).loads.motion = motion;
  spec.addHinge("pivot", HingeType::Pin, pendulum, crank).loads.spring = HingeSpringSpec::linear(0.0, 0.02);
  return spec;
}

ModelSpec generateDrivenCrankSlider(double crankAngle) {
  CrankSliderOptions o;
  o.crankAngle = crankAngle;
  o.crankRate = 2.0 * std::numbers::pi;
  ModelSpec spec = generateCrankSlider(o);
  spec.name = "motor-driven crank-slider";
  spec.simulation.endTime = 5.0;
  TimeFunction motion;
  motion.kind = TimeFunctionKind::Ramp;
  for (const BodySpec& b : spec.bodies)  // the crank's angle as drawn, in (-pi, pi]
    if (b.name == "crank") motion.value = b.theta;
  motion.slope = o.crankRate;
  for (HingeSpec& h : spec.hinges)
    if (h.name == "A") h.loads.motion = motion;
  return spec;
}

ModelSpec generateServoArm() {
  ModelSpec spec = planar("three-link arm with PD servos", 10.0);
  const double down = std::numbers::pi / 2;  // I below O: hanging
  const char* names[] = {"link 1", "link 2", "link 3"};
  const char* joints[] = {"joint 1", "joint 2", "joint 3"};
  std::optional<BodyId> parent;
  for (int k = 0; k < 3; ++k) {
    const BodyId link = addRod(spec, names[k], 0.5, 4.0 - k, down);
    HingeSpec& joint = spec.addHinge(joints[k], HingeType::Pin, link, parent);
    HingeActuatorSpec servo = HingeActuatorSpec::servo(TimeFunction{}, 0.0, 0.0);
    servo.reference.kind = TimeFunctionKind::Sine;
    servo.reference.amplitude = 0.6 / (k + 1);
    servo.reference.frequency = 0.25 * (k + 1);
    servo.reference.value = k == 0 ? down : 0.0;  // the first joint's angle is absolute
    // Gains with kd / J of about 10 1/s: a servo's damping is a stiff mode,
    // and RK4 at 1 ms stays accurate for h kd / J well below 1.
    servo.kp = 50.0;
    servo.kd = 2.0;
    servo.maxLoad = 30.0;
    joint.loads.actuator = servo;
    parent = link;
  }
  return spec;
}

ModelSpec generateQuarterCar() {
  ModelSpec spec = planar("quarter car over a step (003 §2.5 strut)", 3.0);
  const double body = 200.0, wheel = 40.0, strutK = 9.16e4, strutD = 1.44e4, strutRest = 0.345;
  const double tyreK = 1.5e5, tyreD = 300.0, tyreRest = 0.3;
  // Flat blocks, so that the strut between them shows (rotation is locked:
  // the shapes' inertia plays no part).
  const BodyId road = addBlock(spec, "road", 1.0, 0.1);
  const BodyId hub = addBlock(spec, "wheel", wheel, 0.3, 0.1);
  const BodyId chassis = addBlock(spec, "body", body, 0.5, 0.12);
  HingeSpec& ground = spec.addHinge("road profile", HingeType::Slider, road, std::nullopt);
  ground.axis = Vec3::UnitY();
  TimeFunction step;
  step.kind = TimeFunctionKind::Step;
  step.to = 0.05;
  step.start = 0.5;
  step.duration = 0.05;
  ground.loads.motion = step;
  // Static equilibrium: the tyre carries both masses, the strut the body.
  HingeSpec& tyre = spec.addHinge("tyre", HingeType::Slider, hub, road);
  tyre.axis = Vec3::UnitY();
  tyre.slide = tyreRest - (body + wheel) * kGravity / tyreK;
  tyre.loads.spring = HingeSpringSpec::linear(tyreK, tyreD, tyreRest);
  HingeSpec& guide = spec.addHinge("suspension guide", HingeType::Slider, chassis, hub);
  guide.axis = Vec3::UnitY();
  guide.slide = strutRest - body * kGravity / strutK;
  SpringDamperSpec strut;
  strut.name = "strut";
  strut.bodyA = "body";
  // The body hangs by its centre (output end) on the guide, which rises
  // from the wheel's input end. The strut is vertical, 0.12 m beside the
  // guide so that it shows; its length is the guide's slide.
  strut.pointA = Vec3(0.25 + 0.12, 0, 0);
  strut.bodyB = "wheel";
  strut.pointB = Vec3(0.12, 0, 0);
  strut.stiffness = strutK;
  strut.damping = strutD;
  strut.restLength = strutRest;
  spec.springs.push_back(strut);
  spec.simulation.timeStep = 2.5e-4;  // the tyre: sqrt(k/m) = 61 rad/s
  spec.simulation.outputEvery = 4;
  return spec;
}

ModelSpec generateStopsSlider() {
  ModelSpec spec = planar("block bouncing between stops", 5.0);
  const BodyId block = addBlock(spec, "block", 1.0, 0.1);
  HingeSpec& rail = spec.addHinge("rail", HingeType::Slider, block, std::nullopt);
  rail.axis = Vec3::UnitX();
  rail.slideRate = 1.0;
  rail.loads.stops = HingeStopsSpec{-0.5, 0.5, 1e5, 20.0};
  spec.simulation.timeStep = 1e-4;  // in contact sqrt(k/m) = 316 rad/s
  spec.simulation.outputEvery = 10;
  return spec;
}

ModelSpec generateStiffChain(const ChainOptions& chain, double k, double c) {
  if (!(k > 0.0 && std::isfinite(k))) throw Error(ErrorKind::Input, "stiff-chain: the hinges' stiffness k must be positive and finite");
  if (!(c >= 0.0 && std::isfinite(c))) throw Error(ErrorKind::Input, "stiff-chain: the hinges' damping c must be zero or positive and finite");
  ModelSpec spec = generateChain(chain);
  spec.name = "stiff chain";
  const bool planar = chain.planar;
  for (HingeSpec& h : spec.hinges) {
    const BodySpec& child = spec.bodies[static_cast<std::size_t>(spec.bodyIndex(h.child))];
    const BodySpec* parent = h.parent ? &spec.bodies[static_cast<std::size_t>(spec.bodyIndex(*h.parent))] : nullptr;
    h.loads.spring = HingeSpringSpec::linear(k, c, planar ? child.theta - (parent ? parent->theta : 0.0) : 0.0);
    if (!planar)
      h.loads.spring->restOrientation =
          quaternionProduct(quaternionConjugate(parent ? parent->orientation.normalized() : Quat(1, 0, 0, 0)), child.orientation.normalized());
  }
  spec.simulation.integrator = IntegratorKind::GeneralizedAlpha;
  spec.simulation.timeStep = 1e-3;
  spec.simulation.outputEvery = 10;
  return spec;
}

}  // namespace mstmm
