#pragma once
// Which body of the user's a compiled body stands for. A beam is compiled
// into pieces (beam_layout.hpp) that the user never made: the editor and
// the views select, frame and name the beam as one body.

#include <vector>

#include "core/model/model.hpp"

namespace mstmm {

/// For each compiled body, the id of the body the user made it from: its
/// own, or for a piece of a beam the beam's (which its root piece keeps).
std::vector<BodyId> userBodyIds(const Model& model);

}  // namespace mstmm
