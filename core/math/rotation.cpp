#include "core/math/rotation.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mstmm {

Quat quaternionFromRotation(const Mat3& a) {
  const double trace = a.trace();
  Quat p;
  if (trace >= a(0, 0) && trace >= a(1, 1) && trace >= a(2, 2)) {
    const double s = 2.0 * std::sqrt(1.0 + trace);
    p << 0.25 * s, (a(2, 1) - a(1, 2)) / s, (a(0, 2) - a(2, 0)) / s, (a(1, 0) - a(0, 1)) / s;
  } else if (a(0, 0) >= a(1, 1) && a(0, 0) >= a(2, 2)) {
    const double s = 2.0 * std::sqrt(1.0 + a(0, 0) - a(1, 1) - a(2, 2));
    p << (a(2, 1) - a(1, 2)) / s, 0.25 * s, (a(0, 1) + a(1, 0)) / s, (a(0, 2) + a(2, 0)) / s;
  } else if (a(1, 1) >= a(2, 2)) {
    const double s = 2.0 * std::sqrt(1.0 + a(1, 1) - a(0, 0) - a(2, 2));
    p << (a(0, 2) - a(2, 0)) / s, (a(0, 1) + a(1, 0)) / s, 0.25 * s, (a(1, 2) + a(2, 1)) / s;
  } else {
    const double s = 2.0 * std::sqrt(1.0 + a(2, 2) - a(0, 0) - a(1, 1));
    p << (a(1, 0) - a(0, 1)) / s, (a(0, 2) + a(2, 0)) / s, (a(1, 2) + a(2, 1)) / s, 0.25 * s;
  }
  if (p[0] < 0) p = -p;  // one canonical sign, so round trips compare equal
  return p / p.norm();
}

Vec3 cardanFromRotation(const Mat3& a) {
  const double s = std::clamp(-a(2, 0), -1.0, 1.0);
  const double pitch = std::asin(s);
  if (std::abs(s) > 1.0 - 1e-12) {  // gimbal lock: only psi -+ phi is defined
    return Vec3(std::atan2(-a(0, 1), a(1, 1)), pitch, 0.0);
  }
  return Vec3(std::atan2(a(1, 0), a(0, 0)), pitch, std::atan2(a(2, 1), a(2, 2)));
}

Quat quaternionFromCardan(const Vec3& angles) {
  const Quat z = quaternionFromAxisAngle(Vec3::UnitZ(), angles[0]);
  const Quat y = quaternionFromAxisAngle(Vec3::UnitY(), angles[1]);
  const Quat x = quaternionFromAxisAngle(Vec3::UnitX(), angles[2]);
  Quat q = quaternionProduct(quaternionProduct(z, y), x);
  if (q[0] < 0) q = -q;
  return q / q.norm();
}

double twistAngle(const Quat& q, const Vec3& axis) {
  const Vec3 n = axis.normalized();
  const double along = q.tail<3>().dot(n);
  double angle = 2.0 * std::atan2(along, q[0]);  // in (-2 pi, 2 pi]
  if (angle > std::numbers::pi) angle -= 2.0 * std::numbers::pi;
  if (angle <= -std::numbers::pi) angle += 2.0 * std::numbers::pi;
  return angle;
}

}  // namespace mstmm
