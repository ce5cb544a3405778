#include "core/generate/vehicle.hpp"

#include <cmath>
#include <string>

namespace mstmm {

namespace {

// 003 Tables 2.1-2.3.
constexpr double kChassisMass = 800.0, kArmMass = 0.5, kKnuckleMass = 5.0, kFrontWheelMass = 20.0, kRearWheelMass = 30.0;
constexpr double kStrutStiffness = 9.16e4, kStrutDamping = 1.44e4, kFrontStrutLength = 0.345, kRearStrutLength = 0.362;
constexpr double kTyreStiffness = 1.5e5, kTyreDamping = 1.3e4;

/// Every body's frame is the world frame at the start (identity
/// orientation), so its points are given in world coordinates.
BodySpec& addBody(ModelSpec& spec, const std::string& name, double mass, const Vec3& com, const Vec3& inertia, const Vec3& output,
                  std::vector<Vec3> inputs) {
  BodySpec& b = spec.addBody(name);
  b.shape.type = ShapeType::Custom;
  b.shape.mass = mass;
  b.shape.com = com;
  b.shape.inertia = inertia.asDiagonal();
  b.output = output;
  b.inputs = std::move(inputs);
  return b;
}

void addStrut(ModelSpec& spec, const std::string& name, const std::string& a, const Vec3& pa, const std::string& b, const Vec3& pb, double rest) {
  spec.springs.push_back(SpringDamperSpec::between(name, a, pa, b, pb, kStrutStiffness, kStrutDamping, rest));
}

void addTyre(ModelSpec& spec, const std::string& wheel, const Vec3& centre, double radius) {
  ContactSpec c;
  c.name = "tyre " + wheel;
  c.body = wheel;
  c.point = centre;
  c.radius = radius;
  c.stiffness = kTyreStiffness;
  c.damping = kTyreDamping;
  c.staticFriction = 0.9;
  c.dynamicFriction = 0.8;
  c.slipVelocity = 0.05;
  spec.contacts.push_back(c);
}

}  // namespace

ModelSpec generateVehicle(const VehicleOptions& o) {
  const VehicleGeometry& g = o.geometry;
  ModelSpec spec;
  spec.name = "vehicle of 003 §2.5";
  spec.gravity = Vec3(0.0, -9.81, 0.0);
  spec.simulation.endTime = o.endTime;
  spec.simulation.timeStep = 1e-3;
  spec.simulation.outputEvery = 10;
  const double r = g.tyreRadius, front = 0.5 * g.wheelbase, rear = -0.5 * g.wheelbase, side = 0.5 * g.track;
  const Vec3 com(0.0, r + g.chassisAbove, 0.0);
  // The chassis' inputs, per side s = +-1: front lower pivot, front upper pivot, rear pivot.
  std::vector<Vec3> chassisInputs;
  const double inner = side - 0.4;  // the front arms' and rear arm's pivots, from the centre line
  for (double s : {1.0, -1.0}) {
    chassisInputs.push_back(Vec3(front, r - 0.1, s * inner));
    chassisInputs.push_back(Vec3(front, r - 0.1 + g.frontArmsApart, s * inner));
    chassisInputs.push_back(Vec3(rear, r, s * inner));
  }
  BodySpec& chassis = addBody(spec, "chassis", kChassisMass, com, Vec3(130.0, 250.0, 200.0), com, chassisInputs);
  // 003 Table 2.1's inertia is exactly a uniform box's with sides a, b, c:
  // m (b^2 + c^2) / 12 = 130, m (a^2 + c^2) / 12 = 250, m (a^2 + b^2) / 12 = 200,
  // so the chassis is drawn (and weighed) as that box.
  chassis.shape.type = ShapeType::Box;
  chassis.shape.size = Vec3(std::sqrt(2.4), std::sqrt(0.6), std::sqrt(1.35));
  chassis.shape.center = com;
  const BodyId chassisId = chassis.id;
  HingeSpec& floating = spec.addHinge("floating", HingeType::Free, chassisId, std::nullopt);
  floating.translation = com;
  floating.translationRate = Vec3(o.speed, 0.0, 0.0);
  const Vec3 spin(0.0, 0.0, -o.speed / r);  // rolling forward without slip
  for (int k = 0; k < 2; ++k) {
    const double s = k == 0 ? 1.0 : -1.0;
    const std::string tag = k == 0 ? "right" : "left";
    const Vec3 lowerPivot = chassisInputs[static_cast<std::size_t>(3 * k)], upperPivot = chassisInputs[static_cast<std::size_t>(3 * k + 1)];
    const Vec3 out(0.0, 0.0, s * g.frontArm);
    const Vec3 lowerBall = lowerPivot + out, upperBall = upperPivot + out, wheelCentre(front, r, s * side);
    // Front: lower arm, knuckle (on the lower ball), upper arm, wheel; the upper ball closes the loop.
    const Vec3 strutOnArm = lowerPivot + Vec3(0.0, 0.0, s * g.frontStrutAt);
    const BodyId lower = addBody(spec, "front lower arm " + tag, kArmMass, 0.5 * (lowerPivot + lowerBall), Vec3::Constant(0.5), lowerPivot, {lowerBall}).id;
    spec.addHinge("front lower pivot " + tag, HingeType::Revolute, lower, chassisId, 3 * k).axis = Vec3::UnitX();
    const BodyId upper = addBody(spec, "front upper arm " + tag, kArmMass, 0.5 * (upperPivot + upperBall), Vec3::Constant(0.5), upperPivot, {upperBall}).id;
    spec.addHinge("front upper pivot " + tag, HingeType::Revolute, upper, chassisId, 3 * k + 1).axis = Vec3::UnitX();
    const Vec3 steeringArm = lowerBall + Vec3(-0.15, 0.1, 0.0);
    const BodyId knuckle =
        addBody(spec, "knuckle " + tag, kKnuckleMass, 0.5 * (lowerBall + upperBall), Vec3::Constant(1.0), lowerBall, {upperBall, wheelCentre}).id;
    spec.addHinge("front lower ball " + tag, HingeType::Ball, knuckle, lower, 0);
    HingeSpec& loop = spec.addHinge("front upper ball " + tag, HingeType::Ball, knuckle, upper, 0);
    loop.childEnd = 0;  // the knuckle's upper ball: the loop's cut
    const BodyId wheel = addBody(spec, "front wheel " + tag, kFrontWheelMass, wheelCentre, Vec3(2.0, 2.0, 3.0), wheelCentre, {wheelCentre}).id;
    spec.addHinge("front axle " + tag, HingeType::Revolute, wheel, knuckle, 1).axis = Vec3::UnitZ();
    spec.bodies.back().angularVelocity = spin;
    addStrut(spec, "front strut " + tag, "chassis", strutOnArm + Vec3(0.0, kFrontStrutLength, 0.0), "front lower arm " + tag, strutOnArm, kFrontStrutLength);
    // A tie rod holds the knuckle from steering about its kingpin (003's 2 DOF front suspension has it free).
    addStrut(spec, "tie rod " + tag, "chassis", Vec3(steeringArm.x(), steeringArm.y(), s * inner), "knuckle " + tag, steeringArm, std::abs(steeringArm.z() - s * inner));
    spec.springs.back().stiffness = 2e5;
    spec.springs.back().damping = 2e3;
    addTyre(spec, "front wheel " + tag, wheelCentre, r);
    // Rear: one swing arm carrying the wheel.
    const Vec3 rearPivot = chassisInputs[static_cast<std::size_t>(3 * k + 2)], rearWheel(rear, r, s * side);
    const Vec3 rearStrutOnArm = rearPivot + Vec3(0.0, 0.0, s * g.rearStrutAt);
    const BodyId arm = addBody(spec, "rear arm " + tag, kArmMass, 0.5 * (rearPivot + rearWheel), Vec3::Constant(0.5), rearPivot, {rearWheel}).id;
    spec.addHinge("rear pivot " + tag, HingeType::Revolute, arm, chassisId, 3 * k + 2).axis = Vec3::UnitX();
    const BodyId rearWheelId = addBody(spec, "rear wheel " + tag, kRearWheelMass, rearWheel, Vec3(2.0, 2.0, 3.0), rearWheel, {rearWheel}).id;
    spec.addHinge("rear axle " + tag, HingeType::Revolute, rearWheelId, arm, 0).axis = Vec3::UnitZ();
    spec.bodies.back().angularVelocity = spin;
    addStrut(spec, "rear strut " + tag, "chassis", rearStrutOnArm + Vec3(0.0, kRearStrutLength, 0.0), "rear arm " + tag, rearStrutOnArm, kRearStrutLength);
    addTyre(spec, "rear wheel " + tag, rearWheel, r);
  }
  if (o.bump) {
    spec.ground.road.kind = RoadKind::Bump;
    spec.ground.road.start = front + 4.0;
    spec.ground.road.length = 1.0;
    spec.ground.road.height = 0.05;
  }
  return spec;
}

}  // namespace mstmm
