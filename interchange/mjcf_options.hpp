#pragma once
// MuJoCo's <option> and its <flag>s as an import takes them (issue 29.3,
// docs/interchange.md I2): each one honoured or named as not taken.

#include <mujoco/mujoco.h>

#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// What the reader builds, after the flags: passive forces (joint
/// stiffness and damping), joint limits (stops) and equalities (loop
/// closures) are made only when their flag leaves them on.
struct MjcfFlags {
  bool passive = true;
  bool limits = true;
  bool equalities = true;
};

/// Gravity and the time step into `spec` (gravity zero under
/// <flag gravity="disable"/>), the flags into the returned MjcfFlags, and a
/// note for each option or flag that is not taken (viscosity, density, wind,
/// the integrator, and flags that change what MuJoCo computes). The
/// magnetic field acts on magnetometers only, and the solver's settings on
/// how MuJoCo keeps its soft constraints: neither is named.
MjcfFlags readMjcfOptions(const mjModel* m, ModelSpec& spec, std::vector<std::string>& notes);

}  // namespace mstmm
