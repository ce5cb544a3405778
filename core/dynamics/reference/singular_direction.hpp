#pragma once
// Which unknown a singular system of equations leaves undetermined, so that a
// reference solver's "singular" names the body or hinge behind it: the
// largest entry of the right singular vector of the smallest singular value
// (a kernel vector when the matrix is exactly singular). Dense and O(n^3),
// so only on failure and only for systems small enough to decompose quickly.

#include <Eigen/Core>
#include <Eigen/SVD>

namespace mstmm {

/// The index of the most undetermined unknown of `a`, or -1 when `a` is too
/// large to decompose (more than `largest` columns).
inline int mostUndeterminedUnknown(const Eigen::MatrixXd& a, Eigen::Index largest = 1500) {
  if (a.cols() == 0 || a.cols() > largest) return -1;
  const Eigen::BDCSVD<Eigen::MatrixXd> svd(a, Eigen::ComputeFullV);
  Eigen::Index k = 0;
  svd.matrixV().col(a.cols() - 1).cwiseAbs().maxCoeff(&k);
  return static_cast<int>(k);
}

}  // namespace mstmm
