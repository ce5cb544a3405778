// Fuzz target: a model file through everything that reads it before a run:
// the JSON loader, validation and compilation (and saving it back, which
// must load again: a model we wrote is a model we read).
#include <cmath>

#include "core/dynamics/state.hpp"
#include "core/io/model_json.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace mstmm;

namespace {

/// The bodies a model's beams add: each beam is n + 1 pieces in place of one body.
int beamPieces(const ModelSpec& spec) {
  int extra = 0;
  for (const BodySpec& b : spec.bodies) extra += b.beam ? b.beam->segments : 0;
  return extra;
}

/// What 'equilibrium --out' does with a state (issue 51, point 1: with beams
/// it wrote past the user's bodies): the model's own initial state, stored
/// into the spec, is a valid spec that starts from that state again.
void storedStateReadsBack(const ModelSpec& spec, const Model& model) {
  ModelSpec stored = spec;
  const Eigen::VectorXd y = initialState(model);
  storeInitialState(model, y, stored);
  const ModelSpec again = modelFromJson(modelToJson(stored), "");
  fuzz::require(!hasErrors(validate(again)), "a stored state that the model check refuses");
  const Eigen::VectorXd back = initialState(*compile(again));
  fuzz::require(back.size() == y.size(), "a stored state of another size");
  const double scale = 1.0 + y.cwiseAbs().maxCoeff();
  for (Eigen::Index k = 0; k < y.size(); ++k)
    fuzz::require(std::abs(back[k] - y[k]) <= 1e-9 * scale || std::abs(back[k] + y[k]) <= 1e-9 * scale, "a stored state that does not read back");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ModelSpec spec;
  try {
    spec = modelFromJson(fuzz::text(data, size), "");
  } catch (const Error& e) {
    fuzz::requireMessage(e);
    return 0;
  }
  const std::vector<Diagnostic> diagnostics = validate(spec);
  for (const Diagnostic& d : diagnostics) fuzz::require(!d.message.empty(), "a diagnostic without a message");
  try {
    const std::shared_ptr<const Model> model = compile(spec);
    fuzz::require(!hasErrors(diagnostics), "compile() accepted a model that validate() refuses");
    fuzz::require(model->bodyCount() == static_cast<int>(spec.bodies.size()) + beamPieces(spec), "compiled body count");
    storedStateReadsBack(spec, *model);
  } catch (const Error& e) {
    fuzz::requireMessage(e);
  }
  try {
    const ModelSpec again = modelFromJson(modelToJson(spec), "");
    fuzz::require(again.bodies.size() == spec.bodies.size() && again.hinges.size() == spec.hinges.size(), "a saved model reads back");
  } catch (const Error& e) {
    std::fprintf(stderr, "a saved model does not read back: %s\n", e.what());
    std::abort();
  }
  return 0;
}
