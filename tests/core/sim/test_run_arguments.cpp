// Every public entry point of a run checks its arguments, always (issue
// 15.1, 17.4): time steps and end times that are not positive and finite, a
// time step so small it would plan more steps than could ever run (1e-320 s
// once passed as "positive" and never ended), no recording stride, an
// initial state of the wrong size or with a non-finite number, and a solver
// handed a state of the wrong size. Each is refused at once with a message
// that says what is wrong; nothing is recorded. And what a run will record
// is known before it runs: recordedFrameCount() and recordedBytes() against
// the frames and bytes of real runs.

#include <cmath>
#include <limits>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/riccati/riccati_solver.hpp"
#include "core/generate/generators.hpp"
#include "core/generate/linkages.hpp"
#include "core/generate/loaded_examples.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include <thread>

#include "tests/core/check.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

/// The run's report for these settings of the planar demo, and how many frames it recorded.
RunReport runDemo(const SimulationSettings& settings, int* frames = nullptr, const Eigen::VectorXd* initial = nullptr) {
  const auto model = compile(riccatiDemo());
  Results results(*model);
  RunOptions options;
  options.initialState = initial;
  const RunReport report = simulate(model, settings, results, options);
  if (frames) *frames = results.frameCount();
  return report;
}

void expectRefused(const SimulationSettings& settings, const std::string& message) {
  int frames = -1;
  const RunReport report = runDemo(settings, &frames);
  ASSERT_EQ(report.status, RunStatus::Failed);
  ASSERT_TRUE(report.error.has_value());
  EXPECT_EQ(report.error->kind(), ErrorKind::Input);
  EXPECT_TRUE(test::contains(report.error->what(), message)) << report.error->what();
  EXPECT_EQ(frames, 0);
  EXPECT_EQ(report.steps, 0);
}

}  // namespace

TEST(RunArguments, badTimesAndStridesAreRefusedBeforeTheRun) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  for (double dt : {0.0, -1e-3, nan, inf}) {
    SimulationSettings s;
    s.timeStep = dt;
    SCOPED_TRACE(dt);
    expectRefused(s, "simulation: time step must be a positive number of seconds");
  }
  for (double end : {0.0, -1.0, nan, inf}) {
    SimulationSettings s;
    s.endTime = end;
    SCOPED_TRACE(end);
    expectRefused(s, "simulation: end time must be a positive number of seconds");
  }
  SimulationSettings tiny;
  tiny.timeStep = 1e-320;  // a denormal (9.99989e-321): positive, and 2e320 steps for 2 s
  expectRefused(tiny, "simulation: a time step of 9.99989e-321 s over 2 s plans more than 1e308 steps, more than the 1e+10 allowed");
  tiny.timeStep = 1e-12;
  expectRefused(tiny, "simulation: a time step of 1e-12 s over 2 s plans 2e+12 steps, more than the 1e+10 allowed");
  SimulationSettings stride;
  stride.outputEvery = 0;
  expectRefused(stride, "simulation: output interval must be at least 1 step");
}

TEST(RunArguments, validationNamesTheSameProblems) {
  ModelSpec spec = riccatiDemo();
  spec.simulation.timeStep = 1e-320;
  const std::vector<Diagnostic> d = validate(spec);
  ASSERT_TRUE(hasErrors(d));
  EXPECT_TRUE(test::contains(d.front().message, "plans more than 1e308 steps")) << d.front().message;
  ASSERT_THROW(compile(spec), Error);
}

TEST(RunArguments, initialStateIsChecked) {
  const auto model = compile(riccatiDemo());
  const Eigen::VectorXd shorter = Eigen::VectorXd::Zero(stateSize(*model) - 1);
  const RunReport wrongSize = runDemo({}, nullptr, &shorter);
  ASSERT_TRUE(wrongSize.error.has_value());
  EXPECT_TRUE(test::contains(wrongSize.error->what(),
                             test::text("the initial state has %1 entries; model '%2' needs %3", stateSize(*model) - 1, model->name(), stateSize(*model))))
      << wrongSize.error->what();
  Eigen::VectorXd notFinite = initialState(*model);
  notFinite[1] = std::numeric_limits<double>::quiet_NaN();
  const RunReport nan = runDemo({}, nullptr, &notFinite);
  ASSERT_TRUE(nan.error.has_value());
  EXPECT_TRUE(test::contains(nan.error->what(), "the initial state contains a non-finite number")) << nan.error->what();
}

TEST(RunArguments, solversCheckTheStateSize) {
  const auto model = compile(generateChain({3, true}));  // a chain: every solver takes it
  for (SolverKind kind : {SolverKind::Riccati, SolverKind::NewtonEuler, SolverKind::MassMatrix, SolverKind::ClassicalTmm}) {
    const auto solver = makeSolver(kind, model);
    SolverOutput out;
    out.resize(*model);
    const Eigen::VectorXd y = Eigen::VectorXd::Zero(stateSize(*model) + 3);
    try {
      solver->evaluate(y, out);
      FAIL() << solver->name() << " took a state of the wrong size";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Input);
      EXPECT_EQ(std::string(e.what()), test::text("the state vector has %1 entries; model '%2' needs %3", y.size(), model->name(), stateSize(*model)));
    }
    Eigen::VectorXd nan = initialState(*model);
    nan[2] = std::numeric_limits<double>::quiet_NaN();  // body 2 in compiled order
    try {
      solver->evaluate(nan, out);
      FAIL() << solver->name() << " took a NaN";
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()), "the state vector holds a non-finite number (body '" + model->body(1).name + "')");
    }
  }
}

// The solver's argument check sums 0 * y four entries at a time
// (core/math/finite.hpp): a non-finite number at any position, in the
// vectorised body or the scalar tail, must be found; the largest finite
// numbers must not be taken for infinities.
TEST(RunArguments, everyNonFiniteEntryIsFound) {
  const double bad[] = {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                        std::numeric_limits<double>::quiet_NaN()};
  for (Eigen::Index n : {1, 3, 4, 7, 8, 21, 22}) {
    Eigen::VectorXd v = 1e307 * Eigen::VectorXd::LinSpaced(n, -1.0, 1.0);
    ASSERT_TRUE(allFinite(v)) << n;
    v[n - 1] = std::numeric_limits<double>::max();
    v[0] = -std::numeric_limits<double>::denorm_min();
    ASSERT_TRUE(allFinite(v)) << n;
    for (Eigen::Index k = 0; k < n; ++k)
      for (double b : bad) {
        Eigen::VectorXd w = v;
        w[k] = b;
        ASSERT_TRUE(!allFinite(w)) << "entry " << k << " of " << n << ": " << b;
      }
  }
  ASSERT_TRUE(allFinite(Eigen::VectorXd()));
}

// The estimates against real runs: an end time that is a whole number of
// steps and one that is not, strides that divide the steps and that do not,
// both integrators; and a model with sliders and load elements.
TEST(RunArguments, recordedFramesAndBytesAreKnownBeforeTheRun) {
  struct Case {
    double end, dt;
    int every;
    IntegratorKind integrator;
  };
  const Case cases[] = {{1.0, 1e-3, 1, IntegratorKind::Rk4},   {1.0, 1e-3, 10, IntegratorKind::Rk4}, {1.0, 1e-3, 7, IntegratorKind::Rk4},
                        {0.1234, 1e-3, 10, IntegratorKind::Rk4}, {0.0305, 1e-3, 4, IntegratorKind::Rk4},   {1.0, 1e-2, 3, IntegratorKind::DormandPrince45},
                        {0.55, 1e-2, 10, IntegratorKind::DormandPrince45}};
  for (const ModelSpec& spec : {riccatiDemo(), generateQuarterCar(), generateCrankSlider({})}) {
    const auto model = compile(spec);
    for (const Case& c : cases) {
      SimulationSettings s = spec.simulation;
      s.endTime = c.end;
      s.timeStep = c.dt;
      s.outputEvery = c.every;
      s.integrator = c.integrator;
      for (bool single : {false, true}) {
        Results results(*model, {{}, single});
        const RunReport report = simulate(model, s, results);
        SCOPED_TRACE(test::text("%1: T %2, dt %3, every %4, %5", spec.name, c.end, c.dt, c.every, toString(c.integrator)));
        ASSERT_EQ(report.status, RunStatus::Completed) << (report.error ? report.error->what() : "");
        EXPECT_EQ(recordedFrameCount(s), results.frameCount());
        EXPECT_EQ(recordedBytes(*model, s, {{}, single}), static_cast<double>(results.bytes()));
      }
    }
  }
}

// The second thread is opt-in and changes nothing but the time: a binary
// tree whose two halves hold 2047 bodies each gives the same bits either
// way; cut loads are handed in per evaluation, checked against the cuts.
TEST(RunArguments, threadsAreOptInAndChangeNoBit) {
  BinaryTreeOptions tree;
  tree.levels = 12;
  const auto model = compile(generateBinaryTree(tree));
  using Spatial = RiccatiSolver<SpatialDim>;
  EXPECT_FALSE(dynamic_cast<Spatial&>(*makeSolver(SolverKind::Riccati, model)).parallel());  // off unless asked
  EXPECT_TRUE(dynamic_cast<Spatial&>(*makeSolver(SolverKind::Riccati, model, {}, 2)).parallel());
  SimulationSettings s;
  s.endTime = 0.01;
  Results serial(*model), parallel(*model);
  RunOptions two;
  two.threads = 2;
  ASSERT_EQ(simulate(model, s, serial).status, RunStatus::Completed);
  ASSERT_EQ(simulate(model, s, parallel, two).status, RunStatus::Completed);
  ASSERT_EQ(serial.frameCount(), parallel.frameCount());
  for (int f = 0; f < serial.frameCount(); ++f)
    for (int b = 0; b < model->bodyCount(); b += 97) ASSERT_EQ(serial.com(f, b), parallel.com(f, b)) << f << " " << b;
}

TEST(RunArguments, cutLoadsAreCheckedWhenPassed) {
  const auto model = compile(generateFourBar({}));
  const auto tree = makeSolver(SolverKind::NewtonEuler, model);  // takes no cut loads
  SolverOutput out;
  out.resize(*model);
  const std::vector<CutLoad> none;
  try {
    tree->evaluate(initialState(*model), none, out);
    FAIL() << "Newton-Euler took cut loads";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "solver 'newton-euler' does not take loads at cut ends");
  }
}

// The algorithm is a function of a model and a workspace (as Pinocchio's):
// one RiccatiModel serves two RiccatiData evaluating different states on two
// threads at once, each giving exactly what the solver gives for its state.
TEST(RunArguments, oneRiccatiModelServesSeveralWorkspaces) {
  const auto model = compile(generateRandomTree({60, 5, false}));
  const auto shared = std::make_shared<const RiccatiModel<SpatialDim>>(model);
  Random random(3);
  std::vector<Eigen::VectorXd> states;
  for (int k = 0; k < 2; ++k) states.push_back(test::randomState(*model, random));
  std::vector<SolverOutput> threaded(2), alone(2);
  std::vector<std::thread> threads;
  for (int k = 0; k < 2; ++k)
    threads.emplace_back([&, k] {
      RiccatiData<SpatialDim> data(*shared);
      for (int repeat = 0; repeat < 200; ++repeat) riccatiEvaluate(*shared, data, states[static_cast<std::size_t>(k)], {}, threaded[static_cast<std::size_t>(k)]);
    });
  for (std::thread& t : threads) t.join();
  const auto solver = makeSolver(SolverKind::Riccati, model);
  for (int k = 0; k < 2; ++k) {
    solver->evaluate(states[static_cast<std::size_t>(k)], alone[static_cast<std::size_t>(k)]);
    for (int i = 0; i < model->bodyCount(); ++i) {
      const auto b = static_cast<std::size_t>(i);
      ASSERT_EQ(threaded[static_cast<std::size_t>(k)].angularAcceleration[b], alone[static_cast<std::size_t>(k)].angularAcceleration[b]);
      ASSERT_EQ(threaded[static_cast<std::size_t>(k)].hingeForce[b], alone[static_cast<std::size_t>(k)].hingeForce[b]);
    }
  }
}
