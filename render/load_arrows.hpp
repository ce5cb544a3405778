#pragma once
// The external forces on bodies (docs/loads.md L4) as arrows for the 3-D
// view: each ends at the point it acts on, along the force, its length
// proportional to the force's magnitude (the largest at time t gets
// `length`). Free of VTK: the scene draws the polylines.

#include <vector>

#include "core/model/model.hpp"
#include "render/scene_state.hpp"

namespace mstmm::render {

/// Shaft and head of each non-zero force at time t for the bodies' states,
/// as polylines; empty if the model has no external loads.
std::vector<Trail> loadArrows(const Model& model, const std::vector<BodyState>& states, double t, double length);

/// A length for the largest arrow: half the median body length.
double arrowLength(const Model& model);

}  // namespace mstmm::render
