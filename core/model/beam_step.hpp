#pragma once
// What time step a beam asks for (equations.md §11.4): the highest natural
// frequency of its division into pieces, estimated from one piece and one
// joint, and the step RK4 needs to carry that mode without damping it.
// validate() warns when the model's fixed step is too long for a beam.

#include "core/model/beam_spec.hpp"

namespace mstmm {

/// The highest natural frequency of the beam's division (rad/s; Eq 11.6)
/// and which vibration has it: bending in each plane, torsion unless
/// planar, stretch if axial. Within about 1.5x of the division's own
/// highest mode (tests/core/test_beams.cpp).
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
/// omega dt the warning suggests: 9e-7 of the mode's energy a step.
inline constexpr double kBeamStepSuggested = 0.2;
/// RK4 is unstable for omega dt > 2 sqrt(2) on an undamped mode.
inline constexpr double kRk4StabilityLimit = 2.8284271247461903;

}  // namespace mstmm
