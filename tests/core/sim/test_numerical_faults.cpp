// A run that meets a numerical fault stops with the time, the element and the
// cause, and keeps what it recorded before (issue 17.5), with the Riccati
// solver and every reference solver that takes the model:
// - the state stops being finite (an unstable time step between two records);
// - the closure error of a loop grows past a hundredth of the longest body
//   (no stabilisation at a coarse step);
// - the equations of motion are singular (a point mass on its own pin: no
//   inertia about the hinge), named by each solver in its own terms;
// - dopri5's steps fall towards zero on a motion too stiff for them.

#include <cmath>
#include <string>

#include "core/generate/generators.hpp"
#include "core/io/model_json.hpp"
#include "core/generate/linkages.hpp"
#include "core/generate/named_generators.hpp"
#include "core/message_text.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/check.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

struct Outcome {
  RunReport report;
  int frames = 0;
  double lastFrameTime = 0.0;
  bool framesFinite = true;
};

Outcome run(const ModelSpec& spec, SolverKind solver) {
  const auto model = compile(spec);
  SimulationSettings s = spec.simulation;
  s.solver = solver;
  Results results(*model);
  Outcome o;
  o.report = simulate(model, s, results);
  o.frames = results.frameCount();
  if (o.frames > 0) o.lastFrameTime = results.time(o.frames - 1);
  for (int f = 0; f < o.frames; ++f)
    for (int b = 0; b < results.recordedBodyCount(); ++b) o.framesFinite = o.framesFinite && results.com(f, b).allFinite();
  return o;
}

/// What every fault must show: failed, at a time, with the kept frames before it.
void expectStoppedWithResults(const Outcome& o, ErrorKind kind, int leastFrames = 1) {
  ASSERT_SAME(o.report.status, RunStatus::Failed);
  ASSERT_TRUE(o.report.error.has_value());
  ASSERT_SAME(o.report.error->kind(), kind);
  const std::string message = o.report.error->what();
  test::info("%s", message.c_str());
  ASSERT_TRUE(o.report.error->time().has_value());
  ASSERT_SAME(*o.report.error->time(), o.report.time);
  ASSERT_TRUE(message.starts_with("at t = ")) << message;
  ASSERT_TRUE(o.frames >= leastFrames);
  ASSERT_TRUE(o.lastFrameTime <= o.report.time);
  ASSERT_TRUE(o.framesFinite);
}

/// Two planar pendulum rods whose pins carry springs of 1e9 N m/rad: at a
/// step of 0.01 s, w dt is about 10^3, far beyond RK4's stability (2.8), so
/// the state grows a million-fold and more each step, and overflows long
/// before the first record after the initial one (every 1000 steps).
ModelSpec unstableSpringChain() {
  ChainOptions o;
  o.bodies = 2;
  o.planar = true;
  ModelSpec spec = generateChain(o);
  for (HingeSpec& h : spec.hinges) h.loads.spring = HingeSpringSpec::linear(1e9, 0.0, 0.5);
  spec.simulation.timeStep = 1e-2;
  spec.simulation.endTime = 100.0;
  spec.simulation.outputEvery = 1000;
  return spec;
}

}  // namespace

TEST(NumericalFaults, aStateThatStopsBeingFiniteStopsTheRunNamingBodyAndTime) {
  for (SolverKind solver : {SolverKind::Riccati, SolverKind::NewtonEuler, SolverKind::MassMatrix}) {  // classical-tmm takes no springs
    SCOPED_TRACE(toString(solver));
    const Outcome o = run(unstableSpringChain(), solver);
    expectStoppedWithResults(o, ErrorKind::Divergence);
    const std::string message = o.report.error->what();
    ASSERT_TRUE(test::contains(message, "the state is no longer finite (the motion diverged); try a smaller time step")) << message;
    ASSERT_TRUE(message.starts_with("at t = " + formatNumber(o.report.time) + " s: body '")) << message;
    ASSERT_SAME(o.report.error->subject().kind, ErrorSubject::Kind::Body);
    ASSERT_SAME(o.frames, 1);  // the initial frame; the next record was due at t = 10 s
    ASSERT_TRUE(o.report.time > 0.0 && o.report.time < 10.0);
    ASSERT_SAME(o.report.time, o.report.steps * 1e-2);
  }
}

TEST(NumericalFaults, aLoopThatDriftsApartStopsTheRunNamingTheCut) {
  ModelSpec spec = generateFourBar({});
  spec.simulation.loopStabilisation = LoopStabilisation::None;
  spec.simulation.timeStep = 0.05;
  spec.simulation.endTime = 20.0;
  spec.simulation.outputEvery = 2;
  for (SolverKind solver : {SolverKind::Riccati, SolverKind::NewtonEuler}) {
    SCOPED_TRACE(toString(solver));
    const Outcome o = run(spec, solver);
    expectStoppedWithResults(o, ErrorKind::Divergence);
    const std::string message = o.report.error->what();
    ASSERT_TRUE(test::contains(message, "hinge 'D' (cut to close a loop): its two ends drifted ")) << message;
    ASSERT_TRUE(test::contains(message, "loop stabilisation 'none' does not hold the loop closed at this time step")) << message;
    ASSERT_SAME(o.report.error->subject().kind, ErrorSubject::Kind::Hinge);
    ASSERT_TRUE(o.frames > 2);  // it ran a while first, and kept that
  }
  // Baumgarte stabilisation holds the same loop at a step of 0.02 s.
  spec.simulation.loopStabilisation = LoopStabilisation::Baumgarte;
  spec.simulation.timeStep = 0.02;
  const Outcome held = run(spec, SolverKind::Riccati);
  ASSERT_SAME(held.report.status, RunStatus::Completed);
}

// A point mass exactly on the pin it hangs from has no inertia about that
// pin: every solver must say which element and that it is singular, at
// t = 0, instead of integrating infinities.
TEST(NumericalFaults, singularEquationsOfMotionNameTheElementInEverySolver) {
  ModelSpec tree = riccatiDemo();
  BodySpec& tip = tree.bodies[0];  // body "1", hanging from 7 by hinge 8.1
  tip.shape.type = ShapeType::PointMasses;
  tip.shape.points = {{1.0, tip.output}};
  const struct {
    SolverKind solver;
    const char* starts;
  } cases[] = {
      {SolverKind::Riccati, "at t = 0 s: hinge '8.1' (between body '1' and body '7'): release matrix is singular"},
      {SolverKind::NewtonEuler, "at t = 0 s: newton-euler: body '1': its acceleration is undetermined"},
      {SolverKind::MassMatrix, "at t = 0 s: mass-matrix: hinge '8.1' (between body '1' and body '7'): the mass matrix is singular"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(toString(c.solver));
    const Outcome o = run(tree, c.solver);
    expectStoppedWithResults(o, ErrorKind::Solver, 0);  // at t = 0 there is nothing to keep
    ASSERT_TRUE(std::string(o.report.error->what()).starts_with(c.starts)) << o.report.error->what();
    ASSERT_SAME(o.report.error->subject().specIndex, 0);  // body '1' and hinge '8.1' are each the first of their kind
  }
  // classical-tmm takes chains only: the same fault at the tip of a chain.
  ChainOptions o;
  o.bodies = 3;
  o.planar = true;
  ModelSpec chain = generateChain(o);
  BodySpec& end = chain.bodies[0];
  end.shape.type = ShapeType::PointMasses;
  end.shape.points = {{1.0, end.output}};
  const Outcome tmm = run(chain, SolverKind::ClassicalTmm);
  expectStoppedWithResults(tmm, ErrorKind::Solver, 0);
  const std::string message = tmm.report.error->what();
  ASSERT_TRUE(message.starts_with("at t = 0 s: classical-tmm: hinge '" + chain.hinges[0].name + "' (between body '1' and body '2'): the boundary conditions are singular")) << message;
  ASSERT_SAME(tmm.report.error->subject().kind, ErrorSubject::Kind::Hinge);
}

// Issue 51, point 11: an axial beam at too long a step (the flexible double
// pendulum with stretch, RK4 at 1 ms: its stretch has w dt ~ 10) grows a
// hundredfold a step between the energy checks, and the release of a
// stretching joint turns singular; the run blamed the model ("no mass or
// inertia"). It now says it diverged and names the step first; the model's
// own step (0.25 ms) runs through.
TEST(NumericalFaults, aStepTooLongForABeamIsBlamedNotTheModel) {
  ModelSpec spec = loadModel(test::sourcePath("resources/examples/flexible-double-pendulum.json"));
  for (BodySpec& b : spec.bodies) b.beam->axial = true;
  spec.simulation.endTime = 0.5;
  spec.simulation.timeStep = 1e-3;
  const Outcome o = run(spec, SolverKind::Riccati);
  expectStoppedWithResults(o, ErrorKind::Divergence);
  const std::string message = o.report.error->what();
  ASSERT_TRUE(test::contains(message, "the run diverged: the time step (0.001 s) is too long for the motion (the motion had already grown to ")) << message;
  ASSERT_TRUE(test::contains(message, "try a smaller step, or the adaptive integrator")) << message;
  spec.simulation.timeStep = 2.5e-4;
  ASSERT_SAME(run(spec, SolverKind::Riccati).report.status, RunStatus::Completed);
}

// dopri5 plans no steps: a servo's kd of 2e12 and a reference at 7.5e299 Hz
// each drove its steps towards zero and ran for days without a word (issue
// 31.4). Each now ends at once (well under the 1e7 steps allowed: 1000 times
// the 1e4 that 10 s at 1e-3 s plan) naming the step size and the remedy.
TEST(NumericalFaults, aMotionTooStiffForDopri5EndsNamingTheStepSize) {
  for (const bool stiffGain : {true, false}) {
    SCOPED_TRACE(stiffGain ? "kd 2e12" : "reference at 7.5e299 Hz");
    ModelSpec spec = generateNamed("servo-arm");
    int servos = 0;
    for (HingeSpec& h : spec.hinges) {
      if (!h.loads.actuator || h.loads.actuator->kind != ActuatorKind::Servo) continue;
      ++servos;
      if (stiffGain) h.loads.actuator->kd = 2e12;
      else {
        h.loads.actuator->reference.kind = TimeFunctionKind::Sine;
        h.loads.actuator->reference.amplitude = 0.5;
        h.loads.actuator->reference.frequency = 7.5e299;
      }
    }
    ASSERT_TRUE(servos > 0);
    spec.simulation.integrator = IntegratorKind::DormandPrince45;
    spec.simulation.endTime = 10.0;
    spec.simulation.timeStep = 1e-3;
    const Outcome o = run(spec, SolverKind::Riccati);
    expectStoppedWithResults(o, ErrorKind::Divergence);
    const std::string message = o.report.error->what();
    EXPECT_TRUE(test::contains(message, "dopri5's steps have fallen to ")) << message;
    EXPECT_TRUE(test::contains(message, "more than the 1e+07 allowed (1000 times the 10000 that the time step of 0.001 s plans)")) << message;
    EXPECT_TRUE(test::contains(message, "soften the stiffest spring, damper, servo gain or contact")) << message;
    EXPECT_LT(o.report.steps + o.report.rejectedSteps, 100000);  // ended at once, not after the 1e7
  }
}

// An initial angular velocity of 1e160 was reported as "the total energy went
// from inf J to inf J ... body '3' ...; try a smaller time step": the wrong
// body (its neighbour, dragged along) and advice no step size can follow
// (issue 31.5). Now the body itself is named with its rate.
TEST(NumericalFaults, anInitialMotionTooLargeToComputeNamesItsBody) {
  ModelSpec spec = generateNamed("demo");
  BodySpec* spinning = nullptr;
  for (BodySpec& b : spec.bodies)
    if (b.name == "5") spinning = &b;
  ASSERT_TRUE(spinning != nullptr);
  spinning->thetaDot = 1e160;
  spec.simulation.endTime = 0.1;
  const Outcome o = run(spec, SolverKind::Riccati);
  ASSERT_SAME(o.report.status, RunStatus::Failed);
  const std::string message = o.report.error->what();
  test::info("%s", message.c_str());
  EXPECT_TRUE(test::contains(message, "body '5': its initial motion is too large to compute with (angular velocity 1e+160 rad/s")) << message;
  EXPECT_FALSE(test::contains(message, "smaller time step")) << message;
  EXPECT_SAME(o.report.error->kind(), ErrorKind::Input);
  EXPECT_SAME(o.report.error->subject().kind, ErrorSubject::Kind::Body);
  EXPECT_SAME(spec.bodies[static_cast<std::size_t>(o.report.error->subject().specIndex)].name, std::string("5"));
}
