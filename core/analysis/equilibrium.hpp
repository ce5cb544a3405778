#pragma once
// Static equilibrium (equations.md §10.4): the state at rest where every free
// joint acceleration vanishes, found by Newton's method on the accelerations,
// z <- z - alpha (dz''/dz)^-1 z'', with a backtracking line search on the
// kinetic-energy norm z''^T M z''. Drives stay at their value at the chosen
// time; looped models are kept on their constraints after each step.

#include <memory>
#include <string>
#include <vector>

#include "core/analysis/linearisation.hpp"

namespace mstmm {

struct EquilibriumOptions {
  SolverKind solver = SolverKind::Riccati;
  double time = 0.0;
  int maxIterations = 100;
  /// Converged when every joint acceleration is below this (rad/s^2 or m/s^2),
  /// or, below a millionth of where they started, when no step lowers the
  /// potential any more (rounding: large models).
  double tolerance = 1e-10;
  /// Above this many free coordinates Newton's steps come from the O(N)
  /// sweep of the linearised tree (linear_sweep.hpp) instead of dense matrices.
  int denseLimit = 1500;
  const std::atomic<bool>* cancel = nullptr;  // as LinearisationOptions::cancel
};

struct EquilibriumResult {
  Eigen::VectorXd state;      // the ODE state at equilibrium
  double residual = 0.0;      // the largest joint acceleration left, rad/s^2 or m/s^2
  int iterations = 0;
  double startResidual = 0.0; // the same at the start
  /// Directions along which the equilibrium is not isolated (issue 51): the
  /// stiffness meets none of them, so every pose along each is at rest too
  /// (a subtree on ball hinges turning about the vertical, a vehicle rolling
  /// along its road) and the frequencies may change along it. One name per
  /// direction, its largest joint coordinate's. The dense path only.
  std::vector<std::string> neutral;
};

/// Throws mstmm::Error (kind Solver) naming the hinge when no equilibrium
/// can be found: a coordinate that nothing holds against the loads (a free
/// body with nothing to rest on), or no convergence within maxIterations.
EquilibriumResult findEquilibrium(std::shared_ptr<const Model> model, const Eigen::VectorXd& start, const EquilibriumOptions& options = {});

/// What the user should know of EquilibriumResult::neutral, in one
/// sentence for the CLI, the studio and Python; empty when it is isolated.
std::string describeNeutral(const EquilibriumResult& result);

/// The state with every free joint rate set to zero (drives keep theirs).
Eigen::VectorXd restingState(const Model& model, const Eigen::VectorXd& y);

}  // namespace mstmm
