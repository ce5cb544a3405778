#pragma once
// atan2(s, w) for s >= 0, w >= 0, in [0, pi/2], for one value (double) or
// four (Packed4) with the same operations per lane: the angle of a ball
// hinge's spring, 2 atan2(|v|, w) of a quaternion [w, v] with w >= 0
// (ball_hinge_law.hpp). libm's atan2 took 98 instructions a hinge
// (callgrind) and cannot be packed; this takes a division and 21 FMAs.
//
// With x = min / max of (s, w) in [0, 1]: atan x directly for x <= tan(pi/8),
// else pi/4 + atan((x - 1) / (x + 1)); either way atan y for
// |y| <= tan(pi/8) = sqrt(2) - 1, from its Maclaurin series
// y sum_n (-1)^n y^2n / (2n + 1), whose terms past n = 20 are below
// 2e-18 of the sum. Then pi/2 - that if s > w. Accuracy against libm:
// test_quadrant_atan2 (at most 3 units in the last place, 2 or more
// at 0.25 % of directions).

#include <numbers>

#include "core/math/scalar_vec3.hpp"

namespace mstmm {

/// (-1)^n / (2n + 1), n = 0..20.
inline constexpr double kAtanSeries[21] = {
    1.0,        -1.0 / 3,  1.0 / 5,   -1.0 / 7,  1.0 / 9,   -1.0 / 11, 1.0 / 13,  -1.0 / 15, 1.0 / 17, -1.0 / 19, 1.0 / 21,
    -1.0 / 23,  1.0 / 25,  -1.0 / 27, 1.0 / 29,  -1.0 / 31, 1.0 / 33,  -1.0 / 35, 1.0 / 37, -1.0 / 39, 1.0 / 41};

template <class T>
inline T quadrantAtan2(const T& s, const T& w) {
  constexpr double tanEighthTurn = 0.41421356237309503;  // tan(pi/8), rounded down: the reduced |y| stays below it
  const auto swap = s > w;
  const T small = select(swap, w, s), large = select(swap, s, w);
  const auto reduce = small > tanEighthTurn * large;
  // Both zero (no angle): y = 0.
  const T y = select(large > 0.0, select(reduce, (small - large) / (small + large), small / large), T{});
  const T u = y * y;
  T p = T{} + kAtanSeries[20];
  // Unrolled: as a loop, its counter and loads took six instructions of
  // each of the 20 steps (callgrind); unrolled, the same steps in the same order.
#pragma GCC unroll 20
  for (int n = 19; n >= 0; --n) p = p * u + kAtanSeries[n];
  // pi/4 and pi/2 as a double plus what it lacks, which the subtraction
  // pi/4 - |y p| (down to half pi/4) would otherwise magnify to a unit.
  constexpr double quarterLow = 3.061616997868383e-17, halfLow = 6.123233995736766e-17;
  const T r = select(reduce, std::numbers::pi / 4 + (y * p + quarterLow), y * p);
  return select(swap, std::numbers::pi / 2 + (halfLow - r), r);
}

}  // namespace mstmm
