#pragma once
// The Riccati relation z_a = S z_b + e carried through the recursion
// (000 Eq. 21), with z_a = [m; q] (loads) and z_b = [r''; Omega'] (motion).
// S maps motion to loads; its blocks are named after what they map.

#include <Eigen/Core>

#include "core/dynamics/dimension.hpp"

namespace mstmm {

template <class D>
struct RiccatiRelation {
  static constexpr int T = D::T, R = D::R, B = D::B;
  Eigen::Matrix<double, B, B> S;
  Eigen::Matrix<double, B, 1> e;

  // m rows come first, q rows second; r'' columns first, Omega' columns second.
  auto mr() { return S.template topLeftCorner<R, T>(); }
  auto mw() { return S.template topRightCorner<R, R>(); }
  auto qr() { return S.template bottomLeftCorner<T, T>(); }
  auto qw() { return S.template bottomRightCorner<T, R>(); }
  auto em() { return e.template head<R>(); }
  auto eq() { return e.template tail<T>(); }
  auto mr() const { return S.template topLeftCorner<R, T>(); }
  auto mw() const { return S.template topRightCorner<R, R>(); }
  auto qr() const { return S.template bottomLeftCorner<T, T>(); }
  auto qw() const { return S.template bottomRightCorner<T, R>(); }
  auto em() const { return e.template head<R>(); }
  auto eq() const { return e.template tail<T>(); }

  void setZero() {
    S.setZero();
    e.setZero();
  }
};

/// Motion at a point: [r''; Omega'] (the z_b of method.md §1.3).
template <class D>
struct Motion {
  typename D::TVec linear;   // r''
  typename D::RVec angular;  // Omega'
};

}  // namespace mstmm
