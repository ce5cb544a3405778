#include "core/plot/axis_ticks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace mstmm {

namespace {

/// A round step, 1, 2, 2.5 or 5 times 10^exponent.
struct RoundStep {
  double mantissa = 1.0;
  int exponent = 0;
  double value() const { return mantissa * std::pow(10.0, exponent); }
  /// Decimals its multiples need (2.5 needs one more).
  int decimals() const { return std::max(0, -exponent + (mantissa == 2.5 ? 1 : 0)); }
  RoundStep smaller() const {
    if (mantissa == 1.0) return {5.0, exponent - 1};
    return {mantissa == 5.0 ? 2.5 : mantissa == 2.5 ? 2.0 : 1.0, exponent};
  }
};

/// The smallest round step of at least `raw`, within a tenth: up to a tenth
/// more ticks than asked for rather than half as many.
RoundStep roundStepAbove(double raw) {
  const int exponent = static_cast<int>(std::floor(std::log10(raw)));
  const double fraction = raw / std::pow(10.0, exponent);
  for (double m : {1.0, 2.0, 2.5, 5.0})
    if (fraction <= m * 1.1) return {m, exponent};
  return {1.0, exponent + 1};
}

std::string format(double value, int decimals, double step, double largest) {
  if (value == 0.0) return "0";
  char text[64];
  // Fixed notation reads best; very large or very small values need powers of ten.
  if (largest < 1e6 && step >= 1e-4) {
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
  } else {
    const int significant = std::max(0, static_cast<int>(std::floor(std::log10(largest)) - std::floor(std::log10(step)))) + 1;
    std::snprintf(text, sizeof text, "%.*g", significant + 1, value);
  }
  return text;
}

}  // namespace

std::vector<AxisTick> logAxisTicks(double lo, double hi) {
  std::vector<AxisTick> ticks;
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo) || hi - lo > 300.0) return ticks;
  auto at = [&](const std::vector<int>& mantissas) {
    std::vector<AxisTick> out;
    for (int decade = static_cast<int>(std::floor(lo)); decade <= static_cast<int>(std::ceil(hi)); ++decade)
      for (int m : mantissas) {
        // The value as printed with one significant digit is exact in
        // decimal; its log10 is where the tick goes.
        char label[32];
        std::snprintf(label, sizeof label, "%g", m * std::pow(10.0, decade));
        const double value = std::log10(std::strtod(label, nullptr));
        if (value >= lo - 1e-12 && value <= hi + 1e-12) out.push_back({value, label});
      }
    return out;
  };
  ticks = at(hi - lo > 4.0 ? std::vector<int>{1} : std::vector<int>{1, 2, 5});
  if (ticks.size() < 2) ticks = at({1, 2, 3, 4, 5, 6, 7, 8, 9});
  return ticks;
}

std::vector<AxisTick> axisTicks(double lo, double hi, int target) {
  std::vector<AxisTick> ticks;
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo) || target < 2) return ticks;
  // Multiples of the step within the range, allowing for the range's ends
  // themselves being round values computed with round-off; a step that
  // leaves fewer than two inside gives way to the next smaller one.
  RoundStep round = roundStepAbove((hi - lo) / target);
  long long first = 0, last = -1;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const double step = round.value(), slack = 1e-9 * step;
    first = static_cast<long long>(std::ceil((lo - slack) / step));
    last = static_cast<long long>(std::floor((hi + slack) / step));
    if (last - first >= 1) break;
    round = round.smaller();
  }
  const double step = round.value();
  if (last - first < 1 || last - first > 4LL * target) return ticks;  // guards against a degenerate step
  const double largest = std::max(std::abs(static_cast<double>(first) * step), std::abs(static_cast<double>(last) * step));
  for (long long k = first; k <= last; ++k) {
    const double value = static_cast<double>(k) * step;
    ticks.push_back({k == 0 ? 0.0 : value, format(k == 0 ? 0.0 : value, round.decimals(), step, largest)});
  }
  return ticks;
}

void plotRange(double& lo, double& hi) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || hi < lo) {
    lo = -1.0;
    hi = 1.0;
    return;
  }
  const double magnitude = std::max({1.0, std::abs(lo), std::abs(hi)});
  if (hi - lo > 1e-9 * magnitude) {
    const double pad = 0.05 * (hi - lo);
    lo -= pad;
    hi += pad;
    return;
  }
  const double centre = 0.5 * (lo + hi);
  if (std::abs(centre) <= 1e-9) {  // round-off around zero
    lo = -1.0;
    hi = 1.0;
    return;
  }
  const double pad = 0.05 * std::abs(centre);
  lo = centre - pad;
  hi = centre + pad;
}

}  // namespace mstmm
