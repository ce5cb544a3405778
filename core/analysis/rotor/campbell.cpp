#include "core/analysis/rotor/campbell.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>

#include "core/error.hpp"
#include "core/message_text.hpp"

namespace mstmm {

namespace {

void checkSpeeds(const std::vector<double>& speeds) {
  if (speeds.empty()) refuseRotorInput("Campbell diagram: give at least one speed");
  for (std::size_t i = 0; i < speeds.size(); ++i) {
    if (!std::isfinite(speeds[i]) || speeds[i] < 0.0) refuseRotorInput("Campbell diagram: speed " + formatNumber(speeds[i]) + " rad/s: speeds must be finite and >= 0");
    if (i > 0 && !(speeds[i] > speeds[i - 1])) refuseRotorInput("Campbell diagram: speeds must increase (" + formatNumber(speeds[i]) + " rad/s follows " + formatNumber(speeds[i - 1]) + ")");
  }
}

// For each line, the mode of `now` most like its last shape: the pairs of
// largest MAC first, so that two lines never take one mode. A line with
// nothing left to take gets -1.
std::vector<int> match(const std::vector<Eigen::VectorXcd>& last, const std::vector<RotorMode>& now, std::vector<double>& macOf) {
  struct Pair {
    double mac;
    int line, mode;
  };
  std::vector<Pair> pairs;
  for (std::size_t k = 0; k < last.size(); ++k)
    for (std::size_t j = 0; j < now.size(); ++j) pairs.push_back({modalAssurance(last[k], now[j].shape), static_cast<int>(k), static_cast<int>(j)});
  std::sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) { return a.mac > b.mac; });
  std::vector<int> modeOf(last.size(), -1);
  std::vector<bool> taken(now.size(), false);
  macOf.assign(last.size(), 0.0);
  for (const Pair& p : pairs) {
    if (modeOf[static_cast<std::size_t>(p.line)] >= 0 || taken[static_cast<std::size_t>(p.mode)]) continue;
    modeOf[static_cast<std::size_t>(p.line)] = p.mode;
    macOf[static_cast<std::size_t>(p.line)] = p.mac;
    taken[static_cast<std::size_t>(p.mode)] = true;
  }
  return modeOf;
}

// The mode at speed omega most like `shape`.
RotorMode modeLike(const RotorAtSpeed& rotor, double omega, const Eigen::VectorXcd& shape, const std::atomic<bool>* cancel) {
  RotorModes modes = rotorModes(rotor, omega, cancel);
  if (modes.modes.empty()) throw Error(ErrorKind::Solver, "rotor: no mode oscillates at " + formatNumber(omega) + " rad/s");
  std::size_t best = 0;
  double mac = -1.0;
  for (std::size_t j = 0; j < modes.modes.size(); ++j)
    if (const double m = modalAssurance(shape, modes.modes[j].shape); m > mac) {
      mac = m;
      best = j;
    }
  return std::move(modes.modes[best]);
}

// A root of g along one line between two speeds where g changes sign, by
// the Illinois variant of regula falsi (superlinear, never leaves the
// bracket); each evaluation takes the modes at that speed.
struct Root {
  double speed;
  RotorMode mode;
};
Root findRoot(const RotorAtSpeed& rotor, double a, double b, const RotorMode& modeA, const RotorMode& modeB,
              const std::function<double(const RotorMode&, double)>& g, const std::atomic<bool>* cancel) {
  double fa = g(modeA, a), fb = g(modeB, b);
  Root best{std::abs(fa) < std::abs(fb) ? a : b, std::abs(fa) < std::abs(fb) ? modeA : modeB};
  Eigen::VectorXcd shape = best.mode.shape;
  for (int iteration = 0; iteration < 100; ++iteration) {
    checkCancelled(cancel);
    const double c = b - fb * (b - a) / (fb - fa);
    RotorMode mode = modeLike(rotor, c, shape, cancel);
    const double fc = g(mode, c);
    shape = mode.shape;
    const double step = std::abs(c - best.speed);
    best = {c, std::move(mode)};
    if (fc == 0.0 || step <= 1e-13 * std::max(std::abs(c), 1e-300)) break;
    if ((fc > 0.0) != (fb > 0.0)) {
      a = b;
      fa = fb;
    } else {
      fa *= 0.5;
    }
    b = c;
    fb = fc;
  }
  return best;
}

}  // namespace

CampbellDiagram campbellDiagram(const RotorAtSpeed& rotor, const CampbellOptions& options) {
  checkSpeeds(options.speeds);
  if (options.modes < 1) refuseRotorInput("Campbell diagram: follow at least one mode");
  CampbellDiagram d;
  d.speeds = options.speeds;
  RotorModes first = rotorModes(rotor, options.speeds.front(), options.cancel);
  ++d.linearisations;
  if (first.modes.empty()) refuseRotorInput("Campbell diagram: no mode of the rotor oscillates at " + formatNumber(options.speeds.front()) + " rad/s");
  const std::size_t lines = std::min<std::size_t>(static_cast<std::size_t>(options.modes), first.modes.size());
  d.lines.resize(lines);
  d.mac.resize(lines);
  std::vector<Eigen::VectorXcd> last;
  for (std::size_t k = 0; k < lines; ++k) {
    last.push_back(first.modes[k].shape);
    d.lines[k].push_back(first.modes[k]);
    d.mac[k].push_back(1.0);
  }
  for (std::size_t i = 1; i < options.speeds.size(); ++i) {
    checkCancelled(options.cancel);  // a small rotor's linearisation may never look at the flag itself
    const RotorModes now = rotorModes(rotor, options.speeds[i], options.cancel);
    ++d.linearisations;
    std::vector<double> mac;
    const std::vector<int> modeOf = match(last, now.modes, mac);
    for (std::size_t k = 0; k < lines; ++k) {
      RotorMode m;
      if (modeOf[k] >= 0) m = now.modes[static_cast<std::size_t>(modeOf[k])];
      else {  // the line's mode stopped oscillating (overdamped): a gap
        m.frequency = m.naturalFrequency = m.dampingRatio = m.logDecrement = std::numeric_limits<double>::quiet_NaN();
        m.shape = last[k];
      }
      last[k] = m.shape;
      d.lines[k].push_back(std::move(m));
      d.mac[k].push_back(mac[k]);
    }
  }
  return d;
}

std::vector<CriticalSpeed> criticalSpeeds(const RotorAtSpeed& rotor, const CampbellDiagram& diagram, double order, const std::atomic<bool>* cancel) {
  if (!std::isfinite(order) || order <= 0.0) refuseRotorInput("critical speeds: the order " + formatNumber(order) + " must be a number > 0");
  const auto g = [order](const RotorMode& m, double omega) { return 2.0 * std::numbers::pi * m.frequency - order * omega; };
  std::vector<CriticalSpeed> out;
  for (std::size_t k = 0; k < diagram.lines.size(); ++k)
    for (std::size_t i = 0; i + 1 < diagram.speeds.size(); ++i) {
      const RotorMode &a = diagram.lines[k][i], &b = diagram.lines[k][i + 1];
      const double fa = g(a, diagram.speeds[i]), fb = g(b, diagram.speeds[i + 1]);
      if (!(std::isfinite(fa) && std::isfinite(fb)) || (fa > 0.0) == (fb > 0.0)) continue;
      const Root r = findRoot(rotor, diagram.speeds[i], diagram.speeds[i + 1], a, b, g, cancel);
      out.push_back({r.speed, r.mode.frequency, order, static_cast<int>(k), r.mode.whirl, r.mode.dampingRatio});
    }
  std::sort(out.begin(), out.end(), [](const CriticalSpeed& a, const CriticalSpeed& b) { return a.speed < b.speed; });
  return out;
}

std::optional<StabilityThreshold> stabilityThreshold(const RotorAtSpeed& rotor, const CampbellDiagram& diagram, const std::atomic<bool>* cancel) {
  const auto g = [](const RotorMode& m, double) { return m.dampingRatio; };
  std::optional<StabilityThreshold> lowest;
  for (std::size_t k = 0; k < diagram.lines.size(); ++k)
    for (std::size_t i = 0; i + 1 < diagram.speeds.size(); ++i) {
      const RotorMode &a = diagram.lines[k][i], &b = diagram.lines[k][i + 1];
      if (!(a.dampingRatio > 0.0 && b.dampingRatio <= 0.0)) continue;
      if (lowest && lowest->speed <= diagram.speeds[i]) break;
      const Root r = findRoot(rotor, diagram.speeds[i], diagram.speeds[i + 1], a, b, g, cancel);
      if (!lowest || r.speed < lowest->speed) lowest = StabilityThreshold{r.speed, static_cast<int>(k), r.mode.frequency, r.mode.whirl};
      break;
    }
  return lowest;
}

}  // namespace mstmm
