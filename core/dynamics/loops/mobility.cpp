#include "core/dynamics/loops/mobility.hpp"

#include "core/dynamics/loops/closure_projection.hpp"
#include "core/dynamics/state.hpp"

namespace mstmm {

Mobility mobility(const Model& model) {
  Mobility m;
  m.count = model.degreesOfFreedom();
  if (model.hasLoops()) m.repeated = ClosureProjector(model).repeatedRows(initialState(model));
  return m;
}

int repeatedLoopRows(const ModelSpec& spec) {
  if (spec.bodies.size() > kMobilityBodies) return 0;
  try {
    return mobility(*compile(spec)).repeated;
  } catch (const std::exception&) {
    return 0;
  }
}

}  // namespace mstmm
