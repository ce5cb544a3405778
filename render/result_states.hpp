#pragma once
// Body states for the 3-D view at any time of a run's results: positions
// linear and orientations slerped between the neighbouring samples
// (core/sim/interpolation). Free of VTK, shared by the view, the exports and
// the benchmarks.

#include <vector>

#include "core/sim/results.hpp"
#include "render/scene_state.hpp"

namespace mstmm::render {

/// Fills one state per compiled body at time t (clamped to the recorded
/// range). Bodies the results do not record keep whatever `states` held and
/// are marked 0 in `visible`. Needs at least one recorded frame.
void statesAt(const Model& model, const Results& results, double t, std::vector<BodyState>& states, std::vector<char>& visible);

/// The world position of a body-frame point (relative to I_1) of a recorded
/// body over time: the samples of a trail from t0 to t1, one per recorded frame
/// in that window (plus the interpolated end points).
Trail trailOf(const Results& results, int slot, const Vec3& bodyPoint, double t0, double t1);

}  // namespace mstmm::render
