// The selectable formulations side by side: Riccati MSTMM, Newton-Euler with
// Lagrange multipliers, the joint-space mass-matrix method and, on chains,
// the classical transfer matrix method agree where they are well conditioned;
// the classical TMM's error grows with the chain length while Riccati's stays
// at round-off (000 §1: the reason for the Riccati form).

#include "tests/core/check.hpp"

#include "core/dynamics/dynamics_solver.hpp"
#include "core/error.hpp"
#include "core/model/model.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

/// Relative difference of the angular accelerations of two solvers at y.
double angularDifference(const std::shared_ptr<const Model>& model, SolverKind a, SolverKind b, const Eigen::VectorXd& y) {
  SolverOutput oa, ob;
  makeSolver(a, model)->evaluate(y, oa);
  makeSolver(b, model)->evaluate(y, ob);
  return test::relativeDifference(oa.angularAcceleration, ob.angularAcceleration);
}

ModelSpec randomChain(int bodies, bool planar) {
  ChainOptions o;
  o.bodies = bodies;
  o.planar = planar;
  return generateChain(o);
}

}  // namespace

TEST(SolverAgreement, massMatrixAgreesOnRandomTrees) {
  Random r(11);
  double worstRiccati = 0, worstReference = 0, worstForce = 0;
  for (int k = 0; k < 40; ++k) {
    const bool planar = k % 2 == 0;
    const auto model = compile(generateRandomTree({3 + r.below(28), static_cast<std::uint64_t>(500 + k), planar}));
    for (int s = 0; s < 3; ++s) {
      const Eigen::VectorXd y = test::randomState(*model, r);
      SolverOutput ric, mm, ne;
      makeSolver(SolverKind::Riccati, model)->evaluate(y, ric);
      makeSolver(SolverKind::MassMatrix, model)->evaluate(y, mm);
      makeSolver(SolverKind::NewtonEuler, model)->evaluate(y, ne);
      worstRiccati = std::max(worstRiccati, test::relativeDifference(mm.angularAcceleration, ric.angularAcceleration));
      worstReference = std::max(worstReference, test::relativeDifference(mm.angularAcceleration, ne.angularAcceleration));
      worstForce = std::max(worstForce, test::relativeDifference(mm.hingeForce, ric.hingeForce));
    }
  }
  ::mstmm::test::info("mass-matrix vs Riccati on 120 states of random trees (3-30 bodies): Omega' %.2e, hinge force %.2e; vs Newton-Euler %.2e",
        worstRiccati, worstForce, worstReference);
  ASSERT_TRUE(worstRiccati <= 1e-10);
  ASSERT_TRUE(worstForce <= 1e-10);
  ASSERT_TRUE(worstReference <= 1e-10);
}

TEST(SolverAgreement, massMatrixHandlesRevoluteAndWeldHinges) {
  // A clamped root and revolute hinges, with consistent angular velocities.
  ModelSpec spec = generateRandomTree({12, 9, false});
  for (BodySpec& b : spec.bodies) b.angularVelocity.setZero();
  spec.hinges[0].type = HingeType::Weld;
  spec.hinges[3].type = HingeType::Revolute;
  spec.hinges[3].axis = Vec3(0.3, -0.4, 0.866).normalized();
  spec.hinges[5].type = HingeType::Revolute;
  const auto model = compile(spec);
  const double d = angularDifference(model, SolverKind::MassMatrix, SolverKind::Riccati, initialState(*model));
  ASSERT_TRUE(d <= 1e-10) << d;
}

TEST(SolverAgreement, classicalTmmAgreesOnShortChains) {
  Random r(12);
  double worst = 0;
  for (int k = 0; k < 40; ++k) {
    const auto model = compile(randomChain(1 + r.below(8), k % 2 == 0));
    for (int s = 0; s < 3; ++s) worst = std::max(worst, angularDifference(model, SolverKind::ClassicalTmm, SolverKind::Riccati, test::randomState(*model, r)));
  }
  ::mstmm::test::info("classical TMM vs Riccati on chains of 1-8 bodies: Omega' %.2e", worst);
  ASSERT_TRUE(worst <= 1e-10);
}

TEST(SolverAgreement, classicalTmmDegradesWithChainLengthRiccatiDoesNot) {
  // The error against Newton-Euler, as a property: the classical TMM's
  // grows by orders of magnitude with N, Riccati's stays at round-off.
  Random r(13);
  std::vector<int> sizes{2, 5, 10, 20, 30, 40, 60};
  std::vector<double> tmm, riccati;
  int lostAllDigits = -1;
  for (int n : sizes) {
    const auto model = compile(randomChain(n, true));
    double worstTmm = 0, worstRiccati = 0;
    for (int s = 0; s < 5; ++s) {
      const Eigen::VectorXd y = test::randomState(*model, r);
      worstTmm = std::max(worstTmm, angularDifference(model, SolverKind::ClassicalTmm, SolverKind::NewtonEuler, y));
      worstRiccati = std::max(worstRiccati, angularDifference(model, SolverKind::Riccati, SolverKind::NewtonEuler, y));
    }
    tmm.push_back(worstTmm);
    riccati.push_back(worstRiccati);
    if (lostAllDigits < 0 && !(worstTmm < 1.0)) lostAllDigits = n;
    ::mstmm::test::info("planar chain N = %3d: relative error classical TMM %.2e, Riccati %.2e", n, worstTmm, worstRiccati);
  }
  ::mstmm::test::info("classical TMM loses all digits (relative error >= 1) at N = %d", lostAllDigits);
  for (double e : riccati) ASSERT_TRUE(e <= 1e-12);
  ASSERT_TRUE(tmm.back() > 1e6 * tmm[1]);         // grows by orders of magnitude
  for (std::size_t i = 3; i < tmm.size(); ++i) ASSERT_TRUE(tmm[i] > tmm[i - 1]);  // and keeps growing
  ASSERT_TRUE(lostAllDigits > 0);
}

TEST(SolverAgreement, classicalTmmRefusesTrees) {
  try {
    makeSolver(SolverKind::ClassicalTmm, compile(riccatiDemo()));
    FAIL() << "classical TMM accepted a branch system";
  } catch (const Error& e) {
    ASSERT_TRUE(::mstmm::test::contains(e.what(), "classical-tmm handles chains only, and body '7' holds several tip-side bodies"));
  }
}

