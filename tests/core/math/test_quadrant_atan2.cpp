// quadrantAtan2 (core/math/quadrant_atan2.hpp) against libm's atan2 over
// the first quadrant: on a sweep of directions, near the reduction's switch
// at tan(pi/8) and at 45 degrees, at tiny and huge scales, on the axes, and
// four lanes at once giving exactly the one-at-a-time values.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/math/quadrant_atan2.hpp"

using namespace mstmm;

namespace {

/// |a - b| in units of the last place of b.
double ulps(double a, double b) { return std::abs(a - b) / (std::nextafter(std::abs(b), INFINITY) - std::abs(b)); }

}  // namespace

// At most 3 units in the last place (2e-16 of the angle near pi/8, where the
// reduced argument is largest), and 2 or more at fewer than 1 % of the
// directions.
TEST(QuadrantAtan2, withinThreeUnitsInTheLastPlaceOfLibm) {
  double worst = 0.0;
  int twoOrMore = 0, count = 0;
  for (double scale : {1.0, 1e-150, 1e150}) {
    for (int k = 0; k <= 200000; ++k) {
      const double angle = (std::numbers::pi / 2) * k / 200000.0;
      const double s = scale * std::sin(angle), w = scale * std::cos(angle);
      const double u = ulps(quadrantAtan2(s, w), std::atan2(s, w));
      worst = std::max(worst, u);
      twoOrMore += u >= 2.0, ++count;
    }
  }
  const double t = 0.41421356237309503;  // around the switch of reductions
  for (double d : {-4e-16, -1e-16, 0.0, 1e-16, 4e-16}) worst = std::max(worst, ulps(quadrantAtan2(t + d, 1.0), std::atan2(t + d, 1.0)));
  for (double d : {-1e-15, 0.0, 1e-15}) worst = std::max(worst, ulps(quadrantAtan2(1.0 + d, 1.0), std::atan2(1.0 + d, 1.0)));
  for (double s : {1e-300, 1e-20, 1e-8, 3e-3}) worst = std::max(worst, ulps(quadrantAtan2(s, 1.0), std::atan2(s, 1.0)));
  EXPECT_LE(worst, 3.0);
  EXPECT_GT(worst, 0.0);  // not libm itself
  EXPECT_LT(twoOrMore, count / 100);
}

TEST(QuadrantAtan2, onTheAxes) {
  EXPECT_EQ(quadrantAtan2(0.0, 1.0), 0.0);
  EXPECT_EQ(quadrantAtan2(0.0, 0.0), 0.0);
  EXPECT_EQ(quadrantAtan2(1.0, 1.0), std::atan2(1.0, 1.0));
  EXPECT_NEAR(quadrantAtan2(1.0, 0.0), std::numbers::pi / 2, 1e-16);
  EXPECT_NEAR(quadrantAtan2(3e-5, 0.0), std::numbers::pi / 2, 1e-16);
}

TEST(QuadrantAtan2, fourLanesEqualOneAtATime) {
  const Packed4 s{0.0, 0.3, 2.0, 1e-9}, w{1.0, 0.9, 0.5, 0.7};
  const Packed4 r = quadrantAtan2(s, w);
  for (int k = 0; k < 4; ++k) EXPECT_EQ(r[k], quadrantAtan2(s[k], w[k])) << k;
}
