#pragma once
// Closed-loop models (method.md §6): the planar four-bar linkage and the
// loop-and-branch systems hanging from the ceiling at two points (002 Figs.
// 2 and 9). Their initial states close every loop at position and velocity
// level, computed from the linkages' exact kinematics.

#include "core/model/model_spec.hpp"

namespace mstmm {

struct FourBarOptions {
  // Link lengths: crank a (pivot A at the origin), coupler b, rocker c,
  // ground d (pivot D at (d, 0)). Defaults: a Grashof crank-rocker.
  double crank = 0.3, coupler = 1.0, rocker = 0.8, ground = 1.0;
  double crankAngle = 1.0;  // rad, direction from A to B
  double crankRate = 2.0;   // rad/s
  double massPerLength = 1.0;  // kg/m, slender rods
};

/// Crank (root, pinned at A), coupler and rocker in one chain; the rocker's
/// free end is pinned to the ground at D by the cut hinge "D" (elbow-up
/// branch: C above the line BD). Throws std::invalid_argument when the
/// lengths cannot close at the given crank angle.
ModelSpec generateFourBar(const FourBarOptions& options);

/// The position of C of a four-bar (elbow up), or false if it does not close.
bool fourBarJoint(const FourBarOptions& options, double crankAngle, Vec3& b, Vec3& c);

}  // namespace mstmm
