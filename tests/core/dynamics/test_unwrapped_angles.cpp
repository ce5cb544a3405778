// Hinge angles past a half turn (issue 29.5). A spatial revolute's angle is
// read from the two bodies' orientations, which know it only to a whole
// turn; the run unwraps it against the last step it kept
// (AppliedLoads::acceptState), so stops past +-pi and springs wound past a
// half turn act where the angle really is. The independent reference is the
// same model written planar: there the angle is theta_tip - theta_root, a
// state of its own that never wraps.

#include "tests/core/check.hpp"

#include <cmath>
#include <numbers>

#include "core/model/model_kind_conversion.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

/// A rod (a cylinder of 1 kg, 1 m, radius 2 cm) on a pin at the ground, no gravity, with the
/// given loads on its pin.
ModelSpec rodOnPin(const HingeLoadsSpec& loads, double rate0) {
  ModelSpec spec;
  spec.name = "rod";
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3::Zero();
  BodySpec& rod = spec.addBody("rod");
  rod.shape.type = ShapeType::Cylinder;  // as the spatial model has it: J = m (L^2/3 + r^2/4)
  rod.shape.length = 1.0;
  rod.shape.radius = 0.02;
  rod.output = Vec3::Zero();
  rod.inputs = {Vec3(1, 0, 0)};
  rod.thetaDot = rate0;
  spec.addHinge("pin", HingeType::Pin, rod.id, std::nullopt).loads = loads;
  spec.simulation.endTime = 4.0;
  return spec;
}

/// The same as a spatial model: the pin a revolute about z.
ModelSpec asSpatialRevolute(const ModelSpec& planar) {
  ModelSpec spec = convertedToKind(planar, ModelKind::Spatial);
  spec.hinges[0].type = HingeType::Revolute;
  spec.hinges[0].axis = Vec3::UnitZ();
  spec.hinges[0].loads = planar.hinges[0].loads;
  return spec;
}

struct Comparison {
  double angle = 0.0;        // largest |theta_planar - angle of the spatial rod|, wrapped difference
  double furthest = 0.0;     // the planar angle's largest value
  double finalAngle = 0.0;   // the planar angle at the end
  double energyDrift = 0.0;  // the spatial run's energy balance, relative
};

Comparison compare(const HingeLoadsSpec& loads, double rate0) {
  const ModelSpec planar = rodOnPin(loads, rate0);
  const ModelSpec spatial = asSpatialRevolute(planar);
  if (const std::string e = validationErrors(spatial); !e.empty()) fatal("%s", e.c_str());
  const Results a = runFor(planar, 4.0, 1e-3), b = runFor(spatial, 4.0, 1e-3);
  Comparison c;
  const double e0 = b.energy(0).balance();
  double scale = 1.0;
  for (int f = 0; f < a.frameCount(); ++f) {
    const double theta = a.theta(f, 0);
    const Quat q = b.orientation(f, 0);
    const double turned = 2.0 * std::atan2(q[3], q[0]);  // about z
    c.angle = std::max(c.angle, std::abs(std::remainder(theta - turned, 2.0 * std::numbers::pi)));
    c.furthest = std::max(c.furthest, theta);
    scale = std::max(scale, std::abs(b.energy(f).kinetic) + std::abs(b.energy(f).spring) + std::abs(b.energy(f).work));
    c.energyDrift = std::max(c.energyDrift, std::abs(b.energy(f).balance() - e0));
  }
  c.energyDrift /= scale;
  c.finalAngle = a.theta(a.frameCount() - 1, 0);
  return c;
}

}  // namespace

// A torque of 2 N m drives the rod round against stops at -1 and +4 rad
// (229 degrees): it passes +pi, where the angle read from the orientations
// jumps to -pi, and comes to rest on the upper stop at 4 + 2/k. Read in
// (-pi, pi], the spatial stop would have thrown the rod back at +pi.
TEST(UnwrappedAngles, aStopPastAHalfTurnHoldsTheRodWhereThePlanarOneDoes) {
  HingeLoadsSpec loads;
  HingeStopsSpec stops;
  stops.lower = -1.0;
  stops.upper = 4.0;
  stops.stiffness = 400.0;
  stops.damping = 10.0;
  loads.stops = stops;
  loads.actuator = HingeActuatorSpec::force(TimeFunction::constant(2.0));
  const Comparison c = compare(loads, 0.0);
  info("torque against a stop at 4 rad, 4 s of RK4 at 1 ms: the spatial rod turns as the planar one to %.2e rad; furthest %.4f rad, at rest "
       "%.6f rad (4 + 2/400 = 4.005); energy balance %.2e",
       c.angle, c.furthest, c.finalAngle, c.energyDrift);
  ASSERT_TRUE(c.furthest > 4.0);
  ASSERT_TRUE(std::abs(c.finalAngle - 4.005) < 1e-4);
  ASSERT_TRUE(c.angle < 1e-9);
  ASSERT_TRUE(c.energyDrift < 1e-5);  // RK4 steps across the kink where the stop engages; the spring alone keeps 1e-8 below
}

// A torsion spring (k = 1 N m/rad) wound by an initial rate of 6.93 rad/s
// swings the rod to about +-4 rad (J = 1/3 kg m^2 and a little: amplitude omega0 sqrt(J/k)):
// past a half turn each way, the spring pulls back, not forward.
TEST(UnwrappedAngles, aSpringWoundPastAHalfTurnPullsBack) {
  HingeLoadsSpec loads;
  loads.spring = HingeSpringSpec::linear(1.0, 0.0, 0.0);
  const double rate0 = 4.0 * std::sqrt(3.0);
  const Comparison c = compare(loads, rate0);
  info("a spring wound to %.4f rad (4 expected), 4 s of RK4 at 1 ms: the spatial rod turns as the planar one to %.2e rad; energy balance %.2e", c.furthest,
       c.angle, c.energyDrift);
  ASSERT_TRUE(std::abs(c.furthest - 4.0) < 1e-3);
  ASSERT_TRUE(c.angle < 1e-9);
  ASSERT_TRUE(c.energyDrift < 1e-8);
}
