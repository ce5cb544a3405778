#include "core/analysis/frequency_response.hpp"

#include <Eigen/LU>
#include <cmath>
#include <numbers>

#include "core/analysis/linearisation.hpp"

#include "core/analysis/linear_sweep.hpp"
#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

double FrequencyResponse::decibels(std::size_t k) const { return 20.0 * std::log10(magnitude(k)); }

void unwrapPhase(FrequencyResponse& r) {
  r.phase.resize(r.response.size());
  double phase = 0.0;
  for (std::size_t k = 0; k < r.response.size(); ++k) {
    const double next = std::arg(r.response[k]);
    phase = k == 0 ? next : phase + std::remainder(next - phase, 2.0 * std::numbers::pi);
    r.phase[k] = phase * 180.0 / std::numbers::pi;
  }
}

namespace {

std::vector<double> listed(const std::vector<double>& list) {
  if (list.size() > 1000000) throw Error(ErrorKind::Input, "frequency response: more than 1000000 frequencies listed (" + std::to_string(list.size()) + ")");
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (!(list[k] > 0.0) || !std::isfinite(list[k]))
      throw Error(ErrorKind::Input, "frequency response: every frequency must be positive (frequency " + std::to_string(k + 1) + " is " + formatNumber(list[k]) + " Hz)");
    if (k > 0 && !(list[k] > list[k - 1]))
      throw Error(ErrorKind::Input, "frequency response: the frequencies must ascend (frequency " + std::to_string(k + 1) + ", " + formatNumber(list[k]) +
                                        " Hz, is not above " + formatNumber(list[k - 1]) + " Hz)");
  }
  return list;
}

}  // namespace

std::vector<double> frequencies(const FrequencyRange& range) {
  if (!range.list.empty()) return listed(range.list);
  if (!(range.from > 0.0) || !std::isfinite(range.from))
    throw Error(ErrorKind::Input, "frequency response: the lowest frequency must be positive (got " + formatNumber(range.from) + " Hz)");
  if (!(range.to > range.from) || !std::isfinite(range.to))
    throw Error(ErrorKind::Input, "frequency response: the highest frequency must be above the lowest (got " + formatNumber(range.from) + " to " + formatNumber(range.to) + " Hz)");
  if (range.points < 2 || range.points > 1000000)
    throw Error(ErrorKind::Input, "frequency response: the number of points must be between 2 and 1000000 (got " + std::to_string(range.points) + ")");
  std::vector<double> f(static_cast<std::size_t>(range.points));
  for (int k = 0; k < range.points; ++k) {
    const double s = static_cast<double>(k) / (range.points - 1);
    f[static_cast<std::size_t>(k)] = range.logarithmic ? range.from * std::pow(range.to / range.from, s) : range.from + s * (range.to - range.from);
  }
  return f;
}

namespace {

FrequencyResponse named(const LinearChannel& input, const LinearChannel& output, const FrequencyRange& range) {
  FrequencyResponse r;
  r.input = input.name;
  r.output = output.name;
  r.inputUnit = input.unit;
  r.outputUnit = output.unit;
  r.frequency = frequencies(range);
  return r;
}

}  // namespace

FrequencyResponse frequencyResponse(const LinearTree& tree, const LinearChannel& input, const LinearChannel& output, const FrequencyRange& range,
                                    const std::atomic<bool>* cancel) {
  FrequencyResponse r = named(input, output, range);
  LinearSweep<std::complex<double>> sweep(tree);
  Eigen::VectorXcd x;
  for (double hz : r.frequency) {
    checkCancelled(cancel);
    const double w = 2.0 * std::numbers::pi * hz;
    sweep.factor(w * w, w);
    sweep.solve(inputLoad(input, w), x);
    r.response.push_back(outputValue(output, input, x, w));
  }
  unwrapPhase(r);
  return r;
}

FrequencyResponse frequencyResponse(const LinearSystem& system, const LinearChannel& input, const LinearChannel& output, const FrequencyRange& range,
                                    const std::atomic<bool>* cancel) {
  FrequencyResponse r = named(input, output, range);
  const std::complex<double> i(0.0, 1.0);
  for (double hz : r.frequency) {
    checkCancelled(cancel);
    const double w = 2.0 * std::numbers::pi * hz;
    const Eigen::MatrixXcd dynamic = system.stiffness.cast<std::complex<double>>() - w * w * system.mass.cast<std::complex<double>>() + i * w * system.damping.cast<std::complex<double>>();
    r.response.push_back(outputValue(output, input, dynamic.partialPivLu().solve(inputLoad(input, w)), w));
  }
  unwrapPhase(r);
  return r;
}

}  // namespace mstmm
