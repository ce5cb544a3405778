#include "core/io/model_json.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <numeric>
#include <sstream>
#include <type_traits>
#include <unordered_map>

#include "core/error.hpp"
#include "core/io/input_bounds.hpp"
#include "core/message_text.hpp"
#include "core/model/beam_layout.hpp"
#include "core/model/beam_material.hpp"
#include "core/model/joints/joint_model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/recording_budget.hpp"

namespace mstmm {

using Json = nlohmann::ordered_json;

namespace {

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw Error(ErrorKind::Input, where + ": " + what);
}

/// An element's "name" for messages, cut short: a name too long to accept
/// must still make a readable message.
std::string shortName(const Json& j) {
  if (!j.is_object() || !j.contains("name") || !j["name"].is_string()) return {};
  const auto& name = j["name"].get_ref<const std::string&>();
  return name.size() <= 60 ? name : name.substr(0, 57) + "...";
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
    const auto& text = v.get_ref<const std::string&>();
    if (text.size() > kMaxNameLength)
      fail(m_where, std::string("'") + key + "' is " + std::to_string(text.size()) + " characters long, more than the " + std::to_string(kMaxNameLength) + " allowed");
    return text;
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
      if (!known) fail(m_where, unknownKeyMessage(it.key(), std::vector<std::string>(keys.begin(), keys.end())));
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

/// A hinge's type by the name its joint model gives it (core/model/joints/).
HingeType readHingeType(const ObjectReader& r) {
  if (!r.has("type")) return HingeType::Ball;
  const std::string value = r.string("type");
  std::string list;
  for (HingeType type : allHingeTypes()) {
    if (value == jointModel(type).name) return type;
    list += std::string(list.empty() ? "'" : ", '") + jointModel(type).name + "'";
  }
  fail(r.where(), "unknown type '" + value + "' (expected one of " + list + ")");
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

// A beam (equations.md §11, docs/model-format.md "Beams").
BeamSection readSection(const ObjectReader& beam) {
  const ObjectReader r(beam.at("section"), beam.where() + ": section");
  BeamSection s;
  s.kind = parseEnum<BeamSectionKind>(r, "type", {{"rectangle", BeamSectionKind::Rectangle}, {"circle", BeamSectionKind::Circle}, {"tube", BeamSectionKind::Tube}, {"custom", BeamSectionKind::Custom}},
                                      BeamSectionKind::Rectangle);
  switch (s.kind) {
    case BeamSectionKind::Rectangle:
      r.allowOnly({"type", "width", "height"});
      s.width = r.number("width");
      s.height = r.number("height");
      break;
    case BeamSectionKind::Circle:
      r.allowOnly({"type", "radius"});
      s.radius = r.number("radius");
      break;
    case BeamSectionKind::Tube:
      r.allowOnly({"type", "radius", "inner_radius"});
      s.radius = r.number("radius");
      s.innerRadius = r.number("inner_radius");
      break;
    case BeamSectionKind::Custom:
      r.allowOnly({"type", "area", "iy", "iz", "torsion"});
      s.area = r.number("area");
      s.iy = r.number("iy");
      s.iz = r.number("iz");
      s.torsion = r.number("torsion");
      break;
  }
  return s;
}

BeamSpec readBeam(const ObjectReader& body) {
  const ObjectReader r(body.at("beam"), body.where() + ": beam");
  r.allowOnly({"length", "youngs_modulus", "shear_modulus", "poissons_ratio", "density", "section", "segments", "axial", "damping_beta", "damping_alpha"});
  BeamSpec b;
  b.length = r.number("length");
  b.youngsModulus = r.number("youngs_modulus");
  // G directly, or from Poisson's ratio (isotropic); the file is saved with G.
  if (r.has("poissons_ratio")) {
    if (r.has("shear_modulus")) fail(r.where(), "give 'shear_modulus' or 'poissons_ratio', not both");
    const double nu = r.number("poissons_ratio");
    if (!plausiblePoissonRatio(nu)) fail(r.where(), "'poissons_ratio' must lie in (-1, 0.5] (got " + formatNumber(nu) + ")");
    b.shearModulus = shearModulusFromPoisson(b.youngsModulus, nu);
  } else {
    b.shearModulus = r.number("shear_modulus");
  }
  b.density = r.number("density");
  b.section = readSection(r);
  b.segments = r.integer("segments", b.segments);
  b.axial = r.boolean("axial", false);
  b.dampingBeta = r.number("damping_beta", 0.0);
  b.dampingAlpha = r.number("damping_alpha", 0.0);
  return b;
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

/// A list of numbers, or of fixed-size vectors (a beam's deformation, one
/// entry per segment).
template <int Size>
void readList(const ObjectReader& r, const char* key, std::vector<Eigen::Matrix<double, Size, 1>>& out) {
  if (!r.has(key)) return;
  const Json& list = r.at(key);
  if (!list.is_array()) fail(r.where(), std::string("'") + key + "' must be an array, one entry per segment");
  if (list.size() > kMaxBodies) fail(r.where(), std::string("'") + key + "' has more entries than a model may have bodies");
  for (const Json& v : list) {
    if (!v.is_array() || v.size() != Size) fail(r.where(), std::string("'") + key + "' must hold arrays of " + std::to_string(Size) + " numbers");
    Eigen::Matrix<double, Size, 1> e;
    for (int i = 0; i < Size; ++i) e[i] = r.toNumber(v[static_cast<std::size_t>(i)], key);
    out.push_back(e);
  }
}

void readList(const ObjectReader& r, const char* key, std::vector<double>& out) {
  if (!r.has(key)) return;
  const Json& list = r.at(key);
  if (!list.is_array()) fail(r.where(), std::string("'") + key + "' must be an array of numbers, one per segment");
  if (list.size() > kMaxBodies) fail(r.where(), std::string("'") + key + "' has more entries than a model may have bodies");
  for (const Json& v : list) out.push_back(r.toNumber(v, key));
}

// A beam's initial deformation (beam_deformation.hpp, docs/model-format.md "Beams").
BeamDeformation readDeformation(const ObjectReader& initial) {
  const ObjectReader r(initial.at("deformation"), initial.where() + ": deformation");
  r.allowOnly({"angle", "angle_rate", "rotation", "rate", "stretch", "stretch_rate"});
  BeamDeformation d;
  readList(r, "angle", d.angle), readList(r, "angle_rate", d.angleRate), readList(r, "rotation", d.rotation);
  readList(r, "rate", d.rate), readList(r, "stretch", d.stretch), readList(r, "stretch_rate", d.stretchRate);
  for (Quat& q : d.rotation)
    if (q.norm() > 0.0) q.normalize();
  return d;
}

void readInitial(const ObjectReader& body, BodySpec& b) {
  if (!body.has("initial")) return;
  const ObjectReader r(body.at("initial"), body.where() + ": initial");
  r.allowOnly({"theta", "theta_dot", "orientation", "angular_velocity", "deformation"});
  if (r.has("deformation")) b.deformation = readDeformation(r);
  b.theta = r.number("theta", 0.0);
  b.thetaDot = r.number("theta_dot", 0.0);
  if (r.has("orientation")) {
    const Json& q = r.at("orientation");
    if (!q.is_array() || q.size() != 4) fail(r.where(), "'orientation' must be a quaternion [w, x, y, z]");
    for (int i = 0; i < 4; ++i) b.orientation[i] = r.toNumber(q[static_cast<std::size_t>(i)], "orientation");
  }
  b.angularVelocity = r.vec3("angular_velocity", Vec3::Zero());
}

std::vector<BodyLoadSpec> readBodyLoads(const ObjectReader& body, const std::string& baseDir);
std::vector<VisualSpec> readVisuals(const ObjectReader& body, const std::string& baseDir);

BodySpec readBody(const Json& j, std::size_t index, const std::string& baseDir) {
  std::string where = "bodies[" + std::to_string(index) + "]";
  if (const std::string name = shortName(j); !name.empty()) where = "body " + quoted(name);
  const ObjectReader r(j, where);
  r.allowOnly({"name", "shape", "beam", "inputs", "output", "initial", "loads", "visuals"});
  BodySpec b;
  b.id = BodyId{static_cast<std::uint32_t>(index)};
  b.name = r.string("name");
  if (r.has("beam")) {
    if (r.has("shape")) fail(where, "a beam takes its mass from the beam; give 'beam' or 'shape', not both");
    b.beam = readBeam(r);
  } else {
    b.shape = readShape(r);
  }
  b.inputs = readInputs(r);
  b.output = r.vec3("output");
  readInitial(r, b);
  b.loads = readBodyLoads(r, baseDir);
  b.visuals = readVisuals(r, baseDir);
  return b;
}

/// A time function: a plain number is a constant; an object names its type.
/// A table may come from a two-column CSV file (time, value), found relative
/// to the model file.
TimeFunction readFunction(const Json& j, const std::string& where, const std::string& baseDir);

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

/// A quaternion [w, x, y, z], made unit (a visual's orientation).
Quat readQuaternion(const ObjectReader& r, const char* key) {
  const Json& q = r.at(key);
  if (!q.is_array() || q.size() != 4) fail(r.where(), std::string("'") + key + "' must be a quaternion [w, x, y, z]");
  Quat out;
  for (std::size_t i = 0; i < 4; ++i) out[static_cast<Eigen::Index>(i)] = r.toNumber(q[i], key);
  if (!(out.norm() > 1e-12)) fail(r.where(), std::string("'") + key + "' is not a rotation (its norm is zero)");
  return out / out.norm();
}

/// Display geometry (core/model/visual_spec.hpp); a relative mesh file is
/// found relative to the model file and kept as an absolute path.
std::vector<VisualSpec> readVisuals(const ObjectReader& body, const std::string& baseDir) {
  std::vector<VisualSpec> visuals;
  if (!body.has("visuals")) return visuals;
  const Json& list = body.at("visuals");
  if (!list.is_array()) fail(body.where(), "'visuals' must be an array");
  if (list.size() > kMaxTableRows) fail(body.where(), "'visuals' has more than " + std::to_string(kMaxTableRows) + " entries");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const ObjectReader r(list[i], body.where() + ": visual " + std::to_string(i + 1));
    r.allowOnly({"type", "size", "radius", "length", "file", "scale", "position", "orientation", "colour"});
    VisualSpec v;
    v.type = parseEnum<VisualType>(r, "type", {{"box", VisualType::Box}, {"cylinder", VisualType::Cylinder}, {"sphere", VisualType::Sphere}, {"mesh", VisualType::Mesh}},
                                   VisualType::Box);
    if (!r.has("type")) fail(r.where(), "missing 'type'");
    switch (v.type) {
      case VisualType::Box: v.size = r.vec3("size"); break;
      case VisualType::Cylinder: v.radius = r.number("radius"); v.length = r.number("length"); break;
      case VisualType::Sphere: v.radius = r.number("radius"); break;
      case VisualType::Mesh: {
        namespace fs = std::filesystem;
        fs::path file = r.string("file");
        if (file.is_relative() && !baseDir.empty()) file = fs::path(baseDir) / file;
        v.mesh = file.lexically_normal().string();
        v.scale = r.vec3("scale", Vec3::Ones());
        break;
      }
    }
    v.position = r.vec3("position", Vec3::Zero());
    if (r.has("orientation")) v.orientation = readQuaternion(r, "orientation");
    if (r.has("colour")) v.colour = r.vec3("colour");
    visuals.push_back(std::move(v));
  }
  return visuals;
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

/// The named elements of list `key` (each read by `read` from its own
/// reader, named "<label> 'name'" in messages, or "<key>[i]" without a name).
template <class T, class Read>
std::vector<T> readNamedList(const ObjectReader& top, const char* key, const char* label, Read read) {
  std::vector<T> out;
  if (!top.has(key)) return out;
  const Json& list = top.at(key);
  if (!list.is_array()) fail("model", std::string("'") + key + "' must be an array");
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::string where = std::string(key) + "[" + std::to_string(i) + "]";
    if (const std::string name = shortName(list[i]); !name.empty()) where = std::string(label) + " " + quoted(name);
    out.push_back(read(ObjectReader(list[i], where), where));
  }
  return out;
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

HingeSpec readHinge(const Json& j, std::size_t index, const std::unordered_map<std::string, std::uint32_t>& ids, ModelKind kind, const std::string& baseDir) {
  std::string where = "hinges[" + std::to_string(index) + "]";
  if (const std::string name = shortName(j); !name.empty()) where = "hinge " + quoted(name);
  const ObjectReader r(j, where);
  r.allowOnly({"name", "type", "tip", "tip_input", "root", "axis", "axis2", "anchor", "cut", "slide", "slide_rate", "translation", "translation_rate", "pitch", "spring", "stops", "actuator", "motion", "armature",
               "coordinates"});
  HingeSpec h;
  h.id = HingeId{static_cast<std::uint32_t>(index)};
  h.name = r.string("name");
  h.type = readHingeType(r);
  auto lookup = [&](const std::string& name, const char* role) {
    auto it = ids.find(name);
    if (it == ids.end()) fail(where, std::string(role) + " body '" + name + "' does not exist");
    return BodyId{it->second};
  };
  h.child = lookup(r.string("tip"), "tip-side");
  // A hinge at an input end of its tip-side body closes a loop (equations.md §6).
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
  h.axis2 = r.vec3("axis2", Vec3::UnitX());
  h.translation = r.vec3("translation", Vec3::Zero());
  h.translationRate = r.vec3("translation_rate", Vec3::Zero());
  h.pitch = r.number("pitch", 0.0);
  h.loads = readHingeLoads(r, baseDir);
  if (r.has("coordinates")) h.coordinateLoads = readCoordinateLoads(r, h.type, kind, baseDir);
  return h;
}

/// The compliant law's keys (docs/contact.md C6), shared by ground and body
/// contacts, whose specs name these fields alike.
template <class Contact>
void readContactLaw(const ObjectReader& r, Contact& c) {
  c.law = parseEnum<ContactLaw>(r, "law", {{"linear", ContactLaw::Linear}, {"hunt-crossley", ContactLaw::HuntCrossley}}, ContactLaw::Linear);
  c.stiffness = r.number("stiffness", c.stiffness);
  c.damping = r.number("damping", c.damping);
  c.exponent = r.number("exponent", c.exponent);
  c.staticFriction = r.number("static_friction", 0.0);
  c.dynamicFriction = r.number("dynamic_friction", c.staticFriction);
  c.slipVelocity = r.number("slip_velocity", c.slipVelocity);
}

std::vector<ContactSpec> readContacts(const ObjectReader& top) {
  return readNamedList<ContactSpec>(top, "contacts", "contact", [](const ObjectReader& r, const std::string&) {
    r.allowOnly({"name", "body", "point", "radius", "law", "stiffness", "damping", "exponent", "static_friction", "dynamic_friction", "slip_velocity", "rolling"});
    ContactSpec c;
    c.name = r.string("name");
    c.body = r.string("body");
    c.point = r.vec3("point", Vec3::Zero());
    c.radius = r.number("radius", 0.0);
    readContactLaw(r, c);
    c.rolling = r.number("rolling", 0.0);
    return c;
  });
}

ContactShape readContactShape(const Json& j, const std::string& where) {
  const ObjectReader r(j, where);
  r.allowOnly({"body", "type", "centre", "orientation", "radius", "length", "half_size"});
  ContactShape s;
  s.body = r.has("body") ? r.string("body") : std::string();
  s.kind = parseEnum<ContactShapeKind>(r, "type", {{"sphere", ContactShapeKind::Sphere}, {"capsule", ContactShapeKind::Capsule},
                                                  {"box", ContactShapeKind::Box}, {"cylinder", ContactShapeKind::Cylinder}}, ContactShapeKind::Sphere);
  s.centre = r.vec3("centre", Vec3::Zero());
  if (r.has("orientation")) {
    const Json& q = r.at("orientation");
    if (!q.is_array() || q.size() != 4) fail(where, "'orientation' must be a quaternion [w, x, y, z]");
    for (int i = 0; i < 4; ++i) s.orientation[i] = r.toNumber(q[static_cast<std::size_t>(i)], "orientation");
  }
  s.radius = r.number("radius", 0.0);
  s.length = r.number("length", 0.0);
  s.halfSize = r.vec3("half_size", Vec3::Zero());
  return s;
}

// docs/contact.md C8.
std::vector<BodyContactSpec> readBodyContacts(const ObjectReader& top) {
  return readNamedList<BodyContactSpec>(top, "body_contacts", "body contact", [](const ObjectReader& r, const std::string& where) {
    r.allowOnly({"name", "shapes", "law", "stiffness", "damping", "exponent", "static_friction", "dynamic_friction", "slip_velocity"});
    BodyContactSpec c;
    c.name = r.string("name");
    const Json& shapes = r.at("shapes");
    if (!shapes.is_array() || shapes.size() != 2) fail(where, "'shapes' must be an array of two shapes");
    c.first = readContactShape(shapes[0], where + ", first shape");
    c.second = readContactShape(shapes[1], where + ", second shape");
    readContactLaw(r, c);
    return c;
  });
}

GroundSpec readGround(const ObjectReader& top) {
  GroundSpec g;
  if (!top.has("ground")) return g;
  const ObjectReader r(top.at("ground"), "ground");
  r.allowOnly({"point", "normal", "direction", "road"});
  g.point = r.vec3("point", g.point);
  g.normal = r.vec3("normal", g.normal);
  g.direction = r.vec3("direction", g.direction);
  if (r.has("road")) {
    const ObjectReader road(r.at("road"), "ground: road");
    RoadProfile& p = g.road;
    p.kind = parseEnum<RoadKind>(road, "type", {{"flat", RoadKind::Flat}, {"bump", RoadKind::Bump}, {"step", RoadKind::Step}, {"table", RoadKind::Table}}, RoadKind::Flat);
    switch (p.kind) {
      case RoadKind::Flat: road.allowOnly({"type"}); break;
      case RoadKind::Bump:
      case RoadKind::Step:
        road.allowOnly({"type", "start", "length", "height"});
        p.start = road.number("start", 0.0);
        p.length = road.number("length");
        p.height = road.number("height");
        break;
      case RoadKind::Table:
        road.allowOnly({"type", "points"});
        p.points = readPairs(road, "points");
        break;
    }
  }
  return g;
}

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
  top.allowOnly({"format", "version", "name", "kind", "gravity", "simulation", "bodies", "hinges", "springs", "contacts", "ground", "body_contacts", "editor"});
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

template <class Contact>
void writeContactLaw(const Contact& c, Json& j) {
  j["law"] = c.law == ContactLaw::Linear ? "linear" : "hunt-crossley";
  j["stiffness"] = c.stiffness;
  j["damping"] = c.damping;
  if (c.law == ContactLaw::HuntCrossley) j["exponent"] = c.exponent;
  j["static_friction"] = c.staticFriction;
  j["dynamic_friction"] = c.dynamicFriction;
  j["slip_velocity"] = c.slipVelocity;
}

Json writeContacts(const std::vector<ContactSpec>& contacts) {
  Json list = Json::array();
  for (const ContactSpec& c : contacts) {
    Json j = {{"name", c.name}, {"body", c.body}, {"point", vec(c.point)}, {"radius", c.radius}};
    writeContactLaw(c, j);
    if (c.rolling != 0.0) j["rolling"] = c.rolling;
    list.push_back(std::move(j));
  }
  return list;
}

Json writeContactShape(const ContactShape& s) {
  static const char* const kinds[] = {"sphere", "capsule", "box", "cylinder"};
  Json j;
  if (!s.onGround()) j["body"] = s.body;
  j["type"] = kinds[static_cast<int>(s.kind)];
  j["centre"] = vec(s.centre);
  if (s.orientation != Quat(1.0, 0.0, 0.0, 0.0)) j["orientation"] = Json::array({s.orientation[0], s.orientation[1], s.orientation[2], s.orientation[3]});
  if (s.kind == ContactShapeKind::Box) j["half_size"] = vec(s.halfSize);
  else j["radius"] = s.radius;
  if (s.kind == ContactShapeKind::Capsule || s.kind == ContactShapeKind::Cylinder) j["length"] = s.length;
  return j;
}

Json writeBodyContacts(const std::vector<BodyContactSpec>& contacts) {
  Json list = Json::array();
  for (const BodyContactSpec& c : contacts) {
    Json j = {{"name", c.name}, {"shapes", Json::array({writeContactShape(c.first), writeContactShape(c.second)})}};
    writeContactLaw(c, j);
    list.push_back(std::move(j));
  }
  return list;
}

Json writeGround(const GroundSpec& g) {
  Json j = {{"point", vec(g.point)}, {"normal", vec(g.normal)}, {"direction", vec(g.direction)}};
  const RoadProfile& p = g.road;
  switch (p.kind) {
    case RoadKind::Flat: break;
    case RoadKind::Bump:
    case RoadKind::Step: j["road"] = {{"type", p.kind == RoadKind::Bump ? "bump" : "step"}, {"start", p.start}, {"length", p.length}, {"height", p.height}}; break;
    case RoadKind::Table: {
      Json points = Json::array();
      for (const auto& [s, h] : p.points) points.push_back(Json::array({s, h}));
      j["road"] = {{"type", "table"}, {"points", points}};
      break;
    }
  }
  return j;
}

Json writeVisual(const VisualSpec& v) {
  Json j;
  j["type"] = toString(v.type);
  switch (v.type) {
    case VisualType::Box: j["size"] = vec(v.size); break;
    case VisualType::Cylinder: j["radius"] = v.radius; j["length"] = v.length; break;
    case VisualType::Sphere: j["radius"] = v.radius; break;
    case VisualType::Mesh:
      j["file"] = v.mesh;
      if (v.scale != Vec3::Ones()) j["scale"] = vec(v.scale);
      break;
  }
  if (v.position != Vec3::Zero()) j["position"] = vec(v.position);
  if (v.orientation != Quat(1, 0, 0, 0)) j["orientation"] = Json::array({v.orientation[0], v.orientation[1], v.orientation[2], v.orientation[3]});
  if (v.colour) j["colour"] = vec(*v.colour);
  return j;
}

Json writeSection(const BeamSection& s) {
  Json j;
  j["type"] = toString(s.kind);
  switch (s.kind) {
    case BeamSectionKind::Rectangle: j["width"] = s.width, j["height"] = s.height; break;
    case BeamSectionKind::Circle: j["radius"] = s.radius; break;
    case BeamSectionKind::Tube: j["radius"] = s.radius, j["inner_radius"] = s.innerRadius; break;
    case BeamSectionKind::Custom: j["area"] = s.area, j["iy"] = s.iy, j["iz"] = s.iz, j["torsion"] = s.torsion; break;
  }
  return j;
}

Json writeBeam(const BeamSpec& b) {
  Json j;
  j["length"] = b.length;
  j["youngs_modulus"] = b.youngsModulus;
  j["shear_modulus"] = b.shearModulus;
  j["density"] = b.density;
  j["section"] = writeSection(b.section);
  j["segments"] = b.segments;
  if (b.axial) j["axial"] = true;
  if (b.dampingBeta != 0.0) j["damping_beta"] = b.dampingBeta;
  if (b.dampingAlpha != 0.0) j["damping_alpha"] = b.dampingAlpha;
  return j;
}

Json writeDeformation(const BeamDeformation& d) {
  Json j = Json::object();
  auto put = [&](const char* key, const auto& list) {
    if (list.empty()) return;
    Json out = Json::array();
    for (const auto& v : list) {
      if constexpr (std::is_same_v<std::decay_t<decltype(v)>, double>) out.push_back(v);
      else out.push_back(std::vector<double>(v.data(), v.data() + v.size()));
    }
    j[key] = out;
  };
  put("angle", d.angle), put("angle_rate", d.angleRate), put("rotation", d.rotation);
  put("rate", d.rate), put("stretch", d.stretch), put("stretch_rate", d.stretchRate);
  return j;
}

Json writeBody(const BodySpec& b, ModelKind kind) {
  Json j;
  j["name"] = b.name;
  if (b.beam) j["beam"] = writeBeam(*b.beam);
  else j["shape"] = writeShape(b.shape);
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
  if (!b.deformation.empty()) init["deformation"] = writeDeformation(b.deformation);
  j["initial"] = init;
  if (!b.loads.empty()) j["loads"] = writeBodyLoads(b.loads);
  if (!b.visuals.empty()) {
    j["visuals"] = Json::array();
    for (const VisualSpec& v : b.visuals) j["visuals"].push_back(writeVisual(v));
  }
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
  const JointModel::Fields& fields = jointModel(h.type).fields;
  if (fields.axis || h.axis != Vec3::UnitZ()) j["axis"] = vec(h.axis);
  if (fields.axis2 || h.axis2 != Vec3::UnitX()) j["axis2"] = vec(h.axis2);
  if (fields.pitch || h.pitch != 0.0) j["pitch"] = h.pitch;
  if (h.slide != 0.0) j["slide"] = h.slide;
  if (h.slideRate != 0.0) j["slide_rate"] = h.slideRate;
  if (h.translation != Vec3::Zero()) j["translation"] = vec(h.translation);
  if (h.translationRate != Vec3::Zero()) j["translation_rate"] = vec(h.translationRate);
  if (h.isGround() || h.anchor != Vec3::Zero()) j["anchor"] = vec(h.anchor);
  writeHingeLoads(h.loads, j);
  if (!h.coordinateLoads.empty()) {
    Json coordinates = Json::object();
    for (const CoordinateLoadsSpec& c : h.coordinateLoads) {
      Json loads = Json::object();
      writeHingeLoads(c.loads, loads);
      coordinates[c.coordinate] = loads;
    }
    j["coordinates"] = coordinates;
  }
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

std::vector<std::pair<double, double>> readTablePoints(const std::string& path) { return readCsvPairs(path, "table"); }

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
    if (!std::getline(fields, a, ',') || !std::getline(fields, b, ',')) fail(source, "line " + std::to_string(number) + ": expected two columns");
    char* endA = nullptr;
    char* endB = nullptr;
    const double x = std::strtod(a.c_str(), &endA), y = std::strtod(b.c_str(), &endB);
    if (endA == a.c_str() || endB == b.c_str()) {
      if (out.empty()) continue;  // a header row
      fail(source, "line " + std::to_string(number) + ": not two numbers");
    }
    if (out.size() >= kMaxTableRows) fail(source, "more than " + std::to_string(kMaxTableRows) + " rows");
    out.emplace_back(x, y);
  }
  return out;
}

ModelSpec modelFromJson(const std::string& text, const std::string& baseDir) {
  checkJsonNesting(text);
  try {
    return readModel(Json::parse(text), baseDir);
  } catch (const Json::exception& e) {
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
  Json j;
  j["format"] = "mstmm-model";
  j["version"] = modelFormatVersionFor(spec);
  j["name"] = spec.name;
  j["kind"] = toString(spec.kind);
  j["gravity"] = vec(spec.gravity);
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
  j["bodies"] = Json::array();
  for (const BodySpec& b : spec.bodies) j["bodies"].push_back(writeBody(b, spec.kind));
  NameOfId names;
  for (const BodySpec& b : spec.bodies) names.emplace(b.id.value, b.name);
  j["hinges"] = Json::array();
  for (const HingeSpec& h : spec.hinges) j["hinges"].push_back(writeHinge(h, names));
  if (!spec.springs.empty()) j["springs"] = writeSprings(spec.springs);
  if (!spec.contacts.empty()) j["contacts"] = writeContacts(spec.contacts);
  if (!spec.bodyContacts.empty()) j["body_contacts"] = writeBodyContacts(spec.bodyContacts);
  if (!(spec.ground == GroundSpec{})) j["ground"] = writeGround(spec.ground);
  if (!spec.editorState.empty()) {
    Json editor = Json::parse(spec.editorState, nullptr, false);
    if (!editor.is_discarded()) j["editor"] = std::move(editor);
  }
  std::string text;
  writePretty(j, 0, text);
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
