// mstmm campbell and unbalance: the rotor analyses (docs/rotors.md) from the
// command line.

#include <cstdio>
#include <iostream>
#include <numbers>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/interrupt.hpp"
#include "core/analysis/rotor/campbell.hpp"
#include "core/analysis/rotor/unbalance_response.hpp"
#include "core/error.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/model_json.hpp"
#include "core/io/rotor_csv.hpp"
#include "core/message_text.hpp"

namespace mstmm::cli {

namespace {

constexpr double kRpm = 30.0 / std::numbers::pi;

// --spin HINGE or HINGE.angle, or several separated by commas
std::vector<SpinCoordinate> spinOption(const Arguments& a, const char* command) {
  if (!a.has("spin")) throw Error(ErrorKind::Input, std::string(command) + " needs --spin HINGE (the hinge the rotor turns on; HINGE.angle for a cylindrical or planar hinge)");
  return parseSpins(a.value("spin"));
}

// --speeds W1,W2,... or --from, --to (rad/s) and --points, evenly spaced.
std::vector<double> speedsOption(const Arguments& a, const char* command) {
  std::vector<double> speeds = a.numbers("speeds");
  if (!speeds.empty()) {
    if (a.has("from") || a.has("to") || a.has("points")) throw Error(ErrorKind::Input, std::string(command) + ": give --speeds or a range (--from, --to, --points), not both");
    return speeds;
  }
  if (!a.has("to")) throw Error(ErrorKind::Input, std::string(command) + " needs --to W (the highest speed, rad/s) or --speeds W1,W2,...");
  const double from = a.number("from", 0.0), to = a.number("to", 0.0);
  const long points = a.integer("points", 41);
  if (!(to > from) || from < 0.0) throw Error(ErrorKind::Input, std::string(command) + ": the speed range " + formatNumber(from) + " to " + formatNumber(to) + " rad/s must be increasing and >= 0");
  if (points < 2 || points > 100000) throw Error(ErrorKind::Input, std::string(command) + ": --points must be 2 to 100000");
  for (long i = 0; i < points; ++i) speeds.push_back(from + (to - from) * static_cast<double>(i) / static_cast<double>(points - 1));
  return speeds;
}

std::string modelPath(const Arguments& a, const char* command) {
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, std::string(command) + " needs exactly one model file");
  return a.positional()[0];
}

void writeOut(const Arguments& a, const std::string& text, const char* what) {
  if (!a.has("out")) return;
  writeFileAtomically(a.value("out"), text);
  std::cout << what << ": " << a.value("out") << "\n";
}

// BODY or BODY@x,y,z; default: the bearings' journals, or the unbalanced bodies.
std::vector<OrbitPoint> orbitPoints(const Arguments& a, const ModelSpec& spec) {
  std::vector<OrbitPoint> points;
  if (a.has("at")) {
    for (const std::string& item : splitList(a.value("at"), ';')) {
      const std::size_t at = item.find('@');
      OrbitPoint p{item.substr(0, at), Vec3::Zero(), ""};
      if (at != std::string::npos) {
        const std::vector<std::string> xyz = splitList(item.substr(at + 1), ',');
        if (xyz.size() != 3) throw Error(ErrorKind::Input, "unbalance: --at " + quoted(item) + ": give BODY or BODY@x,y,z");
        for (int k = 0; k < 3; ++k) p.point[k] = std::stod(xyz[static_cast<std::size_t>(k)]);
      }
      points.push_back(p);
    }
    return points;
  }
  points = bearingPoints(spec);
  if (points.empty())
    for (const UnbalanceSpec& u : spec.unbalances) points.push_back({u.body, u.centre, "body " + quoted(u.body)});
  return points;
}

}  // namespace

int campbellCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"spin", "speeds", "from", "to", "points", "modes", "orders", "out"}, {});
  const std::string path = modelPath(a, "campbell");
  CampbellOptions options;
  options.speeds = speedsOption(a, "campbell");
  options.modes = static_cast<int>(a.integer("modes", 6));
  options.cancel = &catchInterrupt();
  std::vector<double> orders = a.numbers("orders");
  if (orders.empty()) orders = {1.0};
  const RotorAtSpeed rotor = RotorAtSpeed::spinningOn(loadModel(path), spinOption(a, "campbell"));
  const CampbellDiagram d = campbellDiagram(rotor, options);
  std::printf("Campbell diagram of '%s' spinning on '%s': %zu lines over %zu speeds from %s to %s rad/s (%s rpm)\n", rotor.spec().name.c_str(), rotor.spinNames().c_str(),
              d.lines.size(), d.speeds.size(), formatNumber(d.speeds.front()).c_str(), formatNumber(d.speeds.back()).c_str(), formatNumber(d.speeds.back() * kRpm).c_str());
  std::printf("%4s  %16s  %16s  %-9s  %s\n", "line", "first (Hz)", "last (Hz)", "whirl", "lowest MAC");
  for (std::size_t k = 0; k < d.lines.size(); ++k) {
    const double mac = *std::min_element(d.mac[k].begin(), d.mac[k].end());
    std::printf("%4zu  %16s  %16s  %-9s  %s\n", k + 1, formatNumber(d.lines[k].front().frequency).c_str(), formatNumber(d.lines[k].back().frequency).c_str(),
                toString(d.lines[k].back().whirl), formatNumber(mac).c_str());
  }
  for (double order : orders) {
    const std::vector<CriticalSpeed> critical = criticalSpeeds(rotor, d, order, options.cancel);
    if (critical.empty()) std::printf("no critical speed of order %s in the range\n", formatNumber(order).c_str());
    for (const CriticalSpeed& c : critical)
      std::printf("critical speed (%sx): %s rad/s = %s rpm, line %d, %s whirl at %s Hz, damping ratio %s\n", formatNumber(order).c_str(), formatNumber(c.speed).c_str(),
                  formatNumber(c.speed * kRpm).c_str(), c.line + 1, toString(c.whirl), formatNumber(c.frequency).c_str(), formatNumber(c.dampingRatio).c_str());
  }
  if (const auto t = stabilityThreshold(rotor, d, options.cancel))
    std::printf("stability threshold: %s rad/s = %s rpm, line %d (%s whirl at %s Hz)\n", formatNumber(t->speed).c_str(), formatNumber(t->speed * kRpm).c_str(), t->line + 1,
                toString(t->whirl), formatNumber(t->frequency).c_str());
  else
    std::printf("stable over the whole range (every line keeps a positive damping ratio)\n");
  writeOut(a, campbellCsv(d), "Campbell diagram");
  return 0;
}

int unbalanceCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"spin", "speeds", "from", "to", "points", "at", "out"}, {});
  const std::string path = modelPath(a, "unbalance");
  const std::vector<double> speeds = speedsOption(a, "unbalance");
  const ModelSpec spec = loadModel(path);
  const RotorAtSpeed rotor = RotorAtSpeed::spinningOn(spec, spinOption(a, "unbalance"));
  const UnbalanceResponse r = unbalanceResponse(rotor, speeds, orbitPoints(a, spec), &catchInterrupt());
  std::printf("unbalance response of '%s' over %zu speeds from %s to %s rad/s\n", spec.name.c_str(), speeds.size(), formatNumber(speeds.front()).c_str(), formatNumber(speeds.back()).c_str());
  for (std::size_t p = 0; p < r.points.size(); ++p) {
    std::size_t peak = 0;
    for (std::size_t i = 1; i < speeds.size(); ++i)
      if (r.orbits[p][i].major() > r.orbits[p][peak].major()) peak = i;
    const Orbit& o = r.orbits[p][peak];
    const std::string name = r.points[p].label.empty() ? "body " + quoted(r.points[p].body) : r.points[p].label;
    std::printf("%s: largest orbit %s m (minor %s m, %s) at %s rad/s = %s rpm\n", name.c_str(), formatNumber(o.major()).c_str(), formatNumber(o.minor()).c_str(),
                o.minor() >= 0.0 ? "forward" : "backward", formatNumber(speeds[peak]).c_str(), formatNumber(speeds[peak] * kRpm).c_str());
  }
  writeOut(a, unbalanceCsv(r), "unbalance response");
  return 0;
}

}  // namespace mstmm::cli
