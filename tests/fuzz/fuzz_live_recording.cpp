// Fuzz target: a live recording (docs/model-format.md, "Live recordings")
// read, and, when it is small, replayed: a recording that loads either
// replays to its steps with finite numbers or fails with a message naming
// why; never a crash, a hang or an input taken that does not fit the model.
#include <cmath>

#include "core/io/live_recording.hpp"
#include "core/model/model.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace mstmm;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    LiveRecording recording = liveRecordingFromJson(fuzz::text(data, size));
    if (recording.steps > 2000 || recording.spec.bodies.size() > 50) return 0;  // slow, not interesting
    const auto model = compileForReplay(recording);
    Results results(*model, recording.record);
    const RunReport report = replayLiveRecording(recording, model, results);
    if (report.error) fuzz::requireMessage(*report.error);
    fuzz::require(report.status != RunStatus::Completed || report.steps == recording.steps, "a completed replay short of its steps");
    for (int f = 0; f < results.frameCount(); ++f) fuzz::require(std::isfinite(results.energy(f).balance()) || report.status == RunStatus::Failed, "a non-finite energy without an error");
  } catch (const Error& e) {
    fuzz::requireMessage(e);
  }
  return 0;
}
