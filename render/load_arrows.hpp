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
/// recorded instants), each from the point it acts at along the force; a
/// contact between two bodies also the reaction on the other body, from
/// the same point the other way. The shaft is contactArrowShaft of the
/// force over the model's whole weight (without gravity: the largest force
/// at t): `length` per weight while short, so a wheel carrying a quarter of
/// a car shows a quarter of it, and never longer than kContactArrowCap
/// lengths, so an impact of many weights stays in view (issue 55). Empty
/// without contacts.
std::vector<Trail> contactArrows(const Model& model, const Results& results, double t, double length);

/// The longest contact arrow, in `length`s (a third of contactArrowLength's
/// twice the system's extent: two thirds of the extent).
inline constexpr double kContactArrowCap = 0.33;
/// A contact arrow's shaft for a force of `weights` model weights:
/// cap tanh(length weights / cap), cap = kContactArrowCap length: the
/// proportional length below the cap, bending smoothly to it.
double contactArrowShaft(double weights, double length);

/// The contact arrows' length for the whole weight: twice the extent of the
/// bodies now (the diagonal of the box round their input ends), so that a
/// wheel's share of a car stands well out of the wheel; at least `minimum`.
double contactArrowLength(const std::vector<BodyState>& states, double minimum);

/// A length for the largest arrow: half the median body length.
double arrowLength(const Model& model);

}  // namespace mstmm::render
