#include "core/sim/result_columns.hpp"

#include <functional>
#include <map>
#include <optional>

#include "core/error.hpp"

namespace mstmm {

namespace {

using Getter = std::function<double(const Results&, int frame, int slot)>;

/// A body's columns, by suffix.
const std::map<std::string, Getter>& bodyColumns() {
  static const std::map<std::string, Getter> columns = [] {
    std::map<std::string, Getter> c;
    const char* axes = "xyz";
    for (int k = 0; k < 3; ++k) {
      c[std::string(1, axes[k])] = [k](const Results& r, int f, int s) { return r.com(f, s)[k]; };
      c[std::string("w") + axes[k]] = [k](const Results& r, int f, int s) { return r.angularVelocity(f, s)[k]; };
      c[std::string("hinge_f") + axes[k]] = [k](const Results& r, int f, int s) { return r.hingeForce(f, s)[k]; };
      c[std::string("hinge_m") + axes[k]] = [k](const Results& r, int f, int s) { return r.hingeMoment(f, s)[k]; };
    }
    const char* quaternion[] = {"qw", "qx", "qy", "qz"};
    for (int k = 0; k < 4; ++k) c[quaternion[k]] = [k](const Results& r, int f, int s) { return r.orientation(f, s)[k]; };
    c["theta"] = [](const Results& r, int f, int s) { return r.theta(f, s); };
    return c;
  }();
  return columns;
}

std::vector<double> collect(const Results& r, const std::function<double(int)>& value) {
  std::vector<double> v(static_cast<std::size_t>(r.frameCount()));
  for (int f = 0; f < r.frameCount(); ++f) v[static_cast<std::size_t>(f)] = value(f);
  return v;
}

std::optional<std::vector<double>> energyColumn(const Results& r, const std::string& which) {
  const std::map<std::string, std::function<double(const Energy&)>> energies{
      {"kinetic", [](const Energy& e) { return e.kinetic; }},       {"potential", [](const Energy& e) { return e.potential; }},
      {"spring", [](const Energy& e) { return e.spring; }},         {"work", [](const Energy& e) { return e.work; }},
      {"dissipated", [](const Energy& e) { return e.dissipated; }}, {"total", [](const Energy& e) { return e.total(); }},
      {"balance", [](const Energy& e) { return e.balance(); }}};
  const auto it = energies.find(which);
  if (it == energies.end()) return std::nullopt;
  return collect(r, [&](int f) { return it->second(r.energy(f)); });
}

}  // namespace

const std::vector<std::string>& momentumColumnNames(const Model& model) {
  static const std::vector<std::string> none, spatial{"momentum.px", "momentum.py", "momentum.pz", "momentum.lx", "momentum.ly",
                                                      "momentum.lz", "momentum.cx", "momentum.cy", "momentum.cz"},
      planar{"momentum.px", "momentum.py", "momentum.lz", "momentum.cx", "momentum.cy"};
  if (!model.hasFloatingRoot()) return none;
  return model.planar() ? planar : spatial;
}

std::vector<double> momentumColumnValues(const Model& model, const Momentum& p) {
  if (!model.hasFloatingRoot()) return {};
  if (model.planar()) return {p.linear.x(), p.linear.y(), p.angular.z(), p.centreOfMass.x(), p.centreOfMass.y()};
  return {p.linear.x(), p.linear.y(), p.linear.z(), p.angular.x(), p.angular.y(), p.angular.z(), p.centreOfMass.x(), p.centreOfMass.y(), p.centreOfMass.z()};
}

std::vector<double> resultColumn(const Model& model, const Results& r, const std::string& name) {
  if (name == "t") return r.times();
  const std::vector<std::string>& momenta = momentumColumnNames(model);
  for (std::size_t k = 0; k < momenta.size(); ++k)
    if (name == momenta[k]) return collect(r, [&](int f) { return momentumColumnValues(model, r.momentum(f))[k]; });
  if (name.rfind("energy.", 0) == 0)
    if (auto column = energyColumn(r, name.substr(7))) return *column;
  for (std::size_t c = 0; c < r.loadChannels().size(); ++c)
    if (r.loadChannels()[c].name == name) return collect(r, [&](int f) { return r.loadValue(f, static_cast<int>(c)); });
  const auto dot = name.rfind('.');
  if (dot != std::string::npos) {
    const std::string owner = name.substr(0, dot), field = name.substr(dot + 1);
    for (int k = 0; k < model.sliderCount(); ++k) {
      const std::string coordinate = model.slideName(k);
      if (name == coordinate) return collect(r, [&](int f) { return r.slide(f, k); });
      if (name == coordinate + "_dot") return collect(r, [&](int f) { return r.slideRate(f, k); });
    }
    const int body = model.bodyByName(owner);
    const auto getter = bodyColumns().find(field);
    if (body >= 0 && getter != bodyColumns().end() && (field != "theta" || model.planar())) {
      const int slot = r.slotOf(body);
      if (slot < 0) throw Error(ErrorKind::Input, "column '" + name + "': body '" + owner + "' was not recorded");
      return collect(r, [&](int f) { return getter->second(r, f, slot); });
    }
  }
  throw Error(ErrorKind::Input, "no result column '" + name + "' (columns are named as in the results CSV: t, <body>.x, <body>.qw, " +
                                    std::string(model.planar() ? "<body>.theta, " : "") + "<hinge>.s, energy.total, ...)");
}

std::string resultColumnUnit(const Model& model, const std::string& name) {
  if (name == "t") return "s";
  for (const LoadChannel& c : loadChannels(model))
    if (c.name == name) return c.unit;
  for (int k = 0; k < model.sliderCount(); ++k) {
    if (name == model.slideName(k)) return "m";
    if (name == model.slideName(k) + "_dot") return "m/s";
  }
  const auto dot = name.rfind('.');
  if (dot == std::string::npos) return "";
  const std::string owner = name.substr(0, dot), field = name.substr(dot + 1);
  if (owner == "energy") return "J";
  if (owner == "momentum") {
    if (field.size() != 2) return "";
    return field[0] == 'p' ? "kg m/s" : field[0] == 'l' ? "kg m²/s" : "m";
  }
  if (model.bodyByName(owner) < 0 || !bodyColumns().count(field)) return "";
  if (field == "x" || field == "y" || field == "z") return "m";
  if (field[0] == 'q') return "1";
  if (field == "theta") return "rad";
  if (field[0] == 'w') return "rad/s";
  return field.rfind("hinge_f", 0) == 0 ? "N" : "N m";
}

}  // namespace mstmm
