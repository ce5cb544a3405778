// One model through several solvers (core/sim/solver_comparison.hpp): the
// difference measure against values worked out independently, agreement of
// the independent formulations, the classical TMM's lost digits, and the
// solver that cannot take a model reported with its message.

#include <cmath>
#include <numbers>

#include "core/generate/generators.hpp"
#include "core/math/rotation.hpp"
#include "core/model/model.hpp"
#include "core/sim/results.hpp"
#include "core/sim/solver_comparison.hpp"
#include "tests/core/check.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

SimulationSettings twoSeconds(const ModelSpec& spec) {
  SimulationSettings s = spec.simulation;
  s.integrator = IntegratorKind::Rk4;
  s.endTime = 2.0;
  s.timeStep = 1e-3;
  s.outputEvery = 10;
  return s;
}

double largest(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::isnan(x) ? m : std::max(m, x);
  return m;
}

}  // namespace

TEST(SolverComparison, theRotationAngleBetweenTwoOrientations) {
  const Vec3 axis = Vec3(1.0, 2.0, -0.5).normalized();
  const Quat a = quaternionFromAxisAngle(Vec3(0.0, 0.0, 1.0), 0.7);
  for (const double angle : {1e-9, 0.3, 3.0}) {
    const Quat b = quaternionProduct(a, quaternionFromAxisAngle(axis, angle));
    EXPECT_NEAR(rotationAngleBetween(a, b), angle, 1e-15 + 1e-12 * angle);
  }
  EXPECT_NEAR(rotationAngleBetween(a, Quat(-a)), 0.0, 1e-15);  // q and -q are one orientation
}

// The demo (a planar tree): the rotation angle between two planar
// orientations is |theta_a - theta_b|, and the centre of mass moves with the
// angles, so both measures are checked against two runs made apart, and
// Riccati, Newton–Euler and the mass matrix agree to round-off.
TEST(SolverComparison, independentFormulationsAgreeAndTheMeasureIsTheAngleDifference) {
  const ModelSpec spec = riccatiDemo();
  const auto model = compile(spec);
  const SimulationSettings s = twoSeconds(spec);
  const SolverComparison c = compareSolvers(model, s, {SolverKind::Riccati, SolverKind::NewtonEuler, SolverKind::MassMatrix});
  ASSERT_EQ(c.runs.size(), 3u);
  for (const SolverRunCost& r : c.runs) {
    EXPECT_EQ(r.status, RunStatus::Completed) << r.message;
    EXPECT_EQ(r.evaluations, 4 * 2000 + 1);  // RK4: four a step, and one at the start
    EXPECT_GT(r.seconds, 0.0);
  }
  ASSERT_EQ(c.times.size(), 201u);
  Results riccati(*model), newtonEuler(*model);
  SimulationSettings one = s, other = s;
  one.solver = SolverKind::Riccati;
  other.solver = SolverKind::NewtonEuler;
  simulate(model, one, riccati);
  simulate(model, other, newtonEuler);
  for (int f = 0; f < riccati.frameCount(); f += 50) {
    double angle = 0.0, distance = 0.0;
    for (int b = 0; b < riccati.recordedBodyCount(); ++b) {
      const double d = std::remainder(riccati.theta(f, b) - newtonEuler.theta(f, b), 2.0 * std::numbers::pi);
      angle = std::max(angle, std::abs(d));
      distance = std::max(distance, (riccati.com(f, b) - newtonEuler.com(f, b)).norm());
    }
    EXPECT_NEAR(c.orientationDifference[0][static_cast<std::size_t>(f)], angle, 1e-15);
    EXPECT_NEAR(c.positionDifference[0][static_cast<std::size_t>(f)], distance, 1e-15);
  }
  test::info("demo, 2 s: Riccati against Newton-Euler %.3g rad, against the mass matrix %.3g rad", largest(c.orientationDifference[0]),
             largest(c.orientationDifference[1]));
  EXPECT_LT(largest(c.orientationDifference[0]), 1e-10);
  EXPECT_LT(largest(c.orientationDifference[1]), 1e-10);
  EXPECT_LT(largest(c.positionDifference[1]), 1e-10);
}

// The classical transfer matrix method multiplies element matrices along
// the chain and loses about half a digit per body (docs/performance.md): on
// 20 planar bodies its motion leaves the others', which stay together.
TEST(SolverComparison, theClassicalTmmLosesDigitsAlongAChainAndCannotTakeATree) {
  ChainOptions o;
  o.bodies = 20;
  o.planar = true;
  const ModelSpec chain = generateChain(o);
  const SolverComparison c = compareSolvers(compile(chain), twoSeconds(chain), {SolverKind::Riccati, SolverKind::NewtonEuler, SolverKind::ClassicalTmm});
  const double agreed = largest(c.orientationDifference[0]), classical = largest(c.orientationDifference[1]);
  test::info("20-body chain, 2 s: Newton-Euler %.3g rad, classical TMM %.3g rad (%s)", agreed, classical, c.runs[2].message.c_str());
  EXPECT_LT(agreed, 1e-8);
  EXPECT_GT(classical, 1e4 * agreed);
  const ModelSpec tree = riccatiDemo();
  const SolverComparison t = compareSolvers(compile(tree), twoSeconds(tree), {SolverKind::Riccati, SolverKind::ClassicalTmm});
  EXPECT_EQ(t.runs[1].status, RunStatus::Failed);
  EXPECT_FALSE(t.runs[1].message.empty());
  EXPECT_TRUE(std::isnan(t.orientationDifference[0][1]));
  EXPECT_THROW(compareSolvers(compile(tree), twoSeconds(tree), {SolverKind::Riccati}), Error);
  EXPECT_THROW(compareSolvers(compile(tree), twoSeconds(tree), {SolverKind::Riccati, SolverKind::Riccati}), Error);
}
