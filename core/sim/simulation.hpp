#pragma once
// Runs a model through time: integrates the ODE, records every k-th step to a
// result sink, can be cancelled from another thread (an atomic flag checked
// every step) and reports progress through a callback. A solver error or a
// divergence (non-finite state, energy blow-up) ends the run with an error
// naming the time and the body; the frames recorded up to it stay recorded.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

#include "core/error.hpp"
#include "core/sim/frame.hpp"
#include "core/sim/run_input_source.hpp"

namespace mstmm {

struct RunProgress {
  double time = 0.0;
  double endTime = 0.0;
  long steps = 0;
};
using ProgressCallback = std::function<void(const RunProgress&)>;

enum class RunStatus { Completed, Cancelled, Failed };

struct RunReport {
  RunStatus status = RunStatus::Completed;
  double time = 0.0;     // simulated time reached
  long steps = 0;
  long evaluations = 0;  // solver evaluations
  long rejectedSteps = 0;   // dopri5: rejected steps; generalized-alpha: halvings
  long newtonIterations = 0;  // generalized-alpha: sweeps in Newton iterations
  long tangentRefreshes = 0;  // generalized-alpha: evaluations of the hinges' local tangents; BDF: preconditioner set-ups
  long linearIterations = 0;  // BDF: Krylov iterations
  long methodSteps = 0;       // BDF: its own steps (`steps` counts the run's instants)
  std::optional<Error> error;
};

struct RunOptions {
  const std::atomic<bool>* cancel = nullptr;
  ProgressCallback progress;
  const Eigen::VectorXd* initialState = nullptr;  // default: the spec's initial state
  int threads = 1;  // > 1: the Riccati solver may use a second thread on large trees (makeSolver)
  /// After every step, on the run's thread, with the time reached and
  /// whether the step recorded a frame: the live mode's pacer (live_pacer.hpp)
  /// blocks here to keep real time, to pause and to take single steps.
  std::function<void(double t, bool recorded)> afterStep;
  /// After every step too, with the state reached: a live view shows it
  /// between recorded instants. Called on the run's thread; keep it short.
  std::function<void(double t, const Eigen::VectorXd& y)> observeState;
  /// The user's pull, torque and controls as the run goes on, asked before
  /// every step (run_input_source.hpp); the model must be compiled with
  /// CompileOptions::runInputs. Null: the model as drawn.
  RunInputSource* inputs = nullptr;
  /// > 0: the run ends, completed, after this many steps (a replay of a
  /// live run, whose end time is far away, stops where the live run stopped).
  long stepLimit = 0;
};

RunReport simulate(std::shared_ptr<const Model> model, const SimulationSettings& settings, ResultSink& sink,
                   const RunOptions& options = {});

}  // namespace mstmm
