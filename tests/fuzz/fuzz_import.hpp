#pragma once
// What the import fuzz targets (URDF, MJCF) share: an import may refuse an
// input only with an mstmm::Error that says something; what it makes must
// be a spec the model check can judge, and one it passes must compile and
// evaluate (or be refused by the solver with a message).

#include <functional>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/state.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "interchange/import_result.hpp"
#include "tests/fuzz/fuzz_input.hpp"

namespace mstmm::fuzz {

inline int checkImport(const std::function<ImportResult()>& import) {
  ImportResult imported;
  try {
    imported = import();
  } catch (const Error& e) {
    requireMessage(e);
    return 0;
  }
  for (const std::string& note : imported.notTaken) require(!note.empty(), "an empty note");
  if (hasErrors(validate(imported.spec))) return 0;
  try {
    const std::shared_ptr<const Model> model = compile(imported.spec);
    require(model->bodyCount() == static_cast<int>(imported.spec.bodies.size()), "compiled body count");
    // One evaluation at the initial state: what the import makes (massless
    // frames, rotors, several joints on a body) must be evaluated or
    // refused with a message (a singular release names its hinge).
    SolverOutput out;
    makeSolver(SolverKind::Riccati, model)->evaluate(initialState(*model), out);
    for (const Vec3& a : out.angularAcceleration) require(a.allFinite(), "a non-finite acceleration without an error");
  } catch (const Error& e) {
    requireMessage(e);
  }
  return 0;
}

}  // namespace mstmm::fuzz
