#pragma once
// The joint-release step (method.md §3.3), which replaces the paper's hinge
// transfer matrix (000 Eq. 10) inside the recursion: Eq. 10 imposes m = 0 at
// the far end of the next body, which makes the overall system singular
// (method.md §3.2). Here the smoothness condition H_w^T [m; q] = 0 is imposed
// at the joint itself, eliminating the joint's relative accelerations nu':
//
//   tip-side relation   [m; q] = S z_tip + e
//   joint kinematics    z_tip = z_root + H nu' + c
//   smoothness          H_w^T (S z_tip + e) = 0
//   => nu' = N z_root + n0,  N = -D^-1 H_w^T S,  n0 = -D^-1 H_w^T (S c + e),
//      D = H_w^T S H, and the root side sees [m; q] = S(I + H N) z_root + S(H n0 + c) + e.

#include <Eigen/Cholesky>
#include <algorithm>
#include <cmath>

#include "core/dynamics/riccati/riccati_relation.hpp"

namespace mstmm {

/// How a hinge is released: all rotations free (spatial ball, planar pin),
/// one axis free (spatial revolute; later prismatic), or nothing free (weld).
enum class ReleaseKind { RotationFree, SingleAxis, Locked };

/// What the backward sweep needs to recover the tip-side motion.
template <class D>
struct ReleaseData {
  static constexpr int T = D::T, R = D::R, B = D::B;
  // RotationFree: Omega'_tip = K r''_joint + k  (the joint's r'' is shared).
  typename D::RT K;
  typename D::RVec k;
  // SingleAxis: nu' = N z_root + n0 and z_tip = z_root + h nu' + c.
  Eigen::Matrix<double, 1, B> N;
  double n0 = 0.0;
  Eigen::Matrix<double, B, 1> h;
  Eigen::Matrix<double, B, 1> c;
};

/// Result of a release: the estimated condition number of D (inf when singular).
struct ReleaseCheck {
  double condition = 1.0;
  bool singular() const { return !(condition < 1e12); }
};

/// Ball (spatial) or pin (planar) hinge: H = [O; I], c = 0, D = S_{m Omega'},
/// the articulated rotational inertia about the joint (SPD for any regular
/// tip-side subtree). The released relation has m = 0 and q = G r'' + g.
template <class D>
ReleaseCheck releaseRotationFree(const RiccatiRelation<D>& tip, RiccatiRelation<D>& out, ReleaseData<D>& data) {
  using RR = typename D::RR;
  const RR d = tip.mw();
  const Eigen::LLT<RR> llt(d);
  ReleaseCheck check;
  const auto diag = llt.matrixLLT().diagonal();
  const double lo = diag.minCoeff(), hi = diag.maxCoeff();
  if (llt.info() != Eigen::Success || !(lo > 0.0)) {
    check.condition = INFINITY;
    return check;
  }
  check.condition = (hi / lo) * (hi / lo);
  data.K = -llt.solve(tip.mr());
  data.k = -llt.solve(tip.em());
  out.S.setZero();
  out.e.setZero();
  out.qr() = tip.qr() + tip.qw() * data.K;
  out.eq() = tip.eq() + tip.qw() * data.k;
  return check;
}

/// One free axis: H = h (B x 1), H_w = hw (h with its blocks swapped), bias c.
template <class D>
ReleaseCheck releaseSingleAxis(const RiccatiRelation<D>& tip, const Eigen::Matrix<double, D::B, 1>& h,
                               const Eigen::Matrix<double, D::B, 1>& hw, const Eigen::Matrix<double, D::B, 1>& c,
                               RiccatiRelation<D>& out, ReleaseData<D>& data) {
  const Eigen::Matrix<double, D::B, 1> sh = tip.S * h;
  const Eigen::Matrix<double, 1, D::B> hwS = hw.transpose() * tip.S;
  const double d = hw.dot(sh);
  ReleaseCheck check;
  const double scale = hwS.norm() * h.norm();
  check.condition = std::abs(d) > 0.0 ? scale / std::abs(d) : INFINITY;
  if (check.singular()) return check;
  const Eigen::Matrix<double, D::B, 1> sce = tip.S * c + tip.e;
  data.h = h;
  data.c = c;
  data.N = -hwS / d;
  data.n0 = -hw.dot(sce) / d;
  out.S = tip.S + sh * data.N;
  out.e = sh * data.n0 + sce;
  return check;
}

/// Weld: nothing is released; the root side sees the tip-side relation.
template <class D>
void releaseLocked(const RiccatiRelation<D>& tip, RiccatiRelation<D>& out) {
  out = tip;
}

}  // namespace mstmm
