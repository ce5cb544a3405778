#pragma once
// Linear systems of loop closure that may lose rank (equations.md §6.1): the
// supplement equations W lambda = b - a0 and the projection's J dq = -g. At
// a singular position (the N-four-bar lying flat) or with a redundant cut (a
// rod pinned at both ends, Bricard's linkage) some rows repeat the others;
// the accelerations, or the projected state, are still unique as long as the
// right-hand side asks nothing of the lost directions. A well-conditioned
// system is solved by LU, as it always was (the same numbers to the last
// bit); any other by the least-norm least-squares solution of a complete
// orthogonal decomposition, which leaves the lost directions out. A
// right-hand side that they cannot meet (a loop driven through a dead point
// it cannot pass) is reported instead.
//
// The LU path runs in every evaluation of a looped model, so it allocates
// nothing once its buffers have the system's size: the solves and the
// condition estimate are done here in member vectors, with the same
// triangular solves (and so the same numbers) as Eigen's FullPivLU::solve()
// and rcond(), which build temporaries on the heap each call (8 % of the
// four-bar example's run was malloc and free). The least-norm path, which
// an overconstrained linkage (Bricard's) takes in every evaluation, applies
// the complete orthogonal decomposition's factors itself for the same reason,
// as CompleteOrthogonalDecomposition::solve() does but in member vectors.

#include <Eigen/LU>
#include <Eigen/QR>

namespace mstmm {

class RankRevealingSolve {
 public:
  /// W's pivots below this fraction of the largest count as lost: well
  /// above rounding (1e-16), well below any conditioning a mechanism has
  /// away from its singular positions.
  static constexpr double kLostPivot = 1e-10;
  /// Where J's rows count as repeated when the linkage's mobility is
  /// judged (ClosureProjector::repeatedRows, the vibration basis): W =
  /// J M^-1 J^T squares J's condition, so a row of J within 1e-5 of the
  /// others is one that W loses; and a state a little off an
  /// overconstrained linkage's path keeps it within that.
  static constexpr double kRepeatedRow = 1e-5;
  /// The residual allowed in the lost directions, relative to the size of
  /// the right-hand side and of what the solution meets. Not rounding-small:
  /// the integrator's stages lie a little off the constraints, and near a
  /// singular position what they ask of a nearly lost direction is that
  /// offset, not a motion; a loop driven through a dead point it cannot pass
  /// asks of it as much as of the others.
  static constexpr double kConsistent = 1e-2;
  /// A residual this small (m/s^2, m or m/s; rotational rows in rad) is met,
  /// whatever the right-hand side: a linkage at rest on its singular position
  /// asks only rounding of the lost direction.
  static constexpr double kNegligible = 1e-12;

  /// `wellConditioned`: the reciprocal condition estimate (of the square
  /// system, or of j j^T) from which LU is trusted; `lostPivot`: the
  /// decomposition's threshold below it.
  RankRevealingSolve(double wellConditioned, double lostPivot) : m_wellConditioned(wellConditioned), m_lostPivot(lostPivot) {}
  /// x of the square system a x = b. False when no x meets it.
  bool solveSquare(const Eigen::MatrixXd& a, const Eigen::VectorXd& b, Eigen::VectorXd& x);
  /// The least-norm x of j x = b (j wide: x = j^T (j j^T)^-1 b when its rows
  /// are independent). False when no x meets it.
  bool solveRows(const Eigen::MatrixXd& j, const Eigen::VectorXd& b, Eigen::VectorXd& x);

 private:
  bool trustLu(const Eigen::MatrixXd& square);
  bool leastNorm(const Eigen::MatrixXd& a, const Eigen::VectorXd& b, Eigen::VectorXd& x);
  // With the LU of a full-rank square matrix a = P^-1 L U Q^-1:
  void luSolve(const Eigen::VectorXd& b, Eigen::VectorXd& x);           // x = a^-1 b
  void luSolveTransposed(const Eigen::VectorXd& b, Eigen::VectorXd& x);  // x = a^-T b
  void codSolve(const Eigen::VectorXd& b, Eigen::VectorXd& x);  // the least-norm x of the decomposed a x = b
  double reciprocalCondition(double normOfA);
  double inverseNormEstimate();

  double m_wellConditioned, m_lostPivot;
  Eigen::FullPivLU<Eigen::MatrixXd> m_lu;
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> m_cod;
  Eigen::MatrixXd m_jjt;
  Eigen::VectorXd m_ax;
  Eigen::VectorXd m_c, m_v, m_sign, m_oldSign, m_unit, m_rows;  // the LU path's work vectors
  Eigen::VectorXd m_codWork, m_unpermuted;                        // and the least-norm path's
};

}  // namespace mstmm
