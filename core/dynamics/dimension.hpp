#pragma once
// Planar and spatial forms of the same algebra.
//
// The Riccati partition (method.md §1.3) splits a state into the motion part
// z_b = [r'' ; Omega'] and the load part z_a = [m ; q]. Spatially both are 6
// long (T = 3 translational, R = 3 rotational components). The planar
// reduction (method.md §1.4, rows/columns 1, 2, 6, 9, 10, 11, 13) keeps
// T = 2 (x, y) and R = 1 (z). The traits below give each operation of the
// body and release steps in both forms, so the recursion is written once and
// the planar model is "reduced before any inversion" (method.md §7.4).

#include <Eigen/Core>
#include <cmath>

#include "core/math/rotation.hpp"

namespace mstmm {

struct SpatialDim {
  static constexpr int T = 3;
  static constexpr int R = 3;
  static constexpr int B = T + R;
  static constexpr int StatePerBody = 7;  // quaternion + inertial angular velocity
  using TVec = Eigen::Matrix<double, T, 1>;
  using RVec = Eigen::Matrix<double, R, 1>;
  using TR = Eigen::Matrix<double, T, R>;
  using RT = Eigen::Matrix<double, R, T>;
  using RR = Eigen::Matrix<double, R, R>;
  using TT = Eigen::Matrix<double, T, T>;
  using Rotation = Mat3;

  /// (r x w) restricted to translational rows, for a rotational w: r~ as T x R.
  static TR crossTR(const TVec& r) { return skew(r); }
  /// (r x f) restricted to rotational rows, for a translational f: r~ as R x T.
  static RT crossRT(const TVec& r) { return skew(r); }
  /// Omega x (Omega x r): the centripetal term Omega~ Omega~ r.
  static TVec centripetal(const RVec& omega, const TVec& r) { return omega.cross(omega.cross(r)); }
  // The same products without forming the skew matrices (a cross product is
  // 6 multiplications; a skew-matrix product 9 or 27).
  static TVec crossTRv(const TVec& r, const RVec& w) { return r.cross(w); }   // crossTR(r) w
  static RVec crossRTv(const TVec& r, const TVec& f) { return r.cross(f); }   // crossRT(r) f
  static RT crossRTm(const TVec& d, const TT& g) {                              // crossRT(d) G
    RT w;
    for (int c = 0; c < 3; ++c) w.col(c) = d.cross(g.col(c));
    return w;
  }
  static RR timesCrossTR(const RT& w, const TVec& d) {                          // W crossTR(d)
    RR r;
    for (int i = 0; i < 3; ++i) r.row(i) = Vec3(w.row(i).transpose()).cross(d).transpose();
    return r;
  }
  static TVec rotate(const Rotation& a, const Vec3& bodyVector) { return a * bodyVector; }
  /// A body inertia in inertial axes: A J' A^T (E_8 of 000 Eq. 5 for J'_I).
  static RR inertialInertia(const Rotation& a, const Mat3& bodyInertia) { return a * bodyInertia * a.transpose(); }
  /// The same for a diagonal J' = diag(j): sum_k j_k a_k a_k^T.
  static RR inertialInertia(const Rotation& a, const Vec3& j) {
    RR r;
    for (int row = 0; row < 3; ++row)
      for (int col = 0; col <= row; ++col) r(row, col) = r(col, row) = j.dot(a.row(row).cwiseProduct(a.row(col)));
    return r;
  }
  /// The gyroscopic part of E_9: A (omega~ J'_I omega) with omega = A^T Omega.
  static RVec gyroscopic(const Rotation& a, const Mat3& bodyInertia, const RVec& omega) {
    const Vec3 w = a.transpose() * omega;
    return a * w.cross(bodyInertia * w);
  }
  static RVec gyroscopic(const Rotation& a, const Vec3& j, const RVec& omega) {
    const Vec3 w = a.transpose() * omega;
    return a * w.cross(j.cwiseProduct(w));
  }
  static TVec translational(const Vec3& v) { return v; }
  static RVec rotational(const Vec3& v) { return v; }
  static Vec3 toVec3T(const TVec& v) { return v; }
  static Vec3 toVec3R(const RVec& v) { return v; }

  // A body's slice of the ODE state: [p0 p1 p2 p3 Omega_x Omega_y Omega_z].
  // A(p/|p|) (method.md §5.3) from the homogeneous form, which needs 2/|p|^2
  // rather than a square root.
  static Rotation rotationOf(const double* y) {
    const double w = y[0], x = y[1], yy = y[2], z = y[3];
    const double s = 2.0 / (w * w + x * x + yy * yy + z * z);
    Rotation a;
    a << 1 - s * (yy * yy + z * z), s * (x * yy - w * z), s * (x * z + w * yy),
         s * (x * yy + w * z), 1 - s * (x * x + z * z), s * (yy * z - w * x),
         s * (x * z - w * yy), s * (yy * z + w * x), 1 - s * (x * x + yy * yy);
    return a;
  }
  static RVec angularVelocityOf(const double* y) { return RVec(y[4], y[5], y[6]); }
};

/// The planar rotation: cosine and sine of the angle theta about z.
struct PlanarRotation {
  double c = 1.0;
  double s = 0.0;
};

struct PlanarDim {
  static constexpr int T = 2;
  static constexpr int R = 1;
  static constexpr int B = T + R;
  static constexpr int StatePerBody = 2;  // theta, theta'
  using TVec = Eigen::Matrix<double, T, 1>;
  using RVec = Eigen::Matrix<double, R, 1>;
  using TR = Eigen::Matrix<double, T, R>;
  using RT = Eigen::Matrix<double, R, T>;
  using RR = Eigen::Matrix<double, R, R>;
  using TT = Eigen::Matrix<double, T, T>;
  using Rotation = PlanarRotation;

  static TR crossTR(const TVec& r) { return TR(r.y(), -r.x()); }
  static RT crossRT(const TVec& r) { return RT(-r.y(), r.x()); }
  static TVec centripetal(const RVec& omega, const TVec& r) { return -omega[0] * omega[0] * r; }
  static TVec crossTRv(const TVec& r, const RVec& w) { return TVec(r.y() * w[0], -r.x() * w[0]); }
  static RVec crossRTv(const TVec& r, const TVec& f) { return RVec(r.x() * f.y() - r.y() * f.x()); }
  static RT crossRTm(const TVec& d, const TT& g) { return crossRT(d) * g; }
  static RR timesCrossTR(const RT& w, const TVec& d) { return w * crossTR(d); }
  static TVec rotate(const Rotation& a, const Vec3& v) { return TVec(a.c * v.x() - a.s * v.y(), a.s * v.x() + a.c * v.y()); }
  static RR inertialInertia(const Rotation&, const Mat3& bodyInertia) { return RR(bodyInertia(2, 2)); }
  static RR inertialInertia(const Rotation&, const Vec3& j) { return RR(j.z()); }
  static RVec gyroscopic(const Rotation&, const Mat3&, const RVec&) { return RVec::Zero(); }
  static RVec gyroscopic(const Rotation&, const Vec3&, const RVec&) { return RVec::Zero(); }
  static TVec translational(const Vec3& v) { return v.head<2>(); }
  static RVec rotational(const Vec3& v) { return RVec(v.z()); }
  static Vec3 toVec3T(const TVec& v) { return Vec3(v.x(), v.y(), 0.0); }
  static Vec3 toVec3R(const RVec& v) { return Vec3(0.0, 0.0, v[0]); }

  // A body's slice of the ODE state: [theta theta'].
  static Rotation rotationOf(const double* y) { return Rotation{std::cos(y[0]), std::sin(y[0])}; }
  static RVec angularVelocityOf(const double* y) { return RVec(y[1]); }
};

}  // namespace mstmm
