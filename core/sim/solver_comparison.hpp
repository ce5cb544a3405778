#pragma once
// One model run with several solvers (issue 30.6; the studio's Simulate ▸
// Compare Solvers, README.md): the same settings and initial state, each
// run timed, and the motion of every other solver measured against the
// first's at each recorded time. Formulations that agree (Riccati, Newton–Euler, mass
// matrix) differ by round-off that grows with the motion's sensitivity; the
// classical transfer matrix method loses digits along a chain; a solver
// that cannot take the model (classical TMM on a tree, the mass matrix on a
// loop) is a failed run with its message.

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "core/model/model.hpp"
#include "core/sim/simulation.hpp"

namespace mstmm {

struct SolverRunCost {
  SolverKind solver = SolverKind::Riccati;
  RunStatus status = RunStatus::Completed;
  std::string message;    // why it failed or was cancelled
  double seconds = 0.0;   // wall time of the run (recording included)
  long evaluations = 0;
  double reached = 0.0;   // simulated time reached
  /// Wall time per evaluation (s), or 0 without evaluations.
  double secondsPerEvaluation() const { return evaluations > 0 ? seconds / static_cast<double>(evaluations) : 0.0; }
};

struct SolverComparison {
  std::vector<SolverRunCost> runs;  // in the order asked; the first is the reference
  std::vector<double> times;        // the reference's recorded times
  /// Per run after the first (index k - 1 for runs[k]), at each of `times`:
  /// the largest rotation angle between a body's orientation in that run and
  /// in the reference (rad), and the largest distance between its centres of
  /// mass (m). NaN where that run had stopped, or its frame is at another time.
  std::vector<std::vector<double>> orientationDifference;
  std::vector<std::vector<double>> positionDifference;
};

/// The angle of the rotation that takes orientation a to b (rad, in [0, pi]).
double rotationAngleBetween(const Quat& a, const Quat& b);

/// Runs `model` with `settings` once per solver (the first is the reference)
/// and compares the motions. Throws mstmm::Error (Input) for fewer than two
/// solvers or a repeated one; a run that fails is reported, not thrown.
SolverComparison compareSolvers(const std::shared_ptr<const Model>& model, const SimulationSettings& settings, const std::vector<SolverKind>& solvers,
                                const std::atomic<bool>* cancel = nullptr);

}  // namespace mstmm
