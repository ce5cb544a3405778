#pragma once
// The results of one run, filled by the worker thread while the GUI reads
// them: record() appends under a mutex; readers lock, copy what they draw,
// and unlock (style.md §5: never draw while holding the simulation's lock).

#include <QMutex>
#include <atomic>
#include <memory>

#include "core/sim/results.hpp"

namespace mstmm::gui {

class RunResults final : public ResultSink {
 public:
  RunResults(std::shared_ptr<const Model> model, const RecordOptions& options);

  void record(const Frame& frame) override;

  /// Frames recorded so far (no lock needed).
  int frameCount() const { return m_frames.load(std::memory_order_acquire); }
  const std::shared_ptr<const Model>& model() const { return m_model; }

  /// Calls f(const Results&) with the results locked; keep f short.
  template <class F>
  auto read(F&& f) const {
    QMutexLocker lock(&m_mutex);
    return f(m_results);
  }

 private:
  std::shared_ptr<const Model> m_model;
  mutable QMutex m_mutex;
  Results m_results;
  std::atomic<int> m_frames{0};
};

}  // namespace mstmm::gui
