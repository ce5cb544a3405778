// Fuzz target: a model file through everything that reads it before a run:
// the JSON loader, validation and compilation (and saving it back, which
// must load again: a model we wrote is a model we read).
#include "core/io/model_json.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace mstmm;

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
    fuzz::require(model->bodyCount() == static_cast<int>(spec.bodies.size()), "compiled body count");
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
