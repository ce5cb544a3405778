#include "render/result_states.hpp"

#include "core/sim/interpolation.hpp"

namespace mstmm::render {

void statesAt(const Model& model, const Results& results, double t, std::vector<BodyState>& states, std::vector<char>& visible) {
  const auto n = static_cast<std::size_t>(model.bodyCount());
  states.resize(n);
  visible.assign(n, 0);
  if (results.frameCount() == 0) return;
  const SampleLocation at = locateTime(results.times(), results.frameCount(), t);
  for (int slot = 0; slot < results.recordedBodyCount(); ++slot) {
    const auto body = static_cast<std::size_t>(results.recordedBody(slot));
    const InterpolatedBody b = interpolateBody(results, at, slot);
    states[body] = {b.input, b.orientation};
    visible[body] = 1;
  }
}

Trail trailOf(const Results& results, int slot, const Vec3& bodyPoint, double t0, double t1) {
  Trail trail;
  if (results.frameCount() == 0 || t1 < t0) return trail;
  auto pointAt = [&](SampleLocation at) {
    const InterpolatedBody b = interpolateBody(results, at, slot);
    return Vec3(b.input + rotationFromQuaternion(b.orientation) * bodyPoint);
  };
  const SampleLocation first = locateTime(results.times(), t0), last = locateTime(results.times(), t1);
  trail.points.push_back(pointAt(first));
  for (int f = first.frame + 1; f <= last.frame; ++f) trail.points.push_back(pointAt({f, 0.0}));
  if (last.alpha > 0.0) trail.points.push_back(pointAt(last));
  return trail;
}

}  // namespace mstmm::render
