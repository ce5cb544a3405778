#pragma once
// Checks of the load elements of a spec (springs, stops, actuators, prescribed
// motion, external loads, struts), each message naming the element and field.

#include <vector>

#include "core/model/validation.hpp"

namespace mstmm {

void validateLoads(const ModelSpec& spec, std::vector<Diagnostic>& out);

/// The hinge's coordinate and rate in the spec's initial state, as the loads
/// measure them (docs/loads.md L1: planar theta_tip - theta_root, a spatial
/// revolute's angle about its axis, a slider's slide); false for a hinge
/// naming bodies that do not exist. A prescribed motion must start there.
bool initialHingeCoordinate(const ModelSpec& spec, const HingeSpec& hinge, double& q, double& rate);
/// The same for coordinate k (hingeCoordinateNames) of a hinge with several,
/// or k = -1 for a one-coordinate hinge: a slide from the spec's slide or
/// translation, an angle as above (a universal hinge's angles as
/// universalAngles reads them); false also for a "rotation".
bool initialCoordinate(const ModelSpec& spec, const HingeSpec& hinge, int k, double& q, double& rate);
/// The same with the tip-side and root-side bodies' positions in the spec
/// already known (-1: the ground), for callers that visit every hinge.
bool initialCoordinateAt(const ModelSpec& spec, int child, int parent, const HingeSpec& hinge, int k, double& q, double& rate);

}  // namespace mstmm
