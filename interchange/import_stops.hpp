#pragma once
// Stops for imported joint limits (docs/interchange.md I4). URDF's limits
// are hard and MuJoCo's are soft constraints; ours are stiff one-sided
// spring-dampers, and a spring too stiff for the time step makes RK4 blow
// up at the first contact. Each stop is therefore made as stiff as the
// model's step resolves: omega dt = 0.3 against the tip-side body's own
// inertia about the joint (for a slide, its mass), which bounds the
// effective inertia from below when the root side is held; critically
// damped at 0.7 of critical, so a stop takes energy out as a hard stop does.

#include <string>

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// Sets the stiffness and damping of every stop of the imported spec;
/// returns a one-line summary for the import's notes (empty: no stops).
std::string sizeImportedStops(ModelSpec& spec);

}  // namespace mstmm
