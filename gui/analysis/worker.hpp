#pragma once
// Runs an analysis on a worker thread while a progress dialog and the event
// loop wait: the GUI stays drawn and computes no physics itself. The
// dialog's Cancel sets the flag the analysis reads at its next evaluation
// (it then throws "the analysis was cancelled").

#include <QEventLoop>
#include <atomic>
#include <QProgressDialog>
#include <exception>
#include <optional>
#include <thread>

namespace mstmm::gui {

/// work(cancel) on a worker thread; returns its result or rethrows what it threw.
template <class Work>
auto aside(QWidget* parent, const QString& label, Work work) -> decltype(work(nullptr)) {
  using Result = decltype(work(nullptr));
  std::atomic<bool> cancel{false};
  QProgressDialog progress(label, QObject::tr("Cancel"), 0, 0, parent);
  QObject::connect(&progress, &QProgressDialog::canceled, [&cancel] { cancel = true; });
  progress.setWindowModality(Qt::WindowModal);
  progress.setMinimumDuration(400);
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
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

}  // namespace mstmm::gui
