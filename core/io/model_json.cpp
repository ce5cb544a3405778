#include "core/io/model_json.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <unordered_map>

#include "core/error.hpp"
#include "core/io/input_bounds.hpp"
#include "core/io/model_json_elements.hpp"
#include "core/message_text.hpp"
#include "core/model/beam_layout.hpp"
#include "core/model/validation.hpp"
#include "core/sim/recording_budget.hpp"

namespace mstmm {

namespace model_file {

void readSimulation(const ObjectReader& top, SimulationSettings& s) {
  if (!top.has("simulation")) return;
  const ObjectReader r(top.at("simulation"), "simulation");
  r.allowOnly({"end_time", "time_step", "integrator", "relative_tolerance", "absolute_tolerance", "output_every", "solver",
               "spectral_radius", "loop_stabilisation", "baumgarte_alpha", "baumgarte_beta", "project_initial_state"});
  s.endTime = r.number("end_time", s.endTime);
  s.timeStep = r.number("time_step", s.timeStep);
  s.integrator = parseEnum<IntegratorKind>(r, "integrator", {{"rk4", IntegratorKind::Rk4}, {"dopri5", IntegratorKind::DormandPrince45}, {"generalized-alpha", IntegratorKind::GeneralizedAlpha}, {"bdf", IntegratorKind::Bdf}}, s.integrator);
  s.spectralRadius = r.number("spectral_radius", s.spectralRadius);
  s.relativeTolerance = r.number("relative_tolerance", s.relativeTolerance);
  s.absoluteTolerance = r.number("absolute_tolerance", s.absoluteTolerance);
  s.outputEvery = r.integer("output_every", s.outputEvery);
  s.solver = parseEnum<SolverKind>(r, "solver", {{"riccati", SolverKind::Riccati}, {"newton-euler", SolverKind::NewtonEuler}, {"mass-matrix", SolverKind::MassMatrix}, {"classical-tmm", SolverKind::ClassicalTmm}}, s.solver);
  s.loopStabilisation = parseEnum<LoopStabilisation>(r, "loop_stabilisation", {{"baumgarte", LoopStabilisation::Baumgarte}, {"projection", LoopStabilisation::Projection}, {"none", LoopStabilisation::None}}, s.loopStabilisation);
  s.baumgarteAlpha = r.number("baumgarte_alpha", s.baumgarteAlpha);
  s.baumgarteBeta = r.number("baumgarte_beta", s.baumgarteBeta);
  s.projectInitialState = r.boolean("project_initial_state", s.projectInitialState);
}

ModelSpec readModel(const Json& j, const std::string& baseDir) {
  const ObjectReader top(j, "model");
  top.allowOnly({"format", "version", "name", "kind", "gravity", "simulation", "bodies", "hinges", "springs", "contacts", "ground", "body_contacts", "bearings", "unbalances", "measures", "editor"});
  if (top.string("format", "mstmm-model") != "mstmm-model") fail("model", "not an MSTMM Studio model file ('format' is not 'mstmm-model')");
  const int version = top.integer("version", kModelFormatVersion);
  if (version > kModelFormatVersion || version < 1)
    fail("model", "file format version " + std::to_string(version) + " is not supported (this program reads version " + std::to_string(kModelFormatVersion) + ")");
  ModelSpec spec;
  spec.name = top.string("name", spec.name);
  spec.kind = parseEnum<ModelKind>(top, "kind", {{"planar", ModelKind::Planar}, {"spatial", ModelKind::Spatial}}, ModelKind::Spatial);
  spec.gravity = top.vec3("gravity", spec.gravity);
  readSimulation(top, spec.simulation);
  const Json& bodies = top.at("bodies");
  if (!bodies.is_array()) fail("model", "'bodies' must be an array");
  std::unordered_map<std::string, std::uint32_t> ids;
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    spec.bodies.push_back(readBody(bodies[i], i, baseDir));
    ids.emplace(spec.bodies.back().name, spec.bodies.back().id.value);  // duplicates: validation reports them
  }
  const Json& hinges = top.at("hinges");
  if (!hinges.is_array()) fail("model", "'hinges' must be an array");
  for (std::size_t i = 0; i < hinges.size(); ++i) spec.hinges.push_back(readHinge(hinges[i], i, ids, spec.kind, baseDir));
  spec.springs = readSprings(top);
  spec.contacts = readContacts(top);
  spec.ground = readGround(top);
  spec.bodyContacts = readBodyContacts(top);
  spec.bearings = readBearings(top);
  spec.unbalances = readUnbalances(top);
  spec.measures = readMeasures(top);
  if (top.has("editor")) spec.editorState = top.at("editor").dump();
  return spec;
}

}  // namespace model_file

std::vector<std::pair<double, double>> readTablePoints(const std::string& path) { return model_file::readCsvPairs(path, "table"); }

std::vector<std::pair<double, double>> tablePointsFromCsv(const std::string& text, const std::string& source) {
  std::vector<std::pair<double, double>> out;
  std::istringstream in(text);
  std::string line;
  long number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#' || line == "\r") continue;
    std::replace(line.begin(), line.end(), ';', ',');
    std::istringstream fields(line);
    std::string a, b;
    if (!std::getline(fields, a, ',') || !std::getline(fields, b, ',')) model_file::fail(source, "line " + std::to_string(number) + ": expected two columns");
    char* endA = nullptr;
    char* endB = nullptr;
    const double x = std::strtod(a.c_str(), &endA), y = std::strtod(b.c_str(), &endB);
    if (endA == a.c_str() || endB == b.c_str()) {
      if (out.empty()) continue;  // a header row
      model_file::fail(source, "line " + std::to_string(number) + ": not two numbers");
    }
    if (out.size() >= kMaxTableRows) model_file::fail(source, "more than " + std::to_string(kMaxTableRows) + " rows");
    out.emplace_back(x, y);
  }
  return out;
}

ModelSpec modelFromJson(const std::string& text, const std::string& baseDir) {
  checkJsonNesting(text);
  try {
    return model_file::readModel(model_file::Json::parse(text), baseDir);
  } catch (const model_file::Json::exception& e) {
    // Drop the library's "[json.exception.parse_error.101] " tag.
    std::string what = e.what();
    if (const std::size_t tag = what.find("] "); what.rfind("[json.exception", 0) == 0 && tag != std::string::npos) what.erase(0, tag + 2);
    throw Error(ErrorKind::Input, "not a valid JSON model file: " + what);
  }
}

// The lowest version that holds the model, so that a model without the
// newer features still opens in the programs that read only version 2.
int modelFormatVersionFor(const ModelSpec& spec) {
  if (hasBeams(spec)) return 4;
  if (!spec.bodyContacts.empty()) return 3;
  for (const HingeSpec& h : spec.hinges) {
    if (h.loads.armature != 0.0) return 3;
    for (const CoordinateLoadsSpec& c : h.coordinateLoads)
      if (c.loads.armature != 0.0) return 3;
  }
  return 2;
}

std::string modelToJson(const ModelSpec& spec) {
  model_file::Json j;
  j["format"] = "mstmm-model";
  j["version"] = modelFormatVersionFor(spec);
  j["name"] = spec.name;
  j["kind"] = toString(spec.kind);
  j["gravity"] = model_file::vec(spec.gravity);
  const SimulationSettings& s = spec.simulation;
  j["simulation"] = {{"end_time", s.endTime}, {"time_step", s.timeStep}, {"integrator", toString(s.integrator)},
                     {"relative_tolerance", s.relativeTolerance}, {"absolute_tolerance", s.absoluteTolerance},
                     {"output_every", s.outputEvery}, {"solver", toString(s.solver)}};
  const SimulationSettings defaults;
  if (s.integrator == IntegratorKind::GeneralizedAlpha || s.spectralRadius != defaults.spectralRadius) j["simulation"]["spectral_radius"] = s.spectralRadius;
  if (s.loopStabilisation != defaults.loopStabilisation) j["simulation"]["loop_stabilisation"] = toString(s.loopStabilisation);
  if (s.baumgarteAlpha != defaults.baumgarteAlpha) j["simulation"]["baumgarte_alpha"] = s.baumgarteAlpha;
  if (s.baumgarteBeta != defaults.baumgarteBeta) j["simulation"]["baumgarte_beta"] = s.baumgarteBeta;
  if (s.projectInitialState) j["simulation"]["project_initial_state"] = true;
  j["bodies"] = model_file::Json::array();
  for (const BodySpec& b : spec.bodies) j["bodies"].push_back(model_file::writeBody(b, spec.kind));
  model_file::NameOfId names;
  for (const BodySpec& b : spec.bodies) names.emplace(b.id.value, b.name);
  j["hinges"] = model_file::Json::array();
  for (const HingeSpec& h : spec.hinges) j["hinges"].push_back(model_file::writeHinge(h, names));
  if (!spec.springs.empty()) j["springs"] = model_file::writeSprings(spec.springs);
  if (!spec.contacts.empty()) j["contacts"] = model_file::writeContacts(spec.contacts);
  if (!spec.bodyContacts.empty()) j["body_contacts"] = model_file::writeBodyContacts(spec.bodyContacts);
  if (!spec.bearings.empty()) j["bearings"] = model_file::writeBearings(spec.bearings);
  if (!spec.unbalances.empty()) j["unbalances"] = model_file::writeUnbalances(spec.unbalances);
  if (!spec.measures.empty()) j["measures"] = model_file::writeMeasures(spec.measures);
  if (!(spec.ground == GroundSpec{})) j["ground"] = model_file::writeGround(spec.ground);
  if (!spec.editorState.empty()) {
    model_file::Json editor = model_file::Json::parse(spec.editorState, nullptr, false);
    if (!editor.is_discarded()) j["editor"] = std::move(editor);
  }
  std::string text;
  model_file::writePretty(j, 0, text);
  return text + "\n";
}

ModelSpec loadModel(const std::string& path) {
  const std::string text = readBoundedFile(path, "model file");
  // The parsed tree takes about 10 times the text (a 105 MB chain of 200,000
  // bodies peaks at 0.9 GB). Refused before parsing when that does not fit:
  // a std::bad_alloc inside the JSON library can reach a destructor that
  // allocates, which ends the process (it did, under ulimit -v).
  if (const double needed = 10.0 * static_cast<double>(text.size()), left = availableMemoryBytes(); text.size() > (1u << 20) && needed > left)
    throw Error(ErrorKind::Input, "model file '" + path + "' (" + formatNumber(static_cast<double>(text.size()) / 1e6) + " MB) needs about " +
                                      formatNumber(needed / 1e9) + " GB of memory to read, more than the " + formatNumber(left / 1e9) +
                                      " GB this process may still take (the machine's, or an address-space limit such as ulimit -v)");
  try {
    return modelFromJson(text, std::filesystem::path(path).parent_path().string());
  } catch (const Error& e) {
    throw Error(ErrorKind::Input, path + ": " + e.what());
  }
}

void saveModel(const ModelSpec& spec, const std::string& path) { writeFileAtomically(path, modelToJson(spec)); }

}  // namespace mstmm
