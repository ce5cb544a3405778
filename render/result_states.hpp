#pragma once
// Body states for the 3-D view at any time of a run's results: positions
// linear and orientations slerped between the neighbouring samples
// (core/sim/interpolation). Free of VTK, shared by the view, the exports and
// the benchmarks.

#include <vector>

#include "core/sim/results.hpp"
#include "render/scene_state.hpp"

namespace mstmm::render {

/// The states of a model's initial configuration (its spec's initial angles).
std::vector<BodyState> initialBodyStates(const Model& model);

/// Fills one state per compiled body at time t (clamped to the recorded
/// range). Bodies the results do not record keep whatever `states` held and
/// are marked 0 in `visible`. Needs at least one recorded frame.
void statesAt(const Model& model, const Results& results, double t, std::vector<BodyState>& states, std::vector<char>& visible);

/// Beams drawn with their deflection scaled (issue 28): each piece of a
/// beam is put where the beam's root piece, held rigid, would carry it,
/// plus `factor` times its displacement and rotation from there (the
/// rotation scaled along its rotation vector). 1 leaves the states as they are.
void scaleBeamDeflections(const Model& model, double factor, std::vector<BodyState>& states);

/// The world position of a body-frame point (relative to I_1) of a recorded
/// body over time: the samples of a trail from t0 to t1, one per recorded frame
/// in that window (plus the interpolated end points).
Trail trailOf(const Results& results, int slot, const Vec3& bodyPoint, double t0, double t1);

/// The trails of the input ends I_1 (the free ends of tips) of `bodies`, or
/// of the tips when `bodies` is empty, over [t - window, t]; at most
/// `maxTrails` (more traces than a couple of dozen are unreadable).
std::vector<Trail> trailsAt(const Model& model, const Results& results, std::vector<int> bodies, double t, double window, int maxTrails = 24);

/// The box every recorded body stays in over the whole run (its ends, and
/// its shape's box turned with it: a disk's rim, a shaft's far end that no
/// hinge marks), grown on each side by `relativeMargin` times its diagonal.
void motionBounds(const Model& model, const Results& results, double relativeMargin, Vec3& lo, Vec3& hi);

/// The box of body `body`'s shape in its own axes: its centre relative to
/// the body's centre of mass, and its half sizes.
struct ShapeBox {
  Vec3 centre = Vec3::Zero();
  Vec3 half = Vec3::Zero();
};
ShapeBox shapeBox(const Model& model, int body);

}  // namespace mstmm::render
