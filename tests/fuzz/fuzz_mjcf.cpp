// Fuzz target: an MJCF file through MuJoCo's compiler and our reader of
// its compiled model, then the model check and compilation. The import may
// refuse an input only with an mstmm::Error that says something (a fatal
// MuJoCo error included: it throws rather than ending the process).
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "interchange/mjcf_import.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace mstmm;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ImportResult imported;
  try {
    imported = importMjcfText(fuzz::text(data, size), "fuzz.xml");
  } catch (const Error& e) {
    fuzz::requireMessage(e);
    return 0;
  }
  for (const std::string& note : imported.notTaken) fuzz::require(!note.empty(), "an empty note");
  const std::vector<Diagnostic> diagnostics = validate(imported.spec);
  if (hasErrors(diagnostics)) return 0;
  try {
    const std::shared_ptr<const Model> model = compile(imported.spec);
    fuzz::require(model->bodyCount() == static_cast<int>(imported.spec.bodies.size()), "compiled body count");
  } catch (const Error& e) {
    fuzz::requireMessage(e);
  }
  return 0;
}
