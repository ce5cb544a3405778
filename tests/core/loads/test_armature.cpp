// Armature, a rotor's inertia J on a hinge coordinate (issue 29.2,
// equations.md §3.8): the Riccati release with J in its pivot block against
// the Newton-Euler reference (J as a load -J q'' through the coordinate's
// own acceleration row) and the mass-matrix reference (J on M's diagonal),
// on random trees with every hinge type that takes it; closed forms (a
// torque on a rod, a force on a block, a pendulum's frequency through both
// vibration paths); the energy balance with the rotors' kinetic energy; the
// model file and the messages.

#include "tests/core/check.hpp"

#include <cmath>
#include <numbers>

#include "core/analysis/vibration.hpp"
#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/state.hpp"
#include "core/error.hpp"
#include "core/generate/generators.hpp"
#include "core/generate/linkages.hpp"
#include "core/io/model_json.hpp"
#include "core/model/load_validation.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

constexpr double kTolerance = 1e-10;
constexpr double kRadius = 0.02;

/// Its moment of inertia about a diameter through one end: m (l^2/3 + r^2/4).
double endInertia(double m, double l) { return m * (l * l / 3.0 + kRadius * kRadius / 4.0); }


struct Counts {
  int rotors = 0, slides = 0, rotations = 0, driven = 0;  // rotations: a ball's or a free hinge's
};

/// Armature on about three coordinates in four of every hinge (a ball's
/// on its rotation), springs on some, a drive on one in six.
void assignArmature(ModelSpec& spec, Random& r, Counts& n) {
  const bool planar = spec.kind == ModelKind::Planar;
  for (HingeSpec& h : spec.hinges) {
    if (h.type == HingeType::Weld) continue;
    const std::vector<std::string>& names = hingeCoordinateNames(h.type, spec.kind);
    const int coordinates = names.empty() ? 1 : static_cast<int>(names.size());
    for (int k = 0; k < coordinates; ++k) {
      HingeLoadsSpec& l = names.empty() ? h.loads : h.loadsOn(names[static_cast<std::size_t>(k)], spec.kind);
      const bool rotation = (!names.empty() && names[static_cast<std::size_t>(k)] == "rotation") || (h.type == HingeType::Ball && !planar);
      const bool slide = h.type == HingeType::Slider || (!names.empty() && k < hingeSlideCount(h.type, spec.kind));
      if (r.below(4) != 0) {
        l.armature = r.uniform(0.01, 2.0);
        ++n.rotors;
        n.slides += slide ? 1 : 0;
        n.rotations += rotation ? 1 : 0;
      }
      if (r.below(3) == 0) l.spring = HingeSpringSpec::linear(r.uniform(0, 20), r.uniform(0, 2), 0.0);
      double q0 = 0.0, rate0 = 0.0;
      if (!rotation && r.below(6) == 0 && initialCoordinate(spec, h, names.empty() ? -1 : k, q0, rate0)) {
        TimeFunction f;  // through the initial value and rate, with an acceleration
        f.kind = TimeFunctionKind::Sine;
        f.frequency = 0.5;
        f.amplitude = std::max(0.3, 1.5 * std::abs(rate0) / std::numbers::pi);
        f.phase = std::acos(rate0 / (f.amplitude * std::numbers::pi));
        f.value = q0 - f.amplitude * std::sin(f.phase);
        l.motion = f;
        ++n.driven;
      }
    }
  }
}

/// Some of the balls become revolutes and sliders with random axes, so that
/// every one-coordinate hinge is there besides the ones addNewHingeTypes
/// makes; the angular velocities follow (frames aligned, bodies after
/// their parents, as generateRandomTree makes them).
void revolutesAndSliders(ModelSpec& spec, Random& r) {
  for (HingeSpec& h : spec.hinges) {
    if (h.type == HingeType::Ball && r.below(3) != 0) {
      h.type = r.below(3) == 0 ? HingeType::Slider : HingeType::Revolute;
      h.axis = randomAxis(r);
      h.slide = r.uniform(-0.2, 0.2);
      h.slideRate = r.uniform(-0.5, 0.5);
    }
    BodySpec& child = spec.bodies[static_cast<std::size_t>(spec.bodyIndex(h.child))];
    const Vec3 parent = h.parent ? spec.bodies[static_cast<std::size_t>(spec.bodyIndex(*h.parent))].angularVelocity : Vec3::Zero();
    child.angularVelocity = parent + randomRelativeOmega(h.type, h.axis.normalized(), Vec3::UnitX(), r);
  }
}


/// A thin uniform cylinder (a rod of radius kRadius) of mass m and length l
/// on a revolute hinge at its end, about z.
ModelSpec rodOnRevolute(double mass, double length, double armature, const Vec3& gravity) {
  ModelSpec spec;
  spec.name = "rod";
  spec.kind = ModelKind::Spatial;
  spec.gravity = gravity;
  const BodySpec& rod = addPlanarRod(spec, "rod", mass, length, kRadius);
  HingeSpec& h = spec.addHinge("pivot", HingeType::Revolute, rod.id, std::nullopt);
  h.axis = Vec3::UnitZ();
  h.loads.armature = armature;
  return spec;
}

}  // namespace

TEST(Armature, randomSpatialTreesMatchNewtonEuler) {
  Counts n;
  double worst = 0.0;
  for (int k = 0; k < 30; ++k) {
    Random r(static_cast<std::uint64_t>(7700 + k));
    ModelSpec spec = generateRandomTree({3 + r.below(16), static_cast<std::uint64_t>(7700 + k), false});
    spec.name = "spatial tree " + std::to_string(k);
    for (BodySpec& b : spec.bodies) b.orientation = Quat(1, 0, 0, 0);  // every angle starts at zero
    revolutesAndSliders(spec, r);
    addNewHingeTypes(spec, r, k % 2 == 0);
    assignArmature(spec, r, n);
    worst = std::max(worst, riccatiAgainst(SolverKind::NewtonEuler, spec, 6, r, kTolerance));
  }
  info("30 random spatial trees, 6 states each: %d rotors (%d on slides, %d on free rotations), %d coordinates driven: "
       "Riccati against Newton-Euler %.2e (accelerations, hinge loads, driving loads)",
       n.rotors, n.slides, n.rotations, n.driven, worst);
  ASSERT_TRUE(n.rotors >= 150 && n.slides >= 20 && n.rotations >= 5 && n.driven >= 10);
  ASSERT_TRUE(worst < kTolerance);
}

TEST(Armature, randomPlanarTreesMatchNewtonEuler) {
  Counts n;
  double worst = 0.0;
  for (int k = 0; k < 20; ++k) {
    Random r(static_cast<std::uint64_t>(7900 + k));
    ModelSpec spec = generateRandomTree({3 + r.below(16), static_cast<std::uint64_t>(7900 + k), true});
    spec.name = "planar tree " + std::to_string(k);
    addNewHingeTypes(spec, r, k % 2 == 0);
    assignArmature(spec, r, n);
    worst = std::max(worst, riccatiAgainst(SolverKind::NewtonEuler, spec, 6, r, kTolerance));
  }
  info("20 random planar trees (pins released as single axes): %d rotors, %d driven: Riccati against Newton-Euler %.2e", n.rotors, n.driven, worst);
  ASSERT_TRUE(n.rotors >= 100);
}

// The mass-matrix reference takes revolutes (J on M's diagonal): every
// hinge of these trees is one, each with its rotor.
TEST(Armature, revoluteTreesMatchTheMassMatrixReference) {
  double worst = 0.0;
  int rotors = 0;
  for (int k = 0; k < 20; ++k) {
    Random r(static_cast<std::uint64_t>(8100 + k));
    ModelSpec spec = generateRandomTree({3 + r.below(20), static_cast<std::uint64_t>(8100 + k), false});
    spec.name = "revolute tree " + std::to_string(k);
    for (BodySpec& b : spec.bodies) b.orientation = Quat(1, 0, 0, 0);
    // Bodies come after their parents: each one turns as its parent, plus
    // its hinge's rate about the axis (all frames aligned at the start).
    for (HingeSpec& h : spec.hinges) {
      h.type = HingeType::Revolute;
      h.axis = randomAxis(r);
      h.loads.armature = r.uniform(0.01, 2.0);
      ++rotors;
      BodySpec& child = spec.bodies[static_cast<std::size_t>(spec.bodyIndex(h.child))];
      const Vec3 parent = h.parent ? spec.bodies[static_cast<std::size_t>(spec.bodyIndex(*h.parent))].angularVelocity : Vec3::Zero();
      child.angularVelocity = parent + r.uniform(-1, 1) * h.axis.normalized();
    }
    worst = std::max(worst, riccatiAgainst(SolverKind::MassMatrix, spec, 6, r, kTolerance));
  }
  info("random revolute trees with a rotor on every hinge (%d rotors): Riccati against the mass-matrix reference %.2e", rotors, worst);
}

// Loops: a four-bar and a crank-slider with a rotor on every hinge of the
// spanning tree; the closed-loop solver (Riccati sweeps for the tree, the
// cut's supplement equations) against Newton-Euler, where each cut is rows
// of the same augmented system.
TEST(Armature, rotorsInClosedLoopsMatchNewtonEuler) {
  double worst = 0.0;
  for (ModelSpec spec : {generateFourBar({}), generateCrankSlider({})}) {
    const auto tree = compile(spec);
    int rotors = 0;
    for (int i = 0; i < tree->bodyCount(); ++i)
      if (tree->hinge(i).type != HingeType::Weld) {
        spec.hinges[static_cast<std::size_t>(tree->hinge(i).specIndex)].loads.armature = 0.05 * ++rotors;
      }
    ASSERT_GE(rotors, 2);
    const auto model = compile(spec);
    auto riccati = makeSolver(SolverKind::Riccati, model);
    auto reference = makeSolver(SolverKind::NewtonEuler, model);
    SolverOutput a, b;
    const Eigen::VectorXd y = initialState(*model);
    riccati->evaluate(y, a);
    reference->evaluate(y, b);
    worst = std::max(worst, std::max(relativeDifference(a.angularAcceleration, b.angularAcceleration), relativeDifference(a.comAcceleration, b.comAcceleration)));
  }
  info("a four-bar and a crank-slider with rotors on their tree hinges: Riccati with the loop closed against Newton-Euler %.2e", worst);
  EXPECT_LT(worst, kTolerance);
}

// A rod of mass m, length l on a revolute about its end in zero gravity,
// a torque tau on it: q'' = tau / (J_end + J). A block of mass m on a
// slider with a force F: s'' = F / (m + J).
TEST(Armature, aTorqueAndAForceAccelerateRotorAndBodyTogether) {
  const double m = 2.0, l = 0.9, j = 0.35, tau = 1.7;
  ModelSpec rod = rodOnRevolute(m, l, j, Vec3::Zero());
  rod.hinges[0].loads.actuator = HingeActuatorSpec::force(TimeFunction::constant(tau));
  for (SolverKind kind : {SolverKind::Riccati, SolverKind::NewtonEuler, SolverKind::MassMatrix}) {
    const auto model = compile(rod);
    auto solver = makeSolver(kind, model);
    SolverOutput out;
    solver->evaluate(initialState(*model), out);
    const double expected = tau / (endInertia(m, l) + j);
    EXPECT_NEAR(out.angularAcceleration[0].z(), expected, 1e-13 * expected) << toString(kind);
  }
  ModelSpec block = rodOnRevolute(m, l, 0.0, Vec3::Zero());
  block.hinges[0].type = HingeType::Slider;
  block.hinges[0].axis = Vec3(0.6, 0.0, 0.8);
  block.hinges[0].loads.armature = j;
  block.hinges[0].loads.actuator = HingeActuatorSpec::force(TimeFunction::constant(tau));
  for (SolverKind kind : {SolverKind::Riccati, SolverKind::NewtonEuler}) {
    const auto model = compile(block);
    auto solver = makeSolver(kind, model);
    SolverOutput out;
    solver->evaluate(initialState(*model), out);
    EXPECT_NEAR(out.slideAcceleration[0], tau / (m + j), 1e-13) << toString(kind);
  }
}

// A rod hanging on a revolute with a rotor of inertia J: its small
// swings have w^2 = m g (l/2) / (J_end + J) (the dense linearisation, whose
// M now holds the rotor). A hanging chain of four with rotors: the O(N)
// sweep (J in its pivots) gives the dense path's lowest frequencies.
TEST(Armature, aPendulumSwingsSlowerByItsRotorInBothVibrationPaths) {
  const double m = 1.5, l = 0.8, j = 0.12, g = 9.81;
  AnalysisRequest dense;
  dense.method = AnalysisMethod::Dense;
  const ModesReport one = computeModes(compile(rodOnRevolute(m, l, j, Vec3(g, 0, 0))), dense, 1);  // hangs along +x, where it starts
  ASSERT_FALSE(one.rows.empty());
  const double expected = std::sqrt(m * g * l / 2.0 / (endInertia(m, l) + j)) / (2.0 * std::numbers::pi);
  info("pendulum with a rotor: %.12f Hz against %.12f Hz (without the rotor %.6f Hz)", one.rows.front().frequency, expected,
       std::sqrt(m * g * l / 2.0 / endInertia(m, l)) / (2.0 * std::numbers::pi));
  EXPECT_NEAR(one.rows.front().frequency, expected, 1e-7 * expected);

  ModelSpec chain = rodOnRevolute(m, l, j, Vec3(g, 0, 0));
  for (int k = 1; k < 4; ++k) {
    BodySpec& link = chain.addBody("link" + std::to_string(k));
    link.shape = chain.bodies[0].shape;
    link.output = Vec3::Zero();
    link.inputs = {Vec3(l, 0, 0)};
    HingeSpec& h = chain.addHinge("joint" + std::to_string(k), HingeType::Revolute, link.id, chain.bodies[static_cast<std::size_t>(k - 1)].id);
    h.axis = Vec3(0.0, 0.2 * k, 1.0).normalized();  // off the plane: the swings couple
    h.loads.armature = 0.05 * k;
  }
  const auto model = compile(chain);
  AnalysisRequest sweep;
  sweep.method = AnalysisMethod::Sweep;
  const ModesReport a = computeModes(model, dense, 3), b = computeModes(model, sweep, 3);
  double worst = 0.0;
  for (int k = 0; k < 3; ++k) worst = std::max(worst, std::abs(a.rows[static_cast<std::size_t>(k)].frequency - b.rows[static_cast<std::size_t>(k)].frequency) /
                                                         a.rows[static_cast<std::size_t>(k)].frequency);
  info("hanging chain of four with rotors: lowest three frequencies %.6f, %.6f, %.6f Hz; sweep against dense %.2e", a.rows[0].frequency, a.rows[1].frequency,
       a.rows[2].frequency, worst);
  EXPECT_LT(worst, 1e-8);
}

// A double pendulum in a spatial tree with rotors on both hinges and a
// spring: E_kin (bodies and rotors) + E_grav + E_spring is constant, so
// RK4 moves it by truncation error only (about 16 times less at half the
// step); the rotors hold a fair share of the kinetic energy, so leaving
// their term out would show at once.
TEST(Armature, theEnergyBalanceHoldsWithTheRotorsKineticEnergy) {
  ModelSpec spec = rodOnRevolute(1.0, 0.8, 0.05, Vec3(0, -9.81, 0));
  BodySpec& lower = spec.addBody("lower");
  lower.shape.type = ShapeType::Cylinder;
  lower.shape.radius = kRadius;
  lower.shape.mass = 0.7;
  lower.shape.length = 0.6;
  lower.output = Vec3::Zero();
  lower.inputs = {Vec3(0.6, 0, 0)};
  HingeSpec& elbow = spec.addHinge("elbow", HingeType::Revolute, lower.id, spec.bodies[0].id);
  elbow.axis = Vec3(0.0, 0.3, 1.0).normalized();
  elbow.loads.armature = 0.08;
  elbow.loads.spring = HingeSpringSpec::linear(3.0, 0.0, 0.2);
  spec.bodies[0].angularVelocity = Vec3(0, 0, 2.0);
  spec.bodies[1].angularVelocity = Vec3(0, 0, 2.0);
  ASSERT_TRUE(validationErrors(spec).empty()) << validationErrors(spec);
  double drift[2] = {0.0, 0.0}, rotorShare = 0.0;
  for (int pass = 0; pass < 2; ++pass) {
    const Results res = runFor(spec, 3.0, pass == 0 ? 2e-3 : 1e-3);
    const double e0 = res.energy(0).balance();
    for (int f = 0; f < res.frameCount(); ++f) drift[pass] = std::max(drift[pass], std::abs(res.energy(f).balance() - e0));
    // The rotors' share at the start: J1 w1^2/2 + J2 (w2 - w1)^2/2 of E_kin.
    rotorShare = 0.5 * 0.05 * 4.0 / res.energy(0).kinetic;
  }
  info("double pendulum with two rotors, 3 s of RK4: energy balance drift %.3e J at dt = 2e-3, %.3e J at 1e-3 (ratio %.1f); rotors hold %.1f %% of E_kin at the start",
       drift[0], drift[1], drift[0] / drift[1], 100.0 * rotorShare);
  EXPECT_GT(drift[0] / drift[1], 12.0);
  EXPECT_LT(drift[0] / drift[1], 20.0);
  EXPECT_LT(drift[1], 1e-5);
  EXPECT_GT(rotorShare, 0.02);
}

TEST(Armature, theModelFileKeepsItAndSaysVersion3OnlyWhenUsed) {
  ModelSpec spec = rodOnRevolute(1.0, 1.0, 0.0, Vec3(0, -9.81, 0));
  EXPECT_TRUE(contains(modelToJson(spec), "\"version\": 2"));
  spec.hinges[0].loads.armature = 0.25;
  const std::string text = modelToJson(spec);
  EXPECT_TRUE(contains(text, "\"version\": 3"));
  EXPECT_TRUE(contains(text, "\"armature\": 0.25"));
  EXPECT_EQ(modelFromJson(text), spec);
  ModelSpec free = rodOnRevolute(1.0, 1.0, 0.0, Vec3::Zero());
  free.hinges[0].type = HingeType::Free;
  free.hinges[0].loads = {};
  free.hinges[0].loadsOn("rotation", ModelKind::Spatial).armature = 0.5;
  free.hinges[0].loadsOn("y", ModelKind::Spatial).armature = 2.0;
  EXPECT_EQ(modelFromJson(modelToJson(free)), free);
}

TEST(Armature, whatCannotTakeItIsNamed) {
  ModelSpec negative = rodOnRevolute(1.0, 1.0, -0.1, Vec3::Zero());
  EXPECT_TRUE(contains(validationErrors(negative), "hinge 'pivot': armature must be a finite number >= 0 (kg m^2)")) << validationErrors(negative);
  // A four-bar's cut hinge (the one the compiler cuts) with a rotor.
  ModelSpec loop = generateFourBar({});
  const auto fourBar = compile(loop);
  HingeSpec& cut = loop.hinges[static_cast<std::size_t>(fourBar->cuts().front().specIndex)];
  cut.loads.armature = 0.1;
  try {
    compile(loop);
    FAIL() << "a cut hinge took armature";
  } catch (const Error& e) {
    EXPECT_TRUE(contains(e.what(), "hinge '" + cut.name + "': it is cut to close a loop, and a cut hinge does not take armature")) << e.what();
  }
  ModelSpec rod = rodOnRevolute(1.0, 1.0, 0.2, Vec3::Zero());
  try {
    makeSolver(SolverKind::ClassicalTmm, compile(rod));
    FAIL() << "classical-tmm took armature";
  } catch (const Error& e) {
    EXPECT_TRUE(contains(e.what(), "armature")) << e.what();
  }
}

// A ball whose only element is its rotor (MJCF's armature on a ball joint,
// nothing else on it): found crashing the sweep when the ball sat on a
// hinge; the accelerations against Newton-Euler.
TEST(Armature, aBallWithOnlyARotorMatchesNewtonEuler) {
  ModelSpec spec = rodOnRevolute(1.0, 0.3, 0.0, Vec3(0, 0, -9.81));
  spec.bodies[0].inputs.push_back(Vec3(0.3, 0, 0));
  BodySpec& ball = spec.addBody("ball");
  ball.shape.type = ShapeType::Cylinder;
  ball.shape.length = 0.2;
  ball.shape.radius = 0.05;
  ball.shape.mass = 0.2;
  ball.output = Vec3::Zero();
  ball.inputs = {Vec3(0.2, 0, 0)};
  ball.angularVelocity = Vec3(0.3, -0.2, 0.5);
  HingeSpec& h = spec.addHinge("shoulder", HingeType::Ball, ball.id, spec.bodies[0].id, 1);
  h.loads.armature = 0.1;
  Random r(12);
  const double d = riccatiAgainst(SolverKind::NewtonEuler, spec, 6, r, kTolerance);
  info("a ball with only a rotor, on a hinge: Riccati against Newton-Euler %.2e", d);
}
