#pragma once
// Inverse of the small symmetric positive definite release matrix D
// (3 x 3 spatial, 1 x 1 planar), written out by hand.
//
// Why not Eigen's LLT: it routes 3 x 3 solves through its blocked kernels, and
// a Cholesky factor chains three square roots and three divisions, which made
// the release the slowest part of an evaluation (profiled: 27 %). The
// cofactor form needs one division, checks positive definiteness by
// Sylvester's criterion (all leading minors positive), and gives D^-1
// itself, so K = -D^-1 S_{m r''} makes the backward sweep a product.

#include <Eigen/Core>
#include <cmath>

namespace mstmm {

template <int R>
struct SmallSpdInverse;

template <>
struct SmallSpdInverse<3> {
  /// Sets `inverse` to a^-1 (lower triangle of a read) and `condition` to
  /// ||a||_F ||a^-1||_F. Returns false if a is not positive definite.
  static bool invert(const Eigen::Matrix3d& a, Eigen::Matrix3d& inverse, double& condition) {
    const double a00 = a(0, 0), a10 = a(1, 0), a20 = a(2, 0), a11 = a(1, 1), a21 = a(2, 1), a22 = a(2, 2);
    const double c00 = a11 * a22 - a21 * a21;
    const double c10 = a20 * a21 - a10 * a22;
    const double c20 = a10 * a21 - a20 * a11;
    const double minor2 = a00 * a11 - a10 * a10;
    const double det = a00 * c00 + a10 * c10 + a20 * c20;
    if (!(a00 > 0.0) || !(minor2 > 0.0) || !(det > 0.0)) return false;
    const double s = 1.0 / det;
    const double i00 = c00 * s, i10 = c10 * s, i20 = c20 * s;
    const double i11 = (a00 * a22 - a20 * a20) * s;
    const double i21 = (a20 * a10 - a00 * a21) * s;
    const double i22 = minor2 * s;
    inverse << i00, i10, i20, i10, i11, i21, i20, i21, i22;
    const double na = a00 * a00 + a11 * a11 + a22 * a22 + 2 * (a10 * a10 + a20 * a20 + a21 * a21);
    const double ni = i00 * i00 + i11 * i11 + i22 * i22 + 2 * (i10 * i10 + i20 * i20 + i21 * i21);
    condition = std::sqrt(na * ni);
    return true;
  }
};

template <>
struct SmallSpdInverse<1> {
  static bool invert(const Eigen::Matrix<double, 1, 1>& a, Eigen::Matrix<double, 1, 1>& inverse, double& condition) {
    if (!(a(0, 0) > 0.0)) return false;
    inverse(0, 0) = 1.0 / a(0, 0);
    condition = 1.0;
    return true;
  }
};

}  // namespace mstmm
