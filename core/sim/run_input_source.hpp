#pragma once
// Where a run's inputs come from while it goes on (issue 30.1-30.3): the
// user through the studio (LiveInputs, thread-safe), or a saved log of
// what the user did (ReplayedInputs). Asked on the run's thread before the
// run starts and before every step: an input holds for whole steps, and
// the log says at which step each change came, so that a replay takes
// exactly the same steps, bit for bit.

#include <Eigen/Core>
#include <mutex>
#include <vector>

#include "core/loads/run_inputs.hpp"

namespace mstmm {

/// From step `step` on (steps taken before the change), the inputs were
/// `inputs`; with a state, the run went on from it (a body moved by hand
/// while paused, move_within_joints.hpp).
struct InputEvent {
  long step = 0;
  double time = 0.0;  // the run's time then (for reading a log; the step decides)
  RunInputs inputs;
  Eigen::VectorXd state;  // empty: the run's own state went on
};
using InputLog = std::vector<InputEvent>;

class RunInputSource {
 public:
  virtual ~RunInputSource() = default;
  /// Before the run's step number `step` (0 before the first, and once
  /// more for the first step) at time t: writes a change into `inputs`
  /// (and, for a move by hand, the state to go on from into `state`, else
  /// leaves it empty) and returns true, or leaves them and returns false.
  /// At most one change per call.
  virtual bool inputsFor(long step, double t, RunInputs& inputs, Eigen::VectorXd& state) = 0;
};

/// What the user does to a live run: set from the GUI thread, taken by the
/// run at its next step and logged with that step.
class LiveInputs final : public RunInputSource {
 public:
  /// Ready for a run of `model`: no pull, every control the model's own, an empty log.
  void reset(const Model& model);
  void setPerturbation(const Perturbation& perturbation);
  void release();
  /// Control k's value (controlChannels()); NaN: the model's own again.
  void setControl(int control, double value);
  /// The run goes on from this state at its next step (a move by hand).
  void moveTo(Eigen::VectorXd state);
  /// What the user asked for last (taken or not yet).
  RunInputs wanted() const;
  /// Every change the run took, in order.
  InputLog log() const;

  bool inputsFor(long step, double t, RunInputs& inputs, Eigen::VectorXd& state) override;

 private:
  mutable std::mutex m_mutex;
  RunInputs m_wanted;
  Eigen::VectorXd m_state;  // a move by hand not yet taken
  bool m_changed = false;
  InputLog m_log;
};

/// A logged run's inputs again, each at its step.
class ReplayedInputs final : public RunInputSource {
 public:
  explicit ReplayedInputs(InputLog log) : m_log(std::move(log)) {}
  bool inputsFor(long step, double t, RunInputs& inputs, Eigen::VectorXd& state) override;
  /// Whether every event was given back (a replay that ends earlier did not reproduce its log).
  bool used() const { return m_next == m_log.size(); }

 private:
  InputLog m_log;
  std::size_t m_next = 0;
};

}  // namespace mstmm
