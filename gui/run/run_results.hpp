#pragma once
// The results of one run, filled by the worker thread while the GUI reads
// them: record() appends under a mutex; readers lock, copy what they draw,
// and unlock (style.md §5: never draw while holding the simulation's lock).

#include <QMutex>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

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

  /// A live run's newest state, between its recorded instants: each body's
  /// I_1 and orientation at time t (compiled order). The 3-D view shows it
  /// while the user watches the newest result, at the view's frame rate,
  /// whatever the recording's interval.
  struct Latest {
    double time = -1.0;  // < 0: none yet
    std::vector<Vec3> inputs;
    std::vector<Quat> orientations;
    Eigen::VectorXd state;  // the ODE state itself (a move by hand starts from it)
  };
  /// The newest state y at time t as the view needs it: each body's pose.
  static Latest latestOf(const Model& model, const Eigen::VectorXd& y, double t, std::vector<BodyPose>& poses);
  void setLatest(Latest latest);
  /// Copies the newest poses into `out` (not the state) if it is later than `after`.
  bool latestAfter(double after, Latest& out) const;
  /// The newest ODE state and its time; false before the first.
  bool latestState(Eigen::VectorXd& state, double& time) const;

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
  mutable QMutex m_latestMutex;  // apart from the results': the worker sets it between steps
  Latest m_latest;
};

}  // namespace mstmm::gui
