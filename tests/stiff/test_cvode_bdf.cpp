// BDF (SUNDIALS CVODE, stiff/, issue 53 pt 2, equations.md §5.6): a damped
// oscillator against its closed form, with the error falling as the
// tolerance does; a chain of stiff, heavily damped hinges against
// Dormand-Prince at a tight tolerance, in a small fraction of its steps and
// with about one Krylov iteration per Newton iteration (the sweep's
// preconditioner holds the hinges' stiffness); a spatial chain against RK4;
// the run's output instants and its messages.

#include <atomic>
#include <cmath>

#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/model/model.hpp"
#include "core/sim/results.hpp"
#include "core/sim/integrator.hpp"
#include "core/sim/run.hpp"
#include "core/sim/simulation.hpp"
#include "stiff/cvode_bdf.hpp"
#include "tests/core/check.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

constexpr double kRadius = 0.02;
constexpr double kRest = 0.1;  // the spring's rest angle: the rod starts kRest from it

/// A planar rod of mass 1 and length 1 on a pin with a spring k and damper
/// c whose rest angle is kRest, no gravity: J x'' + c x' + k x = 0 for
/// x = theta - kRest, x(0) = -kRest, x'(0) = 0.
ModelSpec dampedRod(double k, double c) { return planarRodOnSpring(1.0, 1.0, HingeSpringSpec::linear(k, c, kRest)); }

double closedForm(double k, double c, double t) {
  const double j = 1.0 / 3.0 + kRadius * kRadius / 4.0;
  const double wn = std::sqrt(k / j), zeta = c / (2.0 * std::sqrt(k * j)), wd = wn * std::sqrt(1.0 - zeta * zeta);
  const double x0 = -kRest;
  return kRest + std::exp(-zeta * wn * t) * (x0 * std::cos(wd * t) + zeta * wn * x0 / wd * std::sin(wd * t));
}

struct Outcome {
  RunReport report;
  double worst = 0.0;  // against the closed form, rad
  bool instantsExact = true;
};

Outcome runDampedRod(double rtol) {
  const double k = 400.0, c = 0.5;
  ModelSpec spec = dampedRod(k, c);
  spec.simulation.integrator = IntegratorKind::Bdf;
  spec.simulation.relativeTolerance = rtol;
  spec.simulation.absoluteTolerance = rtol * 1e-3;
  spec.simulation.timeStep = 0.001;
  spec.simulation.outputEvery = 10;  // instants 0.01 s apart: BDF's longest step
  spec.simulation.endTime = 3.0;
  const auto model = compile(spec);
  Results results(*model);
  Outcome o;
  o.report = simulate(model, spec.simulation, results);
  const int slot = results.slotOf(0);
  for (int f = 0; f < results.frameCount(); ++f) {
    o.worst = std::max(o.worst, std::abs(results.theta(f, slot) - closedForm(k, c, results.time(f))));
    o.instantsExact = o.instantsExact && results.time(f) == std::min(f * (0.001 * 10), 3.0);
  }
  return o;
}

/// Five rods in a planar chain under gravity, each pin after the first a
/// spring of 1e6 N m/rad with a damper of 1e3 N m s/rad (each hinge's own
/// mode overdamped, its roots near -c/J = -1e4 and -k/c = -1e3 1/s): the
/// chain swings nearly as one body, and an explicit method's step is held
/// by the fast roots, not by the motion.
ModelSpec stiffChain() {
  ModelSpec spec;
  spec.name = "stiff chain";
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3(0.0, -9.81, 0.0);
  std::optional<BodyId> parent;
  for (int i = 0; i < 5; ++i) {
    const BodySpec& rod = addPlanarRod(spec, "rod" + std::to_string(i), 1.0, 0.5, kRadius);
    HingeSpec& h = spec.addHinge("pin" + std::to_string(i), HingeType::Pin, rod.id, parent);
    h.loads.spring = HingeSpringSpec::linear(i == 0 ? 0.0 : 1e6, i == 0 ? 0.0 : 1e3, 0.0);
    parent = rod.id;
  }
  spec.simulation.timeStep = 0.01;
  spec.simulation.endTime = 2.0;
  return spec;
}

std::vector<double> chainAngles(const ModelSpec& spec, RunReport& report) {
  const auto model = compile(spec);
  Results results(*model);
  report = simulate(model, spec.simulation, results);
  std::vector<double> angles;
  for (int f = 0; f < results.frameCount(); ++f)
    for (int b = 0; b < model->bodyCount(); ++b) angles.push_back(results.theta(f, results.slotOf(b)));
  return angles;
}

}  // namespace

// The global error follows the tolerance: three decades tighter, at
// least two decades smaller; and the run's instants are exactly k dt,
// CVODE's own steps passing them and interpolating back.
TEST(CvodeBdf, followsTheDampedOscillatorsClosedFormAsTheToleranceAsks) {
  const Outcome loose = runDampedRod(1e-6), tight = runDampedRod(1e-9);
  info("worst |theta - closed form|: %.3e rad at rtol 1e-6 (%ld BDF steps), %.3e rad at 1e-9 (%ld steps)", loose.worst, loose.report.methodSteps,
       tight.worst, tight.report.methodSteps);
  ASSERT_TRUE(!loose.report.error && !tight.report.error);
  ASSERT_TRUE(loose.instantsExact && tight.instantsExact);
  ASSERT_TRUE(tight.worst <= 1e-6 * kRest);
  ASSERT_TRUE(tight.worst <= 1e-2 * loose.worst);
  ASSERT_TRUE(loose.worst <= 1e-2 * kRest);
}

TEST(CvodeBdf, stiffChainInAFractionOfDormandPrincesStepsWithTheSweepAsPreconditioner) {
  ModelSpec spec = stiffChain();
  spec.simulation.integrator = IntegratorKind::DormandPrince45;
  spec.simulation.relativeTolerance = 1e-10;
  spec.simulation.absoluteTolerance = 1e-12;
  RunReport reference, explicitRun, bdf;
  const std::vector<double> exact = chainAngles(spec, reference);
  spec.simulation.relativeTolerance = 1e-6;
  spec.simulation.absoluteTolerance = 1e-8;
  chainAngles(spec, explicitRun);
  spec.simulation.integrator = IntegratorKind::Bdf;
  const std::vector<double> angles = chainAngles(spec, bdf);
  for (const RunReport* r : {&reference, &explicitRun, &bdf})
    if (r->error) info("error: %s", r->error->what());
  ASSERT_TRUE(!reference.error && !explicitRun.error && !bdf.error);
  ASSERT_SAME(angles.size(), exact.size());
  double worst = 0.0;
  for (std::size_t k = 0; k < angles.size(); ++k) worst = std::max(worst, std::abs(angles[k] - exact[k]));
  const double krylovPerNewton = static_cast<double>(bdf.linearIterations) / static_cast<double>(bdf.newtonIterations);
  info("BDF at rtol 1e-6: %ld steps, %ld Newton and %ld Krylov iterations (%.2f per Newton iteration), %ld evaluations; "
       "Dormand-Prince at 1e-6: %ld steps (%ld rejected), %ld evaluations; worst angle %.2e rad from Dormand-Prince at 1e-10",
       bdf.methodSteps, bdf.newtonIterations, bdf.linearIterations, krylovPerNewton, bdf.evaluations, explicitRun.steps, explicitRun.rejectedSteps,
       explicitRun.evaluations, worst);
  ASSERT_TRUE(worst <= 1e-4);
  ASSERT_TRUE(bdf.methodSteps * 20 <= explicitRun.steps);
  ASSERT_TRUE(bdf.evaluations * 10 <= explicitRun.evaluations);
  ASSERT_TRUE(krylovPerNewton <= 1.5);
}

// Quaternions are integrated as four numbers and handed to the run
// normalised: a spatial chain (ball joints, no load elements: the
// preconditioner is the kinematics alone) against RK4 at a small step.
TEST(CvodeBdf, spatialChainAgreesWithRk4) {
  ModelSpec spec = loadModel(sourcePath("resources/examples/chain-5-spatial.json"));
  auto run = [&](IntegratorKind integrator, RunReport& report) {
    spec.simulation.integrator = integrator;
    spec.simulation.timeStep = integrator == IntegratorKind::Rk4 ? 1e-4 : 1e-3;
    spec.simulation.outputEvery = integrator == IntegratorKind::Rk4 ? 10 : 1;
    spec.simulation.relativeTolerance = 1e-10;
    spec.simulation.absoluteTolerance = 1e-12;
    const auto model = compile(spec);
    auto results = std::make_unique<Results>(*model);
    report = simulate(model, spec.simulation, *results);
    return results;
  };
  RunReport rk4, bdf;
  const auto reference = run(IntegratorKind::Rk4, rk4), results = run(IntegratorKind::Bdf, bdf);
  ASSERT_TRUE(!rk4.error && !bdf.error);
  ASSERT_SAME(results->frameCount(), reference->frameCount());
  double worst = 0.0, norm = 0.0;
  for (int f = 0; f < results->frameCount(); ++f)
    for (int b = 0; b < 5; ++b) {
      const int slot = results->slotOf(b);
      worst = std::max(worst, (results->com(f, slot) - reference->com(f, slot)).norm());
      norm = std::max(norm, std::abs(results->orientation(f, slot).norm() - 1.0));
    }
  info("centres of mass within %.2e m of RK4 at 1e-4 s; %ld BDF steps; |p| - 1 at most %.1e", worst, bdf.methodSteps, norm);
  ASSERT_TRUE(worst <= 1e-6);
  ASSERT_TRUE(norm <= 1e-15);
}

// A program without stiff/ (the maker not installed) refuses BDF by name
// and points to the integrator it has.
TEST(CvodeBdf, aProgramWithoutItSaysSo) {
  installBdfIntegrator(nullptr);
  ModelSpec spec = dampedRod(400.0, 0.5);
  spec.simulation.integrator = IntegratorKind::Bdf;
  const auto model = compile(spec);
  std::string message;
  try {
    makeIntegrator(spec.simulation, *model);
  } catch (const Error& e) {
    message = e.what();
  }
  installCvodeBdf();
  ASSERT_TRUE(test::contains(message, "the BDF integrator (SUNDIALS CVODE) is not part of this program; use generalized-alpha")) << message;
  ASSERT_TRUE(makeIntegrator(spec.simulation, *model) != nullptr);
}

// From rest the error estimate is nil: without a longest step BDF grew its
// step past the quarter car's road step (3 s in 6 steps, the body 8 cm
// off). No step is longer than the output spacing: the body follows RK4.
TEST(CvodeBdf, doesNotStepOverTheQuarterCarsRoadStep) {
  ModelSpec spec = loadModel(sourcePath("resources/examples/quarter-car.json"));
  auto bodyHeight = [&](IntegratorKind integrator, RunReport& report) {
    spec.simulation.integrator = integrator;
    spec.simulation.relativeTolerance = 1e-8;
    spec.simulation.absoluteTolerance = 1e-10;
    const auto model = compile(spec);
    Results results(*model);
    report = simulate(model, spec.simulation, results);
    std::vector<double> y;
    for (int f = 0; f < results.frameCount(); ++f) y.push_back(results.com(f, results.slotOf(model->bodyByName("body"))).y());
    return y;
  };
  RunReport rk4, bdf;
  const std::vector<double> reference = bodyHeight(IntegratorKind::Rk4, rk4), height = bodyHeight(IntegratorKind::Bdf, bdf);
  ASSERT_TRUE(!rk4.error && !bdf.error);
  ASSERT_SAME(height.size(), reference.size());
  double worst = 0.0, travel = 0.0;
  for (std::size_t f = 0; f < height.size(); ++f) {
    worst = std::max(worst, std::abs(height[f] - reference[f]));
    travel = std::max(travel, std::abs(reference[f] - reference[0]));
  }
  info("body height within %.2e m of RK4 (it travels %.3f m); %ld BDF steps", worst, travel, bdf.methodSteps);
  ASSERT_TRUE(travel > 0.01);
  ASSERT_TRUE(worst <= 1e-5);
}

// A cancelled run stops within one of BDF's own steps, not at the next
// output instant (issue 53: the studio's Stop and the CLI's Ctrl+C within a
// second even when an instant is far): with the run's cancel flag set, a
// step of 2 s asked of the stiff chain returns after CVODE's first step,
// at the state CVODE reached; cleared, the run goes on from there to the
// same state as a run never cancelled.
TEST(CvodeBdf, aCancelStopsItBetweenItsOwnSteps) {
  ModelSpec spec = stiffChain();
  spec.simulation.integrator = IntegratorKind::Bdf;
  spec.simulation.timeStep = 2.0;  // one output interval: the whole run
  spec.simulation.relativeTolerance = 1e-8;
  spec.simulation.absoluteTolerance = 1e-10;
  const auto model = compile(spec);
  std::atomic<bool> cancel{false};
  RunOptions options;
  options.cancel = &cancel;
  Results frames(*model), otherFrames(*model);
  mstmm::Run run(model, spec.simulation, frames, options);  // qualified: gtest's Test has a Run() of its own
  run.start();
  cancel = true;
  run.stepBy(2.0);
  const double stoppedAt = run.time();
  cancel = false;
  run.stepBy(2.0 - stoppedAt);
  mstmm::Run uncancelled(model, spec.simulation, otherFrames, RunOptions{});
  uncancelled.start();
  uncancelled.stepBy(2.0);
  const double apart = (run.state() - uncancelled.state()).lpNorm<Eigen::Infinity>();
  info("stopped at t = %.3e s of the 2 s asked; after going on to t = %.17g s, %.2e from the run never cancelled", stoppedAt, run.time(), apart);
  ASSERT_TRUE(stoppedAt > 0.0 && stoppedAt < 0.01);
  ASSERT_NEAR(run.time(), 2.0, 1e-12);
  ASSERT_TRUE(apart <= 1e-5);
}
