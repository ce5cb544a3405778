#pragma once
// How many degrees of freedom a model's beams add (equations.md §11.1), for
// the counts the editor shows before anything is compiled.

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// Per segment three rotations (spatial) or one (planar), and a slide when
/// the beam stretches.
int beamCoordinates(const ModelSpec& spec);

}  // namespace mstmm
