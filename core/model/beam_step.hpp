#pragma once
// What time step a beam asks for (equations.md §11.4): the highest natural
// frequency of its division into pieces, estimated from one piece and one
// joint, and the step RK4 needs to carry that mode without damping it.
// validate() warns when the model's fixed step is too long for a beam.

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// The highest natural frequency of the beam's division (rad/s; Eq 11.6)
/// and which vibration has it: bending in each plane (the free division's
/// own top mode, an upper bound however the beam is held), torsion unless
/// planar, stretch if axial (Gershgorin's bounds). tests/core/model/test_beams.cpp
/// measures how close it comes to the division's highest mode.
struct BeamTopFrequency {
  double omega = 0.0;
  const char* vibration = "bending";  // "bending", "torsion" or "stretch"
};
BeamTopFrequency beamHighestFrequency(const BeamSpec& beam, bool planar);

/// The highest frequency up to which the division resolves the beam's
/// bending to 1 % (rad/s; Eq 11.8): a mode of wavenumber beta is off by
/// at most about 0.066 (beta h)^2, so 1 % asks beta h <= 0.39. The softer
/// plane's (the one whose modes come first); spatial and planar alike.
double beamResolvedFrequency(const BeamSpec& beam, bool planar);

/// omega dt above which RK4 visibly damps a mode (Eq 11.7): the mode loses
/// (omega dt)^6 / 72 of its energy a step, 1.4 % here.
inline constexpr double kBeamStepWarning = 1.0;
/// omega dt the warning suggests: the largest step it does not warn at (the
/// top vibrations, the division's least accurate, lose at most 1.4 % a
/// step); 0.2 keeps them to 9e-7 a step, for an energy balance to 1e-6.
inline constexpr double kBeamStepSuggested = 1.0;
/// The longest fixed step the model's beams take without the warning
/// (kBeamStepWarning over the highest frequency of any beam), in seconds;
/// infinity without beams. What the studio shows beside the time step.
double beamStepLimit(const ModelSpec& spec);
/// The step the studio offers for that limit: rounded down to two
/// significant digits (4.37e-05 -> 4.3e-05), so never above it.
double offeredStep(double limit);

/// RK4 is unstable for omega dt > 2 sqrt(2) on an undamped mode.
inline constexpr double kRk4StabilityLimit = 2.8284271247461903;
/// ... and for lambda dt < -2.785 on a real decay, where its amplification
/// 1 + z + z^2/2 + z^3/6 + z^4/24 is 1 again (z^3 + 4 z^2 + 12 z + 24 = 0).
inline constexpr double kRk4RealLimit = 2.785293563405282;

}  // namespace mstmm
