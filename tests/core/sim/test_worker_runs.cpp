// A run on a worker thread, as the studio runs it (gui/run): the worker
// records into a sink that another thread reads under a lock while the run
// goes on, reports progress through an atomic, and is cancelled from the
// other thread. The run must stop within a step of the cancel and keep every
// frame recorded up to it, in order. Run under ThreadSanitizer in CI
// (scripts/test-sanitizers.sh tsan), which fails on any unsynchronised access.

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "core/generate/generators.hpp"
#include "core/model/model.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/check.hpp"

using namespace mstmm;

namespace {

/// Results behind a mutex, with the frame count readable without it.
class LockedResults final : public ResultSink {
 public:
  explicit LockedResults(const Model& model) : m_results(model) {}
  void record(const Frame& frame) override {
    std::lock_guard lock(m_mutex);
    m_results.record(frame);
    m_frames.store(m_results.frameCount(), std::memory_order_release);
  }
  int frames() const { return m_frames.load(std::memory_order_acquire); }
  template <class F>
  auto read(F&& f) const {
    std::lock_guard lock(m_mutex);
    return f(m_results);
  }

 private:
  mutable std::mutex m_mutex;
  Results m_results;
  std::atomic<int> m_frames{0};
};

}  // namespace

TEST(WorkerRuns, cancelledFromAnotherThreadKeepsEveryFrameInOrder) {
  BranchOptions o;
  o.bodies = 200;
  o.planar = false;
  const auto model = compile(generateBranch(o));
  SimulationSettings s;
  s.timeStep = 1e-3;
  s.endTime = 1000.0;  // far longer than the test waits
  LockedResults sink(*model);
  std::atomic<bool> cancel{false};
  std::atomic<long> reportedSteps{0};
  RunOptions options;
  options.cancel = &cancel;
  options.threads = 2;  // the Riccati solver's second thread too
  options.progress = [&](const RunProgress& p) { reportedSteps.store(p.steps, std::memory_order_relaxed); };
  RunReport report;
  std::thread worker([&] { report = simulate(model, s, sink, options); });

  // Read while it records, as the plots and the 3-D view do.
  double lastSeen = -1.0;
  while (sink.frames() < 20) {
    lastSeen = sink.read([](const Results& r) { return r.frameCount() > 0 ? r.time(r.frameCount() - 1) : -1.0; });
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const int beforeCancel = sink.frames();
  cancel = true;
  const long stepsAtCancel = reportedSteps.load();  // steps finished when it was asked to stop
  worker.join();

  ASSERT_SAME(report.status, RunStatus::Cancelled);
  ASSERT_FALSE(report.error.has_value());
  const int frames = sink.read([](const Results& r) { return r.frameCount(); });
  test::info("cancelled at t = %g s after %ld steps; %d frames kept (%d when cancelled)", report.time, report.steps, frames, beforeCancel);
  ASSERT_TRUE(frames >= beforeCancel && frames >= 20);
  ASSERT_TRUE(report.steps <= stepsAtCancel + 1);  // it finished the step under way, and no other
  ASSERT_SAME(frames, static_cast<int>(report.steps) + 1);  // every step recorded, and t = 0
  ASSERT_SAME(reportedSteps.load(), report.steps);
  ASSERT_TRUE(lastSeen <= report.time);
  sink.read([&](const Results& r) {
    for (int f = 1; f < r.frameCount(); ++f) EXPECT_SAME(r.time(f), f * 1e-3);
    EXPECT_SAME(r.time(r.frameCount() - 1), report.time);
    for (int b = 0; b < r.recordedBodyCount(); ++b) EXPECT_TRUE(r.com(r.frameCount() - 1, b).allFinite());
    return 0;
  });
}
