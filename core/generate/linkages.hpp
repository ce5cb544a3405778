#pragma once
// Closed-loop models (equations.md §6): the planar four-bar linkage and the
// loop-and-branch systems hanging from the ceiling at two points (002 Figs.
// 2 and 9). Their initial states close every loop at position and velocity
// level, computed from the linkages' exact kinematics.

#include "core/spec/model_spec.hpp"

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

struct CrankSliderOptions {
  // Crank r (pivot A at the origin), connecting rod l; the slider block moves
  // on a rail along the x axis through A (no offset).
  double crank = 0.2, rod = 0.6;
  double crankAngle = 0.5;  // rad, direction from A to the crank pin B
  double crankRate = 8.0;   // rad/s
  double massPerLength = 1.0;  // kg/m, slender rods
  double sliderMass = 0.5;     // kg, the block
};

/// The planar crank-and-slider mechanism of 004 Example 3.3 with a slider
/// block: the block hangs from the ground by the sliding hinge "rail"
/// (x axis), the connecting rod from the block by pin "C", the crank from
/// the rod by pin "B"; the crank's free end is pinned to the ground at A by
/// the cut hinge "A". The block's slide is x = r cos(theta) +
/// sqrt(l^2 - r^2 sin^2(theta)) for crank angle theta. Throws
/// std::invalid_argument unless l > r > 0.
ModelSpec generateCrankSlider(const CrankSliderOptions& options);
/// x of the crank-slider's block at crank angle theta (the exact relation).
double crankSliderPosition(const CrankSliderOptions& options, double theta);

struct MixedSystemOptions {
  /// Bodies 25, 27, ..., between body 23 and the ceiling: 0 gives the system
  /// of 002 Fig. 2 (12 bodies), 238 the 250-body system of 002 Fig. 9.
  int chainBodies = 0;
  bool closeLoop = true;  // false: the tree system of 002 Fig. 4
  double spin = 0.5;      // rad/s: the whole system starts turning rigidly about the vertical
};

/// The spatial tree of 002 Fig. 4 and the closed-loop-and-branch mixed
/// systems of 002 Figs. 2 and 9, as far as the text describes them (the
/// figures and Table 1 are not in the extracted text; equations.md's reading):
/// the free tips 1, 2, 3, 4 hang by bodies 9, 10, 11, 12 from the two-input
/// bodies 17 and 18, which hang from the ends of the two-input body 21; 21
/// hangs from 23, and 23 from the ceiling (or from the chain 25 ... 499 when
/// chainBodies > 0). With closeLoop, the tips of 2 and 3 meet and are joined
/// by the ball hinge "2-3", closing the loop 2-10-17-21-18-11-3 (bodies 1 and
/// 4 stay free, as in 002's 250-body example). All hinges are smooth balls.
/// Dimensions and masses are ours (1 kg/m cylinders, 2 kg plates).
ModelSpec generateMixedSystem(const MixedSystemOptions& options);

/// The position of C of a four-bar (elbow up), or false if it does not close.
bool fourBarJoint(const FourBarOptions& options, double crankAngle, Vec3& b, Vec3& c);

}  // namespace mstmm
