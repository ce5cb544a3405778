#pragma once
// A ball hinge's rotation vector and its linear spring-damper (docs/loads.md:
// the moment -k phi - c (Omega_tip - Omega_root) on the tip side), written
// once for one hinge (double) or four at once (Packed4): AppliedLoads
// evaluates a ball hinge through it alone (evaluateHinge) or four with the
// sweep's four-body blocks (ballHingesAt), each lane doing exactly the
// scalar operations.

#include <cmath>

#include "core/math/quadrant_atan2.hpp"
#include "core/math/scalar_vec3.hpp"

namespace mstmm {

template <class T>
struct QuaternionOf {
  T w, x, y, z;
};

/// a (x) b: the same products in the same order as quaternionProduct.
template <class T>
inline QuaternionOf<T> product(const QuaternionOf<T>& a, const QuaternionOf<T>& b) {
  return {a.w * b.w - (a.x * b.x + a.y * b.y + a.z * b.z), a.w * b.x + b.w * a.x + (a.y * b.z - a.z * b.y),
          a.w * b.y + b.w * a.y + (a.z * b.x - a.x * b.z), a.w * b.z + b.w * a.z + (a.x * b.y - a.y * b.x)};
}

/// What the rotation of a ball hinge gives its elements: |phi| (the angle
/// from rest), phi / |phi| in world axes, and Omega_tip - Omega_root.
template <class T>
struct BallRotationOf {
  T angle;
  Vec3Of<T> axis;
};

/// From err = q_tip (x) conj(q_rest) (x) conj(q_root), whose rotation vector
/// is phi in world axes (AppliedLoads::wrappedCoordinate): the shorter way
/// round (w >= 0), |phi| = 2 atan2(|v|, w), the axis v / |v| (zero at rest).
template <class T>
inline BallRotationOf<T> ballRotationOf(QuaternionOf<T> err) {
  const auto flip = err.w < 0.0;
  err = {select(flip, -err.w, err.w), select(flip, -err.x, err.x), select(flip, -err.y, err.y), select(flip, -err.z, err.z)};
  const T s = squareRoot(err.x * err.x + err.y * err.y + err.z * err.z);
  const T angle = 2.0 * quadrantAtan2(s, err.w);
  const T inverse = select(s > 0.0, 1.0 / s, T{});
  return {angle, {err.x * inverse, err.y * inverse, err.z * inverse}};
}

/// The linear spring-damper's moment on the tip side, -k |phi| axis - c w,
/// with its potential k |phi|^2 / 2 and dissipation c |w|^2.
template <class T>
struct BallSpringDamperOf {
  Vec3Of<T> load;
  T potential, dissipation;
};
template <class T>
inline BallSpringDamperOf<T> ballSpringDamper(const BallRotationOf<T>& r, const Vec3Of<T>& w, const T& stiffness, const T& damping) {
  const T magnitude = stiffness * r.angle;
  const T negative = -magnitude;
  return {{negative * r.axis.x - damping * w.x, negative * r.axis.y - damping * w.y, negative * r.axis.z - damping * w.z},
          0.5 * stiffness * r.angle * r.angle,
          damping * (w.x * w.x + w.y * w.y + w.z * w.z)};
}

}  // namespace mstmm
