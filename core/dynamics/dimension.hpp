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
  static TVec rotate(const Rotation& a, const Vec3& bodyVector) { return a * bodyVector; }
  /// Inertia about I_1 in inertial axes: A J'_I A^T (E_8 of 000 Eq. 5).
  static RR inertialInertia(const Rotation& a, const Mat3& bodyInertia) { return a * bodyInertia * a.transpose(); }
  /// The gyroscopic part of E_9: A (omega~ J'_I omega) with omega = A^T Omega.
  static RVec gyroscopic(const Rotation& a, const Mat3& bodyInertia, const RVec& omega) {
    const Vec3 w = a.transpose() * omega;
    return a * w.cross(bodyInertia * w);
  }
  static TVec translational(const Vec3& v) { return v; }
  static RVec rotational(const Vec3& v) { return v; }
  static Vec3 toVec3T(const TVec& v) { return v; }
  static Vec3 toVec3R(const RVec& v) { return v; }

  // A body's slice of the ODE state: [p0 p1 p2 p3 Omega_x Omega_y Omega_z].
  // The quaternion is normalised here (method.md §5.3: A(p/|p|) in the stages).
  static Rotation rotationOf(const double* y) {
    const Quat p(y[0], y[1], y[2], y[3]);
    return rotationFromQuaternion(p / p.norm());
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
  static TVec rotate(const Rotation& a, const Vec3& v) { return TVec(a.c * v.x() - a.s * v.y(), a.s * v.x() + a.c * v.y()); }
  static RR inertialInertia(const Rotation&, const Mat3& bodyInertia) { return RR(bodyInertia(2, 2)); }
  static RVec gyroscopic(const Rotation&, const Mat3&, const RVec&) { return RVec::Zero(); }
  static TVec translational(const Vec3& v) { return v.head<2>(); }
  static RVec rotational(const Vec3& v) { return RVec(v.z()); }
  static Vec3 toVec3T(const TVec& v) { return Vec3(v.x(), v.y(), 0.0); }
  static Vec3 toVec3R(const RVec& v) { return Vec3(0.0, 0.0, v[0]); }

  // A body's slice of the ODE state: [theta theta'].
  static Rotation rotationOf(const double* y) { return Rotation{std::cos(y[0]), std::sin(y[0])}; }
  static RVec angularVelocityOf(const double* y) { return RVec(y[1]); }
};

}  // namespace mstmm
