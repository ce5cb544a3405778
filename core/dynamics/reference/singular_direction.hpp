#pragma once
// Which unknown a singular system of equations leaves undetermined, so that a
// reference solver's "singular" names the body or hinge behind it: the
// largest entry of the right singular vector of the smallest singular value
// (a kernel vector when the matrix is exactly singular). Dense and O(n^3),
// so only on failure and only for systems small enough to decompose quickly.
//
// That vector is the eigenvector of a^T a of its smallest eigenvalue. The
// symmetric eigensolver, which the engine compiles anyway, finds it; squaring
// the condition number blurs a nearly singular direction, not an exact
// kernel, and only the largest entry is read. (Eigen's BDCSVD did this
// before: some 27 s of compile time in each file that included it.)

#include <Eigen/Core>
#include <Eigen/Eigenvalues>

namespace mstmm {

/// The index of the most undetermined unknown of `a`, or -1 when `a` is too
/// large to decompose (more than `largest` columns).
inline int mostUndeterminedUnknown(const Eigen::MatrixXd& a, Eigen::Index largest = 1500) {
  if (a.cols() == 0 || a.cols() > largest) return -1;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> normal(a.transpose() * a);  // eigenvalues ascending
  Eigen::Index k = 0;
  normal.eigenvectors().col(0).cwiseAbs().maxCoeff(&k);
  return static_cast<int>(k);
}

}  // namespace mstmm
