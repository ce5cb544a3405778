#include "gui/run/simulation_controller.hpp"

#include <QMetaObject>
#include <algorithm>

#include "core/message_text.hpp"
#include "core/model/model.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/sim/recording_budget.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"

namespace mstmm::gui {

namespace {

/// Bounds the memory of the recorded results: single precision first, then
/// fewer instants. Returns a note for the user when it changed anything.
QString planRecording(const Model& model, SimulationSettings& settings, RecordOptions& record) {
  // The studio's own bound, or half the memory the machine has left (recording_budget.hpp).
  const double available = availableMemoryBytes();
  const double budget = available > 0.0 ? std::min(SimulationController::kResultBudgetBytes, 0.5 * available) : SimulationController::kResultBudgetBytes;
  if (recordedBytes(model, settings, record) <= budget) return {};
  record.singlePrecision = true;
  const int asked = settings.outputEvery;
  while (recordedBytes(model, settings, record) > budget && settings.outputEvery < (1 << 30)) settings.outputEvery *= 2;
  QString note = QObject::tr("Results are recorded in single precision to stay under %1 MB").arg(budget / (1024 * 1024), 0, 'f', 0);
  if (settings.outputEvery != asked)
    note += QObject::tr(", and every %1 step instead of every %2")
                .arg(QString::fromStdString(ordinal(settings.outputEvery)), QString::fromStdString(asked == 1 ? std::string("step") : ordinal(asked) + " step"));
  return note + ".";
}

}  // namespace

SimulationController::SimulationController(QObject* parent) : QObject(parent) {
  qRegisterMetaType<mstmm::gui::RunOutcome>();
  qRegisterMetaType<std::shared_ptr<mstmm::gui::RunResults>>();
}

SimulationController::~SimulationController() {
  cancel();
  join();
}

double SimulationController::liveEndTime(double timeStep) { return std::min(1e5, 1e9 * timeStep); }

void SimulationController::join() {
  if (m_thread.joinable()) m_thread.join();
}

// The run takes its own copy of the model (the editor may change it
// meanwhile). When not even that fits in memory, the run fails at once and
// says so, as any other: an exception out of a Qt slot would end the studio.
bool SimulationController::start(const ModelSpec& spec) {
  if (m_running) return false;
  join();  // the previous run's thread has finished; collect it
  std::shared_ptr<const ModelSpec> own;
  try {
    own = std::make_shared<const ModelSpec>(spec);
  } catch (const std::bad_alloc&) {
    m_results.reset();
    emit started();
    m_outcome = RunOutcome{};
    m_outcome.status = RunOutcome::Status::Failed;
    m_outcome.message = QString::fromStdString(outOfMemoryMessage("copying the model for its run", "close other programs, or use fewer bodies"));
    emit finished(m_outcome);
    return true;
  }
  m_running = true;
  m_cancel = false;
  m_results.reset();
  m_pacer = std::move(m_nextPacer);
  m_nextPacer.reset();
  if (m_pacer) m_pacer->restart();
  emit started();
  m_thread = std::thread([this, own, generation = m_generation, pacer = m_pacer] { work(*own, generation, pacer); });
  return true;
}

// A live run may be waiting in its pacer (paused, or ahead of the clock):
// let it go, so that it sees the flag within one step.
void SimulationController::cancel() {
  m_cancel = true;
  if (m_pacer) m_pacer->stop();
}

void SimulationController::discardResults() {
  cancel();
  ++m_generation;
  m_results.reset();
}

// On the worker thread: everything that reaches the GUI goes through queued
// invocations, which run on the GUI thread. Nothing may leave the thread as
// an exception (std::terminate would end the studio with the user's model):
// memory running out, in the compile or in the run, is a failed run that
// names the rule and keeps what was recorded (docs/reliability.md R5).
void SimulationController::work(const ModelSpec& spec, int generation, std::shared_ptr<LivePacer> pacer) {
  QElapsedTimer wall;
  wall.start();
  RunOutcome outcome;
  try {
    run(spec, generation, pacer.get(), wall, outcome);
  } catch (const std::bad_alloc&) {
    outcome.status = RunOutcome::Status::Failed;
    outcome.message = QString::fromStdString(outOfMemoryMessage(
        "compiling and running the model", "record every k-th step or give a shorter end time (the run settings), or close other programs; what was recorded is kept"));
  }
  outcome.wallSeconds = wall.elapsed() / 1000.0;
  QMetaObject::invokeMethod(this, [this, outcome, generation]() mutable {
    outcome.discarded = generation != m_generation;
    m_outcome = outcome;
    m_running = false;
    emit finished(outcome);
  }, Qt::QueuedConnection);
}

void SimulationController::run(const ModelSpec& spec, int generation, LivePacer* pacer, const QElapsedTimer& wall, RunOutcome& outcome) {
  std::shared_ptr<const Model> model;
  // A live run takes the user's pull, torque and controls (issue 30.2, 30.3),
  // unless its solver computes no load elements.
  const bool inputs = pacer && spec.simulation.solver != SolverKind::ClassicalTmm;
  try {
    model = compile(spec, CompileOptions{inputs});
  } catch (const Error& e) {
    outcome.status = RunOutcome::Status::Failed;
    outcome.message = QString::fromStdString(e.what());
    outcome.subject = e.subject();
    return;
  }
  SimulationSettings settings = spec.simulation;
  RecordOptions record;
  // A live run goes on until stopped: its recording is planned for ten
  // minutes of simulated time (beyond, it keeps recording at that rate);
  // its end is far away.
  if (pacer) settings.endTime = 600.0;
  const QString note = planRecording(*model, settings, record);
  if (pacer) settings.endTime = liveEndTime(settings.timeStep);
  auto results = std::make_shared<RunResults>(model, record);
  results->setRunSpec(spec);
  QMetaObject::invokeMethod(this, [this, results, note, generation] {
    if (generation != m_generation) return;  // discarded before it could show
    m_results = results;
    if (!note.isEmpty()) emit this->note(note);
    emit resultsReady(results);
  }, Qt::QueuedConnection);

  QElapsedTimer sinceReport;
  sinceReport.start();
  RunOptions options;
  options.cancel = &m_cancel;
  options.threads = static_cast<int>(std::thread::hardware_concurrency());  // the studio runs one simulation: let it use the machine
  options.progress = [&](const RunProgress& p) {
    if (sinceReport.elapsed() < 50 && p.time < p.endTime) return;  // at most 20 reports a second
    sinceReport.restart();
    const double seconds = std::max(1e-9, wall.elapsed() / 1000.0);
    const double stepsPerSecond = p.steps / seconds;
    const double left = p.time > 0 ? seconds * (p.endTime - p.time) / p.time : 0.0;
    const int frames = results->frameCount();
    QMetaObject::invokeMethod(this, [this, p, stepsPerSecond, left, frames, generation] {
      if (generation == m_generation) emit progress(p.time, p.endTime, stepsPerSecond, left, frames);
    }, Qt::QueuedConnection);
  };
  if (pacer) options.afterStep = [pacer](double t, bool recorded) { pacer->afterStep(t, recorded); };
  // A live run hands the view its newest state at up to 60 Hz, between the
  // recorded instants (planned for memory, so far apart for a large model).
  QElapsedTimer sinceState;
  sinceState.start();
  std::vector<BodyPose> poses;
  if (pacer)
    options.observeState = [&, results](double t, const Eigen::VectorXd& y) {
      if (sinceState.elapsed() < 15 && !pacer->paused()) return;  // paused: the state the user sees and may move by hand
      sinceState.restart();
      results->setLatest(RunResults::latestOf(*model, y, t, poses));
    };
  if (inputs) {
    m_liveInputs->reset(*model);
    options.inputs = m_liveInputs.get();
  }
  const RunReport report = simulate(model, settings, *results, options);
  outcome.time = report.time;
  outcome.steps = report.steps;
  outcome.implicit = isImplicit(settings.integrator);
  outcome.newtonIterations = report.newtonIterations;
  outcome.tangentRefreshes = report.tangentRefreshes;
  outcome.halvedSteps = report.rejectedSteps;
  outcome.bdf = settings.integrator == IntegratorKind::Bdf;
  outcome.krylovIterations = report.linearIterations;
  outcome.methodSteps = report.methodSteps;
  if (inputs) {
    auto recording = std::make_shared<LiveRecording>();
    recording->spec = spec;
    recording->spec.simulation = settings;
    recording->record = record;
    recording->steps = report.steps;
    recording->inputs = m_liveInputs->log();
    outcome.recording = std::move(recording);
  }
  if (report.status == RunStatus::Cancelled) {
    outcome.status = RunOutcome::Status::Cancelled;
  } else if (report.error) {
    outcome.status = RunOutcome::Status::Failed;
    outcome.message = QString::fromStdString(report.error->what());
    outcome.subject = report.error->subject();
  }
}

}  // namespace mstmm::gui
