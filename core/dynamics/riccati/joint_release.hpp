#pragma once
// The joint-release step (equations.md §3.3), which replaces the paper's hinge
// transfer matrix (000 Eq. 10) inside the recursion: Eq. 10 imposes m = 0 at
// the far end of the next body, which makes the overall system singular
// (equations.md §3.2). Here the smoothness condition H_w^T [m; q] = 0 is imposed
// at the joint itself, eliminating the joint's relative accelerations nu':
//
//   tip-side relation   [m; q] = S z_tip + e
//   joint kinematics    z_tip = z_root + H nu' + c
//   smoothness          H_w^T (S z_tip + e) = 0
//   => nu' = N z_root + n0,  N = -D^-1 H_w^T S,  n0 = -D^-1 H_w^T (S c + e),
//      D = H_w^T S H, and the root side sees [m; q] = S(I + H N) z_root + S(H n0 + c) + e.

#include <Eigen/LU>
#include <array>
#include <cmath>

#include "core/dynamics/riccati/riccati_relation.hpp"
#include "core/dynamics/riccati/small_spd_inverse.hpp"
#include "core/model/joints/joint_model.hpp"

namespace mstmm {

/// How a hinge is released: all rotations free (spatial ball, planar pin),
/// one rotation axis free (spatial revolute), one translation free (slider:
/// the same single-axis algebra with H = [u; 0]), or nothing free (weld).
/// A driven (prescribed) hinge is not released at all: its nu' is given
/// (equations.md §3.7), so the root side sees the whole tip-side relation.
/// The other hinges (universal, cylindrical, planar, free, point-on-line)
/// release f = 2..6 coordinates at once with the general form (MultiAxis).
using ReleaseKind = JointRelease;

/// What the backward sweep needs after a ball/pin release:
/// Omega'_tip = K r''_joint + k with K = -D^-1 S_{m r''}, k = -D^-1 e_m
/// (the joint's r'' is shared by both sides).
template <class D>
struct RotationFreeRelease {
  typename D::RT K;
  typename D::RVec k;
  typename D::RVec angularAcceleration(const typename D::TVec& accJoint) const { return K * accJoint + k; }
};

/// ... and after a single-axis release: nu' = N z_root + n0, z_tip = z_root + h nu' + c.
template <class D>
struct SingleAxisRelease {
  Eigen::Matrix<double, 1, D::B> N;
  double n0 = 0.0;
  Eigen::Matrix<double, D::B, 1> h;
  Eigen::Matrix<double, D::B, 1> c;
};

/// Result of a release: the estimated condition number of D (inf when singular).
struct ReleaseCheck {
  double condition = 1.0;
  bool singular() const { return !(condition < 1e12); }
};

/// Ball (spatial) or pin (planar) hinge: H = [O; I], c = 0, D = S_{m Omega'},
/// the articulated rotational inertia about the joint (SPD for any regular
/// tip-side subtree). The released relation carries no moment and the force
/// q = G r'' + g with G = S_{q r''} + S_{m r''}^T D^-1 S_{m r''} (symmetric;
/// only its lower triangle is computed) and g = e_q - S_{m r''}^T k. Only
/// out.qr and out.eq are written: the other blocks are zero by definition and
/// readers of a ball/pin release never look at them.
///
/// With a hinge moment M applied on the tip side (spring, damper, actuator:
/// equations.md §3.7), the condition m = 0 becomes m = M, so k = -D^-1 (e_m - M);
/// the root side then receives -M, which the caller adds to its body step.
template <class D>
ReleaseCheck releaseRotationFree(const ArticulatedRelation<D>& tip, ArticulatedRelation<D>& out, RotationFreeRelease<D>& data,
                                 const typename D::RVec* appliedMoment = nullptr) {
  ReleaseCheck check;
  typename D::RR inverse;
  if (!SmallSpdInverse<D::R>::invert(tip.mw, inverse, check.condition)) {
    check.condition = INFINITY;
    return check;
  }
  data.K.noalias() = -inverse * tip.mr;
  if (appliedMoment) data.k.noalias() = -inverse * (tip.em - *appliedMoment);
  else data.k.noalias() = -inverse * tip.em;
  for (int r = 0; r < D::T; ++r)
    for (int c = 0; c <= r; ++c) out.qr(r, c) = out.qr(c, r) = tip.qr(r, c) - tip.mr.col(r).dot(data.K.col(c));
  out.eq.noalias() = tip.eq - tip.mr.transpose() * data.k;
  return check;
}

/// One free axis: H = h (B x 1), H_w = hw (h with its blocks swapped), bias c.
/// `target` is what H_w^T [m; q] equals at the joint: 0 for a smooth hinge,
/// the applied hinge load otherwise (equations.md §3.7; with the sign rule of
/// §1.2 the tip side receives +m and -q, so target = tau for a rotation and
/// -tau for a slide), which shifts n0 by target / D (docs/loads.md L7).
///
/// `armature` is the coordinate's rotor inertia J with the sign of target
/// (+J for a rotation, -J for a slide): it takes J nu' from the applied load,
/// so D gains it (equations.md §3.8).
template <class D>
ReleaseCheck releaseSingleAxis(const ArticulatedRelation<D>& tip, const Eigen::Matrix<double, D::B, 1>& h,
                               const Eigen::Matrix<double, D::B, 1>& hw, const Eigen::Matrix<double, D::B, 1>& c,
                               ArticulatedRelation<D>& out, SingleAxisRelease<D>& data, double target = 0.0, double armature = 0.0) {
  const Eigen::Matrix<double, D::B, D::B> s = tip.fullS();
  const Eigen::Matrix<double, D::B, 1> sh = s * h;
  const Eigen::Matrix<double, 1, D::B> hwS = hw.transpose() * s;
  const double d = hw.dot(sh) + armature;
  ReleaseCheck check;
  check.condition = std::abs(d) > 0.0 ? hwS.norm() * h.norm() / std::abs(d) : INFINITY;
  if (check.singular()) return check;
  const Eigen::Matrix<double, D::B, 1> sce = s * c + tip.fullE();
  data.h = h;
  data.c = c;
  data.N = -hwS / d;
  data.n0 = -(hw.dot(sce) - target) / d;
  out = ArticulatedRelation<D>::fromFull(s + sh * data.N, sh * data.n0 + sce);
  return check;
}

/// ... and after a release of f coordinates (f <= B, fixed-capacity storage:
/// nothing is allocated per evaluation): nu' = N z_root + n0 and
/// z_tip = z_root + H nu' + c.
///
/// Some of the hinge's coordinates may be driven (prescribed): their columns
/// leave H and their known nu' joins the bias, c <- c + H_d nu'_d
/// (equations.md §3.7 for several coordinates); `column` maps each released
/// coordinate to its column of the whole H, `driven` holds nu' of the driven
/// ones (NaN for the released), `whole` is the whole H for the driving loads.
template <class D>
struct MultiAxisRelease {
  using HMatrix = Eigen::Matrix<double, D::B, Eigen::Dynamic, 0, D::B, D::B>;
  using NMatrix = Eigen::Matrix<double, Eigen::Dynamic, D::B, 0, D::B, D::B>;
  using NuVector = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, D::B, 1>;
  using Square = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, D::B, D::B>;
  HMatrix h;
  NMatrix N;
  NuVector n0;
  Eigen::Matrix<double, D::B, 1> c;
  bool partlyDriven = false;
  std::array<int, D::B> column{};
  NuVector driven;
  HMatrix whole;
  /// nu' of every coordinate, from the released ones' nu'.
  NuVector allCoordinates(const NuVector& released) const {
    if (!partlyDriven) return released;
    NuVector all = driven;
    for (Eigen::Index m = 0; m < released.size(); ++m) all[column[static_cast<std::size_t>(m)]] = released[m];
    return all;
  }
};

/// f free coordinates: H (B x f, columns [translation; rotation]), H_w (its
/// blocks swapped), bias c. D = H_w^T S H is not symmetric once H mixes
/// slides and rotations (S_{q Omega'} = -S_{m r''}^T makes the mixed blocks
/// antisymmetric), so it is solved by LU with partial pivoting; its
/// reciprocal condition estimate guards against a tip side with no mass or
/// inertia in a released direction.
///
/// `target` is what H_w^T [m; q] equals (releaseSingleAxis, per coordinate):
/// the hinge's own loads on its coordinates. With no column left (every
/// coordinate driven) nothing is inverted: S_out = S, e_out = S c + e.
///
/// `armature`, when given, holds each released column's signed rotor
/// inertia (releaseSingleAxis), added to D's diagonal; `term`, when given,
/// a full matrix added to D (an implicit integrator's, iteration_operator.hpp).
template <class D>
ReleaseCheck releaseMultiAxis(const ArticulatedRelation<D>& tip, const typename MultiAxisRelease<D>::HMatrix& h,
                              const typename MultiAxisRelease<D>::HMatrix& hw, const Eigen::Matrix<double, D::B, 1>& c,
                              ArticulatedRelation<D>& out, MultiAxisRelease<D>& data,
                              const typename MultiAxisRelease<D>::NuVector* target = nullptr,
                              const typename MultiAxisRelease<D>::NuVector* armature = nullptr,
                              const typename MultiAxisRelease<D>::Square* term = nullptr) {
  using Square = typename MultiAxisRelease<D>::Square;
  const Eigen::Matrix<double, D::B, D::B> s = tip.fullS();
  if (h.cols() == 0) {
    data.h = h;
    data.c = c;
    data.N.resize(0, D::B);
    data.n0.resize(0);
    out = ArticulatedRelation<D>::fromFull(s, s * c + tip.fullE());
    return {};
  }
  const typename MultiAxisRelease<D>::HMatrix sh = s * h;
  const typename MultiAxisRelease<D>::NMatrix hwS = hw.transpose() * s;
  Square d = armature ? Square(hw.transpose() * sh + Square(armature->asDiagonal())) : Square(hw.transpose() * sh);
  if (term) d += *term;
  const Eigen::Matrix<double, D::B, 1> sce = s * c + tip.fullE();
  const typename MultiAxisRelease<D>::NuVector rhs = target ? typename MultiAxisRelease<D>::NuVector(hw.transpose() * sce - *target)
                                                             : typename MultiAxisRelease<D>::NuVector(hw.transpose() * sce);
  ReleaseCheck check;
  if (d.cols() == 3) {  // a ball's or a planar joint's three columns: the closed-form inverse, its 1-norm condition (a third of the time, perf)
    const Eigen::Matrix3d d3 = d, inverse = d3.inverse();
    const double norm = d3.cwiseAbs().colwise().sum().maxCoeff(), inverseNorm = inverse.cwiseAbs().colwise().sum().maxCoeff();
    check.condition = std::isfinite(inverseNorm) && inverseNorm > 0.0 ? norm * inverseNorm : INFINITY;
    if (check.singular()) return check;
    data.N = -inverse * hwS;
    data.n0 = -inverse * rhs;
  } else {
    const Eigen::PartialPivLU<Square> lu(d);
    const double rcond = lu.rcond();
    check.condition = rcond > 0.0 ? 1.0 / rcond : INFINITY;
    if (check.singular()) return check;
    data.N = -lu.solve(hwS);
    data.n0 = -lu.solve(rhs);
  }
  data.h = h;
  data.c = c;
  out = ArticulatedRelation<D>::fromFull(s + sh * data.N, sh * data.n0 + sce);
  return check;
}

/// A driven hinge (equations.md §3.7, docs/loads.md L8): z_tip = z_root + h nu' + c with nu' given,
/// so S_out = S and e_out = S (h nu' + c) + e. Nothing is inverted.
template <class D>
void releaseDriven(const ArticulatedRelation<D>& tip, const Eigen::Matrix<double, D::B, 1>& h, const Eigen::Matrix<double, D::B, 1>& c,
                   double nu, ArticulatedRelation<D>& out, SingleAxisRelease<D>& data) {
  data.h = h;
  data.c = c;
  data.N.setZero();
  data.n0 = nu;
  const Eigen::Matrix<double, D::B, 1> z = h * nu + c;
  out = tip;
  out.em += tip.mr * z.template head<D::T>() + tip.mw * z.template tail<D::R>();
  out.eq += tip.qr * z.template head<D::T>() - tip.mr.transpose() * z.template tail<D::R>();
}

}  // namespace mstmm
