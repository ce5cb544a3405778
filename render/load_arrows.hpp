#pragma once
// The external forces on bodies (docs/loads.md L4) and the contact forces
// (docs/contact.md) as arrows for the 3-D view, their lengths proportional
// to the forces' magnitudes. Free of VTK: the scene draws the polylines.

#include <vector>

#include "core/model/model.hpp"
#include "core/sim/results.hpp"
#include "render/scene_state.hpp"

namespace mstmm::render {

/// Shaft and head of each non-zero force at time t for the bodies' states,
/// as polylines; empty if the model has no external loads.
std::vector<Trail> loadArrows(const Model& model, const std::vector<BodyState>& states, double t, double length);

/// The contact forces at time t (Results::contactForce, linear between the
/// recorded instants), each from the point it acts at along the force. An
/// arrow of `length` is the model's whole weight (without gravity: the
/// largest force at t), so a wheel carrying a quarter of a car shows a
/// quarter of it, and it grows over a bump. Empty without contacts.
std::vector<Trail> contactArrows(const Model& model, const Results& results, double t, double length);

/// The contact arrows' length for the whole weight: twice the extent of the
/// bodies now (the diagonal of the box round their input ends), so that a
/// wheel's share of a car stands well out of the wheel; at least `minimum`.
double contactArrowLength(const std::vector<BodyState>& states, double minimum);

/// A length for the largest arrow: half the median body length.
double arrowLength(const Model& model);

}  // namespace mstmm::render
