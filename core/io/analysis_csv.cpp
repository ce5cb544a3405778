#include "core/io/analysis_csv.hpp"

#include <cmath>
#include <cstdio>

#include "core/io/results_csv.hpp"

namespace mstmm {

namespace {

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

/// A magnitude of exactly zero has no decibels: the cell is left empty, not "-inf".
std::string finiteOrEmpty(double v) { return std::isfinite(v) ? number(v) : std::string(); }

}  // namespace

std::string modesCsv(const Linearisation& lin, const std::vector<ModeRow>& rows) {
  const Model& model = lin.chart().model();
  std::string out = "mode,kind,frequency_hz,omega_squared,damping_ratio,damped_frequency_hz,dominant_coordinates,dominant_bodies,dominant_motion";
  for (int k = 0; k < lin.chart().coordinates(); ++k) out += "," + csvField("shape:" + lin.chart().coordinateName(k));
  out += "\n";
  for (const ModeRow& r : rows) {
    out += std::to_string(r.number) + "," + toString(r.kind) + "," + number(r.frequency) + "," + number(r.omegaSquared) + "," + number(r.dampingRatio) + "," +
           number(r.dampedFrequency) + "," + csvField(describeCoordinates(r)) + "," + csvField(describeBodies(model, r)) + "," + csvField(describeMotion(model, r));
    const Eigen::VectorXd q = lin.toTree(r.shape);
    for (Eigen::Index k = 0; k < q.size(); ++k) out += "," + number(q[k]);
    out += "\n";
  }
  return out;
}

std::string frequencyResponseCsv(const FrequencyResponse& r) {
  std::string out = "frequency_hz,magnitude,magnitude_db,phase_deg,real,imag\n";
  for (std::size_t k = 0; k < r.frequency.size(); ++k)
    out += number(r.frequency[k]) + "," + number(r.magnitude(k)) + "," + finiteOrEmpty(r.decibels(k)) + "," + number(r.phaseDegrees(k)) + "," +
           number(r.response[k].real()) + "," + number(r.response[k].imag()) + "\n";
  return out;
}

}  // namespace mstmm
