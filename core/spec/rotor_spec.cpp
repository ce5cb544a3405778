#include "core/spec/rotor_spec.hpp"

#include <cmath>

namespace mstmm {

const char* bearingCoefficientName(int k) {
  static const char* const names[kBearingCoefficients] = {"kxx", "kxy", "kyx", "kyy", "cxx", "cxy", "cyx", "cyy"};
  return names[k];
}

Vec3 unbalanceReference(const Vec3& axis) {
  const Vec3 a = axis.normalized();
  const Vec3 x = std::abs(a.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  return (x - a * a.dot(x)).normalized();
}

Vec3 unbalancePosition(const UnbalanceSpec& u) {
  const Vec3 a = u.axis.normalized();
  const Vec3 r = unbalanceReference(a);
  return u.centre + u.eccentricity * (std::cos(u.phase) * r + std::sin(u.phase) * a.cross(r));
}

}  // namespace mstmm
