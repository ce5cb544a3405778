#pragma once
// Tick marks of a plot axis: round values, labelled exactly. Used by the
// studio's plot panes and the plots the CLI exports, so both read the same.

#include <string>
#include <vector>

namespace mstmm {

struct AxisTick {
  double value = 0.0;
  std::string label;
};

/// The ticks inside [lo, hi]: the multiples of a step of 1, 2, 2.5 or 5
/// times a power of ten, about `target` of them (never more than
/// 2 target + 1), each labelled with just enough digits to tell it from its
/// neighbours and computed as k * step, so that the tick at zero is exactly
/// 0 and reads "0" (never "-0" or "3.3e-17"). Empty when the range is empty
/// or not finite.
std::vector<AxisTick> axisTicks(double lo, double hi, int target = 6);

/// The ticks of a logarithmic axis, whose plotted values are log10 of the
/// quantity, inside [lo, hi]: at 1, 2 and 5 times the powers of ten (the
/// powers of ten alone when the range spans more than four decades; every
/// integer multiple within one decade when fewer than two would show),
/// each at log10 of its value and labelled with the value itself ("0.05",
/// "2", "1e+06"). Empty when the range is empty or not finite.
std::vector<AxisTick> logAxisTicks(double lo, double hi);

/// The value range a plot shows for data spanning [lo, hi]: 5 % padding on
/// each side; a range narrower than the round-off of its magnitude
/// (1e-9 of max(1, |lo|, |hi|), in SI units) counts as one value, so
/// round-off noise around zero shows as a flat line at 0 on [-1, 1], and a
/// constant c on c -/+ 5 % of |c| (or 1).
void plotRange(double& lo, double& hi);

}  // namespace mstmm
