#pragma once
// Reading recorded results at any time, not only at the recorded samples, so
// that playback at any speed is smooth: positions and rates are interpolated
// linearly between the two neighbouring samples, orientations by spherical
// linear interpolation (slerp) of the unit quaternions.

#include <vector>

#include "core/sim/results.hpp"

namespace mstmm {

/// Where a time falls among recorded sample times: the value there is
/// (1 - alpha) * v[frame] + alpha * v[frame + 1], with alpha in [0, 1).
/// Times before the first or after the last sample clamp to them (alpha = 0).
struct SampleLocation {
  int frame = 0;
  double alpha = 0.0;
};

/// Binary search in increasing sample times (at least one).
SampleLocation locateTime(const std::vector<double>& times, double t);
/// As above, among the first `count` samples only (a run still recording).
SampleLocation locateTime(const std::vector<double>& times, int count, double t);

/// The shortest-arc slerp between unit quaternions [w, x, y, z]; q and -q are
/// the same rotation, so the path never takes the long way round.
Quat slerp(const Quat& a, const Quat& b, double alpha);

/// One recorded body at an interpolated time.
struct InterpolatedBody {
  Vec3 input = Vec3::Zero();
  Vec3 com = Vec3::Zero();
  Vec3 output = Vec3::Zero();
  Quat orientation = Quat(1, 0, 0, 0);
  Vec3 angularVelocity = Vec3::Zero();
};

InterpolatedBody interpolateBody(const Results& results, SampleLocation at, int slot);
/// A scalar channel of the results at an interpolated time, e.g.
/// [&](int f) { return results.theta(f, slot); }.
template <class Channel>
double interpolateValue(const Results& results, SampleLocation at, Channel channel) {
  const double a = channel(at.frame);
  if (at.alpha == 0.0 || at.frame + 1 >= results.frameCount()) return a;
  return a + at.alpha * (channel(at.frame + 1) - a);
}

}  // namespace mstmm
