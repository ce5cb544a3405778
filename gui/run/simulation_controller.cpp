#include "gui/run/simulation_controller.hpp"

#include <QMetaObject>
#include <algorithm>

#include "core/model/model.hpp"
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
  if (settings.outputEvery != asked) note += QObject::tr(", and every %1th step instead of every %2th").arg(settings.outputEvery).arg(asked);
  return note + ".";
}

}  // namespace

SimulationController::SimulationController(QObject* parent) : QObject(parent) {
  qRegisterMetaType<mstmm::gui::RunOutcome>();
  qRegisterMetaType<std::shared_ptr<mstmm::gui::RunResults>>();
}

SimulationController::~SimulationController() {
  m_cancel = true;
  join();
}

void SimulationController::join() {
  if (m_thread.joinable()) m_thread.join();
}

bool SimulationController::start(const ModelSpec& spec) {
  if (m_running) return false;
  join();  // the previous run's thread has finished; collect it
  m_running = true;
  m_cancel = false;
  m_results.reset();
  emit started();
  m_thread = std::thread([this, spec, generation = m_generation] { work(spec, generation); });
  return true;
}

void SimulationController::cancel() { m_cancel = true; }

void SimulationController::discardResults() {
  cancel();
  ++m_generation;
  m_results.reset();
}

// On the worker thread: everything that reaches the GUI goes through queued
// invocations, which run on the GUI thread.
void SimulationController::work(ModelSpec spec, int generation) {
  QElapsedTimer wall;
  wall.start();
  RunOutcome outcome;
  auto finish = [this, &outcome, &wall, generation] {
    outcome.wallSeconds = wall.elapsed() / 1000.0;
    QMetaObject::invokeMethod(this, [this, outcome, generation]() mutable {
      outcome.discarded = generation != m_generation;
      m_outcome = outcome;
      m_running = false;
      emit finished(outcome);
    }, Qt::QueuedConnection);
  };
  std::shared_ptr<const Model> model;
  try {
    model = compile(spec);
  } catch (const Error& e) {
    outcome.status = RunOutcome::Status::Failed;
    outcome.message = QString::fromStdString(e.what());
    outcome.subject = e.subject();
    finish();
    return;
  }
  SimulationSettings settings = spec.simulation;
  RecordOptions record;
  const QString note = planRecording(*model, settings, record);
  auto results = std::make_shared<RunResults>(model, record);
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
  const RunReport report = simulate(model, settings, *results, options);
  outcome.time = report.time;
  outcome.steps = report.steps;
  if (report.status == RunStatus::Cancelled) {
    outcome.status = RunOutcome::Status::Cancelled;
  } else if (report.error) {
    outcome.status = RunOutcome::Status::Failed;
    outcome.message = QString::fromStdString(report.error->what());
    outcome.subject = report.error->subject();
  }
  finish();
}

}  // namespace mstmm::gui
