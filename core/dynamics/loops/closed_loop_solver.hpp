#pragma once
// Closed loops on top of a tree solver (equations.md §6, 002 §3). Each loop is
// cut at one hinge (Model::cuts()); the spanning tree is solved by the
// Riccati recursion with the unknown cut loads lambda applied at the cut
// ends. Every acceleration is affine in lambda, so the supplement equations
// (the relative acceleration of the two ends vanishes in the constrained
// directions, up to the drift-control term b) form a small dense system
//     W lambda = b - a0,    W = d(relative accelerations)/d lambda,
// whose columns come from the tree solved with one unit cut load each:
// equations.md carries them as extra columns of e through one sweep, this
// evaluates them as extra sweeps; the work is the same order, O(n) per
// column. A final sweep with the solved lambda gives the accelerations and
// every hinge load. W may lose rank (a singular position, a redundant cut):
// the solve is then the least-norm one (rank_revealing_solve.hpp).
//
// Drift: Baumgarte's b = -2 alpha g' - beta^2 g by default; with projection
// (or none) b = 0 and the integrator projects the state after each step.

#include <memory>
#include <optional>
#include <vector>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/loops/closure_constraints.hpp"
#include "core/dynamics/loops/rank_revealing_solve.hpp"

namespace mstmm {

class ClosedLoopSolver final : public DynamicsSolver {
 public:
  /// `tree` must apply cut loads (appliesCutLoads()) and share the model.
  ClosedLoopSolver(std::unique_ptr<DynamicsSolver> tree, const SupplementTarget& target);
  const char* name() const override { return m_tree->name(); }
  void acceptState(const Eigen::VectorXd& y) override { m_tree->acceptState(y); }
  void setInputs(const RunInputs* inputs) override { m_tree->setInputs(inputs); }
  bool setIterationOperator(const IterationOperator* op) override { return m_tree->setIterationOperator(op); }

  /// The supplement matrix W of the last evaluation (tests, diagnostics).
  const Eigen::MatrixXd& supplementMatrix() const { return m_w; }
  /// The closure errors the last evaluation measured, if it was at exactly
  /// the state y (bit for bit) and, where a driven cut makes them depend on
  /// time, at exactly t; otherwise null. A run's loop check after each step
  /// reads them here instead of computing every pose again: the step's last
  /// evaluation is at the state it keeps (the next step's first stage).
  std::optional<ClosureReport> closureAt(double t, const Eigen::VectorXd& y);

 protected:
  void compute(const Eigen::VectorXd& y, SolverOutput& out) override;

 private:
  void loadsFromMultipliers(const Eigen::VectorXd& lambda);
  [[noreturn]] void throwSingular() const;

  std::unique_ptr<DynamicsSolver> m_tree;
  SupplementTarget m_target;
  ClosureConstraints m_constraints;
  std::vector<BodyPose> m_poses;
  std::vector<ClosureRow> m_rows;
  std::vector<CutLoad> m_loads;
  SolverOutput m_column;
  Eigen::VectorXd m_g, m_gDot, m_a0, m_a, m_rhs, m_lambda;
  Eigen::MatrixXd m_w;
  RankRevealingSolve m_solve;
  Eigen::VectorXd m_closureState;  // the state and time m_g and m_gDot were measured at
  double m_closureTime = 0.0;
  bool m_closureKnown = false;  // false while an evaluation (or one that failed) has poses of another state
};

}  // namespace mstmm
