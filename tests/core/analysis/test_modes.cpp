// Natural frequencies and mode shapes against closed forms: the double
// compound pendulum, the damped pendulum, the hanging chain's Bessel limit,
// and a free-floating system's rigid-body modes.

#include <cmath>
#include <numbers>

#include "core/analysis/equilibrium.hpp"
#include "core/analysis/linearisation.hpp"
#include "core/analysis/modes.hpp"
#include "core/generate/generators.hpp"
#include "tests/core/analysis/vibration_support.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm {
namespace {

constexpr double kG = 9.81;

using test::hangingRods;
using test::note;
constexpr double kDown = std::numbers::pi / 2;  // a planar rod with I below O hangs straight down

LinearSystem linearAbout(const ModelSpec& spec, SolverKind solver = SolverKind::Riccati) {
  const auto model = compile(spec);
  LinearisationOptions options;
  options.solver = solver;
  Linearisation lin(model, initialState(*model), options);
  return lin.linearise();
}

// Two equal uniform rods: M = m L^2 [4/3 1/2; 1/2 1/3], K = m g L [3/2 0; 0 1/2],
// so w^2 = (3 -+ 6/sqrt 7) g / L.
TEST(Modes, DoubleCompoundPendulumMatchesTheClosedForm) {
  const double length = 0.7;
  const LinearSystem s = linearAbout(hangingRods(2, length, 1.3));
  const ModalAnalysis modes = denseModes(s);
  ASSERT_EQ(modes.undamped.size(), 2u);
  const double expected[2] = {(3.0 - 6.0 / std::sqrt(7.0)) * kG / length, (3.0 + 6.0 / std::sqrt(7.0)) * kG / length};
  for (int k = 0; k < 2; ++k) {
    const double error = std::abs(modes.undamped[static_cast<std::size_t>(k)].omegaSquared / expected[k] - 1.0);
    note(test::text("double pendulum mode %1: w^2 = %2, closed form %3, relative error %4", k + 1,
                          modes.undamped[static_cast<std::size_t>(k)].omegaSquared, expected[k], error));
    EXPECT_LT(error, 1e-9);
    EXPECT_FALSE(modes.undamped[static_cast<std::size_t>(k)].rigid);
  }
  // The mass matrix is exact (kinematics only). Coordinates in processing
  // order: the lower rod's relative angle, then the upper rod's angle.
  const double ml2 = 1.3 * length * length;
  EXPECT_NEAR(s.mass(1, 1), ml2 * 8.0 / 3.0, 1e-13);
  EXPECT_NEAR(s.mass(0, 1), ml2 * 5.0 / 6.0, 1e-13);
  EXPECT_NEAR(s.mass(0, 0), ml2 / 3.0, 1e-13);
  EXPECT_LT(s.derivativeError, 1e-6);
  // The first mode swings both rods the same way, the second against each other.
  EXPECT_GT(modes.undamped[0].shape[0] * modes.undamped[0].shape[1], 0.0);
  EXPECT_LT(modes.undamped[1].shape[0] * modes.undamped[1].shape[1], 0.0);
}

// J_O theta'' + c theta' + (k + m g L / 2) theta = 0, J_O = m L^2 / 3:
// zeta = c / (2 sqrt(J_O (k + m g L / 2))).
TEST(Modes, DampedPendulumDampingRatioMatchesTheClosedForm) {
  const double length = 0.8, mass = 2.0, k = 3.0, c = 0.9;
  ModelSpec spec = hangingRods(1, length, mass);
  spec.hinges[0].loads.spring = HingeSpringSpec::linear(k, c);
  const LinearSystem s = linearAbout(spec);
  const ModalAnalysis modes = denseModes(s);
  ASSERT_EQ(modes.damped.size(), 1u);
  const double inertia = mass * length * length / 3.0, stiffness = k + mass * kG * length / 2.0;
  const double zeta = c / (2.0 * std::sqrt(inertia * stiffness));
  const double wn = std::sqrt(stiffness / inertia);
  note(test::text("damped pendulum: zeta %1 (closed form %2), natural frequency %3 Hz (%4)", modes.damped[0].dampingRatio, zeta,
                        modes.damped[0].naturalFrequency, wn / (2 * std::numbers::pi)));
  EXPECT_LT(std::abs(modes.damped[0].dampingRatio / zeta - 1.0), 1e-9);
  EXPECT_LT(std::abs(modes.damped[0].naturalFrequency / (wn / (2 * std::numbers::pi)) - 1.0), 1e-9);
  EXPECT_LT(std::abs(modes.damped[0].dampedFrequency / (wn * std::sqrt(1 - zeta * zeta) / (2 * std::numbers::pi)) - 1.0), 1e-9);
  EXPECT_NEAR(s.damping(0, 0), c, 1e-9 * c);
}

// The continuous hanging chain of length L: w_k = (j0_k / 2) sqrt(g / L).
// A chain of N rods approaches it as N grows.
TEST(Modes, HangingChainApproachesTheBesselFrequencies) {
  const double j0[3] = {2.404825557695773, 5.520078110286311, 8.653727912911013};
  const double total = 2.0;
  double previous[3] = {1, 1, 1};
  for (int n : {10, 20, 40, 80}) {
    const ModalAnalysis modes = denseModes(linearAbout(hangingRods(n, total / n, 1.0 / n)));
    for (int k = 0; k < 3; ++k) {
      const double exact = 0.5 * j0[k] * std::sqrt(kG / total);
      const double error = std::abs(std::sqrt(modes.undamped[static_cast<std::size_t>(k)].omegaSquared) / exact - 1.0);
      note(test::text("hanging chain N = %1, mode %2: relative error %3 (order %4)", n, k + 1, error, std::log2(previous[k] / error)));
      EXPECT_LT(error, previous[k]);
      if (n > 10) {
        EXPECT_GT(std::log2(previous[k] / error), 0.9);  // at least first order in 1/N
      }
      previous[k] = error;
    }
  }
  EXPECT_LT(previous[0], 5e-3);
}

// A free-floating body in zero gravity: six rigid-body modes, no vibration.
TEST(Modes, FreeFloatingSystemHasRigidBodyModes) {
  ChainOptions o;
  o.bodies = 3;
  ModelSpec spec = generateChain(o);
  spec.gravity = Vec3::Zero();
  spec.hinges.back().type = HingeType::Free;
  for (BodySpec& b : spec.bodies) b.orientation = Quat(1, 0, 0, 0);  // straight: the springs are at rest
  // Springs on the two inner ball joints give three pairs of vibrating motions.
  for (int h = 0; h + 1 < static_cast<int>(spec.hinges.size()); ++h) spec.hinges[static_cast<std::size_t>(h)].loads.spring = HingeSpringSpec::linear(50.0, 0.0);
  const ModalAnalysis modes = denseModes(linearAbout(spec));
  ASSERT_EQ(modes.undamped.size(), 12u);
  int rigid = 0;
  for (const UndampedMode& m : modes.undamped) {
    rigid += m.rigid;
    note(test::text("free chain: w^2 = %1%2", m.omegaSquared, m.rigid ? " (rigid)" : ""));
  }
  EXPECT_EQ(rigid, 6);
  for (int k = 6; k < 12; ++k) EXPECT_GT(modes.undamped[static_cast<std::size_t>(k)].frequency, 0.1);
}

}  // namespace
}  // namespace mstmm
