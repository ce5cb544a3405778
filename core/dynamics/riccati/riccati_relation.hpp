#pragma once
// The Riccati relation z_a = S z_b + e carried through the recursion
// (000 Eq. 21), with z_a = [m; q] (loads) and z_b = [r''; Omega'] (motion).
//
// S is not a general matrix: the load the root side applies to the tip-side
// subtree is (-q, +m), and that load is an articulated inertia times the
// motion plus a bias, [m; -q] = I_A [Omega'; r''] + p with I_A symmetric.
// Hence
//     S_{m Omega'} = S_{m Omega'}^T,   S_{q r''} = S_{q r''}^T,   S_{q Omega'} = -S_{m r''}^T.
// The recursion keeps S in this block form. Computing it as a general matrix
// lets rounding errors in the antisymmetric directions grow along a chain
// (measured: by 2.7 % per body on a nearly straight 10,000-body chain, until
// D became indefinite at body 3,100), as with non-symmetric Riccati updates in
// Kalman filtering; the block form is symmetric by construction and cheaper.

#include <Eigen/Core>

#include "core/dynamics/dimension.hpp"

namespace mstmm {

template <class D>
struct ArticulatedRelation {
  static constexpr int T = D::T, R = D::R, B = D::B;
  // qr and eq first: after a ball/pin release they are all that is non-zero,
  // and the parent reads them from one or two cache lines.
  typename D::TT qr;    // S_{q r''} (symmetric): minus the articulated mass
  typename D::TVec eq;  // e_q
  typename D::RR mw;    // S_{m Omega'} (symmetric): articulated rotational inertia
  typename D::RT mr;    // S_{m r''}; S_{q Omega'} = -mr^T
  typename D::RVec em;  // e_m

  void setZero() {
    mw.setZero();
    mr.setZero();
    qr.setZero();
    em.setZero();
    eq.setZero();
  }

  /// [m; q] for a motion [r''; Omega'].
  typename D::RVec moment(const typename D::TVec& acc, const typename D::RVec& angAcc) const { return mr * acc + mw * angAcc + em; }
  typename D::TVec force(const typename D::TVec& acc, const typename D::RVec& angAcc) const { return qr * acc - mr.transpose() * angAcc + eq; }

  /// The full B x B matrix S (rows [m; q], columns [r''; Omega']) and e.
  Eigen::Matrix<double, B, B> fullS() const {
    Eigen::Matrix<double, B, B> s;
    s.template topLeftCorner<R, T>() = mr;
    s.template topRightCorner<R, R>() = mw;
    s.template bottomLeftCorner<T, T>() = qr;
    s.template bottomRightCorner<T, R>() = -mr.transpose();
    return s;
  }
  Eigen::Matrix<double, B, 1> fullE() const {
    Eigen::Matrix<double, B, 1> e;
    e.template head<R>() = em;
    e.template tail<T>() = eq;
    return e;
  }
  /// From a general S, e: keeps the symmetric part of the structure.
  static ArticulatedRelation fromFull(const Eigen::Matrix<double, B, B>& s, const Eigen::Matrix<double, B, 1>& e) {
    ArticulatedRelation a;
    const typename D::RR w = s.template topRightCorner<R, R>();
    const typename D::TT q = s.template bottomLeftCorner<T, T>();
    a.mw = 0.5 * (w + w.transpose());
    a.qr = 0.5 * (q + q.transpose());
    a.mr = 0.5 * (s.template topLeftCorner<R, T>() - s.template bottomRightCorner<T, R>().transpose());
    a.em = e.template head<R>();
    a.eq = e.template tail<T>();
    return a;
  }
};

/// A released relation as the workspace keeps it (RiccatiBodyData): qr and
/// eq, all that a ball or pin release sets (its moment blocks are zero by
/// definition), with the body; mw, mr and em (ReleasedMoment) apart, so that
/// a ball-jointed body's workspace carries no bytes it never touches.
template <class D>
struct ReleasedForce {
  typename D::TT qr;
  typename D::TVec eq;
};
template <class D>
struct ReleasedMoment {
  typename D::RR mw;
  typename D::RT mr;
  typename D::RVec em;
};

}  // namespace mstmm
