// Fuzz target: a study file (docs/studies.md) read against the bundled
// studies folder (its "model" names a file there or in ../examples), its runs planned, and the
// first run's parameters put into the model by their addresses.
#include "core/study/study_json.hpp"
#include "core/model/validation.hpp"
#include "core/study/study_spec.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace mstmm;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const StudySpec study = studyFromJson(fuzz::text(data, size), MSTMM_SOURCE_DIR "/resources/studies");
    if (plannedStudyRuns(study) > 1000.0) return 0;  // a large grid is refused or slow, not interesting
    const std::vector<std::vector<double>> runs = studyRuns(study);
    if (runs.empty()) return 0;
    std::vector<std::string> addresses;
    for (const StudyParameter& p : study.parameters) addresses.push_back(p.address);
    fuzz::require(runs.front().size() == addresses.size(), "one value per parameter");
    const ModelSpec model = withParameters(study.model, addresses, runs.front());
    for (const Diagnostic& d : validate(model)) fuzz::require(!d.message.empty(), "a diagnostic without a message");
  } catch (const Error& e) {
    fuzz::requireMessage(e);
  }
  return 0;
}
