#include "core/io/model_json.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unordered_map>

#include "core/error.hpp"

namespace mstmm {

using Json = nlohmann::ordered_json;

namespace {

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw Error(ErrorKind::Input, where + ": " + what);
}

/// Typed access to one JSON object with messages that say where it is.
class ObjectReader {
 public:
  ObjectReader(const Json& j, std::string where) : m_j(j), m_where(std::move(where)) {
    if (!j.is_object()) fail(m_where, "expected an object");
  }

  const std::string& where() const { return m_where; }
  bool has(const char* key) const { return m_j.contains(key); }
  const Json& at(const char* key) const {
    if (!m_j.contains(key)) fail(m_where, std::string("missing '") + key + "'");
    return m_j.at(key);
  }

  double number(const char* key) const { return toNumber(at(key), key); }
  double number(const char* key, double fallback) const { return has(key) ? number(key) : fallback; }
  int integer(const char* key, int fallback) const {
    if (!has(key)) return fallback;
    const Json& v = at(key);
    if (!v.is_number_integer()) fail(m_where, std::string("'") + key + "' must be an integer");
    const auto value = v.get<long long>();
    if (value < -1000000000LL || value > 1000000000LL) fail(m_where, std::string("'") + key + "' is out of range");
    return static_cast<int>(value);
  }
  bool boolean(const char* key, bool fallback) const {
    if (!has(key)) return fallback;
    const Json& v = at(key);
    if (!v.is_boolean()) fail(m_where, std::string("'") + key + "' must be true or false");
    return v.get<bool>();
  }
  std::string string(const char* key) const {
    const Json& v = at(key);
    if (!v.is_string()) fail(m_where, std::string("'") + key + "' must be a string");
    return v.get<std::string>();
  }
  std::string string(const char* key, const std::string& fallback) const { return has(key) ? string(key) : fallback; }
  Vec3 vec3(const char* key) const { return toVec3(at(key), key); }
  Vec3 vec3(const char* key, const Vec3& fallback) const { return has(key) ? vec3(key) : fallback; }

  Vec3 toVec3(const Json& v, const std::string& key) const {
    if (!v.is_array() || v.size() != 3) fail(m_where, "'" + key + "' must be an array of 3 numbers");
    return Vec3(toNumber(v[0], key), toNumber(v[1], key), toNumber(v[2], key));
  }

  double toNumber(const Json& v, const std::string& key) const {
    if (!v.is_number()) fail(m_where, "'" + key + "' must be a number");
    const double d = v.get<double>();
    if (!std::isfinite(d)) fail(m_where, "'" + key + "' is not a finite number");
    return d;
  }

  /// Refuses keys the format does not know (catches typos such as "lenght").
  void allowOnly(std::initializer_list<const char*> keys) const {
    for (auto it = m_j.begin(); it != m_j.end(); ++it) {
      bool known = false;
      for (const char* k : keys) known = known || it.key() == k;
      if (!known) fail(m_where, "unknown key '" + it.key() + "'");
    }
  }

 private:
  const Json& m_j;
  std::string m_where;
};

template <class Enum>
Enum parseEnum(const ObjectReader& r, const char* key, std::initializer_list<std::pair<const char*, Enum>> names, Enum fallback) {
  if (!r.has(key)) return fallback;
  const std::string value = r.string(key);
  std::string list;
  for (const auto& [name, e] : names) {
    if (value == name) return e;
    list += list.empty() ? std::string("'") + name + "'" : std::string(", '") + name + "'";
  }
  fail(r.where(), "unknown " + std::string(key) + " '" + value + "' (expected one of " + list + ")");
}

ShapeSpec readShape(const ObjectReader& body) {
  const ObjectReader r(body.at("shape"), body.where() + ": shape");
  ShapeSpec s;
  s.type = parseEnum<ShapeType>(r, "type", {{"rod", ShapeType::Rod}, {"cylinder", ShapeType::Cylinder}, {"box", ShapeType::Box}, {"points", ShapeType::PointMasses}, {"custom", ShapeType::Custom}}, ShapeType::Rod);
  switch (s.type) {
    case ShapeType::Rod:
      r.allowOnly({"type", "mass", "length", "center"});
      s.length = r.number("length");
      break;
    case ShapeType::Cylinder:
      r.allowOnly({"type", "mass", "length", "radius", "center"});
      s.length = r.number("length");
      s.radius = r.number("radius");
      break;
    case ShapeType::Box:
      r.allowOnly({"type", "mass", "size", "center"});
      s.size = r.vec3("size");
      break;
    case ShapeType::PointMasses: {
      r.allowOnly({"type", "points"});
      const Json& pts = r.at("points");
      if (!pts.is_array()) fail(r.where(), "'points' must be an array");
      for (std::size_t i = 0; i < pts.size(); ++i) {
        const ObjectReader p(pts[i], r.where() + ": point " + std::to_string(i + 1));
        p.allowOnly({"mass", "position"});
        s.points.push_back({p.number("mass"), p.vec3("position")});
      }
      double total = 0;
      for (const PointMass& p : s.points) total += p.mass;
      s.mass = total;
      return s;
    }
    case ShapeType::Custom: {
      r.allowOnly({"type", "mass", "com", "inertia", "inertia_about"});
      s.com = r.vec3("com");
      const Json& rows = r.at("inertia");
      if (!rows.is_array() || rows.size() != 3) fail(r.where(), "'inertia' must be a 3x3 array of numbers");
      for (int i = 0; i < 3; ++i) s.inertia.row(i) = r.toVec3(rows[static_cast<std::size_t>(i)], "inertia").transpose();
      s.inertiaAbout = parseEnum<InertiaReference>(r, "inertia_about", {{"com", InertiaReference::CentreOfMass}, {"origin", InertiaReference::BodyOrigin}}, InertiaReference::CentreOfMass);
      break;
    }
  }
  s.mass = r.number("mass");
  if (r.has("center")) s.center = r.vec3("center");
  return s;
}

std::vector<Vec3> readInputs(const ObjectReader& r) {
  if (!r.has("inputs")) return {Vec3::Zero()};
  const Json& list = r.at("inputs");
  if (!list.is_array() || list.empty()) fail(r.where(), "'inputs' must be a non-empty array of points");
  if (list.size() > 100000) fail(r.where(), "too many input ends");
  std::vector<Vec3> inputs;
  for (const Json& p : list) inputs.push_back(r.toVec3(p, "inputs"));
  return inputs;
}

void readInitial(const ObjectReader& body, BodySpec& b) {
  if (!body.has("initial")) return;
  const ObjectReader r(body.at("initial"), body.where() + ": initial");
  r.allowOnly({"theta", "theta_dot", "orientation", "angular_velocity"});
  b.theta = r.number("theta", 0.0);
  b.thetaDot = r.number("theta_dot", 0.0);
  if (r.has("orientation")) {
    const Json& q = r.at("orientation");
    if (!q.is_array() || q.size() != 4) fail(r.where(), "'orientation' must be a quaternion [w, x, y, z]");
    for (int i = 0; i < 4; ++i) b.orientation[i] = r.toNumber(q[static_cast<std::size_t>(i)], "orientation");
  }
  b.angularVelocity = r.vec3("angular_velocity", Vec3::Zero());
}

BodySpec readBody(const Json& j, std::size_t index) {
  std::string where = "bodies[" + std::to_string(index) + "]";
  if (j.is_object() && j.contains("name") && j["name"].is_string()) where = "body '" + j["name"].get<std::string>() + "'";
  const ObjectReader r(j, where);
  r.allowOnly({"name", "shape", "inputs", "output", "initial"});
  BodySpec b;
  b.id = BodyId{static_cast<std::uint32_t>(index)};
  b.name = r.string("name");
  b.shape = readShape(r);
  b.inputs = readInputs(r);
  b.output = r.vec3("output");
  readInitial(r, b);
  return b;
}

HingeSpec readHinge(const Json& j, std::size_t index, const std::unordered_map<std::string, std::uint32_t>& ids) {
  std::string where = "hinges[" + std::to_string(index) + "]";
  if (j.is_object() && j.contains("name") && j["name"].is_string()) where = "hinge '" + j["name"].get<std::string>() + "'";
  const ObjectReader r(j, where);
  r.allowOnly({"name", "type", "tip", "tip_input", "root", "axis", "anchor", "cut", "slide", "slide_rate"});
  HingeSpec h;
  h.id = HingeId{static_cast<std::uint32_t>(index)};
  h.name = r.string("name");
  h.type = parseEnum<HingeType>(r, "type", {{"ball", HingeType::Ball}, {"pin", HingeType::Pin}, {"revolute", HingeType::Revolute}, {"weld", HingeType::Weld}, {"slider", HingeType::Slider}}, HingeType::Ball);
  auto lookup = [&](const std::string& name, const char* role) {
    auto it = ids.find(name);
    if (it == ids.end()) fail(where, std::string(role) + " body '" + name + "' does not exist");
    return BodyId{it->second};
  };
  h.child = lookup(r.string("tip"), "tip-side");
  // A hinge at an input end of its tip-side body closes a loop (method.md §6).
  if (r.has("tip_input")) h.childEnd = r.integer("tip_input", 1) - 1;
  h.cut = parseEnum<CutChoice>(r, "cut", {{"auto", CutChoice::Auto}, {"cut", CutChoice::Cut}, {"keep", CutChoice::Keep}}, CutChoice::Auto);
  const Json& root = r.at("root");
  if (root.is_string() && root.get<std::string>() == "ground") {
    h.parent = std::nullopt;
  } else {
    const ObjectReader rr(root, where + ": root");
    rr.allowOnly({"body", "input"});
    h.parent = lookup(rr.string("body"), "root-side");
    h.parentInput = rr.integer("input", 1) - 1;  // 1-based in the file, as I_1, I_2, ...
  }
  h.axis = r.vec3("axis", Vec3::UnitZ());
  h.anchor = r.vec3("anchor", Vec3::Zero());
  h.slide = r.number("slide", 0.0);
  h.slideRate = r.number("slide_rate", 0.0);
  return h;
}

void readSimulation(const ObjectReader& top, SimulationSettings& s) {
  if (!top.has("simulation")) return;
  const ObjectReader r(top.at("simulation"), "simulation");
  r.allowOnly({"end_time", "time_step", "integrator", "relative_tolerance", "absolute_tolerance", "output_every", "solver",
               "loop_stabilisation", "baumgarte_alpha", "baumgarte_beta", "project_initial_state"});
  s.endTime = r.number("end_time", s.endTime);
  s.timeStep = r.number("time_step", s.timeStep);
  s.integrator = parseEnum<IntegratorKind>(r, "integrator", {{"rk4", IntegratorKind::Rk4}, {"dopri5", IntegratorKind::DormandPrince45}}, s.integrator);
  s.relativeTolerance = r.number("relative_tolerance", s.relativeTolerance);
  s.absoluteTolerance = r.number("absolute_tolerance", s.absoluteTolerance);
  s.outputEvery = r.integer("output_every", s.outputEvery);
  s.solver = parseEnum<SolverKind>(r, "solver", {{"riccati", SolverKind::Riccati}, {"newton-euler", SolverKind::NewtonEuler}, {"mass-matrix", SolverKind::MassMatrix}, {"classical-tmm", SolverKind::ClassicalTmm}}, s.solver);
  s.loopStabilisation = parseEnum<LoopStabilisation>(r, "loop_stabilisation", {{"baumgarte", LoopStabilisation::Baumgarte}, {"projection", LoopStabilisation::Projection}, {"none", LoopStabilisation::None}}, s.loopStabilisation);
  s.baumgarteAlpha = r.number("baumgarte_alpha", s.baumgarteAlpha);
  s.baumgarteBeta = r.number("baumgarte_beta", s.baumgarteBeta);
  s.projectInitialState = r.boolean("project_initial_state", s.projectInitialState);
}

ModelSpec readModel(const Json& j) {
  const ObjectReader top(j, "model");
  top.allowOnly({"format", "version", "name", "kind", "gravity", "simulation", "bodies", "hinges", "editor"});
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
    spec.bodies.push_back(readBody(bodies[i], i));
    ids.emplace(spec.bodies.back().name, spec.bodies.back().id.value);  // duplicates: validation reports them
  }
  const Json& hinges = top.at("hinges");
  if (!hinges.is_array()) fail("model", "'hinges' must be an array");
  for (std::size_t i = 0; i < hinges.size(); ++i) spec.hinges.push_back(readHinge(hinges[i], i, ids));
  if (top.has("editor")) spec.editorState = top.at("editor").dump();
  return spec;
}

Json vec(const Vec3& v) { return Json::array({v.x(), v.y(), v.z()}); }

Json writeShape(const ShapeSpec& s) {
  Json j;
  j["type"] = toString(s.type);
  switch (s.type) {
    case ShapeType::Rod: j["mass"] = s.mass; j["length"] = s.length; break;
    case ShapeType::Cylinder: j["mass"] = s.mass; j["length"] = s.length; j["radius"] = s.radius; break;
    case ShapeType::Box: j["mass"] = s.mass; j["size"] = vec(s.size); break;
    case ShapeType::PointMasses:
      j["points"] = Json::array();
      for (const PointMass& p : s.points) j["points"].push_back({{"mass", p.mass}, {"position", vec(p.position)}});
      return j;
    case ShapeType::Custom:
      j["mass"] = s.mass;
      j["com"] = vec(s.com);
      j["inertia"] = Json::array({vec(s.inertia.row(0)), vec(s.inertia.row(1)), vec(s.inertia.row(2))});
      j["inertia_about"] = s.inertiaAbout == InertiaReference::CentreOfMass ? "com" : "origin";
      return j;
  }
  if (s.center) j["center"] = vec(*s.center);
  return j;
}

Json writeBody(const BodySpec& b, ModelKind kind) {
  Json j;
  j["name"] = b.name;
  j["shape"] = writeShape(b.shape);
  j["inputs"] = Json::array();
  for (const Vec3& p : b.inputs) j["inputs"].push_back(vec(p));
  j["output"] = vec(b.output);
  Json init = Json::object();
  const bool planar = kind == ModelKind::Planar;
  // Write what the model kind uses, and anything else that is not a default,
  // so load -> save -> load reproduces the spec exactly.
  if (planar || b.theta != 0.0) init["theta"] = b.theta;
  if (planar || b.thetaDot != 0.0) init["theta_dot"] = b.thetaDot;
  if (!planar || b.orientation != Quat(1, 0, 0, 0))
    init["orientation"] = Json::array({b.orientation[0], b.orientation[1], b.orientation[2], b.orientation[3]});
  if (!planar || b.angularVelocity != Vec3::Zero()) init["angular_velocity"] = vec(b.angularVelocity);
  j["initial"] = init;
  return j;
}

using NameOfId = std::unordered_map<std::uint32_t, std::string>;

Json writeHinge(const HingeSpec& h, const NameOfId& names) {
  auto nameOf = [&](BodyId id) {
    auto it = names.find(id.value);
    return it == names.end() ? std::string() : it->second;
  };
  Json j;
  j["name"] = h.name;
  j["type"] = toString(h.type);
  j["tip"] = nameOf(h.child);
  if (!h.atChildOutput()) j["tip_input"] = h.childEnd + 1;
  if (h.cut != CutChoice::Auto) j["cut"] = toString(h.cut);
  if (h.isGround()) j["root"] = "ground";
  else j["root"] = {{"body", nameOf(*h.parent)}, {"input", h.parentInput + 1}};
  if (h.type == HingeType::Revolute || h.type == HingeType::Slider || h.axis != Vec3::UnitZ()) j["axis"] = vec(h.axis);
  if (h.slide != 0.0) j["slide"] = h.slide;
  if (h.slideRate != 0.0) j["slide_rate"] = h.slideRate;
  if (h.isGround() || h.anchor != Vec3::Zero()) j["anchor"] = vec(h.anchor);
  return j;
}

bool isNumericArray(const Json& j) {
  if (!j.is_array() || j.empty()) return false;
  for (const Json& e : j)
    if (!e.is_number() && !(e.is_array() && isNumericArray(e))) return false;
  return true;
}

/// Indented JSON, but with vectors and matrices of numbers on one line each,
/// so a hand-edited model file stays readable.
void writePretty(const Json& j, int indent, std::string& out) {
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  const std::string inner(static_cast<std::size_t>(indent + 2), ' ');
  if (j.is_object() && !j.empty()) {
    out += "{\n";
    std::size_t i = 0;
    for (auto it = j.begin(); it != j.end(); ++it, ++i) {
      out += inner;
      out += Json(it.key()).dump();
      out += ": ";
      writePretty(it.value(), indent + 2, out);
      out += i + 1 < j.size() ? ",\n" : "\n";
    }
    out += pad;
    out += "}";
  } else if (j.is_array() && !j.empty() && !isNumericArray(j)) {
    out += "[\n";
    for (std::size_t i = 0; i < j.size(); ++i) {
      out += inner;
      writePretty(j[i], indent + 2, out);
      out += i + 1 < j.size() ? ",\n" : "\n";
    }
    out += pad;
    out += "]";
  } else {
    const std::string compact = j.dump();
    const bool spaced = isNumericArray(j);  // "[1.0, 2.0]" rather than "[1.0,2.0]"
    for (char c : compact) {
      out += c;
      if (spaced && c == ',') out += ' ';
    }
  }
}

}  // namespace

ModelSpec modelFromJson(const std::string& text) {
  try {
    return readModel(Json::parse(text));
  } catch (const Json::exception& e) {
    // Drop the library's "[json.exception.parse_error.101] " tag.
    std::string what = e.what();
    if (const std::size_t tag = what.find("] "); what.rfind("[json.exception", 0) == 0 && tag != std::string::npos) what.erase(0, tag + 2);
    throw Error(ErrorKind::Input, "not a valid JSON model file: " + what);
  }
}

std::string modelToJson(const ModelSpec& spec) {
  Json j;
  j["format"] = "mstmm-model";
  j["version"] = kModelFormatVersion;
  j["name"] = spec.name;
  j["kind"] = toString(spec.kind);
  j["gravity"] = vec(spec.gravity);
  const SimulationSettings& s = spec.simulation;
  j["simulation"] = {{"end_time", s.endTime}, {"time_step", s.timeStep}, {"integrator", toString(s.integrator)},
                     {"relative_tolerance", s.relativeTolerance}, {"absolute_tolerance", s.absoluteTolerance},
                     {"output_every", s.outputEvery}, {"solver", toString(s.solver)}};
  const SimulationSettings defaults;
  if (s.loopStabilisation != defaults.loopStabilisation) j["simulation"]["loop_stabilisation"] = toString(s.loopStabilisation);
  if (s.baumgarteAlpha != defaults.baumgarteAlpha) j["simulation"]["baumgarte_alpha"] = s.baumgarteAlpha;
  if (s.baumgarteBeta != defaults.baumgarteBeta) j["simulation"]["baumgarte_beta"] = s.baumgarteBeta;
  if (s.projectInitialState) j["simulation"]["project_initial_state"] = true;
  j["bodies"] = Json::array();
  for (const BodySpec& b : spec.bodies) j["bodies"].push_back(writeBody(b, spec.kind));
  NameOfId names;
  for (const BodySpec& b : spec.bodies) names.emplace(b.id.value, b.name);
  j["hinges"] = Json::array();
  for (const HingeSpec& h : spec.hinges) j["hinges"].push_back(writeHinge(h, names));
  if (!spec.editorState.empty()) {
    Json editor = Json::parse(spec.editorState, nullptr, false);
    if (!editor.is_discarded()) j["editor"] = std::move(editor);
  }
  std::string text;
  writePretty(j, 0, text);
  return text + "\n";
}

ModelSpec loadModel(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorKind::Input, "cannot open model file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return modelFromJson(text.str());
  } catch (const Error& e) {
    throw Error(ErrorKind::Input, path + ": " + e.what());
  }
}

namespace {

void writeDirectly(const std::string& path, const std::string& contents) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw Error(ErrorKind::Io, "cannot write '" + path + "'");
  out << contents;
  out.flush();
  if (!out) throw Error(ErrorKind::Io, "writing '" + path + "' failed (disk full?)");
}

}  // namespace

void writeFileAtomically(const std::string& path, const std::string& contents) {
  namespace fs = std::filesystem;
  std::error_code ec;
  // Replace what the path names: through a symbolic link to its target, and
  // never a device or pipe (renaming over /dev/null would replace the device
  // with a file), which are written in place.
  fs::path target(path);
  if (fs::is_symlink(target, ec)) target = fs::weakly_canonical(target, ec);
  if (fs::exists(target, ec) && !fs::is_regular_file(target, ec)) {
    writeDirectly(target.string(), contents);
    return;
  }
  const fs::path temp = target.parent_path() / (".~" + target.filename().string() + ".tmp");
  try {
    writeDirectly(temp.string(), contents);
  } catch (const Error&) {
    fs::remove(temp, ec);
    throw;
  }
  fs::rename(temp, target, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    throw Error(ErrorKind::Io, "cannot replace '" + path + "': " + ec.message());
  }
}

void saveModel(const ModelSpec& spec, const std::string& path) { writeFileAtomically(path, modelToJson(spec)); }

}  // namespace mstmm
