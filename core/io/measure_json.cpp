// Named measures (docs/model-format.md, "Measures"), read and written.
#include "core/io/model_json_elements.hpp"

namespace mstmm::model_file {

std::vector<MeasureSpec> readMeasures(const ObjectReader& top) {
  return readNamedList<MeasureSpec>(top, "measures", "measure", [](const ObjectReader& r, const std::string&) {
    r.allowOnly({"name", "kind", "body", "point", "relative_to", "relative_point", "axis"});
    MeasureSpec m;
    m.name = r.string("name");
    const std::string kind = r.string("kind");
    if (!measureKindFromString(kind, m.kind))
      fail(r.where(), "kind '" + kind + "' is not one of position, velocity, acceleration, distance, angle");
    m.body = r.string("body");
    m.point = r.vec3("point", Vec3::Zero());
    const std::string reference = r.string("relative_to", "ground");
    m.relativeTo = reference == "ground" ? std::string() : reference;
    m.relativePoint = r.vec3("relative_point", Vec3::Zero());
    m.axis = r.vec3("axis", Vec3::UnitZ());
    return m;
  });
}

Json writeMeasures(const std::vector<MeasureSpec>& measures) {
  Json list = Json::array();
  for (const MeasureSpec& m : measures) {
    Json j = {{"name", m.name}, {"kind", toString(m.kind)}, {"body", m.body}, {"point", vec(m.point)},
              {"relative_to", m.groundReference() ? std::string("ground") : m.relativeTo}, {"relative_point", vec(m.relativePoint)}};
    if (m.kind == MeasureKind::Angle) j["axis"] = vec(m.axis);
    list.push_back(std::move(j));
  }
  return list;
}

}  // namespace mstmm::model_file
