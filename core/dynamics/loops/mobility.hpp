#pragma once
// How many degrees of freedom a looped model has (equations.md §6.1): the
// count, tree coordinates less the cuts' rows (Grubler's), is the mobility
// unless some rows repeat the others, as in Bricard's linkage, whose count
// is 0 but which moves with one.

#include "core/model/model.hpp"

namespace mstmm {

struct Mobility {
  int count = 0;     // Model::degreesOfFreedom()
  int repeated = 0;  // cut rows that repeat the others at the initial state
  int degreesOfFreedom() const { return count + repeated; }
};

/// At the model's initial state.
Mobility mobility(const Model& model);

/// The repeated rows of a model as drawn, for a summary while it is edited:
/// 0 when it does not compile (the model check says why) or has more than
/// kMobilityBodies bodies (a summary must not wait on a large model).
int repeatedLoopRows(const ModelSpec& spec);
inline constexpr std::size_t kMobilityBodies = 2000;

}  // namespace mstmm
