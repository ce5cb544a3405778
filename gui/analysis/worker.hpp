#pragma once
// Runs an analysis on a worker thread while the event loop waits: the GUI
// stays drawn and computes no physics itself. In the studio the analysis
// shows in the main window's status bar with Cancel (analysis_status.hpp),
// as a run does; without a main window (a dialog on its own) a progress
// dialog shows it. Cancel sets the flag the analysis reads at its next
// evaluation (it then throws "the analysis was cancelled").

#include <QEventLoop>
#include <QProgressDialog>
#include <atomic>
#include <exception>
#include <optional>
#include <thread>

#include "gui/analysis/analysis_status.hpp"

namespace mstmm::gui {

/// work(cancel) on a worker thread; returns its result or rethrows what it threw.
template <class Work>
auto aside(QWidget* parent, const QString& label, Work work) -> decltype(work(nullptr)) {
  using Result = decltype(work(nullptr));
  std::atomic<bool> cancel{false};
  AnalysisStatus* status = AnalysisStatus::of(parent);
  std::optional<QProgressDialog> progress;
  if (status && !status->busy()) {
    status->begin(label, &cancel, parent);
  } else {
    status = nullptr;
    progress.emplace(label, QObject::tr("Cancel"), 0, 0, parent);
    QObject::connect(&*progress, &QProgressDialog::canceled, [&cancel] { cancel = true; });
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(400);
  }
  std::optional<Result> result;
  std::exception_ptr error;
  QEventLoop loop;
  std::thread worker([&] {
    try {
      result.emplace(work(&cancel));
    } catch (...) {
      error = std::current_exception();
    }
    QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection);
  });
  loop.exec();
  worker.join();
  if (status) status->end();
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

}  // namespace mstmm::gui
