#include "core/sim/interpolation.hpp"

#include <algorithm>
#include <cmath>

namespace mstmm {

SampleLocation locateTime(const std::vector<double>& times, double t) {
  return locateTime(times, static_cast<int>(times.size()), t);
}

SampleLocation locateTime(const std::vector<double>& times, int count, double t) {
  SampleLocation at;
  if (count <= 1 || !(t > times.front())) return at;  // also catches NaN
  if (t >= times[static_cast<std::size_t>(count - 1)]) {
    at.frame = count - 1;
    return at;
  }
  // First sample strictly after t; t lies in [times[k-1], times[k]).
  const auto end = times.begin() + count;
  const auto after = std::upper_bound(times.begin(), end, t);
  at.frame = static_cast<int>(after - times.begin()) - 1;
  const double t0 = *(after - 1), t1 = *after;
  at.alpha = t1 > t0 ? (t - t0) / (t1 - t0) : 0.0;
  return at;
}

Quat slerp(const Quat& a, const Quat& b, double alpha) {
  double c = a.dot(b);
  const Quat target = c < 0.0 ? Quat(-b) : b;
  c = std::abs(c);
  if (c > 1.0 - 1e-12) return (a + alpha * (target - a)).normalized();  // nearly equal: lerp is exact enough
  const double angle = std::acos(std::min(c, 1.0));
  const double s = std::sin(angle);
  return (std::sin((1.0 - alpha) * angle) / s) * a + (std::sin(alpha * angle) / s) * target;
}

InterpolatedBody interpolateBody(const Results& results, SampleLocation at, int slot) {
  const int f = at.frame;
  InterpolatedBody b{results.inputEnd(f, slot), results.com(f, slot), results.outputEnd(f, slot),
                     results.orientation(f, slot).normalized(), results.angularVelocity(f, slot)};
  if (at.alpha == 0.0 || f + 1 >= results.frameCount()) return b;
  const double s = at.alpha;
  b.input += s * (results.inputEnd(f + 1, slot) - b.input);
  b.com += s * (results.com(f + 1, slot) - b.com);
  b.output += s * (results.outputEnd(f + 1, slot) - b.output);
  b.angularVelocity += s * (results.angularVelocity(f + 1, slot) - b.angularVelocity);
  b.orientation = slerp(b.orientation, results.orientation(f + 1, slot).normalized(), s);
  return b;
}

}  // namespace mstmm
