// The live mode's pacer (core/sim/live_pacer.hpp, issue 30.1): on a clock
// of the test's own, a run keeps the chosen pace exactly, never waits at
// "as fast as possible", and keeps the pace from where it is after a slow
// stretch instead of rushing to catch up; on real threads, pause stops the
// run, a single step takes it to its next recorded instant, resume and
// stop let it go. No assertion on real time: only what blocks and what not.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>

#include "core/sim/live_pacer.hpp"
#include "core/sim/simulation.hpp"
#include "core/generate/generators.hpp"
#include "core/model/model.hpp"
#include "core/sim/results.hpp"

namespace mstmm {
namespace {

/// A pacer on a clock that only moves when the pacer waits.
struct FakeTime {
  double now = 0.0;
  LivePacer pacer{[this] { return now; }, [this](std::condition_variable&, std::unique_lock<std::mutex>&, double s) { now += s; }};
};

TEST(LivePacer, KeepsThePaceOfTheWallClockAtItsSpeed) {
  for (double speed : {0.1, 1.0, 2.0, 10.0}) {
    FakeTime f;
    f.pacer.setSpeed(speed);
    for (int k = 1; k <= 1000; ++k) f.pacer.afterStep(1e-3 * k, k % 10 == 0);
    // The pace starts at the first step (t = 1e-3): the last is due 0.999 s
    // of simulated time later.
    EXPECT_NEAR(f.now, 0.999 / speed, 1e-12) << "speed " << speed;
  }
}

TEST(LivePacer, AsFastAsPossibleNeverWaits) {
  FakeTime f;
  f.pacer.setSpeed(std::numeric_limits<double>::infinity());
  for (int k = 1; k <= 1000; ++k) f.pacer.afterStep(1e-3 * k, true);
  EXPECT_EQ(f.now, 0.0);
  f.pacer.setSpeed(0.0);  // refused: the pace stays
  f.pacer.setSpeed(-1.0);
  EXPECT_TRUE(std::isinf(f.pacer.speed()));
}

// A model slower than real time for a while (2 s of computing in one step):
// afterwards each step of 10 ms waits its 10 ms again; no burst of steps to
// make up for the lost time.
TEST(LivePacer, AfterASlowStretchKeepsThePaceFromWhereTheRunIs) {
  FakeTime f;
  for (int k = 1; k <= 10; ++k) f.pacer.afterStep(0.01 * k, true);
  f.now += 2.0;
  f.pacer.afterStep(0.11, true);
  for (int k = 12; k <= 20; ++k) {
    const double before = f.now;
    f.pacer.afterStep(0.01 * k, true);
    EXPECT_NEAR(f.now - before, 0.01, 1e-12) << "step " << k;
  }
}

/// Reads `count` until it holds still: the runner is blocked (or done).
long settled(const std::atomic<long>& count) {
  long last = -1;
  for (;;) {
    const long now = count.load();
    if (now == last) return now;
    last = now;
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
  }
}

TEST(LivePacer, PauseStepResumeAndStopOnARunnersThread) {
  LivePacer pacer;
  pacer.setSpeed(std::numeric_limits<double>::infinity());
  std::atomic<long> steps{0};
  std::atomic<bool> done{false};
  pacer.pause();
  std::thread runner([&] {
    for (long k = 1; !done; ++k) {
      pacer.afterStep(1e-3 * static_cast<double>(k), k % 5 == 0);  // every 5th step records
      steps = k;
    }
  });
  const long paused = settled(steps);
  EXPECT_LE(paused, 1);  // the first step waits
  EXPECT_TRUE(pacer.holding());  // and the runner is in its wait, its state still
  for (int n = 0; n < 3; ++n) {
    const long before = settled(steps);
    pacer.stepOnce();
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    const long after = settled(steps);
    EXPECT_GT(after, before);
    EXPECT_LE(after - before, 5);
    EXPECT_EQ((after + 1) % 5, 0) << "it waits after the recorded step, in the next step's afterStep";
  }
  pacer.resume();
  EXPECT_FALSE(pacer.holding());
  const long running = steps.load();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_GT(steps.load(), running);  // not held any more
  pacer.pause();
  settled(steps);
  EXPECT_TRUE(pacer.holding());
  done = true;
  pacer.stop();  // lets it go for good
  runner.join();
}

// Through simulate(): the hook sees every step, and which of them recorded.
TEST(LivePacer, SimulateCallsTheHookAfterEveryStep) {
  ChainOptions o;
  o.bodies = 3;
  o.planar = true;
  const auto model = compile(generateChain(o));
  SimulationSettings settings;
  settings.endTime = 0.1;
  settings.timeStep = 1e-3;
  settings.outputEvery = 10;
  Results results(*model);
  long steps = 0, recorded = 0;
  RunOptions options;
  options.afterStep = [&](double t, bool rec) {
    ++steps;
    recorded += rec;
    EXPECT_NEAR(t, 1e-3 * static_cast<double>(steps), 1e-12);
  };
  ASSERT_EQ(simulate(model, settings, results, options).status, RunStatus::Completed);
  EXPECT_EQ(steps, 100);
  EXPECT_EQ(recorded, 10);
  EXPECT_EQ(results.frameCount(), 11);  // and the initial one
}

}  // namespace
}  // namespace mstmm
