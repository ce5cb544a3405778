#include "core/dynamics/loops/rank_revealing_solve.hpp"

#include <algorithm>
#include <limits>

namespace mstmm {

bool RankRevealingSolve::trustLu(const Eigen::MatrixXd& square) {
  m_lu.compute(square);
  if (m_lu.rank() != square.rows()) return false;
  return reciprocalCondition(square.cwiseAbs().colwise().sum().maxCoeff()) >= m_wellConditioned;
}

bool RankRevealingSolve::solveSquare(const Eigen::MatrixXd& a, const Eigen::VectorXd& b, Eigen::VectorXd& x) {
  if (!trustLu(a)) return leastNorm(a, b, x);
  luSolve(b, x);
  return true;
}

// Where j j^T is ill-conditioned, j itself is decomposed: its condition is
// the square root of theirs, so fewer directions are lost.
bool RankRevealingSolve::solveRows(const Eigen::MatrixXd& j, const Eigen::VectorXd& b, Eigen::VectorXd& x) {
  m_jjt.noalias() = j * j.transpose();
  if (!trustLu(m_jjt)) return leastNorm(j, b, x);
  luSolve(b, m_rows);
  x.noalias() = j.transpose() * m_rows;
  return true;
}

bool RankRevealingSolve::leastNorm(const Eigen::MatrixXd& a, const Eigen::VectorXd& b, Eigen::VectorXd& x) {
  m_cod.setThreshold(m_lostPivot);
  m_cod.compute(a);
  codSolve(b, x);
  m_ax.noalias() = a * x;
  return (m_ax - b).norm() <= kConsistent * (b.norm() + m_ax.norm()) + kNegligible;
}

// a P = Q [T 0] Z (a's column-pivoted QR, its R made [T 0] Z by Householder
// reflections from the right): c = Q^T b, T z = c's first rank rows, then
// x = P Z^T [z; 0]. The same steps as Eigen's solve(), in member vectors.
void RankRevealingSolve::codSolve(const Eigen::VectorXd& b, Eigen::VectorXd& x) {
  const Eigen::Index rank = m_cod.rank(), cols = m_cod.cols();
  x.resize(cols);
  if (rank == 0) {
    x.setZero();
    return;
  }
  // c = Q^T b = H_{rank-1} ... H_0 b, reflection k acting on rows k.. (as
  // vector blocks: on a dynamic block Eigen's product takes its GEMM path,
  // which allocates its blocking space).
  m_c = b;
  const Eigen::MatrixXd& qtz = m_cod.matrixQTZ();
  m_codWork.resize(std::max<Eigen::Index>(cols, 1));
  for (Eigen::Index k = 0; k < rank; ++k)
    m_c.segment(k, m_c.size() - k).applyHouseholderOnTheLeft(qtz.col(k).tail(qtz.rows() - k - 1), m_cod.hCoeffs()(k), m_codWork.data());
  x.head(rank) = m_c.head(rank);
  m_cod.matrixT().topLeftCorner(rank, rank).triangularView<Eigen::Upper>().solveInPlace(x.head(rank));
  if (rank < cols) {
    x.tail(cols - rank).setZero();
    for (Eigen::Index k = 0; k < rank; ++k) {  // x = Z^T x: reflection k acts on row k and the last cols - rank rows
      if (k != rank - 1) x.row(k).swap(x.row(rank - 1));
      x.segment(rank - 1, cols - rank + 1).applyHouseholderOnTheLeft(qtz.row(k).tail(cols - rank).adjoint(), m_cod.zCoeffs()(k), m_codWork.data());
      if (k != rank - 1) x.row(k).swap(x.row(rank - 1));
    }
  }
  m_unpermuted = x;
  x = m_cod.colsPermutation() * m_unpermuted;
}

// P a Q = L U: c = P b, L U c' = c, x = Q c'. x may be b itself.
void RankRevealingSolve::luSolve(const Eigen::VectorXd& b, Eigen::VectorXd& x) {
  m_c = m_lu.permutationP() * b;
  m_lu.matrixLU().triangularView<Eigen::UnitLower>().solveInPlace(m_c);
  m_lu.matrixLU().triangularView<Eigen::Upper>().solveInPlace(m_c);
  x = m_lu.permutationQ() * m_c;
}

// a^T = Q^-T U^T L^T P^-T: c = Q^T b, U^T L^T c' = c, x = P^T c'.
void RankRevealingSolve::luSolveTransposed(const Eigen::VectorXd& b, Eigen::VectorXd& x) {
  m_c = m_lu.permutationQ().transpose() * b;
  m_lu.matrixLU().triangularView<Eigen::Upper>().transpose().solveInPlace(m_c);
  m_lu.matrixLU().triangularView<Eigen::UnitLower>().transpose().solveInPlace(m_c);
  x = m_lu.permutationP().transpose() * m_c;
}

// 1 / (||a||_1 ||a^-1||_1), the norm of the inverse estimated as LAPACK's
// condition estimators do (Hager's method with Higham's safeguards).
double RankRevealingSolve::reciprocalCondition(double normOfA) {
  const Eigen::Index n = m_lu.rows();
  if (n == 0) return std::numeric_limits<double>::infinity();
  if (normOfA == 0.0) return 0.0;
  if (n == 1) return 1.0;
  const double inverseNorm = inverseNormEstimate();
  return inverseNorm == 0.0 ? 0.0 : (1.0 / inverseNorm) / normOfA;
}

// A lower bound of ||a^-1||_1 = max_j ||a^-1 e_j||_1, found by a gradient
// ascent over the unit vectors e_j (a few solves), then checked against
// a^-1 applied to a vector of alternating signs (Higham, 1988).
double RankRevealingSolve::inverseNormEstimate() {
  const Eigen::Index n = m_lu.rows();
  m_unit.setConstant(n, 1.0 / static_cast<double>(n));
  luSolve(m_unit, m_v);
  double bound = m_v.lpNorm<1>();
  double oldBound = bound;
  m_sign.resize(n);
  m_oldSign.resize(n);
  Eigen::Index j = -1, oldJ = -1;
  for (int k = 0; k < 4; ++k) {
    for (Eigen::Index i = 0; i < n; ++i) m_sign[i] = m_v[i] < 0.0 ? -1.0 : 1.0;
    if (k > 0 && m_sign == m_oldSign) break;
    luSolveTransposed(m_sign, m_v);  // the gradient: a^-T sign(a^-1 v)
    m_v.cwiseAbs().maxCoeff(&j);
    if (j == oldJ) break;
    m_unit.setZero();
    m_unit[j] = 1.0;
    luSolve(m_unit, m_v);
    bound = m_v.lpNorm<1>();
    if (bound <= oldBound) break;
    m_oldSign = m_sign;
    oldJ = j;
    oldBound = bound;
  }
  double alternating = 1.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    m_v[i] = alternating * (1.0 + static_cast<double>(i) / static_cast<double>(n - 1));
    alternating = -alternating;
  }
  luSolve(m_v, m_v);
  return std::max(bound, 2.0 * m_v.lpNorm<1>() / (3.0 * static_cast<double>(n)));
}

}  // namespace mstmm
