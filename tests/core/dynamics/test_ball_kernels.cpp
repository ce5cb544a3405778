// The fused ball kernels (core/dynamics/riccati/ball_kernels.hpp) against the
// general body step, ball release and backward step they replace: the same
// model evaluated with the kernels on and with them switched off body by
// body gives the same accelerations, hinge loads and powers to round-off,
// at random states, with springs, dampers, body loads, a free root and
// hinges of other types between ball-jointed bodies. (The Riccati-vs-Newton-
// Euler tests check both against the independent formulation.)

#include <gtest/gtest.h>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/riccati/riccati_solver.hpp"
#include "core/generate/generators.hpp"
#include "core/dynamics/applied_loads.hpp"
#include "core/model/model.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

double largest(const std::vector<Vec3>& v) {
  double m = 0.0;
  for (const Vec3& x : v) m = std::max(m, x.cwiseAbs().maxCoeff());
  return m;
}

/// The largest difference of a quantity over the bodies, relative to its
/// largest value or to `floor` if larger.
double relativeDifference(const std::vector<Vec3>& a, const std::vector<Vec3>& b, double floor = 1e-300) {
  double d = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, (a[i] - b[i]).cwiseAbs().maxCoeff());
  return d / std::max(largest(b), floor);
}

/// Evaluates `spec` at random states with the kernels and without them:
/// the two differ by round-off only (reordered sums: up to 1.3e-12 of the
/// largest value seen on the 300-body random tree with GCC, 2.2e-12 from
/// Newton-Euler with clang), and where Newton-Euler applies
/// (`checkReference`: states consistent with every hinge) both are within
/// round-off of it. A wrong term gives differences of order one. Returns
/// how many bodies took the kernels.
int compareKernels(const ModelSpec& spec, std::uint64_t seed, bool checkReference) {
  const auto model = compile(spec);
  RiccatiModel<SpatialDim> fused(model), general(model);
  int taken = 0;
  for (RiccatiBodyConstants& c : general.constants) {
    taken += c.ball;
    c.ball = false;
  }
  RiccatiData<SpatialDim> fusedData(fused), generalData(general);
  const auto reference = makeSolver(SolverKind::NewtonEuler, model);
  Random random(seed);
  for (int trial = 0; trial < 3; ++trial) {
    const Eigen::VectorXd y = test::randomState(*model, random);
    SolverOutput a, b, ne;
    riccatiEvaluate(fused, fusedData, y, {0.3}, a);
    riccatiEvaluate(general, generalData, y, {0.3}, b);
    EXPECT_GT(largest(b.angularAcceleration), 1.0);  // a state that moves
    EXPECT_LE(relativeDifference(a.angularAcceleration, b.angularAcceleration), 1e-11) << spec.name;
    EXPECT_LE(relativeDifference(a.comAcceleration, b.comAcceleration), 1e-11) << spec.name;
    EXPECT_LE(relativeDifference(a.hingeForce, b.hingeForce), 1e-11) << spec.name;
    // Hinge moments on the scale of the hinge forces times the 1 m bodies:
    // a few have only round-off-sized moments (balls without springs: none).
    EXPECT_LE(relativeDifference(a.hingeMoment, b.hingeMoment, largest(b.hingeForce)), 1e-11) << spec.name;
    EXPECT_NEAR(a.inputPower, b.inputPower, 1e-12 * (1.0 + std::abs(b.inputPower))) << spec.name;
    EXPECT_NEAR(a.dissipatedPower, b.dissipatedPower, 1e-12 * (1.0 + std::abs(b.dissipatedPower))) << spec.name;
    if (!checkReference) continue;
    reference->evaluate(y, ne);
    for (auto member : {&SolverOutput::angularAcceleration, &SolverOutput::comAcceleration, &SolverOutput::hingeForce}) {
      EXPECT_LE(relativeDifference(a.*member, ne.*member), 1e-11) << spec.name;
      EXPECT_LE(relativeDifference(b.*member, ne.*member), 1e-11) << spec.name;
    }
  }
  return taken;
}

}  // namespace

TEST(BallKernels, randomTreeOfBallsEveryBodyFused) {
  const ModelSpec spec = generateRandomTree({300, 11, false});
  EXPECT_EQ(compareKernels(spec, 1, true), 300);
}

TEST(BallKernels, branchSystemWithSpringsDampersAndBodyLoads) {
  ModelSpec spec = generateBranch({400, false});
  for (HingeSpec& h : spec.hinges) h.loads.spring = HingeSpringSpec::linear(10.0, 0.5);
  for (int k = 0; k < 3; ++k) {
    BodyLoadSpec load;
    load.name = "push " + std::to_string(k);
    load.point = Vec3(0.3 * k, 0.1, -0.05);
    load.bodyAxes = k == 1;
    for (int c = 0; c < 3; ++c) {
      load.force[c] = TimeFunction::constant(2.0 + c - k);
      load.moment[c] = TimeFunction::constant(0.5 * (c - 1));
    }
    spec.bodies[static_cast<std::size_t>(50 * k + 7)].loads.push_back(load);
  }
  EXPECT_EQ(compareKernels(spec, 2, true), 400);
}

// A free root and a revolute and a universal hinge in the middle: the
// bodies next to them take the general steps, the others the kernels.
// (Random states break the revolute's and universal's constraints, so
// Newton-Euler, which imposes them, does not apply.)
TEST(BallKernels, chainWithOtherHingesBetweenBalls) {
  ChainOptions c;
  c.bodies = 40;
  ModelSpec spec = generateChain(c);
  spec.hinges[10].type = HingeType::Revolute;
  spec.hinges[10].axis = Vec3(0, 1, 0);
  spec.hinges[25].type = HingeType::Universal;
  for (HingeSpec& h : spec.hinges)
    if (h.isGround()) h.type = HingeType::Free;
  const int taken = compareKernels(spec, 3, false);
  EXPECT_GT(taken, 30);
  EXPECT_LT(taken, 40);
}

// The forward sweep computes the body-local half of four ball bodies at a
// time (ball::bodyLocal on Packed4); a body whose J'_O is not diagonal has
// its lane computed again in scalars. A chain of 14 (blocks of four and a
// block of two) with full inertia matrices on some bodies, and, on others,
// a centre of mass off the body axis: the kernels agree with the general
// steps and with Newton-Euler. A lane mixed up between bodies, or the
// general inertia not patched in, gives differences of order one.
TEST(BallKernels, chainWithFullInertiaMatricesInFourBodyBlocks) {
  ChainOptions c;
  c.bodies = 14;
  ModelSpec spec = generateChain(c);
  for (int k : {1, 4, 5, 11, 13}) {
    ShapeSpec& shape = spec.bodies[static_cast<std::size_t>(k)].shape;
    shape.type = ShapeType::Custom;
    shape.mass = 0.7 + 0.1 * k;
    shape.com = Vec3(0.5, 0.02 * k, -0.03);
    shape.inertia << 0.08, 0.0015 * k, -0.004, 0.0015 * k, 0.09, 0.006, -0.004, 0.006, 0.07;
  }
  const auto model = compile(spec);
  int general = 0;
  for (const RiccatiBodyConstants& b : RiccatiModel<SpatialDim>(model).constants) general += b.generalAtOutput != nullptr;
  EXPECT_EQ(general, 5);
  EXPECT_EQ(compareKernels(spec, 4, true), 14);
}

namespace {

/// A chain of 11 ball-jointed bodies whose hinges (the ground hinge too)
/// mix what AppliedLoads::ballHingesAt takes four at a time (a linear
/// spring-damper, about a rest orientation or not) with what it leaves to
/// the scalar hingeAt (a spring with a characteristic table, no element).
ModelSpec mixedBallSprings() {
  ChainOptions c;
  c.bodies = 11;
  ModelSpec spec = generateChain(c);
  for (std::size_t k = 0; k < spec.hinges.size(); ++k) {
    HingeSpec& h = spec.hinges[k];
    if (k == 5) continue;
    HingeSpringSpec s = HingeSpringSpec::linear(4.0 + k, 0.3 + 0.05 * k);
    if (k % 3 == 0) s.restOrientation = Quat(0.9, 0.1 * k / 11.0, -0.2, 0.3).normalized();
    if (k % 3 == 2) s.characteristic = {{0.0, 0.0}, {0.5, 3.0}, {1.0, 9.0}, {4.0, 60.0}};
    h.loads.spring = s;
  }
  return spec;
}

}  // namespace

// Four hinges at once give exactly what one at a time gives: the same
// operations lane by lane (ball_hinge_law.hpp). Bodies 1..4 in one call,
// 7..10 with body 8 left out of the lanes; body 10 hangs on the ground
// through hinge 0, a spring about a rest orientation.
TEST(BallKernels, fourBallHingesAtOnceEqualOneAtATime) {
  const auto model = compile(mixedBallSprings());
  Random random(5);
  const Eigen::VectorXd y = test::randomState(*model, random);
  AppliedLoads one(*model), four(*model);
  one.evaluateBodyLoads(0.0, y);
  four.evaluateBodyLoads(0.0, y);
  for (int i = 0; i < model->bodyCount(); ++i) one.hingeAt(i, 0.0, y.data());
  int evaluated = 0;
  ASSERT_EQ(model->bodyCount(), 11);
  EXPECT_LT(model->body(10).parent, 0);
  for (int first : {1, 7}) {
    const int body[4] = {first, first + 1, first + 2, first + 3};
    const unsigned lanes = first == 1 ? 0xFu : 0xDu;
    const unsigned done = four.ballHingesAt(body, lanes, y.data());
    EXPECT_EQ(done & ~lanes, 0u);
    if (first == 7) EXPECT_EQ(done >> 3 & 1u, 1u);
    for (int k = 0; k < 4; ++k) {
      if (!(done >> k & 1u)) continue;
      ++evaluated;
      const HingeLoad& a = *one.loadAt(body[k]);
      const HingeLoad& b = *four.loadAt(body[k]);
      EXPECT_GT(a.load.norm(), 1e-3);
      EXPECT_EQ(a.load, b.load) << body[k];
      EXPECT_EQ(a.potential, b.potential) << body[k];
      EXPECT_EQ(a.dissipation, b.dissipation) << body[k];
    }
  }
  EXPECT_GE(evaluated, 4);  // the table's and the bare hinge's lanes are not taken
  EXPECT_LE(evaluated, 6);
}

// In the sweep: the kernels with the four-hinge evaluation against the
// general steps with hingeAt, and both against Newton-Euler.
TEST(BallKernels, mixedBallSpringsAgainstGeneralStepsAndNewtonEuler) {
  EXPECT_EQ(compareKernels(mixedBallSprings(), 6, true), 11);
}
