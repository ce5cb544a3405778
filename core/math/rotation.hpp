#pragma once
// Small rotation helpers shared by every formulation: the cross-product
// matrix and the Euler-parameter (unit quaternion) direction cosine matrix.
// Conventions (equations.md §1.1, §5.1): A maps body components to inertial
// components; quaternions are stored as [p0, p1, p2, p3] = [w, x, y, z].

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cmath>

namespace mstmm {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Quat = Eigen::Vector4d;  // [w, x, y, z]

/// The cross-product matrix r~ with r~ b = r x b.
inline Mat3 skew(const Vec3& r) {
  Mat3 m;
  m << 0.0, -r.z(), r.y(),
       r.z(), 0.0, -r.x(),
       -r.y(), r.x(), 0.0;
  return m;
}

/// Two unit vectors normal to the unit vector n and to each other: the
/// constrained rotation directions of a revolute joint about n.
inline void normalPlane(const Vec3& n, Vec3& t1, Vec3& t2) {
  const Vec3 a = std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  t1 = n.cross(a).normalized();
  t2 = n.cross(t1);
}

/// Direction cosine matrix A(p) of a unit quaternion (equations.md §5.1).
/// The caller normalises p; this keeps the per-stage cost at one formula.
inline Mat3 rotationFromQuaternion(const Quat& p) {
  const double w = p[0], x = p[1], y = p[2], z = p[3];
  Mat3 a;
  a << 1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
       2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
       2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y);
  return a;
}

/// Time derivative of p for an inertial angular velocity Omega:
/// p' = 1/2 [0; Omega] (x) p (equations.md §5.1).
/// Written out in scalars: built as d[0] and d.tail<3>(), the caller's
/// vector load of d waited on two narrower stores (a store-forwarding stall
/// per body: the state derivative took 12 % of a 500-body run).
inline Quat quaternionRate(const Quat& p, const Vec3& omega) {
  const double w = p[0], x = p[1], y = p[2], z = p[3];
  const double ox = omega.x(), oy = omega.y(), oz = omega.z();
  return Quat(-0.5 * (ox * x + oy * y + oz * z), 0.5 * (w * ox + (oy * z - oz * y)), 0.5 * (w * oy + (oz * x - ox * z)),
              0.5 * (w * oz + (ox * y - oy * x)));
}

/// Unit quaternion of a rotation by `angle` about the unit `axis`.
inline Quat quaternionFromAxisAngle(const Vec3& axis, double angle) {
  const Vec3 n = axis.normalized();
  Quat p;
  p[0] = std::cos(0.5 * angle);
  p.tail<3>() = std::sin(0.5 * angle) * n;
  return p;
}

/// Hamilton product a (x) b of two quaternions [w, x, y, z].
/// Written out in scalars: built from tail<3>() blocks, GCC stores the parts
/// one double at a time and reloads them as pairs, a stalled store forward
/// each (the ball springs of bench/ branch+springs spent most of their time there).
inline Quat quaternionProduct(const Quat& a, const Quat& b) {
  return Quat(a[0] * b[0] - (a[1] * b[1] + a[2] * b[2] + a[3] * b[3]),  //
              a[0] * b[1] + b[0] * a[1] + (a[2] * b[3] - a[3] * b[2]),  //
              a[0] * b[2] + b[0] * a[2] + (a[3] * b[1] - a[1] * b[3]),  //
              a[0] * b[3] + b[0] * a[3] + (a[1] * b[2] - a[2] * b[1]));
}

/// The conjugate [w, -x, -y, -z]: the inverse rotation of a unit quaternion.
inline Quat quaternionConjugate(const Quat& q) { return Quat(q[0], -q[1], -q[2], -q[3]); }

/// The signed angle about the unit axis `a` that turns the part of u normal
/// to `a` onto the part of v normal to it (rad, in (-pi, pi]).
inline double angleAbout(const Vec3& a, const Vec3& u, const Vec3& v) {
  const Vec3 un = u - a.dot(u) * a, vn = v - a.dot(v) * a;
  return std::atan2(a.dot(un.cross(vn)), un.dot(vn));
}

/// The dual basis of two independent axes in their plane: d1 . n1 = d2 . n2 = 1,
/// d1 . n2 = d2 . n1 = 0 (d_k = n_k for perpendicular unit axes). For
/// w = n1 a1 + n2 a2, a_k = d_k . w; a load Q on coordinate k applied as
/// Q d_k does work on that coordinate alone (docs/hinge-types.md H9).
inline void dualAxes(const Vec3& n1, const Vec3& n2, Vec3& d1, Vec3& d2) {
  const double g11 = n1.dot(n1), g12 = n1.dot(n2), g22 = n2.dot(n2), det = g11 * g22 - g12 * g12;
  d1 = (g22 * n1 - g12 * n2) / det;
  d2 = (g11 * n2 - g12 * n1) / det;
}

/// The angles of a universal hinge (docs/hinge-types.md H9): the relative
/// rotation R = A_root^T A_tip = Rot(a1, angle1) Rot(a2, angle2), with a1 the
/// unit root-side axis (root frame) and a2 the unit tip-side axis (tip
/// frame), both angles zero where the two frames are aligned. R a2 is a2
/// turned about a1 by angle1; R^T a1 is a1 turned about a2 by -angle2.
/// `relative` may have any length (rotated vectors are divided by its
/// squared norm).
inline void universalAngles(const Quat& relative, const Vec3& a1, const Vec3& a2, double& angle1, double& angle2) {
  const Mat3 r = rotationFromQuaternion(relative / relative.norm());
  angle1 = angleAbout(a1, a2, r * a2);
  angle2 = angleAbout(a2, r.transpose() * a1, a1);
}

/// Cardan angles [yaw psi, pitch theta, roll phi] (rad) of A = Rz(psi) Ry(theta) Rx(phi),
/// the z-y-x convention; pitch in [-pi/2, pi/2]. At gimbal lock (|pitch| = pi/2)
/// roll is taken as 0.
Vec3 cardanFromRotation(const Mat3& a);
/// The unit quaternion of Rz(psi) Ry(theta) Rx(phi) for angles [psi, theta, phi].
Quat quaternionFromCardan(const Vec3& angles);

/// Unit quaternion of a proper rotation matrix (Shepperd's method: choose the
/// largest diagonal term so that the division is well conditioned).
Quat quaternionFromRotation(const Mat3& a);

/// The rotation angle about an axis contained in a rotation (the twist of
/// the swing-twist decomposition), in (-pi, pi].
double twistAngle(const Quat& q, const Vec3& axis);

}  // namespace mstmm
