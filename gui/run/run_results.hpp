#pragma once
// The results of one run, filled by the worker thread while the GUI reads
// them: record() appends under a mutex; readers lock, copy what they draw,
// and unlock (style.md §5: never draw while holding the simulation's lock).

#include <QMutex>
#include <atomic>
#include <memory>
#include <optional>

#include "core/sim/results.hpp"

namespace mstmm::gui {

class RunResults final : public ResultSink {
 public:
  RunResults(std::shared_ptr<const Model> model, const RecordOptions& options);

  void record(const Frame& frame) override;

  /// Frames recorded so far (no lock needed).
  int frameCount() const { return m_frames.load(std::memory_order_acquire); }
  const std::shared_ptr<const Model>& model() const { return m_model; }
  /// The user's model the run was made from (none for a mode's animation):
  /// an edit undone back to it makes the results current again.
  void setRunSpec(ModelSpec spec) { m_runSpec = std::move(spec); }
  const std::optional<ModelSpec>& runSpec() const { return m_runSpec; }
  /// Whether they were computed from this spec (sameModel()).
  bool describe(const ModelSpec& spec) const;

  /// Calls f(const Results&) with the results locked; keep f short.
  template <class F>
  auto read(F&& f) const {
    QMutexLocker lock(&m_mutex);
    return f(m_results);
  }

 private:
  std::shared_ptr<const Model> m_model;
  std::optional<ModelSpec> m_runSpec;
  mutable QMutex m_mutex;
  Results m_results;
  std::atomic<int> m_frames{0};
};

}  // namespace mstmm::gui
