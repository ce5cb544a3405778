#include "core/study/study_json.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/error.hpp"
#include "core/io/input_bounds.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"
#include "core/io/model_json.hpp"
#include "core/io/results_csv.hpp"
#include "core/model/model.hpp"

namespace mstmm {

using Json = nlohmann::ordered_json;

namespace {

[[noreturn]] void fail(const std::string& what) { throw Error(ErrorKind::Input, "study: " + what); }

/// Refuses keys the study format does not know ("samplng", "save_result"):
/// a typo would otherwise leave its setting silently at the default.
void allowOnly(const Json& j, const std::vector<std::string>& known, const std::string& where) {
  if (!j.is_object()) return;
  for (auto it = j.begin(); it != j.end(); ++it)
    if (std::find(known.begin(), known.end(), it.key()) == known.end()) fail(where + unknownKeyMessage(it.key(), known));
}

/// Every metric's quantity is a column of the base model's results (a typo
/// such as "1.thetaa" made every run "fail" with every metric empty).
void checkQuantities(const StudySpec& s) {
  std::shared_ptr<const Model> model;
  try {
    model = compile(s.model);
  } catch (const Error&) {
    return;  // a base model that does not compile: each run says why (a parameter may make it valid)
  }
  std::vector<int> bodies;
  for (int b = 0; b < model->bodyCount(); ++b) bodies.push_back(b);
  const std::vector<std::string> columns = CsvLayout(*model, bodies, CsvPrecision::Double, {true, true}).columnNames();
  for (std::size_t i = 0; i < s.metrics.size(); ++i) {
    const std::string& q = s.metrics[i].quantity;
    if (q.empty() || std::find(columns.begin(), columns.end(), q) != columns.end()) continue;
    const std::string near = nearestKnown(q, columns);
    fail("record " + std::to_string(i + 1) + ": the results have no column " + quoted(q) +
         (near.empty() ? std::string(" (columns are named as in the results CSV: t, <body>.x, <body>.qw, energy.total, ...)") : " (did you mean '" + near + "'?)"));
  }
}

double number(const Json& j, const std::string& where) {
  if (!j.is_number()) fail(where + " must be a number");
  return j.get<double>();
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, separator);) parts.push_back(part);
  return parts;
}

StudyParameter readParameter(const Json& j, std::size_t index) {
  const std::string where = "parameter " + std::to_string(index + 1);
  if (!j.is_object() || !j.contains("address") || !j["address"].is_string()) fail(where + " needs an \"address\" (e.g. \"hinge:h1/spring/damping\")");
  allowOnly(j, {"name", "address", "values", "from", "to", "count"}, where + ": ");
  StudyParameter p;
  p.address = j["address"];
  p.name = j.contains("name") && j["name"].is_string() ? j["name"].get<std::string>() : p.address;
  if (j.contains("values")) {
    if (!j["values"].is_array() || j["values"].empty()) fail(where + ": \"values\" must be a non-empty list of numbers");
    for (const Json& v : j["values"]) p.values.push_back(number(v, where + " values"));
  }
  if (j.contains("from") || j.contains("to")) {
    p.from = number(j.value("from", Json()), where + " \"from\"");
    p.to = number(j.value("to", Json()), where + " \"to\"");
    if (j.contains("count")) {  // a range for grids and lists: count values from `from` to `to`
      const double count = number(j["count"], where + " \"count\"");
      if (count < 1 || count != static_cast<int>(count) || count > 1e6) fail(where + ": \"count\" must be a whole number from 1 to 1e6");
      const int n = static_cast<int>(count);
      for (int i = 0; i < n; ++i) p.values.push_back(n == 1 ? p.from : pointBetween(p.from, p.to, static_cast<double>(i) / (n - 1)));
    }
  }
  return p;
}

MetricStat statNamed(const std::string& word, const std::string& where) {
  for (MetricStat s : {MetricStat::Max, MetricStat::Min, MetricStat::Final, MetricStat::Mean, MetricStat::Rms, MetricStat::EnergyDrift,
                       MetricStat::FirstCrossing, MetricStat::DecayRate})
    if (word == toString(s)) return s;
  fail(where + ": unknown stat '" + word + "' (max, min, final, mean, rms, energy-drift, first-crossing, decay-rate)");
}

StudyMetric readMetric(const Json& j, std::size_t index) {
  const std::string where = "record " + std::to_string(index + 1);
  if (!j.is_object() || !j.contains("stat") || !j["stat"].is_string()) fail(where + " needs a \"stat\"");
  allowOnly(j, {"name", "quantity", "stat", "threshold", "about"}, where + ": ");
  StudyMetric m;
  m.stat = statNamed(j["stat"], where);
  if (m.stat != MetricStat::EnergyDrift) {
    if (!j.contains("quantity") || !j["quantity"].is_string()) fail(where + " needs a \"quantity\" (a results column, e.g. \"1.theta\")");
    m.quantity = j["quantity"];
  }
  if (m.stat == MetricStat::FirstCrossing) m.threshold = number(j.value("threshold", Json()), where + " \"threshold\"");
  if (j.contains("about")) m.about = number(j["about"], where + " \"about\"");
  m.name = j.contains("name") && j["name"].is_string() ? j["name"].get<std::string>()
                                                        : (m.quantity.empty() ? std::string() : m.quantity + ".") + toString(m.stat);
  return m;
}

void readSampling(const Json& j, StudySpec& s) {
  allowOnly(j, {"kind", "runs", "seed"}, "sampling: ");
  const std::string kind = j.is_object() && j.contains("kind") && j["kind"].is_string() ? j["kind"].get<std::string>() : "";
  for (StudySampling k : {StudySampling::Grid, StudySampling::List, StudySampling::MonteCarlo, StudySampling::LatinHypercube})
    if (kind == toString(k)) s.sampling = k;
  if (kind != toString(s.sampling)) fail("\"sampling\" needs a \"kind\": grid, list, monte-carlo or latin-hypercube");
  const bool random = s.sampling == StudySampling::MonteCarlo || s.sampling == StudySampling::LatinHypercube;
  for (const StudyParameter& p : s.parameters) {
    if (random && !(p.to >= p.from)) fail("parameter '" + p.name + "': " + kind + " needs \"from\" <= \"to\"");
    if (!random && p.values.empty()) fail("parameter '" + p.name + "': a " + kind + " needs \"values\" or \"from\", \"to\" and \"count\"");
  }
  if (random) {
    const double runs = number(j.value("runs", Json()), "sampling \"runs\"");
    if (runs < 1 || runs > 1e7 || runs != static_cast<int>(runs)) fail("sampling \"runs\" must be a whole number from 1 to 1e7");
    s.runs = static_cast<int>(runs);
    // A whole number a double holds exactly: a larger one would not convert
    // (the study fuzz target sent 7.8e23).
    const double seed = number(j.value("seed", Json(1)), "sampling \"seed\"");
    if (!(seed >= 0 && seed <= 9007199254740992.0 && seed == std::floor(seed)))
      fail("sampling \"seed\" must be a whole number from 0 to 2^53 (9007199254740992)");
    s.seed = static_cast<std::uint64_t>(seed);
  }
}

/// The JSON array and key an element address points into.
Json* elementOf(Json& model, const std::string& head, const std::string& address) {
  const auto colon = head.find(':');
  if (colon == std::string::npos) return model.contains(head) ? &model[head] : nullptr;
  const std::string kind = head.substr(0, colon), name = head.substr(colon + 1);
  const char* list = kind == "body" ? "bodies" : kind == "hinge" ? "hinges" : kind == "spring" ? "springs" : nullptr;
  if (!list) throw Error(ErrorKind::Input, "address " + quoted(address) + ": an element is body:NAME, hinge:NAME or spring:NAME");
  if (model.contains(list))
    for (Json& e : model[list])
      if (e.value("name", "") == name) return &e;
  throw Error(ErrorKind::Input, "address " + quoted(address) + ": the model has no " + kind + " named " + quoted(name));
}

/// Puts `value` at `address` of a model file's JSON.
void setAt(Json& j, const std::string& address, double value) {
  const std::vector<std::string> path = split(address, '/');
  if (path.empty()) throw Error(ErrorKind::Input, "address '' names nothing");
  Json* at = elementOf(j, path.front(), address);
  for (std::size_t i = 1; at && i < path.size(); ++i) {
    const std::string& key = path[i];
    if (at->is_array()) {
      char* end = nullptr;
      const long k = std::strtol(key.c_str(), &end, 10);
      at = (*end == '\0' && k >= 0 && static_cast<std::size_t>(k) < at->size()) ? &(*at)[static_cast<std::size_t>(k)] : nullptr;
    } else {
      at = at->is_object() && at->contains(key) ? &(*at)[key] : nullptr;
    }
  }
  if (!at) throw Error(ErrorKind::Input, "address " + quoted(address) + ": the model file has no such field");
  if (!at->is_number()) throw Error(ErrorKind::Input, "address " + quoted(address) + " names a field that is not a number");
  // A whole-number field (a beam's segments, output_every) takes a whole
  // value as an integer: written as 100.0 the model file would refuse it.
  if (at->is_number_integer()) {
    if (!(std::abs(value) <= 2147483647.0) || value != std::floor(value))
      throw Error(ErrorKind::Input, "address " + quoted(address) + " names a whole-number field; got " + formatNumber(value));
    *at = static_cast<long long>(value);
    return;
  }
  *at = value;
}

}  // namespace

ModelSpec withParameters(const ModelSpec& model, const std::vector<std::string>& addresses, const std::vector<double>& values) {
  Json j = Json::parse(modelToJson(model));
  for (std::size_t k = 0; k < addresses.size() && k < values.size(); ++k) setAt(j, addresses[k], values[k]);
  return modelFromJson(j.dump());
}

ModelSpec withParameter(const ModelSpec& model, const std::string& address, double value) { return withParameters(model, {address}, {value}); }

StudySpec studyFromJson(const std::string& text, const std::string& baseDir) {
  Json j;
  try {
    checkJsonNesting(text);
    j = Json::parse(text);
  } catch (const std::exception& e) {
    fail(std::string("not a valid JSON study file: ") + e.what());
  }
  if (!j.is_object()) fail("expected an object");
  allowOnly(j, {"format", "model", "parameters", "sampling", "record", "save_results"}, "");
  if (!j.contains("model") || !j["model"].is_string()) fail("missing \"model\" (the base model file, relative to the study)");
  StudySpec s;
  s.modelFile = (std::filesystem::path(baseDir) / j["model"].get<std::string>()).string();
  s.model = loadModel(s.modelFile);
  if (!j.contains("parameters") || !j["parameters"].is_array() || j["parameters"].empty()) fail("missing \"parameters\" (a list)");
  for (std::size_t i = 0; i < j["parameters"].size(); ++i) s.parameters.push_back(readParameter(j["parameters"][i], i));
  readSampling(j.value("sampling", Json{{"kind", "grid"}}), s);
  if (j.contains("record")) {
    if (!j["record"].is_array()) fail("\"record\" must be a list");
    for (std::size_t i = 0; i < j["record"].size(); ++i) s.metrics.push_back(readMetric(j["record"][i], i));
  }
  if (j.contains("save_results") && !j["save_results"].is_boolean())
    fail("\"save_results\" must be true or false (got " + j["save_results"].dump().substr(0, 40) + ")");
  s.saveResults = j.value("save_results", false);
  std::vector<std::string> addresses;
  std::vector<double> firsts;
  for (const StudyParameter& p : s.parameters) addresses.push_back(p.address), firsts.push_back(p.values.empty() ? p.from : p.values.front());
  withParameters(s.model, addresses, firsts);  // every address names a number of the model
  checkQuantities(s);
  return s;
}

StudySpec loadStudy(const std::string& path) {
  return studyFromJson(readBoundedFile(path, "study file"), std::filesystem::path(path).parent_path().string());
}

namespace {

/// The units of the fields a chooser offers, by key; hinge loads take the
/// hinge's own (rotation or slide).
const char* unitOfField(const std::string& key, bool slide) {
  static const std::map<std::string, std::pair<const char*, const char*>> units{
      {"mass", {"kg", "kg"}},           {"length", {"m", "m"}},
      {"radius", {"m", "m"}},           {"youngs_modulus", {"Pa", "Pa"}},
      {"shear_modulus", {"Pa", "Pa"}},  {"density", {"kg/m^3", "kg/m^3"}},
      {"stiffness", {"N m/rad", "N/m"}}, {"damping", {"N m s/rad", "N s/m"}},
      {"rest", {"rad", "m"}},           {"kp", {"N m/rad", "N/m"}},
      {"kd", {"N m s/rad", "N s/m"}},   {"rest_length", {"m", "m"}},
      {"preload", {"N", "N"}},          {"static_friction", {"1", "1"}},
      {"dynamic_friction", {"1", "1"}}, {"armature", {"kg m^2", "kg"}}};
  const auto it = units.find(key);
  if (it == units.end()) return nullptr;
  return slide ? it->second.second : it->second.first;
}

/// The offered numbers of one element's JSON object (not inside arrays: points and tables are not parameters).
void collectFields(const Json& j, const std::string& address, const std::string& label, bool slide, std::vector<StudyAddress>& out, std::size_t limit) {
  for (auto it = j.begin(); it != j.end() && out.size() < limit; ++it) {
    if (it->is_object()) collectFields(*it, address + "/" + it.key(), label + it.key() + "/", slide, out, limit);
    else if (it->is_number() && !it->is_number_integer())
      if (const char* unit = unitOfField(it.key(), slide)) out.push_back({address + "/" + it.key(), label + it.key(), unit, it->get<double>()});
  }
}

}  // namespace

std::vector<StudyAddress> studyAddresses(const ModelSpec& model, std::size_t limit) {
  const Json j = Json::parse(modelToJson(model));
  std::vector<StudyAddress> out;
  const char* axes = "xyz";
  for (int k = 0; k < 3; ++k)
    out.push_back({"gravity/" + std::to_string(k), std::string("gravity ") + axes[k], "m/s^2", model.gravity[k]});
  out.push_back({"simulation/end_time", "simulation: end time", "s", model.simulation.endTime});
  out.push_back({"simulation/time_step", "simulation: time step", "s", model.simulation.timeStep});
  const std::pair<const char*, const char*> lists[] = {{"bodies", "body"}, {"hinges", "hinge"}, {"springs", "spring"}};
  for (const auto& [list, kind] : lists) {
    if (!j.contains(list)) continue;
    for (const Json& e : j[list]) {
      if (out.size() >= limit) break;
      const std::string name = e.value("name", "");
      const bool slide = e.value("type", "") == "slider";
      collectFields(e, std::string(kind) + ":" + name, std::string(kind) + " " + quoted(name) + ": ", slide, out, limit);
    }
  }
  if (out.size() > limit) out.resize(limit);
  return out;
}

}  // namespace mstmm
