#pragma once
// Planar and spatial forms of the same algebra.
//
// The Riccati partition (equations.md §1.3) splits a state into the motion part
// z_b = [r'' ; Omega'] and the load part z_a = [m ; q]. Spatially both are 6
// long (T = 3 translational, R = 3 rotational components). The planar
// reduction (equations.md §1.4, rows/columns 1, 2, 6, 9, 10, 11, 13) keeps
// T = 2 (x, y) and R = 1 (z). The traits below give each operation of the
// body and release steps in both forms, so the recursion is written once and
// the planar model is "reduced before any inversion" (equations.md §7.4).

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
  // The products below are written out in scalars: Eigen's generic code for
  // 3-vectors cost about 2.5 instructions per useful flop here (callgrind).

  /// Omega x (Omega x r) = Omega (Omega . r) - r |Omega|^2: the centripetal term Omega~ Omega~ r.
  static TVec centripetal(const RVec& w, const TVec& r) {
    const double wr = w.x() * r.x() + w.y() * r.y() + w.z() * r.z();
    const double ww = w.x() * w.x() + w.y() * w.y() + w.z() * w.z();
    return TVec(w.x() * wr - r.x() * ww, w.y() * wr - r.y() * ww, w.z() * wr - r.z() * ww);
  }
  static Vec3 cross(const Vec3& a, const Vec3& b) {
    return Vec3(a.y() * b.z() - a.z() * b.y(), a.z() * b.x() - a.x() * b.z(), a.x() * b.y() - a.y() * b.x());
  }
  // The same products without forming the skew matrices.
  static TVec crossTRv(const TVec& r, const RVec& w) { return cross(r, w); }   // crossTR(r) w
  static RVec crossRTv(const TVec& r, const TVec& f) { return cross(r, f); }   // crossRT(r) f
  static RT crossRTm(const TVec& d, const TT& g) {                               // crossRT(d) G
    RT w;
    for (int c = 0; c < 3; ++c) w.col(c) = cross(d, g.col(c));
    return w;
  }
  /// crossRT(d) G crossTR(d) = -d~ G d~ for symmetric G, computed as
  /// w = d~ G and (w_i x d)_j on the lower triangle, mirrored: symmetric by
  /// construction.
  static RR sandwich(const RT& w, const TVec& d) {
    RR r;
    for (int i = 0; i < 3; ++i) {
      const Vec3 wi(w(i, 0), w(i, 1), w(i, 2));
      const Vec3 c = cross(wi, d);
      for (int j = 0; j <= i; ++j) r(i, j) = r(j, i) = c[j];
    }
    return r;
  }
  static TVec rotate(const Rotation& a, const Vec3& v) {
    return TVec(a(0, 0) * v.x() + a(0, 1) * v.y() + a(0, 2) * v.z(), a(1, 0) * v.x() + a(1, 1) * v.y() + a(1, 2) * v.z(),
                a(2, 0) * v.x() + a(2, 1) * v.y() + a(2, 2) * v.z());
  }
  /// A body inertia in inertial axes: A J' A^T (E_8 of 000 Eq. 5).
  static RR inertialInertia(const Rotation& a, const Mat3& bodyInertia) {
    const Mat3 b = a * bodyInertia;
    RR r;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j <= i; ++j) r(i, j) = r(j, i) = b(i, 0) * a(j, 0) + b(i, 1) * a(j, 1) + b(i, 2) * a(j, 2);
    return r;
  }
  /// The same for a diagonal J' = diag(j): sum_k j_k a_k a_k^T.
  static RR inertialInertia(const Rotation& a, const Vec3& j) {
    RR r;
    for (int i = 0; i < 3; ++i) {
      const double b0 = j.x() * a(i, 0), b1 = j.y() * a(i, 1), b2 = j.z() * a(i, 2);
      for (int k = 0; k <= i; ++k) r(i, k) = r(k, i) = b0 * a(k, 0) + b1 * a(k, 1) + b2 * a(k, 2);
    }
    return r;
  }
  /// The gyroscopic moment Omega x (J Omega) for a symmetric inertia J in inertial axes.
  static RVec gyroscopicInertial(const RR& j, const RVec& w) {
    const Vec3 jw(j(0, 0) * w.x() + j(1, 0) * w.y() + j(2, 0) * w.z(), j(1, 0) * w.x() + j(1, 1) * w.y() + j(2, 1) * w.z(),
                  j(2, 0) * w.x() + j(2, 1) * w.y() + j(2, 2) * w.z());
    return cross(w, jw);
  }
  static TVec translational(const Vec3& v) { return v; }
  static RVec rotational(const Vec3& v) { return v; }
  static Vec3 toVec3T(const TVec& v) { return v; }
  static Vec3 toVec3R(const RVec& v) { return v; }

  // A body's slice of the ODE state: [p0 p1 p2 p3 Omega_x Omega_y Omega_z].
  // A(p/|p|) (equations.md §5.3) from the homogeneous form, which needs 2/|p|^2
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

/// Either rotation as a 3 x 3 matrix, for the rarer hinge types that need
/// full vectors whatever the dimension.
inline Mat3 rotationMatrix(const Mat3& a) { return a; }
inline Mat3 rotationMatrix(const PlanarRotation& a) {
  Mat3 m;
  m << a.c, -a.s, 0.0, a.s, a.c, 0.0, 0.0, 0.0, 1.0;
  return m;
}

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
  static RR sandwich(const RT& w, const TVec& d) { return w * crossTR(d); }
  static TVec rotate(const Rotation& a, const Vec3& v) { return TVec(a.c * v.x() - a.s * v.y(), a.s * v.x() + a.c * v.y()); }
  static RR inertialInertia(const Rotation&, const Mat3& bodyInertia) { return RR(bodyInertia(2, 2)); }
  static RR inertialInertia(const Rotation&, const Vec3& j) { return RR(j.z()); }
  static RVec gyroscopicInertial(const RR&, const RVec&) { return RVec::Zero(); }
  static TVec translational(const Vec3& v) { return v.head<2>(); }
  static RVec rotational(const Vec3& v) { return RVec(v.z()); }
  static Vec3 toVec3T(const TVec& v) { return Vec3(v.x(), v.y(), 0.0); }
  static Vec3 toVec3R(const RVec& v) { return Vec3(0.0, 0.0, v[0]); }

  // A body's slice of the ODE state: [theta theta'].
  static Rotation rotationOf(const double* y) { return Rotation{std::cos(y[0]), std::sin(y[0])}; }
  static RVec angularVelocityOf(const double* y) { return RVec(y[1]); }
};

}  // namespace mstmm
