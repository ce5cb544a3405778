#pragma once
// A live run kept so that it can be run again exactly (issue 30.1): the
// model and settings as run, how it was recorded, how many steps it took,
// and every pull, torque and control value the user gave, each with the
// step it came before (docs/model-format.md, "Live recordings"). Replaying
// it takes the same steps with the same inputs, bit for bit.

#include <atomic>
#include <string>

#include "core/spec/model_spec.hpp"
#include "core/sim/results.hpp"
#include "core/sim/run_input_source.hpp"
#include "core/sim/simulation.hpp"

namespace mstmm {

struct LiveRecording {
  ModelSpec spec;        // with the settings as run (a live run's far end time, its output_every)
  RecordOptions record;  // the bodies recorded (empty: all) and the precision
  long steps = 0;        // the steps the run took
  InputLog inputs;
};

std::string liveRecordingToJson(const LiveRecording& recording);
/// Throws mstmm::Error (Input) naming what is wrong: the format, a key, an
/// input event out of order or not fitting the model.
LiveRecording liveRecordingFromJson(const std::string& text);
/// Written atomically (atomic_file.hpp).
void saveLiveRecording(const LiveRecording& recording, const std::string& path);
LiveRecording loadLiveRecording(const std::string& path);

/// The model a replay runs: the recording's spec compiled for run inputs.
std::shared_ptr<const Model> compileForReplay(const LiveRecording& recording);
/// Runs the recording again into `sink` (sized for `model`, from
/// compileForReplay): the logged inputs at their steps, the same number of
/// steps. A replay that ends before its last input (it failed) says so.
/// `cancel`, when set, ends the replay between steps with what it recorded
/// (RunStatus::Cancelled), as a run's RunOptions::cancel does.
RunReport replayLiveRecording(const LiveRecording& recording, std::shared_ptr<const Model> model, ResultSink& sink, const std::atomic<bool>* cancel = nullptr);

}  // namespace mstmm
