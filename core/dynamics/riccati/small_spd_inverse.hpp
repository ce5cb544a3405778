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

/// What the condition estimate kappa = ||a||_F ||a^-1||_F is made of:
/// ||a^-1||_F = ||adj a||_F / det a, so kappa^2 = ||a||_F^2 ||adj a||_F^2 /
/// det^2. `below` compares kappa with a limit without the square roots and
/// without waiting for the division that gives a^-1 (profiled: the sweep's
/// samples gathered on the square root's result, which depended on the
/// division); `estimate` is kappa itself.
struct SpdConditionTerms {
  double norm2 = 0.0;           // ||a||_F^2
  double adjugateNorm2 = 0.0;   // ||adj a||_F^2
  double det = 1.0;

  bool below(double limit) const {
    const double scaled = limit * det;
    // The product can over- or underflow where kappa itself is fine (a of
    // norm 1e60 or 1e-60): then the estimate decides.
    return norm2 * adjugateNorm2 < scaled * scaled || estimate() < limit;
  }
  double estimate() const { return std::sqrt(norm2) * (std::sqrt(adjugateNorm2) / det); }
};

template <>
struct SmallSpdInverse<3> {
  /// Sets `inverse` to a^-1 (lower triangle of a read) and `terms` to what
  /// its condition estimate is made of. Returns false if a is not positive
  /// definite.
  static bool invert(const Eigen::Matrix3d& a, Eigen::Matrix3d& inverse, SpdConditionTerms& terms) {
    const double a00 = a(0, 0), a10 = a(1, 0), a20 = a(2, 0), a11 = a(1, 1), a21 = a(2, 1), a22 = a(2, 2);
    const double c00 = a11 * a22 - a21 * a21;
    const double c10 = a20 * a21 - a10 * a22;
    const double c20 = a10 * a21 - a20 * a11;
    const double c11 = a00 * a22 - a20 * a20;
    const double c21 = a20 * a10 - a00 * a21;
    const double minor2 = a00 * a11 - a10 * a10;
    const double det = a00 * c00 + a10 * c10 + a20 * c20;
    if (!(a00 > 0.0) || !(minor2 > 0.0) || !(det > 0.0)) return false;
    const double s = 1.0 / det;
    const double i00 = c00 * s, i10 = c10 * s, i20 = c20 * s;
    const double i11 = c11 * s, i21 = c21 * s, i22 = minor2 * s;
    inverse << i00, i10, i20, i10, i11, i21, i20, i21, i22;
    terms.norm2 = a00 * a00 + a11 * a11 + a22 * a22 + 2 * (a10 * a10 + a20 * a20 + a21 * a21);
    terms.adjugateNorm2 = c00 * c00 + c11 * c11 + minor2 * minor2 + 2 * (c10 * c10 + c20 * c20 + c21 * c21);
    terms.det = det;
    return true;
  }
  /// The same with the condition estimate itself.
  static bool invert(const Eigen::Matrix3d& a, Eigen::Matrix3d& inverse, double& condition) {
    SpdConditionTerms terms;
    if (!invert(a, inverse, terms)) return false;
    condition = terms.estimate();
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
