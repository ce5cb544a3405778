// The model file's bodies: shape or beam, ends, initial state, visuals
// (docs/model-format.md), read and written.
#include "core/io/model_json_elements.hpp"

#include <filesystem>
#include <string>

#include "core/io/input_bounds.hpp"
#include "core/io/model_json.hpp"
#include "core/message_text.hpp"
#include "core/model/beam_material.hpp"
#include "core/model/validation.hpp"

namespace mstmm::model_file {

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

/// Display geometry (core/spec/visual_spec.hpp); a relative mesh file is
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

}  // namespace mstmm::model_file
