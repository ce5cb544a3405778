#pragma once
// Keeping a looped system's state on its constraints (equations.md §6, "Drift"):
// the angles of a loop are dependent, so the state must close every cut at
// position and velocity level. The projector moves the state the least (in
// the spanning tree's joint coordinates) that closes them: Gauss-Newton on
// g = 0, then the velocity projection onto g' = 0, which is linear.
// Used to check and, on request, repair the initial state, and after every
// step when the run's stabilisation is "projection".

#include <Eigen/Core>
#include <vector>

#include "core/dynamics/loops/closure_constraints.hpp"
#include "core/dynamics/loops/rank_revealing_solve.hpp"

namespace mstmm {

class ClosureProjector {
 public:
  explicit ClosureProjector(const Model& model);

  /// The time of the states to come: only a prescribed cut hinge's row depends on it.
  void setTime(double t) { m_time = t; }
  ClosureReport measure(const Eigen::VectorXd& y);
  /// Refuses a state that does not close its loops (mstmm::Error naming the
  /// cut hinge, what is off and by how much, and how to fix it).
  void requireClosed(const Eigen::VectorXd& y);
  /// Moves y onto g = 0 and g' = 0, leaving prescribed tree coordinates as their
  /// drives have them; `positions` false projects the velocities only.
  void project(Eigen::VectorXd& y, bool positions = true);

  /// How many of the cuts' rows repeat the others at y: the rank the
  /// constraint Jacobian lacks (a redundant cut, as in Bricard's linkage, or
  /// a singular position). The linkage's mobility is the count
  /// Model::degreesOfFreedom() plus this (equations.md §6.1).
  /// `cut`, when given, receives the cut of one repeated row (-1 if none).
  int repeatedRows(const Eigen::VectorXd& y, int* cut = nullptr);

  /// Tolerances of requireClosed(): positions in m or rad, velocities in m/s or rad/s.
  static constexpr double kPositionTolerance = 1e-8;
  static constexpr double kVelocityTolerance = 1e-8;

 private:
  void solveLeastNorm(const Eigen::VectorXd& residual, const char* level);
  void applyRotations(Eigen::VectorXd& y);
  void applyRates(Eigen::VectorXd& y);
  void applySlides(Eigen::VectorXd& y, int level) const;
  [[noreturn]] void throwSingular(const char* level) const;

  const Model& m_model;
  ClosureConstraints m_constraints;
  std::vector<BodyPose> m_poses;
  std::vector<ClosureRow> m_rows;
  Eigen::VectorXd m_g, m_gDot, m_joint, m_minus;
  Eigen::MatrixXd m_j;
  RankRevealingSolve m_solve;
  double m_time = 0.0;
  std::vector<Vec3> m_perBody;
  std::vector<int> m_held;  // joint coordinates of prescribed tree hinges, which projection leaves as their drives say
};

}  // namespace mstmm
