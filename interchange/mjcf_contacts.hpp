#pragma once
// MJCF geoms as ground contacts (issue 29.6, docs/interchange.md I9): the
// file's plane on the world body becomes the ground, and each geom that may
// collide with it becomes contact spheres of docs/contact.md on its body.

#include <mujoco/mujoco.h>

#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// Adds the ground and the contacts to `spec`, whose body b - 1 is MuJoCo's
/// body b, in a frame parallel to the world at qpos0 with its origin at
/// MuJoCo's body origin there; names what is not taken in `notes`.
void readGroundContacts(const mjModel* m, const mjData* d, ModelSpec& spec, std::vector<std::string>& notes);

}  // namespace mstmm
