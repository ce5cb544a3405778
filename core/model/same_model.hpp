#pragma once
// Whether two specs describe the same model: equal in everything but the
// editor's own state (graph node positions), which moves no body. The
// studio uses it to tell whether results still describe the model on
// screen (an edit undone, or redone back to what was run).

#include "core/spec/model_spec.hpp"

namespace mstmm {

bool sameModel(const ModelSpec& a, const ModelSpec& b);

}  // namespace mstmm
