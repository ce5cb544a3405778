// Bearings and unbalances (docs/model-format.md, "Rotors"), read and written.
#include "core/io/model_json_elements.hpp"

namespace mstmm::model_file {

namespace {

// A coefficient is a number, or an array of numbers (one per speed); a
// missing one is zero.
std::vector<double> readCoefficient(const ObjectReader& r, const char* key) {
  if (!r.has(key)) return {0.0};
  const Json& v = r.at(key);
  if (v.is_number()) return {r.toNumber(v, key)};
  if (!v.is_array()) fail(r.where(), std::string("'") + key + "' must be a number, or an array of numbers, one per speed");
  std::vector<double> out;
  readList(r, key, out);
  return out;
}

Json writeCoefficient(const std::vector<double>& values) {
  if (values.size() == 1) return values.front();
  return Json(values);
}

}  // namespace

std::vector<BearingSpec> readBearings(const ObjectReader& top) {
  return readNamedList<BearingSpec>(top, "bearings", "bearing", [](const ObjectReader& r, const std::string&) {
    r.allowOnly({"name", "body", "point", "housing", "housing_point", "axis", "x_axis", "speeds", "kxx", "kxy", "kyx", "kyy", "cxx", "cxy", "cyx", "cyy"});
    BearingSpec b;
    b.name = r.string("name");
    b.body = r.string("body");
    b.point = r.vec3("point", Vec3::Zero());
    const std::string housing = r.string("housing", "ground");
    b.housing = housing == "ground" ? std::string() : housing;
    b.housingPoint = r.vec3("housing_point", Vec3::Zero());
    b.axis = r.vec3("axis", Vec3::UnitZ());
    b.xAxis = r.vec3("x_axis", Vec3::UnitX());
    readList(r, "speeds", b.speeds);
    for (int k = 0; k < kBearingCoefficients; ++k) b.coefficients[static_cast<std::size_t>(k)] = readCoefficient(r, bearingCoefficientName(k));
    return b;
  });
}

std::vector<UnbalanceSpec> readUnbalances(const ObjectReader& top) {
  return readNamedList<UnbalanceSpec>(top, "unbalances", "unbalance", [](const ObjectReader& r, const std::string&) {
    r.allowOnly({"name", "body", "mass", "eccentricity", "phase", "centre", "axis"});
    UnbalanceSpec u;
    u.name = r.string("name");
    u.body = r.string("body");
    u.mass = r.number("mass");
    u.eccentricity = r.number("eccentricity");
    u.phase = r.number("phase", 0.0);
    u.centre = r.vec3("centre", Vec3::Zero());
    u.axis = r.vec3("axis", Vec3::UnitZ());
    return u;
  });
}

Json writeBearings(const std::vector<BearingSpec>& bearings) {
  Json list = Json::array();
  for (const BearingSpec& b : bearings) {
    Json j = {{"name", b.name}, {"body", b.body}, {"point", vec(b.point)}, {"housing", b.groundHousing() ? std::string("ground") : b.housing},
              {"housing_point", vec(b.housingPoint)}, {"axis", vec(b.axis)}, {"x_axis", vec(b.xAxis)}};
    if (!b.speeds.empty()) j["speeds"] = b.speeds;
    for (int k = 0; k < kBearingCoefficients; ++k) j[bearingCoefficientName(k)] = writeCoefficient(b.coefficients[static_cast<std::size_t>(k)]);
    list.push_back(std::move(j));
  }
  return list;
}

Json writeUnbalances(const std::vector<UnbalanceSpec>& unbalances) {
  Json list = Json::array();
  for (const UnbalanceSpec& u : unbalances)
    list.push_back({{"name", u.name}, {"body", u.body}, {"mass", u.mass}, {"eccentricity", u.eccentricity}, {"phase", u.phase}, {"centre", vec(u.centre)}, {"axis", vec(u.axis)}});
  return list;
}

}  // namespace mstmm::model_file
