#pragma once
// Ground contacts made from a robot file's collision geometry (URDF,
// docs/interchange.md I10), sized as MJCF's geoms are (I9): each as stiff
// as the model's time step resolves (omega dt = 0.3 with omega^2 = k / m)
// for the least mass a push at it meets (its body and all that hangs from
// it, or the body's own effective mass there when that is less), damped at
// 0.7 of critical, its friction regularised no steeper than that rate even
// under the whole robot's weight.

#include <string>

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// A lower bound of the mass a push meets at distance r from a free body's
/// centre of mass, whatever its direction: 1 / (1/m + r^2 / I_min), I_min
/// the least central moment of inertia (0 without mass; m when I_min is 0
/// and r is 0). A corner of a light box is far softer than the box's mass
/// says; what hangs from the body only adds to it.
double leastEffectiveMass(double mass, double leastInertia, double r);

/// Puts the ground plane at z = 0 (URDF's up is +z) and sizes every contact
/// of `spec` with friction coefficient `friction`; returns the note that
/// says so.
std::string sizeGroundContacts(ModelSpec& spec, double friction);

}  // namespace mstmm
