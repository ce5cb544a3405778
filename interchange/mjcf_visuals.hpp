#pragma once
// An MJCF body's geoms as visuals (core/spec/visual_spec.hpp), in the
// body's world-parallel frame of the import (docs/interchange.md I2).
// MuJoCo's compiler moves a mesh to its own centre and principal axes, so
// a mesh is written out as MuJoCo compiled it (binary STL in the user's
// cache folder, named by its contents) rather than read from its file.

#include <mujoco/mujoco.h>

#include <string>
#include <vector>

#include "core/spec/visual_spec.hpp"

namespace mstmm {

/// The visuals of MuJoCo body `b` (qpos0 kinematics in `d`); what cannot be
/// drawn (height fields) is added to `notes`.
std::vector<VisualSpec> geomVisuals(const mjModel* m, const mjData* d, int b, std::vector<std::string>& notes);

}  // namespace mstmm
