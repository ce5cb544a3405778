#pragma once
// Runs the core simulation in a worker thread on an immutable copy of the
// model, so the GUI never computes physics and never freezes. Reports
// progress (simulated time, steps per second, time left) at most every 50 ms,
// cancels within one integrator step, and keeps what was recorded when a run
// fails or is cancelled.

#include <QElapsedTimer>
#include <QObject>
#include <atomic>
#include <memory>
#include <thread>

#include "core/error.hpp"
#include "core/spec/model_spec.hpp"
#include "core/io/live_recording.hpp"
#include "core/sim/live_pacer.hpp"
#include "core/sim/run_input_source.hpp"
#include "gui/run/run_results.hpp"

namespace mstmm::gui {

/// How a run ended.
struct RunOutcome {
  enum class Status { Completed, Cancelled, Failed } status = Status::Completed;
  QString message;
  ErrorSubject subject;
  double time = 0.0;     // simulated time reached
  double wallSeconds = 0.0;
  long steps = 0;
  long newtonIterations = 0, tangentRefreshes = 0, halvedSteps = 0;  // generalized-alpha's work (RunReport)
  bool bdf = false;
  long krylovIterations = 0, methodSteps = 0;  // BDF's work besides (halvedSteps: its rejected steps)
  bool implicit = false;
  bool discarded = false;  // the run's model was replaced: nothing of it is shown
  /// A live run: what it takes to run it again exactly (the user's pulls,
  /// torques and control values at their steps; Export > Live Run for Replay).
  std::shared_ptr<const LiveRecording> recording;
};

class SimulationController : public QObject {
  Q_OBJECT

 public:
  /// Results larger than this are recorded in single precision, then less often.
  static constexpr double kResultBudgetBytes = 512.0 * 1024 * 1024;

  explicit SimulationController(QObject* parent = nullptr);
  ~SimulationController() override;

  /// Starts a run of `spec` (copied); false if one is running.
  bool start(const ModelSpec& spec);
  /// The next start() runs live (issue 30.1): paced by `pacer` against the
  /// wall clock, with no end but cancel() (a live run's end time is
  /// liveEndTime()), recorded as any run and kept when it stops.
  void runNextLive(std::shared_ptr<LivePacer> pacer) { m_nextPacer = std::move(pacer); }
  /// What the user does to a live run (pull, torque, controls): set from
  /// the GUI thread, taken by the run between steps. Reset when a live run
  /// starts; its model takes inputs unless its solver cannot (classical TMM).
  std::shared_ptr<LiveInputs> liveInputs() const { return m_liveInputs; }
  /// Whether the run going on is live.
  bool isLive() const { return m_running && m_pacer; }
  /// How long a live run may go on: 1e5 s, or 1e9 steps.
  static double liveEndTime(double timeStep);
  /// Asks the run to stop; it does within one integrator step.
  void cancel();
  /// Cancels a run and forgets the results (another model was opened):
  /// results() is null until the next run, and a run still finishing
  /// reports nothing but its end.
  void discardResults();
  bool isRunning() const { return m_running; }
  /// The current or last run's results (null before the first run, or when
  /// the model did not compile).
  std::shared_ptr<RunResults> results() const { return m_results; }
  const RunOutcome& lastOutcome() const { return m_outcome; }

 signals:
  void started();
  /// The results object of the run (emitted once the model compiled).
  void resultsReady(std::shared_ptr<mstmm::gui::RunResults> results);
  void progress(double time, double endTime, double stepsPerSecond, double secondsLeft, int frames);
  /// A note about how results are recorded (e.g. thinned to bound memory).
  void note(const QString& text);
  void finished(const mstmm::gui::RunOutcome& outcome);

 private:
  void work(const ModelSpec& spec, int generation, std::shared_ptr<LivePacer> pacer);
  void run(const ModelSpec& spec, int generation, LivePacer* pacer, const QElapsedTimer& wall, RunOutcome& outcome);
  void join();

  std::shared_ptr<LiveInputs> m_liveInputs = std::make_shared<LiveInputs>();
  std::shared_ptr<LivePacer> m_nextPacer, m_pacer;  // live runs: the next one's and the current one's
  std::thread m_thread;
  std::atomic<bool> m_cancel{false};
  int m_generation = 0;  // GUI thread only: a run's reports count only while it is current
  bool m_running = false;
  std::shared_ptr<RunResults> m_results;
  RunOutcome m_outcome;
};

}  // namespace mstmm::gui

Q_DECLARE_METATYPE(mstmm::gui::RunOutcome)
Q_DECLARE_METATYPE(std::shared_ptr<mstmm::gui::RunResults>)
