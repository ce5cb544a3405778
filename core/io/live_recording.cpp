#include "core/io/live_recording.hpp"

#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/model_json.hpp"
#include "core/message_text.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

using Json = nlohmann::ordered_json;

namespace {

constexpr const char* kRecordingFormat = "mstmm-live-recording";
constexpr int kRecordingVersion = 1;

[[noreturn]] void refuseRecording(const std::string& what) { throw Error(ErrorKind::Input, "live recording: " + what); }

Json vecJson(const Vec3& v) { return Json::array({v.x(), v.y(), v.z()}); }

// JSON has no NaN: a control left to the model's own function is null.
Json controlJson(double v) { return std::isnan(v) ? Json(nullptr) : Json(v); }

Json inputEventJson(const InputEvent& e) {
  Json j;
  j["step"] = e.step;
  j["t"] = e.time;
  const Perturbation& p = e.inputs.perturbation;
  if (p.active()) {
    j["pull"] = {{"body", p.body}, {"point", vecJson(p.point)}, {"target", vecJson(p.target)}, {"stiffness", p.stiffness}, {"damping", p.damping}, {"torque", vecJson(p.torque)}};
  }
  Json controls = Json::array();
  for (double v : e.inputs.controls) controls.push_back(controlJson(v));
  j["controls"] = controls;
  if (e.state.size() > 0) j["state"] = std::vector<double>(e.state.data(), e.state.data() + e.state.size());
  return j;
}

double recordingNumber(const Json& j, const std::string& where) {
  if (!j.is_number()) refuseRecording(where + " must be a number");
  return j.get<double>();
}

Vec3 recordingVec(const Json& j, const std::string& where) {
  if (!j.is_array() || j.size() != 3) refuseRecording(where + " must be an array of 3 numbers");
  return Vec3(recordingNumber(j[0], where), recordingNumber(j[1], where), recordingNumber(j[2], where));
}

const Json& recordingField(const Json& j, const char* key, const std::string& where) {
  if (!j.contains(key)) refuseRecording(where + " has no '" + key + "'");
  return j[key];
}

long recordingCount(const Json& j, const std::string& where) {
  if (!j.is_number_integer() || j.get<long long>() < 0) refuseRecording(where + " must be a whole number, 0 or more");
  return j.get<long>();
}

InputEvent readInputEvent(const Json& j, const std::string& where) {
  if (!j.is_object()) refuseRecording(where + " must be an object");
  InputEvent e;
  e.step = recordingCount(recordingField(j, "step", where), where + ".step");
  e.time = recordingNumber(recordingField(j, "t", where), where + ".t");
  if (j.contains("pull")) {
    const Json& p = j["pull"];
    const std::string at = where + ".pull";
    if (!p.is_object()) refuseRecording(at + " must be an object");
    Perturbation& q = e.inputs.perturbation;
    const Json& body = recordingField(p, "body", at);
    if (!body.is_number_integer()) refuseRecording(at + ".body must be a whole number (a compiled body index)");
    q.body = body.get<int>();
    if (q.body < 0) refuseRecording(at + ".body must be 0 or more");
    q.point = recordingVec(recordingField(p, "point", at), at + ".point");
    q.target = recordingVec(recordingField(p, "target", at), at + ".target");
    q.stiffness = recordingNumber(recordingField(p, "stiffness", at), at + ".stiffness");
    q.damping = recordingNumber(recordingField(p, "damping", at), at + ".damping");
    q.torque = recordingVec(recordingField(p, "torque", at), at + ".torque");
  }
  const Json& controls = recordingField(j, "controls", where);
  if (!controls.is_array()) refuseRecording(where + ".controls must be an array");
  for (std::size_t k = 0; k < controls.size(); ++k)
    e.inputs.controls.push_back(controls[k].is_null() ? std::numeric_limits<double>::quiet_NaN() : recordingNumber(controls[k], where + ".controls[" + std::to_string(k) + "]"));
  if (j.contains("state")) {
    const Json& state = j["state"];
    if (!state.is_array() || state.empty()) refuseRecording(where + ".state must be an array of numbers (the state a move by hand left)");
    e.state.resize(static_cast<Eigen::Index>(state.size()));
    for (std::size_t k = 0; k < state.size(); ++k) e.state[static_cast<Eigen::Index>(k)] = recordingNumber(state[k], where + ".state[" + std::to_string(k) + "]");
  }
  return e;
}

}  // namespace

std::string liveRecordingToJson(const LiveRecording& r) {
  Json j;
  j["format"] = kRecordingFormat;
  j["version"] = kRecordingVersion;
  j["steps"] = r.steps;
  j["record"] = {{"bodies", r.record.bodies}, {"single_precision", r.record.singlePrecision}};
  Json inputs = Json::array();
  for (const InputEvent& e : r.inputs) inputs.push_back(inputEventJson(e));
  j["inputs"] = inputs;
  j["model"] = Json::parse(modelToJson(r.spec));
  return j.dump(1);
}

LiveRecording liveRecordingFromJson(const std::string& text) {
  Json j;
  try {
    j = Json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    refuseRecording(std::string("not JSON (") + e.what() + ")");
  }
  if (!j.is_object() || !j.contains("format") || j["format"] != kRecordingFormat) refuseRecording(std::string("not a live recording (its \"format\" must be \"") + kRecordingFormat + "\")");
  if (!j.contains("version") || j["version"] != kRecordingVersion) refuseRecording("version " + (j.contains("version") ? j["version"].dump() : std::string("missing")) + " is not one this studio reads (1)");
  LiveRecording r;
  r.steps = recordingCount(recordingField(j, "steps", "the file"), "steps");
  // A live run has no end time: its step count is the replay's only end (0
  // would be none), bounded as a simulation's planned steps are.
  if (r.steps < 1 || static_cast<double>(r.steps) > kMaxPlannedSteps)
    refuseRecording("steps is " + std::to_string(r.steps) + "; a recorded run took between 1 and " + formatNumber(kMaxPlannedSteps) + " steps");
  const Json& record = recordingField(j, "record", "the file");
  const Json& bodies = recordingField(record, "bodies", "record");
  if (!bodies.is_array()) refuseRecording("record.bodies must be an array");
  for (const Json& b : bodies) r.record.bodies.push_back(static_cast<int>(recordingCount(b, "record.bodies")));
  const Json& single = recordingField(record, "single_precision", "record");
  if (!single.is_boolean()) refuseRecording("record.single_precision must be true or false");
  r.record.singlePrecision = single.get<bool>();
  const Json& inputs = recordingField(j, "inputs", "the file");
  if (!inputs.is_array()) refuseRecording("inputs must be an array");
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    r.inputs.push_back(readInputEvent(inputs[k], "inputs[" + std::to_string(k) + "]"));
    if (k > 0 && r.inputs[k].step < r.inputs[k - 1].step) refuseRecording("inputs[" + std::to_string(k) + "] comes before the event ahead of it (step " + std::to_string(r.inputs[k].step) + ")");
    if (r.inputs[k].step > r.steps) refuseRecording("inputs[" + std::to_string(k) + "] is at step " + std::to_string(r.inputs[k].step) + ", after the run's last (" + std::to_string(r.steps) + ")");
  }
  r.spec = modelFromJson(recordingField(j, "model", "the file").dump());
  return r;
}

void saveLiveRecording(const LiveRecording& recording, const std::string& path) { writeFileAtomically(path, liveRecordingToJson(recording)); }

LiveRecording loadLiveRecording(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorKind::Input, "cannot open " + quoted(path));
  std::stringstream text;
  text << in.rdbuf();
  return liveRecordingFromJson(text.str());
}

std::shared_ptr<const Model> compileForReplay(const LiveRecording& recording) { return compile(recording.spec, CompileOptions{true}); }

RunReport replayLiveRecording(const LiveRecording& recording, std::shared_ptr<const Model> model, ResultSink& sink, const std::atomic<bool>* cancel) {
  if (!model || !model->takesRunInputs()) throw Error(ErrorKind::Input, "replay: the model was not compiled for the recording (compileForReplay)");
  for (std::size_t k = 0; k < recording.inputs.size(); ++k)
    if (const std::string problem = inputsProblem(*model, recording.inputs[k].inputs); !problem.empty())
      throw Error(ErrorKind::Input, "live recording: inputs[" + std::to_string(k) + "]: " + problem);
  ReplayedInputs inputs(recording.inputs);
  RunOptions options;
  options.inputs = &inputs;
  options.stepLimit = recording.steps;
  options.cancel = cancel;
  RunReport report = simulate(std::move(model), recording.spec.simulation, sink, options);
  if (report.status == RunStatus::Completed && (!inputs.used() || report.steps != recording.steps)) {
    report.status = RunStatus::Failed;
    report.error = Error(ErrorKind::Input, "live recording: the replay ended after " + std::to_string(report.steps) + " of " + std::to_string(recording.steps) +
                                               " steps, before all its inputs were given: it does not reproduce the recorded run");
  }
  return report;
}

}  // namespace mstmm
