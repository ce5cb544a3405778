#include "core/dynamics/loops/rank_revealing_solve.hpp"

namespace mstmm {

bool RankRevealingSolve::trustLu(const Eigen::MatrixXd& square) {
  m_lu.compute(square);
  return m_lu.rank() == square.rows() && m_lu.rcond() >= m_wellConditioned;
}

bool RankRevealingSolve::solveSquare(const Eigen::MatrixXd& a, const Eigen::VectorXd& b, Eigen::VectorXd& x) {
  if (!trustLu(a)) return leastNorm(a, b, x);
  x = m_lu.solve(b);
  return true;
}

// Where j j^T is ill-conditioned, j itself is decomposed: its condition is
// the square root of theirs, so fewer directions are lost.
bool RankRevealingSolve::solveRows(const Eigen::MatrixXd& j, const Eigen::VectorXd& b, Eigen::VectorXd& x) {
  m_jjt.noalias() = j * j.transpose();
  if (!trustLu(m_jjt)) return leastNorm(j, b, x);
  x.noalias() = j.transpose() * m_lu.solve(b);
  return true;
}

bool RankRevealingSolve::leastNorm(const Eigen::MatrixXd& a, const Eigen::VectorXd& b, Eigen::VectorXd& x) {
  m_cod.setThreshold(m_lostPivot);
  m_cod.compute(a);
  x = m_cod.solve(b);
  m_ax.noalias() = a * x;
  return (m_ax - b).norm() <= kConsistent * (b.norm() + m_ax.norm()) + kNegligible;
}

}  // namespace mstmm
