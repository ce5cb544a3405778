#pragma once
// MJCF geom pairs as contacts between bodies (issue 29.6, docs/interchange.md
// I9): the pairs MuJoCo would test (contype/conaffinity, not on one body or
// a body and its parent, not excluded, and the file's explicit pairs)
// become body contacts of docs/contact.md C8 on their shapes.

#include <mujoco/mujoco.h>

#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// More pairs than this are not imported (each is tested at every
/// evaluation): the note says how many the file asked for.
constexpr int kMostImportedGeomPairs = 2000;

/// Adds the body contacts to `spec`, whose body b - 1 is MuJoCo's body b,
/// in a frame parallel to the world at qpos0 with its origin at MuJoCo's
/// body origin there; names what is not taken in `notes`.
void readBodyContacts(const mjModel* m, const mjData* d, ModelSpec& spec, std::vector<std::string>& notes);

}  // namespace mstmm
