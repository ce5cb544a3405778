// Plot axis ticks (issue 13.8): round values, labelled exactly, zero as "0".
// Expected labels are written out by hand.

#include <cmath>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "tests/core/check.hpp"

#include "core/plot/axis_ticks.hpp"

using namespace mstmm;

namespace {

std::vector<std::string> labels(const std::vector<AxisTick>& ticks) {
  std::vector<std::string> out;
  for (const AxisTick& t : ticks) out.push_back(t.label);
  return out;
}

}  // namespace

TEST(AxisTicks, roundRangesGetTheirOwnValues) {
  struct Row {
    const char* name;
    double lo, hi;
    int target;
    std::vector<std::string> expected;
  };
  const Row rows[] = {
      {"0-5 s (the crank-slider's time axis)", 0.0, 5.0, 6, {"0", "1", "2", "3", "4", "5"}},
      {"0-2.5 s", 0.0, 2.5, 6, {"0", "0.5", "1.0", "1.5", "2.0", "2.5"}},
      {"symmetric tenths", -0.6, 0.6, 6, {"-0.6", "-0.4", "-0.2", "0", "0.2", "0.4", "0.6"}},
      {"padded angle range", -115.0, 2400.0, 5, {"0", "500", "1000", "1500", "2000"}},
      {"quarter steps", 0.0, 1.0, 4, {"0", "0.25", "0.50", "0.75", "1.00"}},
      {"tenths, not 0.30000000000000004", 0.0, 1.0, 10, {"0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"}},
      {"small values", 0.0, 3e-7, 6, {"0", "5e-08", "1e-07", "1.5e-07", "2e-07", "2.5e-07", "3e-07"}},
      {"large values", 0.0, 4e6, 4, {"0", "1e+06", "2e+06", "3e+06", "4e+06"}},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const std::vector<AxisTick> ticks = axisTicks(row.lo, row.hi, row.target);
    ASSERT_EQ(labels(ticks), row.expected);
    for (const AxisTick& t : ticks)
      if (t.label == "0") {
        ASSERT_SAME(t.value, 0.0);
      }
  }
}

// Any range: ticks inside it, distinct labels that read back as their
// values, a step of 1, 2, 2.5 or 5 times a power of ten, zero exact.
TEST(AxisTicks, anyRangeGetsDistinctExactLabels) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> exponent(-8.0, 8.0), unit(-1.0, 1.0);
  for (int trial = 0; trial < 2000; ++trial) {
    const double scale = std::pow(10.0, exponent(random));
    double lo = scale * unit(random), hi = scale * unit(random);
    if (lo > hi) std::swap(lo, hi);
    const int target = 3 + trial % 8;
    const std::vector<AxisTick> ticks = axisTicks(lo, hi, target);
    ASSERT_TRUE(ticks.size() >= 2 && static_cast<int>(ticks.size()) <= 2 * target + 1) << ::mstmm::test::text("%1 %2: %3", lo, hi, ticks.size());
    const double step = ticks[1].value - ticks[0].value;
    const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    ASSERT_TRUE(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 2.5) < 1e-9 || std::abs(mantissa - 5) < 1e-9);
    const std::vector<std::string> text = labels(ticks);
    ASSERT_EQ(std::set<std::string>(text.begin(), text.end()).size(), text.size());
    for (const AxisTick& t : ticks) {
      ASSERT_TRUE(t.value >= lo - 1e-9 * step && t.value <= hi + 1e-9 * step);
      ASSERT_TRUE(std::abs(std::stod(t.label) - t.value) <= 1e-9 * step) << t.label;
      ASSERT_TRUE(t.label != "-0" && (t.value != 0.0 || t.label == "0"));
    }
  }
}

TEST(AxisTicks, roundOffAroundZeroShowsAsZero) {
  double lo = -3.333e-10, hi = 3.333e-10;
  plotRange(lo, hi);
  ASSERT_SAME(lo, -1.0);
  ASSERT_SAME(hi, 1.0);
  lo = hi = 5.0;  // a constant
  plotRange(lo, hi);
  ASSERT_SAME(lo, 4.75);
  ASSERT_SAME(hi, 5.25);
  lo = 0.0, hi = 10.0;
  plotRange(lo, hi);
  ASSERT_SAME(lo, -0.5);
  ASSERT_SAME(hi, 10.5);
  ASSERT_TRUE(axisTicks(0.0, 0.0).empty());
  ASSERT_TRUE(axisTicks(0.0, std::nan("")).empty());
}


// A Bode plot's frequency axis holds log10 f; its ticks read f itself at
// 1, 2 and 5 per decade, placed at log10 of the labelled value.
TEST(AxisTicks, logarithmicAxisReadsTheQuantityAtOneTwoFive) {
  const std::vector<AxisTick> ticks = logAxisTicks(std::log10(0.1), std::log10(10.0));
  std::vector<std::string> labels;
  for (const AxisTick& t : ticks) {
    labels.push_back(t.label);
    ASSERT_NEAR(t.value, std::log10(std::stod(t.label)), 1e-15);
  }
  ASSERT_TRUE((labels == std::vector<std::string>{"0.1", "0.2", "0.5", "1", "2", "5", "10"}));
  // Six decades: the powers of ten alone.
  labels.clear();
  for (const AxisTick& t : logAxisTicks(-2.0, 4.0)) labels.push_back(t.label);
  ASSERT_TRUE((labels == std::vector<std::string>{"0.01", "0.1", "1", "10", "100", "1000", "10000"}));
  // Inside one decade, between 2 and 4.5 Hz: every integer that fits.
  labels.clear();
  for (const AxisTick& t : logAxisTicks(std::log10(2.0), std::log10(4.5))) labels.push_back(t.label);
  ASSERT_TRUE((labels == std::vector<std::string>{"2", "3", "4"}));
  ASSERT_TRUE(logAxisTicks(1.0, 1.0).empty());
  ASSERT_TRUE(logAxisTicks(0.0, NAN).empty());
}
