// The model file's hinges: type by its joint's name, ends, loads on each
// coordinate, read and written.
#include "core/io/model_json_elements.hpp"

#include <unordered_map>

#include "core/message_text.hpp"
#include "core/model/joints/joint_model.hpp"

namespace mstmm::model_file {

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

}  // namespace mstmm::model_file
