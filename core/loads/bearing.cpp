#include "core/loads/bearing.hpp"

#include <algorithm>

namespace mstmm {

namespace {

// One coefficient at a speed: its only value, or the table's value
// interpolated between the speeds around it, held beyond the ends.
double coefficientAt(const std::vector<double>& values, const std::vector<double>& speeds, double speed) {
  if (values.size() == 1) return values.front();
  if (speed <= speeds.front()) return values.front();
  if (speed >= speeds.back()) return values.back();
  const auto upper = std::upper_bound(speeds.begin(), speeds.end(), speed);
  const auto i = static_cast<std::size_t>(upper - speeds.begin());
  const double w = (speed - speeds[i - 1]) / (speeds[i] - speeds[i - 1]);
  return (1.0 - w) * values[i - 1] + w * values[i];
}

}  // namespace

BearingCoefficients bearingCoefficients(const CompiledBearing& b, double speed) {
  BearingCoefficients out;
  double v[kBearingCoefficients];
  for (int k = 0; k < kBearingCoefficients; ++k) v[k] = coefficientAt(b.coefficients[static_cast<std::size_t>(k)], b.speeds, speed);
  out.stiffness << v[0], v[1], v[2], v[3];
  out.damping << v[4], v[5], v[6], v[7];
  return out;
}

Mat3 bearingAxes(const BearingSpec& spec) {
  const Vec3 a = spec.axis.normalized();
  const Vec3 x = (spec.xAxis - a * a.dot(spec.xAxis)).normalized();
  Mat3 axes;
  axes.col(0) = x;
  axes.col(1) = a.cross(x);
  axes.col(2) = a;
  return axes;
}

}  // namespace mstmm
