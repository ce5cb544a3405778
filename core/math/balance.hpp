#pragma once
// Balancing a real matrix before its eigenvalues are taken (Parlett and
// Reinsch 1969, as LAPACK's dgebal does it): a diagonal similarity
// D^-1 A D, D of powers of two (so exact), that brings each row's and
// column's off-diagonal norms close. The eigenvalues are A's; their error,
// about machine precision times the matrix's norm, falls with that norm.
// Without it a rotor held by a stiff bearing (1e12 N/m beside a shaft of
// 1e6) had its lowest whirls off by 1e-5 and its equal forward and backward
// frequencies at rest split by as much.

#include <Eigen/Core>

namespace mstmm {

/// Balances `a` in place (a <- D^-1 a D) and returns D's diagonal: an
/// eigenvector y of the balanced matrix is D y of the original.
inline Eigen::VectorXd balance(Eigen::MatrixXd& a) {
  const Eigen::Index n = a.rows();
  Eigen::VectorXd d = Eigen::VectorXd::Ones(n);
  for (bool changed = true; changed;) {
    changed = false;
    for (Eigen::Index i = 0; i < n; ++i) {
      const double column = a.col(i).cwiseAbs().sum() - std::abs(a(i, i)), row = a.row(i).cwiseAbs().sum() - std::abs(a(i, i));
      if (column == 0.0 || row == 0.0) continue;
      // The power of two f that brings column * f and row / f nearest.
      double f = 1.0, c = column;
      while (c < row / 2.0) f *= 2.0, c *= 4.0;
      while (c > row * 2.0) f /= 2.0, c /= 4.0;
      if ((column * f + row / f) >= 0.95 * (column + row)) continue;
      changed = true;
      d[i] *= f;
      a.row(i) /= f;
      a.col(i) *= f;
    }
  }
  return d;
}

}  // namespace mstmm
