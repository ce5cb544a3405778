// The release matrix inverse of the Riccati sweep (small_spd_inverse.hpp)
// against Eigen's LU inverse and Frobenius norms: the inverse, the condition
// estimate ||a||_F ||a^-1||_F, the root-free comparison with a limit the
// sweep uses, and that comparison where the product of norms overflows or
// underflows but the estimate itself is ordinary.

#include <gtest/gtest.h>

#include <Eigen/Geometry>
#include <Eigen/LU>

#include "core/dynamics/riccati/small_spd_inverse.hpp"

using namespace mstmm;

namespace {

/// A symmetric positive definite matrix with eigenvalues 1, sqrt(k), k (k
/// = its 2-norm condition number) in a rotated frame, times `scale`.
Eigen::Matrix3d spd(double k, double scale) {
  const Eigen::Matrix3d q = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1.0, 2.0, -0.5).normalized()).toRotationMatrix();
  return scale * q * Eigen::Vector3d(1.0, std::sqrt(k), k).asDiagonal() * q.transpose();
}

double frobeniusCondition(const Eigen::Matrix3d& a) { return a.norm() * a.inverse().norm(); }

}  // namespace

TEST(SmallSpdInverse, inverseAndConditionAgainstEigen) {
  // The cofactor form loses about k^1.5 eps (the determinant's cancellation):
  // 1.3e-9 at k = 1e6; the sweep stops at a Frobenius estimate of 1e12.
  for (double k : {1.0, 30.0, 1e4, 1e6}) {
    const Eigen::Matrix3d a = spd(k, 2.5);
    Eigen::Matrix3d inverse;
    SpdConditionTerms terms;
    ASSERT_TRUE(SmallSpdInverse<3>::invert(a, inverse, terms)) << k;
    const double loss = 1e-15 * k * std::sqrt(k);
    EXPECT_LE((inverse - a.inverse()).norm(), loss * a.inverse().norm()) << k;
    EXPECT_NEAR(terms.estimate(), frobeniusCondition(a), loss * frobeniusCondition(a)) << k;
    double condition = 0.0;
    ASSERT_TRUE(SmallSpdInverse<3>::invert(a, inverse, condition));
    EXPECT_EQ(condition, terms.estimate());
    // kappa_F is between the 2-norm condition number k and 3 k.
    EXPECT_GE(condition, k * (1.0 - 1e-9));
    EXPECT_LE(condition, 3.0 * k * (1.0 + 1e-12));
  }
}

TEST(SmallSpdInverse, belowComparesTheEstimateWithTheLimit) {
  Eigen::Matrix3d inverse;
  SpdConditionTerms terms;
  ASSERT_TRUE(SmallSpdInverse<3>::invert(spd(1e6, 1.0), inverse, terms));
  EXPECT_TRUE(terms.below(terms.estimate() * 1.001));
  EXPECT_FALSE(terms.below(terms.estimate() * 0.999));
  // Diagonal, so its cofactors and determinant are exact.
  ASSERT_TRUE(SmallSpdInverse<3>::invert(Eigen::Vector3d(1.0, 1e6, 1e13).asDiagonal().toDenseMatrix(), inverse, terms));
  const double kappa = std::sqrt((1.0 + 1e12 + 1e26) * (1.0 + 1e-12 + 1e-26));  // 1e13 + 5.0
  EXPECT_NEAR(terms.estimate(), kappa, 1e-15 * kappa);
  EXPECT_FALSE(terms.below(1e12));
  EXPECT_TRUE(terms.below(1.001e13));
}

// Entries of 1e60 (a product of norms of 1e360) and of 1e-60 (1e-360): the
// product leaves the double range, the estimate does not, and decides.
TEST(SmallSpdInverse, belowWhereTheProductOfNormsLeavesTheDoubleRange) {
  for (double scale : {1e60, 1e-60}) {
    Eigen::Matrix3d inverse;
    SpdConditionTerms terms;
    const Eigen::Matrix3d a = spd(100.0, scale);
    ASSERT_TRUE(SmallSpdInverse<3>::invert(a, inverse, terms)) << scale;
    const double product = terms.norm2 * terms.adjugateNorm2;
    EXPECT_TRUE(!std::isfinite(product) || product == 0.0) << scale;
    EXPECT_NEAR(terms.estimate(), frobeniusCondition(a), 1e-12 * frobeniusCondition(a)) << scale;
    EXPECT_TRUE(terms.below(1e12)) << scale;
    EXPECT_FALSE(terms.below(50.0)) << scale;
  }
}

TEST(SmallSpdInverse, notPositiveDefinite) {
  Eigen::Matrix3d inverse;
  SpdConditionTerms terms;
  Eigen::Matrix3d a = spd(10.0, 1.0);
  a(2, 2) = -1.0;
  EXPECT_FALSE(SmallSpdInverse<3>::invert(a, inverse, terms));
  EXPECT_FALSE(SmallSpdInverse<3>::invert(Eigen::Matrix3d::Zero(), inverse, terms));
}
