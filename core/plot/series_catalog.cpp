#include "core/plot/series_catalog.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>
#include "core/loads/compiled_loads.hpp"

namespace mstmm {
namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;

bool wraps(const SeriesKey& key, const Model& model, const PlotSettings& settings) {
  if (key.quantity != Quantity::Angle || model.planar()) return false;
  if (settings.representation == AngleRepresentation::AxisAngle) return true;
  return settings.representation == AngleRepresentation::Cardan && key.component != 1;  // yaw and roll; pitch stays in [-90, 90]
}

double angleValue(const Results& r, const Model& model, int frame, int slot, int component, const PlotSettings& settings) {
  if (model.planar()) return r.theta(frame, slot);
  const Quat q = r.orientation(frame, slot).normalized();
  switch (settings.representation) {
    case AngleRepresentation::Cardan: return cardanFromRotation(rotationFromQuaternion(q))[component];
    case AngleRepresentation::AxisAngle: return twistAngle(q, settings.axis);
    case AngleRepresentation::Quaternion: return q[component];
  }
  return 0.0;
}

double rawValue(const Results& r, const Model& model, int frame, int slot, const SeriesKey& key, const PlotSettings& settings) {
  const int planarZ = model.planar() && (key.quantity == Quantity::AngularVelocity || key.quantity == Quantity::HingeMoment) ? 2 : key.component;
  switch (key.quantity) {
    case Quantity::Angle: return angleValue(r, model, frame, slot, key.component, settings);
    case Quantity::AngularVelocity: return r.angularVelocity(frame, slot)[planarZ];
    case Quantity::HingeForce: return r.hingeForce(frame, slot)[key.component];
    case Quantity::HingeMoment: return r.hingeMoment(frame, slot)[planarZ];
    case Quantity::Slide: return r.slide(frame, key.component);
    case Quantity::SlideRate: return r.slideRate(frame, key.component);
    case Quantity::LoadElement: return frame < r.loadFrameCount() ? r.loadValue(frame, key.component) : 0.0;
    case Quantity::Momentum: return r.momentum(frame).linear[key.component];
    case Quantity::AngularMomentum: return r.momentum(frame).angular[model.planar() ? 2 : key.component];
    case Quantity::CentreOfMass: return r.momentum(frame).centreOfMass[key.component];
    case Quantity::Measure: return r.measureValue(frame, key.component);
    case Quantity::Energy: break;
  }
  const Energy e = r.energy(frame);
  const double values[] = {e.kinetic, e.potential, e.total(), e.spring, e.work, e.dissipated, e.balance()};
  return key.component >= 0 && key.component < 7 ? values[key.component] : 0.0;
}

/// Each angle moved by whole turns to lie within half a turn of `last`.
Vec3 toward(Vec3 c, const Vec3& last) {
  for (int k = 0; k < 3; ++k) c[k] += 2.0 * std::numbers::pi * std::round((last[k] - c[k]) / (2.0 * std::numbers::pi));
  return c;
}

/// Cardan angles that stay continuous when a body turns over: the rotation
/// Rz(a) Ry(b) Rx(c) is also Rz(a + pi) Ry(pi - b) Rx(c + pi), so of the two
/// triples (each moved by whole turns toward the last one) the nearer to the
/// last is taken, and the pitch runs on past +-90 deg instead of the yaw and
/// roll jumping by half a turn (issue 30).
Vec3 continuousCardan(const Vec3& raw, const Vec3& last) {
  const Vec3 a = toward(raw, last), b = toward(Vec3(raw[0] + std::numbers::pi, std::numbers::pi - raw[1], raw[2] + std::numbers::pi), last);
  return (a - last).squaredNorm() <= (b - last).squaredNorm() ? a : b;
}

/// Of the two triples of `raw`, the one whose component k is nearer `previous`
/// (a live run's last plotted value), moved toward it; `raw` without one.
Vec3 seedCardan(const Vec3& raw, int k, double previous) {
  if (std::isnan(previous)) return raw;
  const Vec3 flipped(raw[0] + std::numbers::pi, std::numbers::pi - raw[1], raw[2] + std::numbers::pi);
  const Vec3 a = toward(raw, Vec3::Constant(previous)), b = toward(flipped, Vec3::Constant(previous));
  return std::abs(a[k] - previous) <= std::abs(b[k] - previous) ? a : b;
}

/// A load channel's label "normal force of contact 'tyre'" as a legend reads
/// best, the element first: "tyre: normal force" (issue 30: legends cut short
/// showed only the quantity, the same for every element).
std::string elementFirst(const std::string& label) {
  const std::size_t of = label.rfind(" of ");
  if (of == std::string::npos) return label;
  const std::size_t open = label.find('\'', of), close = label.rfind('\'');
  if (open == std::string::npos || close <= open) return label;
  return label.substr(open + 1, close - open - 1) + ": " + label.substr(0, of);
}

bool angular(const SeriesKey& key, const Model& model, const PlotSettings& settings) {
  if (key.quantity == Quantity::AngularVelocity) return true;
  if (key.quantity == Quantity::Measure) {
    const std::vector<LoadChannel> channels = measureChannels(model);
    return key.component >= 0 && key.component < static_cast<int>(channels.size()) && channels[static_cast<std::size_t>(key.component)].unit == "rad";
  }
  return key.quantity == Quantity::Angle && (model.planar() || settings.representation != AngleRepresentation::Quaternion);
}

}  // namespace


std::vector<LoadGroup> loadGroups(const Model& model) {
  std::vector<LoadGroup> groups;
  const std::vector<LoadChannel> channels = loadChannels(model);
  for (std::size_t c = 0; c < channels.size(); ++c) {
    const std::string& label = channels[c].label;
    const std::size_t of = label.rfind(" of ");
    const std::string quantity = of == std::string::npos ? label : label.substr(0, of);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const LoadGroup& g) { return g.quantity == quantity && g.unit == channels[c].unit; });
    if (it == groups.end()) it = groups.insert(groups.end(), LoadGroup{quantity, channels[c].unit, {}});
    it->channels.push_back(static_cast<int>(c));
  }
  std::erase_if(groups, [](const LoadGroup& g) { return g.channels.size() < 2; });
  return groups;
}

std::vector<LoadGroup> measureGroups(const Model& model) {
  std::vector<LoadGroup> groups;
  const std::vector<LoadChannel> channels = measureChannels(model);
  int channel = 0;
  for (const MeasureSpec& m : model.spec().measures) {
    const int n = m.kind == MeasureKind::Distance || m.kind == MeasureKind::Angle ? 1 : (model.planar() ? 2 : 3);
    if (n > 1) {
      LoadGroup g{std::string(toString(m.kind)) + " '" + m.name + "'", channels[static_cast<std::size_t>(channel)].unit, {}};
      for (int k = 0; k < n; ++k) g.channels.push_back(channel + k);
      groups.push_back(std::move(g));
    }
    channel += n;
  }
  return groups;
}

std::vector<LoadChannel> plottedChannels(Quantity quantity, const Model& model, const PlotSettings& settings) {
  if (quantity == Quantity::LoadElement) return loadChannels(model);
  if (quantity != Quantity::Measure) return {};
  std::vector<LoadChannel> channels = measureChannels(model);
  for (LoadChannel& c : channels)
    if (c.unit == "rad" && settings.degrees) c.unit = "deg";
  return channels;
}

bool loadChannelsShareOneUnit(const Model& model) {
  const std::vector<LoadChannel> channels = loadChannels(model);
  return std::all_of(channels.begin(), channels.end(), [&](const LoadChannel& c) { return c.unit == channels.front().unit; });
}

PlotChoice defaultPlot(const Model& model) {
  if (model.loads().drivenCount() > 0) {
    const std::string drive = model.loads().drivenHinge(0).name + ".drive";
    const std::vector<LoadChannel> channels = loadChannels(model);
    for (std::size_t c = 0; c < channels.size(); ++c)
      if (channels[c].name == drive) return {Quantity::LoadElement, static_cast<int>(c)};
  }
  bool turns = false;
  for (int i = 0; i < model.bodyCount(); ++i) turns = turns || (model.hinge(i).dof > 0 && model.hinge(i).slider < 0);
  return {!turns && model.sliderCount() > 0 ? Quantity::Slide : Quantity::Angle, -1};
}

std::string quantityName(Quantity quantity) {
  switch (quantity) {
    case Quantity::Angle: return "angle";
    case Quantity::AngularVelocity: return "angular velocity";
    case Quantity::Energy: return "energy";
    case Quantity::HingeForce: return "hinge force";
    case Quantity::HingeMoment: return "hinge moment";
    case Quantity::Slide: return "slide";
    case Quantity::SlideRate: return "slide rate";
    case Quantity::LoadElement: return "load elements";
    case Quantity::Momentum: return "momentum";
    case Quantity::AngularMomentum: return "angular momentum";
    case Quantity::CentreOfMass: return "centre of mass";
    case Quantity::Measure: return "measures";
  }
  return {};
}

namespace {
/// Per-slider quantities: not about a body.
bool global(Quantity quantity) {
  return quantity == Quantity::Energy || quantity == Quantity::Slide || quantity == Quantity::SlideRate || quantity == Quantity::LoadElement ||
         quantity == Quantity::Measure || quantity == Quantity::Momentum || quantity == Quantity::AngularMomentum || quantity == Quantity::CentreOfMass;
}
}  // namespace

std::optional<SeriesKey> pairedSeries(const SeriesKey& y, Quantity x, const Model& model, const PlotSettings& settings) {
  auto ofBodies = [](Quantity q) { return q == Quantity::Angle || q == Quantity::AngularVelocity || q == Quantity::HingeForce || q == Quantity::HingeMoment; };
  if (x == Quantity::LoadElement || y.quantity == Quantity::LoadElement || ofBodies(x) != ofBodies(y.quantity)) return std::nullopt;
  if (x == Quantity::Measure || y.quantity == Quantity::Measure) {
    // A trajectory y(x): a position's y against its x (the component before).
    if (x != Quantity::Measure || y.quantity != Quantity::Measure || y.component < 1) return std::nullopt;
    return SeriesKey{x, y.component - 1, -1};
  }
  if (componentNames(x, model, settings).size() != componentNames(y.quantity, model, settings).size()) return std::nullopt;
  return SeriesKey{x, y.component, y.body};
}

std::vector<std::string> componentNames(Quantity quantity, const Model& model, const PlotSettings& settings) {
  const bool planar = model.planar();
  switch (quantity) {
    case Quantity::Angle:
      if (planar) return {"theta"};
      if (settings.representation == AngleRepresentation::Cardan) return {"yaw (z)", "pitch (y)", "roll (x)"};
      if (settings.representation == AngleRepresentation::AxisAngle) return {"angle about axis"};
      return {"qw", "qx", "qy", "qz"};
    case Quantity::AngularVelocity: return planar ? std::vector<std::string>{"omega z"} : std::vector<std::string>{"omega x", "omega y", "omega z"};
    case Quantity::Energy:
      if (model.hasLoads()) return {"kinetic", "potential", "total", "spring", "work in", "dissipated", "balance"};
      return {"kinetic", "potential", "total"};
    case Quantity::LoadElement:
    case Quantity::Measure: {
      std::vector<std::string> names;
      for (const LoadChannel& c : plottedChannels(quantity, model, settings)) names.push_back(c.label + " [" + c.unit + "]");
      return names;
    }
    case Quantity::HingeForce: return planar ? std::vector<std::string>{"force x", "force y"} : std::vector<std::string>{"force x", "force y", "force z"};
    case Quantity::HingeMoment: return planar ? std::vector<std::string>{"moment z"} : std::vector<std::string>{"moment x", "moment y", "moment z"};
    case Quantity::Momentum:
    case Quantity::CentreOfMass: return planar ? std::vector<std::string>{"x", "y"} : std::vector<std::string>{"x", "y", "z"};
    case Quantity::AngularMomentum: return planar ? std::vector<std::string>{"about z"} : std::vector<std::string>{"about x", "about y", "about z"};
    case Quantity::Slide:
    case Quantity::SlideRate: {
      std::vector<std::string> names;
      for (int k = 0; k < model.sliderCount(); ++k) {
        const CompiledHinge& h = model.hinge(model.sliderBody(k));
        names.push_back(h.slides == 1 ? h.name : model.slideName(k));
      }
      return names;
    }
  }
  return {};
}

std::string unitOf(Quantity quantity, const Model& model, const PlotSettings& settings) {
  switch (quantity) {
    case Quantity::Angle:
      if (!model.planar() && settings.representation == AngleRepresentation::Quaternion) return "1";
      return settings.degrees ? "deg" : "rad";
    case Quantity::AngularVelocity: return settings.degrees ? "deg/s" : "rad/s";
    case Quantity::Energy: return "J";
    case Quantity::HingeForce: return "N";
    case Quantity::HingeMoment: return "N m";
    case Quantity::Slide: return "m";
    case Quantity::SlideRate: return "m/s";
    case Quantity::Momentum: return "kg m/s";
    case Quantity::AngularMomentum: return "kg m²/s";
    case Quantity::CentreOfMass: return "m";
    case Quantity::LoadElement:
    case Quantity::Measure: {  // each curve's unit is in its name; the axis lists them
      std::string units;
      for (const LoadChannel& c : plottedChannels(quantity, model, settings))
        if (units.find(c.unit) == std::string::npos) units += (units.empty() ? "" : ", ") + c.unit;
      return units;
    }
  }
  return {};
}

std::string seriesName(const SeriesKey& key, const Model& model, const PlotSettings& settings) {
  const std::vector<std::string> components = componentNames(key.quantity, model, settings);
  const std::string component = key.component >= 0 && key.component < static_cast<int>(components.size()) ? components[static_cast<std::size_t>(key.component)] : "?";
  if (key.quantity == Quantity::Energy) return "energy " + component;
  if (key.quantity == Quantity::Slide) return "slide of " + component;
  if (key.quantity == Quantity::SlideRate) return "slide rate of " + component;
  if (key.quantity == Quantity::LoadElement || key.quantity == Quantity::Measure) return elementFirst(component);
  if (key.quantity == Quantity::Momentum || key.quantity == Quantity::AngularMomentum || key.quantity == Quantity::CentreOfMass)
    return quantityName(key.quantity) + " " + component;
  const bool known = key.body >= 0 && key.body < model.bodyCount();
  if (key.quantity == Quantity::HingeForce || key.quantity == Quantity::HingeMoment)  // the hinge at the body's output, by its own name
    return "hinge " + (known ? model.hinge(key.body).name : std::string("?")) + " " + component;
  const std::string body = known ? model.body(key.body).name : "?";
  return body + " " + component;
}

std::vector<double> seriesValues(const Results& results, const Model& model, const SeriesKey& key, const PlotSettings& settings, int firstFrame,
                                 double previous) {
  std::vector<double> values;
  const int slot = global(key.quantity) ? 0 : (key.body >= 0 && key.body < model.bodyCount() ? results.slotOf(key.body) : -1);
  if (slot < 0) return values;  // the body is not recorded
  const double scale = angular(key, model, settings) && settings.degrees ? kDegrees : 1.0;
  const bool unwrap = wraps(key, model, settings);
  previous /= scale;  // given in the output unit
  values.reserve(static_cast<std::size_t>(std::max(0, results.frameCount() - firstFrame)));
  if (key.quantity == Quantity::Angle && !model.planar() && settings.representation == AngleRepresentation::Cardan) {
    Vec3 last = Vec3::Constant(std::numeric_limits<double>::quiet_NaN());
    for (int f = std::max(0, firstFrame); f < results.frameCount(); ++f) {
      const Vec3 raw = cardanFromRotation(rotationFromQuaternion(results.orientation(f, slot).normalized()));
      last = std::isnan(last[0]) ? seedCardan(raw, key.component, previous) : continuousCardan(raw, last);
      values.push_back(scale * last[key.component]);
    }
    return values;
  }
  for (int f = std::max(0, firstFrame); f < results.frameCount(); ++f) {
    double v = rawValue(results, model, f, slot, key, settings);
    if (unwrap && !std::isnan(previous)) v += 2.0 * std::numbers::pi * std::round((previous - v) / (2.0 * std::numbers::pi));
    if (unwrap) previous = v;
    values.push_back(scale * v);
  }
  return values;
}

std::vector<SeriesKey> seriesKeys(Quantity quantity, int component, const std::vector<int>& bodies, const Model& model, const PlotSettings& settings) {
  const int components = static_cast<int>(componentNames(quantity, model, settings).size());
  std::vector<SeriesKey> keys;
  for (int body : global(quantity) ? std::vector<int>{-1} : bodies)
    for (int c = 0; c < components; ++c)
      if (component < 0 || component == c) keys.push_back({quantity, c, body});
  return keys;
}

std::string axisTitle(Quantity quantity, const Model& model, const PlotSettings& settings, const std::vector<SeriesKey>& shown) {
  std::string name = quantityName(quantity);
  name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  if ((quantity != Quantity::LoadElement && quantity != Quantity::Measure) || shown.empty()) return name + " [" + unitOf(quantity, model, settings) + "]";
  const std::vector<LoadChannel> channels = plottedChannels(quantity, model, settings);
  std::vector<std::string> units;
  for (const SeriesKey& key : shown)
    if (key.component >= 0 && key.component < static_cast<int>(channels.size())) {
      const std::string& unit = channels[static_cast<std::size_t>(key.component)].unit;
      if (std::find(units.begin(), units.end(), unit) == units.end()) units.push_back(unit);
    }
  std::string list;
  for (const std::string& u : units) list += (list.empty() ? "" : ", ") + u;
  // Curves of one kind (a load group: every tyre's normal force) are titled by it.
  std::string kind;
  for (const SeriesKey& key : shown) {
    if (key.component < 0 || key.component >= static_cast<int>(channels.size())) return name + " [" + list + "]";
    const std::string& label = channels[static_cast<std::size_t>(key.component)].label;
    const std::string what = label.substr(0, label.rfind(" of "));
    if (!kind.empty() && what != kind) return name + " [" + list + "]";
    kind = what;
  }
  if (shown.size() > 1 && !kind.empty()) {
    kind[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(kind[0])));
    return kind + " [" + list + "]";
  }
  return name + " [" + list + "]";
}

bool quantityFromKeyword(const std::string& word, Quantity& quantity) {
  const std::pair<const char*, Quantity> words[] = {{"angle", Quantity::Angle},
                                                    {"angular-velocity", Quantity::AngularVelocity},
                                                    {"energy", Quantity::Energy},
                                                    {"hinge-force", Quantity::HingeForce},
                                                    {"hinge-moment", Quantity::HingeMoment},
                                                    {"slide", Quantity::Slide},
                                                    {"slide-rate", Quantity::SlideRate},
                                                    {"loads", Quantity::LoadElement},
                                                    {"momentum", Quantity::Momentum},
                                                    {"angular-momentum", Quantity::AngularMomentum},
                                                    {"centre-of-mass", Quantity::CentreOfMass},
                                                    {"measures", Quantity::Measure}};
  for (const auto& [w, q] : words)
    if (word == w) {
      quantity = q;
      return true;
    }
  return false;
}

}  // namespace mstmm
