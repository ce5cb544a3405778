// Static equilibrium: a chain released horizontal comes to hang straight
// down, a rod on a torsion spring droops to the closed-form angle, the
// vehicle settles on its tyres where a long damped run settles it, and a
// free body with nothing under it is refused by name.

#include <cmath>
#include <numbers>

#include "core/analysis/equilibrium.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/error.hpp"
#include "core/generate/vehicle.hpp"
#include "core/model/model_kind_conversion.hpp"
#include "tests/core/analysis/vibration_support.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm {
namespace {

constexpr double kG = 9.81;
constexpr double kDown = std::numbers::pi / 2;

using test::note;

/// Six rods of 0.5 m and 1 to 1.5 kg, each 0.05 rad further round.
ModelSpec rods(int n, double theta) { return test::hangingRods(n, 0.5, 1.0, theta - kDown, 0.1, 0.05); }

TEST(Equilibrium, ChainReleasedHorizontalHangsStraightDown) {
  const auto model = compile(rods(6, 0.0));  // horizontal: gravity's stiffness vanishes there
  const EquilibriumResult eq = findEquilibrium(model, initialState(*model));
  note(test::text("6-rod chain from horizontal: %1 iterations, residual %2 rad/s^2 (start %3)", eq.iterations, eq.residual, eq.startResidual));
  EXPECT_LE(eq.residual, 1e-10);
  for (int i = 0; i < model->bodyCount(); ++i) {
    EXPECT_NEAR(std::remainder(eq.state[2 * i] - kDown, 2 * std::numbers::pi), 0.0, 1e-9) << "body " << i;
    EXPECT_EQ(eq.state[2 * i + 1], 0.0);
  }
}

// A rod hinged at one end on a torsion spring k, rest horizontal: it droops
// by phi with k phi = m g (L/2) cos phi.
TEST(Equilibrium, RodOnATorsionSpringDroopsToTheClosedFormAngle) {
  const double k = 6.0, m = 1.5, length = 0.8;
  ModelSpec spec;
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3(0, -kG, 0);
  BodySpec& b = spec.addBody("rod");
  b.shape.type = ShapeType::Rod;
  b.shape.mass = m;
  b.shape.length = length;
  b.output = Vec3(length, 0, 0);
  b.theta = 0.0;  // I at -x of O: the rod points along -x from its hinge
  spec.addHinge("spring", HingeType::Pin, b.id, std::nullopt).loads.spring = HingeSpringSpec::linear(k, 0.1, 0.0);
  double lo = 0.0, hi = std::numbers::pi / 2;  // bisection on k phi - m g L/2 cos phi
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (k * mid - m * kG * 0.5 * length * std::cos(mid) > 0 ? hi : lo) = mid;
  }
  const auto model = compile(spec);
  const EquilibriumResult eq = findEquilibrium(model, initialState(*model));
  // The rod points along -x (theta = 0 has I at -x): drooping turns it
  // clockwise seen from +z... so its angle is -phi or +phi by the sign rule.
  const double droop = std::abs(std::remainder(eq.state[0], 2 * std::numbers::pi));
  note(test::text("rod on a spring: droop %1 rad, closed form %2, %3 iterations", droop, lo, eq.iterations));
  EXPECT_NEAR(droop, lo, 1e-10);
}

TEST(Equilibrium, FreeBodyWithNothingUnderItIsRefusedByName) {
  ChainOptions o;
  o.bodies = 2;
  ModelSpec spec = generateChain(o);
  spec.hinges.back().type = HingeType::Free;
  spec.hinges.back().name = "float";
  const auto model = compile(spec);
  try {
    findEquilibrium(model, initialState(*model));
    FAIL() << "a falling body has no equilibrium";
  } catch (const Error& e) {
    note(std::string("free body: ") + e.what());
    EXPECT_TRUE(test::contains(e.what(), "no equilibrium")) << e.what();
    EXPECT_TRUE(test::contains(e.what(), "'float'")) << e.what();
    EXPECT_EQ(e.subject().kind, ErrorSubject::Kind::Hinge);
  }
}

double chassisHeight(const Model& model, const Eigen::VectorXd& y) {
  std::vector<BodyPose> poses;
  computePoses(model, y, poses);
  return poses[static_cast<std::size_t>(model.bodyByName("chassis"))].com.y();
}

// Issue 51, point 16: a chain on ball hinges hanging straight down can turn
// each body about the vertical at no cost (a continuous family of rests,
// the frequencies moving along it); a planar chain's rest is isolated.
TEST(Equilibrium, ARestThatIsNotIsolatedSaysAlongWhich) {
  ModelSpec spatial = rods(3, 0.3);
  spatial = convertedToKind(spatial, ModelKind::Spatial);
  const auto model = compile(spatial);
  const EquilibriumResult eq = findEquilibrium(model, initialState(*model));
  note(test::text("3 cylinders on ball hinges: %1 neutral directions: %2", eq.neutral.size(), describeNeutral(eq)));
  // Each body may spin about its own axis, which hangs vertically: one direction per ball hinge.
  ASSERT_EQ(eq.neutral.size(), 3u);
  for (const std::string& name : eq.neutral) EXPECT_TRUE(test::contains(name, "hinge '")) << name;
  EXPECT_TRUE(describeNeutral(eq).starts_with("the equilibrium is not isolated: 3 directions meet no stiffness (")) << describeNeutral(eq);
  const auto planar = compile(rods(3, 0.3));
  const EquilibriumResult isolated = findEquilibrium(planar, initialState(*planar));
  EXPECT_TRUE(isolated.neutral.empty());
  EXPECT_EQ(describeNeutral(isolated), "");
}

// The vehicle on its tyres: released with struts unloaded and tyres just
// touching, it settles (dampers on) where Newton puts it.
TEST(Equilibrium, VehicleSagMatchesALongSettlingRun) {
  if (test::kUnderAsan) GTEST_SKIP() << "the vehicle's long runs are the plain build's (as test_vehicle)";
  VehicleOptions o;
  o.speed = 0.0;
  o.bump = false;
  o.endTime = 4.0;
  ModelSpec spec = generateVehicle(o);
  for (ContactSpec& c : spec.contacts) c.staticFriction = c.dynamicFriction = 0.0;  // friction holds any sideways offset: no unique rest
  spec.simulation.outputEvery = 100;
  const auto model = compile(spec);
  const EquilibriumResult eq = findEquilibrium(model, initialState(*model));
  struct Last : ResultSink {
    Eigen::VectorXd y;
    void record(const Frame& f) override { y = *f.y; }
  } sink;
  const RunReport report = simulate(model, spec.simulation, sink, RunOptions{});
  ASSERT_TRUE(report.status == RunStatus::Completed);
  const double start = chassisHeight(*model, initialState(*model));
  const double statics = chassisHeight(*model, eq.state), dynamics = chassisHeight(*model, sink.y);
  note(test::text("vehicle: equilibrium in %1 iterations (residual %2), sag %3 m; after 4 s settling %4 m; difference %5 m", eq.iterations, eq.residual,
                  start - statics, start - dynamics, statics - dynamics));
  EXPECT_LT(std::abs(statics - dynamics), 1e-6);
}

}  // namespace
}  // namespace mstmm
