#include "core/io/rotor_csv.hpp"

#include <cmath>
#include <numbers>

#include "core/io/results_csv.hpp"

namespace mstmm {

namespace {

constexpr double kRpm = 30.0 / std::numbers::pi;

// A cell: the shortest text of a finite number, empty for a gap.
void cell(std::string& out, double v) {
  out += ',';
  if (std::isfinite(v)) appendNumber(out, v);
}

void speedCells(std::string& out, double speed) {
  appendNumber(out, speed);
  cell(out, speed * kRpm);
}

}  // namespace

std::string campbellCsv(const CampbellDiagram& d) {
  std::string out = "speed_rad_s,speed_rpm";
  for (std::size_t k = 0; k < d.lines.size(); ++k) {
    const std::string p = ",line" + std::to_string(k + 1) + "_";
    out += p + "frequency_hz" + p + "damping_ratio" + p + "log_decrement" + p + "whirl" + p + "whirl_ratio" + p + "mac";
  }
  out += "\n";
  for (std::size_t i = 0; i < d.speeds.size(); ++i) {
    speedCells(out, d.speeds[i]);
    for (std::size_t k = 0; k < d.lines.size(); ++k) {
      const RotorMode& m = d.lines[k][i];
      cell(out, m.frequency);
      cell(out, m.dampingRatio);
      cell(out, m.logDecrement);
      out += std::string(",") + (std::isfinite(m.frequency) ? toString(m.whirl) : "");
      cell(out, m.whirlRatio);
      cell(out, d.mac[k][i]);
    }
    out += "\n";
  }
  return out;
}

std::string unbalanceCsv(const UnbalanceResponse& r) {
  std::string out = "speed_rad_s,speed_rpm";
  for (std::size_t p = 0; p < r.points.size(); ++p) {
    const std::string name = ",point" + std::to_string(p + 1) + "_";
    out += name + "x_m" + name + "x_phase_deg" + name + "y_m" + name + "y_phase_deg" + name + "major_m" + name + "minor_m";
  }
  out += "\n";
  constexpr double kDeg = 180.0 / std::numbers::pi;
  for (std::size_t i = 0; i < r.speeds.size(); ++i) {
    speedCells(out, r.speeds[i]);
    for (std::size_t p = 0; p < r.points.size(); ++p) {
      const Orbit& o = r.orbits[p][i];
      cell(out, std::abs(o.x));
      cell(out, std::arg(o.x) * kDeg);
      cell(out, std::abs(o.y));
      cell(out, std::arg(o.y) * kDeg);
      cell(out, o.major());
      cell(out, o.minor());
    }
    out += "\n";
  }
  return out;
}

}  // namespace mstmm
