// The model file's load elements: functions of time and tables, the
// elements on a hinge's coordinates, body loads and struts, read and written.
#include "core/io/model_json_elements.hpp"

#include <cmath>
#include <filesystem>
#include <numeric>

#include "core/io/input_bounds.hpp"
#include "core/io/model_json.hpp"
#include "core/model/validation.hpp"

namespace mstmm::model_file {

std::vector<std::pair<double, double>> readPairs(const ObjectReader& r, const char* key) {
  const Json& rows = r.at(key);
  if (!rows.is_array()) fail(r.where(), std::string("'") + key + "' must be an array of [x, y] pairs");
  if (rows.size() > kMaxTableRows) fail(r.where(), std::string("'") + key + "' has more than " + std::to_string(kMaxTableRows) + " rows");
  std::vector<std::pair<double, double>> out;
  for (const Json& row : rows) {
    if (!row.is_array() || row.size() != 2) fail(r.where(), std::string("'") + key + "' must be an array of [x, y] pairs");
    out.emplace_back(r.toNumber(row[0], key), r.toNumber(row[1], key));
  }
  return out;
}

std::vector<std::pair<double, double>> readCsvPairs(const std::string& file, const std::string& where) {
  std::string text;
  try {
    text = readBoundedFile(file, "table file");
  } catch (const Error& e) {
    fail(where, e.what());
  }
  return tablePointsFromCsv(text, where + ": " + file);
}

/// A time function: a plain number is a constant; an object names its type.
/// A table may come from a two-column CSV file (time, value), found relative
/// to the model file.
TimeFunction readFunction(const Json& j, const std::string& where, const std::string& baseDir) {
  if (j.is_number()) {
    const double v = j.get<double>();
    if (!std::isfinite(v)) fail(where, "not a finite number");
    return TimeFunction::constant(v);
  }
  const ObjectReader r(j, where);
  TimeFunction f;
  f.kind = parseEnum<TimeFunctionKind>(r, "type", {{"constant", TimeFunctionKind::Constant}, {"step", TimeFunctionKind::Step}, {"ramp", TimeFunctionKind::Ramp}, {"sine", TimeFunctionKind::Sine}, {"table", TimeFunctionKind::Table}, {"spin-up", TimeFunctionKind::SpinUp}}, TimeFunctionKind::Constant);
  switch (f.kind) {
    case TimeFunctionKind::Constant:
      r.allowOnly({"type", "value"});
      f.value = r.number("value");
      break;
    case TimeFunctionKind::Step:
      r.allowOnly({"type", "from", "to", "start", "duration"});
      f.value = r.number("from", 0.0);
      f.to = r.number("to");
      f.start = r.number("start", 0.0);
      f.duration = r.number("duration", 0.0);
      break;
    case TimeFunctionKind::Ramp:
      r.allowOnly({"type", "offset", "slope", "start"});
      f.value = r.number("offset", 0.0);
      f.slope = r.number("slope");
      f.start = r.number("start", 0.0);
      break;
    case TimeFunctionKind::SpinUp:
      r.allowOnly({"type", "offset", "rate", "start", "duration"});
      f.value = r.number("offset", 0.0);
      f.slope = r.number("rate");
      f.start = r.number("start", 0.0);
      f.duration = r.number("duration");
      break;
    case TimeFunctionKind::Sine:
      r.allowOnly({"type", "amplitude", "frequency", "phase", "offset"});
      f.amplitude = r.number("amplitude");
      f.frequency = r.number("frequency");
      f.phase = r.number("phase", 0.0);
      f.value = r.number("offset", 0.0);
      break;
    case TimeFunctionKind::Table:
      r.allowOnly({"type", "points", "csv", "smooth"});
      if (r.has("csv")) {
        namespace fs = std::filesystem;
        fs::path file(r.string("csv"));
        if (file.is_relative() && !baseDir.empty()) file = fs::path(baseDir) / file;
        f.points = readCsvPairs(file.string(), where);
      } else {
        f.points = readPairs(r, "points");
      }
      f.smooth = r.boolean("smooth", false);
      break;
  }
  return f;
}

HingeLoadsSpec readHingeLoads(const ObjectReader& r, const std::string& baseDir) {
  HingeLoadsSpec l;
  if (r.has("spring")) {
    const ObjectReader s(r.at("spring"), r.where() + ": spring");
    s.allowOnly({"stiffness", "damping", "rest", "rest_orientation", "characteristic"});
    HingeSpringSpec spring;
    spring.stiffness = s.number("stiffness", 0.0);
    spring.damping = s.number("damping", 0.0);
    spring.rest = s.number("rest", 0.0);
    if (s.has("rest_orientation")) {
      const Json& q = s.at("rest_orientation");
      if (!q.is_array() || q.size() != 4) fail(s.where(), "'rest_orientation' must be a quaternion [w, x, y, z]");
      for (int i = 0; i < 4; ++i) spring.restOrientation[i] = s.toNumber(q[static_cast<std::size_t>(i)], "rest_orientation");
    }
    if (s.has("characteristic")) spring.characteristic = readPairs(s, "characteristic");
    l.spring = spring;
  }
  if (r.has("stops")) {
    const ObjectReader s(r.at("stops"), r.where() + ": stops");
    s.allowOnly({"lower", "upper", "stiffness", "damping"});
    HingeStopsSpec stops;
    if (s.has("lower")) stops.lower = s.number("lower");
    if (s.has("upper")) stops.upper = s.number("upper");
    stops.stiffness = s.number("stiffness", stops.stiffness);
    stops.damping = s.number("damping", stops.damping);
    l.stops = stops;
  }
  if (r.has("actuator")) {
    const ObjectReader a(r.at("actuator"), r.where() + ": actuator");
    HingeActuatorSpec act;
    act.kind = parseEnum<ActuatorKind>(a, "type", {{"force", ActuatorKind::Force}, {"servo", ActuatorKind::Servo}}, ActuatorKind::Force);
    if (act.kind == ActuatorKind::Force) {
      a.allowOnly({"type", "load", "max_load"});
      act.load = readFunction(a.at("load"), a.where() + ": load", baseDir);
    } else {
      a.allowOnly({"type", "reference", "kp", "kd", "max_load"});
      act.reference = readFunction(a.at("reference"), a.where() + ": reference", baseDir);
      act.kp = a.number("kp", 0.0);
      act.kd = a.number("kd", 0.0);
    }
    if (a.has("max_load")) act.maxLoad = a.number("max_load");
    l.actuator = act;
  }
  if (r.has("motion")) l.motion = readFunction(r.at("motion"), r.where() + ": motion", baseDir);
  if (r.has("armature")) l.armature = r.number("armature");
  return l;
}

// "coordinates": {"angle1": {"spring": ...}, ...}, kept in the order of the
// hinge's coordinates (names it does not have last, for validation to name).
std::vector<CoordinateLoadsSpec> readCoordinateLoads(const ObjectReader& hinge, HingeType type, ModelKind kind, const std::string& baseDir) {
  const Json& object = hinge.at("coordinates");
  if (!object.is_object()) fail(hinge.where(), "'coordinates' must be an object: a coordinate's name, then its loads");
  std::vector<CoordinateLoadsSpec> out;
  for (auto it = object.begin(); it != object.end(); ++it) {
    const ObjectReader c(it.value(), hinge.where() + ": coordinate '" + it.key() + "'");
    c.allowOnly({"spring", "stops", "actuator", "motion", "armature"});
    out.push_back({it.key(), readHingeLoads(c, baseDir)});
  }
  auto rank = [&](const CoordinateLoadsSpec& c) {
    const int k = hingeCoordinateIndex(type, kind, c.coordinate);
    return k < 0 ? 1000 : k;
  };
  // The order is sorted as indices: std::stable_sort of the specs themselves
  // moves them through a buffer that libstdc++ 12 allocates without their
  // alignment (32 bytes under AVX, for their Eigen members), undefined
  // behaviour that an x86-64-v4 build turned into a crash (an aligned store).
  std::vector<std::size_t> order(out.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rank(out[a]) < rank(out[b]); });
  std::vector<CoordinateLoadsSpec> sorted;
  sorted.reserve(out.size());
  for (std::size_t i : order) sorted.push_back(std::move(out[i]));
  return sorted;
}

void readFunctionTriple(const ObjectReader& r, const char* key, TimeFunction (&out)[3], const std::string& baseDir) {
  if (!r.has(key)) return;
  const Json& v = r.at(key);
  if (!v.is_array() || v.size() != 3) fail(r.where(), std::string("'") + key + "' must be an array of 3 numbers or time functions");
  for (std::size_t k = 0; k < 3; ++k) out[k] = readFunction(v[k], r.where() + ": " + key + "[" + std::to_string(k + 1) + "]", baseDir);
}

std::vector<BodyLoadSpec> readBodyLoads(const ObjectReader& body, const std::string& baseDir) {
  std::vector<BodyLoadSpec> loads;
  if (!body.has("loads")) return loads;
  const Json& list = body.at("loads");
  if (!list.is_array()) fail(body.where(), "'loads' must be an array");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const ObjectReader r(list[i], body.where() + ": load " + std::to_string(i + 1));
    r.allowOnly({"name", "point", "axes", "force", "moment"});
    BodyLoadSpec l;
    l.name = r.string("name", "load " + std::to_string(i + 1));
    l.point = r.vec3("point", Vec3::Zero());
    l.bodyAxes = parseEnum<bool>(r, "axes", {{"world", false}, {"body", true}}, false);
    readFunctionTriple(r, "force", l.force, baseDir);
    readFunctionTriple(r, "moment", l.moment, baseDir);
    loads.push_back(std::move(l));
  }
  return loads;
}

std::vector<SpringDamperSpec> readSprings(const ObjectReader& top) {
  return readNamedList<SpringDamperSpec>(top, "springs", "spring-damper", [](const ObjectReader& r, const std::string&) {
    r.allowOnly({"name", "body_a", "point_a", "body_b", "point_b", "stiffness", "damping", "rest_length", "preload"});
    SpringDamperSpec s;
    s.name = r.string("name");
    s.bodyA = r.string("body_a");
    s.pointA = r.vec3("point_a", Vec3::Zero());
    const std::string b = r.string("body_b", "ground");
    s.bodyB = b == "ground" ? std::string() : b;
    s.pointB = r.vec3("point_b", Vec3::Zero());
    s.stiffness = r.number("stiffness", 0.0);
    s.damping = r.number("damping", 0.0);
    s.restLength = r.number("rest_length");
    s.preload = r.number("preload", 0.0);
    return s;
  });
}

Json writeFunction(const TimeFunction& f) {
  switch (f.kind) {
    case TimeFunctionKind::Constant: return f.value;
    case TimeFunctionKind::Step: return {{"type", "step"}, {"from", f.value}, {"to", f.to}, {"start", f.start}, {"duration", f.duration}};
    case TimeFunctionKind::Ramp: return {{"type", "ramp"}, {"offset", f.value}, {"slope", f.slope}, {"start", f.start}};
    case TimeFunctionKind::SpinUp: return {{"type", "spin-up"}, {"offset", f.value}, {"rate", f.slope}, {"start", f.start}, {"duration", f.duration}};
    case TimeFunctionKind::Sine: return {{"type", "sine"}, {"amplitude", f.amplitude}, {"frequency", f.frequency}, {"phase", f.phase}, {"offset", f.value}};
    case TimeFunctionKind::Table: {
      Json points = Json::array();
      for (const auto& [t, v] : f.points) points.push_back(Json::array({t, v}));
      Json j = {{"type", "table"}, {"points", points}};
      if (f.smooth) j["smooth"] = true;
      return j;
    }
  }
  return f.value;
}

Json writePairs(const std::vector<std::pair<double, double>>& rows) {
  Json j = Json::array();
  for (const auto& [x, y] : rows) j.push_back(Json::array({x, y}));
  return j;
}

void writeHingeLoads(const HingeLoadsSpec& l, Json& j) {
  if (l.spring) {
    const HingeSpringSpec& s = *l.spring;
    Json spring = {{"stiffness", s.stiffness}, {"damping", s.damping}, {"rest", s.rest}};
    if (s.restOrientation != Quat(1, 0, 0, 0))
      spring["rest_orientation"] = Json::array({s.restOrientation[0], s.restOrientation[1], s.restOrientation[2], s.restOrientation[3]});
    if (!s.characteristic.empty()) spring["characteristic"] = writePairs(s.characteristic);
    j["spring"] = spring;
  }
  if (l.stops) {
    Json stops = Json::object();
    if (l.stops->lower) stops["lower"] = *l.stops->lower;
    if (l.stops->upper) stops["upper"] = *l.stops->upper;
    stops["stiffness"] = l.stops->stiffness;
    stops["damping"] = l.stops->damping;
    j["stops"] = stops;
  }
  if (l.actuator) {
    const HingeActuatorSpec& a = *l.actuator;
    Json act;
    if (a.kind == ActuatorKind::Force) {
      act = {{"type", "force"}, {"load", writeFunction(a.load)}};
    } else {
      act = {{"type", "servo"}, {"reference", writeFunction(a.reference)}, {"kp", a.kp}, {"kd", a.kd}};
    }
    if (a.maxLoad) act["max_load"] = *a.maxLoad;
    j["actuator"] = act;
  }
  if (l.motion) j["motion"] = writeFunction(*l.motion);
  if (l.armature != 0.0) j["armature"] = l.armature;
}

Json writeBodyLoads(const std::vector<BodyLoadSpec>& loads) {
  Json list = Json::array();
  for (const BodyLoadSpec& l : loads) {
    Json force = Json::array(), moment = Json::array();
    for (int k = 0; k < 3; ++k) {
      force.push_back(writeFunction(l.force[k]));
      moment.push_back(writeFunction(l.moment[k]));
    }
    list.push_back({{"name", l.name}, {"point", vec(l.point)}, {"axes", l.bodyAxes ? "body" : "world"}, {"force", force}, {"moment", moment}});
  }
  return list;
}

Json writeSprings(const std::vector<SpringDamperSpec>& springs) {
  Json list = Json::array();
  for (const SpringDamperSpec& s : springs)
    list.push_back({{"name", s.name}, {"body_a", s.bodyA}, {"point_a", vec(s.pointA)}, {"body_b", s.groundB() ? std::string("ground") : s.bodyB},
                    {"point_b", vec(s.pointB)}, {"stiffness", s.stiffness}, {"damping", s.damping}, {"rest_length", s.restLength},
                    {"preload", s.preload}});
  return list;
}

}  // namespace mstmm::model_file
