// Springs, dampers, stops, actuators and prescribed motion on the
// coordinates of universal, cylindrical, planar, free and point-on-line
// hinges (issue 14.2, docs/hinge-types.md H9): the Riccati release with
// per-coordinate loads and driven coordinates against the Newton-Euler
// reference (which drives a coordinate by a constraint row of its own),
// the energy balance as an exact invariant of the loads' conjugacy, closed
// forms of decoupled oscillators and of a fully driven universal joint, the
// messages, and the model file.

#include "tests/core/check.hpp"

#include <numbers>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/generate/floating_examples.hpp"
#include "core/io/model_json.hpp"
#include "core/model/load_validation.hpp"
#include "core/model/model_kind_conversion.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

constexpr double kTolerance = 1e-10;


/// A sine through the coordinate's initial value and rate: the motion
/// validation accepts, with a non-zero acceleration.
TimeFunction motionThrough(double q0, double rate0, Random& r) {
  TimeFunction f;
  f.kind = TimeFunctionKind::Sine;
  f.frequency = r.uniform(0.3, 1.0);
  const double w = 2.0 * std::numbers::pi * f.frequency;
  f.amplitude = std::max(0.3, 1.5 * std::abs(rate0) / w);
  f.phase = std::acos(rate0 / (f.amplitude * w));
  f.value = q0 - f.amplitude * std::sin(f.phase);
  return f;
}

struct Assigned {
  int coordinates = 0, springs = 0, stops = 0, actuators = 0, motions = 0, rotations = 0, fullyDriven = 0;
};

/// Random elements on every coordinate of every hinge with several; about
/// one coordinate in four driven (a "rotation" never: it has three).
void assignCoordinateLoads(ModelSpec& spec, Random& r, Assigned& n, bool allowMotion) {
  for (HingeSpec& h : spec.hinges) {
    const std::vector<std::string>& names = hingeCoordinateNames(h.type, spec.kind);
    int driven = 0;
    for (std::size_t k = 0; k < names.size(); ++k) {
      HingeLoadsSpec& l = h.loadsOn(names[k], spec.kind);
      ++n.coordinates;
      const bool rotation = names[k] == "rotation";
      if (r.below(4) != 0) {
        l.spring = HingeSpringSpec::linear(r.uniform(0, 40), r.uniform(0, 4), rotation ? 0.0 : r.uniform(-0.5, 0.5));
        if (rotation) l.spring->restOrientation = randomQuaternion(r);
        ++n.springs;
        n.rotations += rotation ? 1 : 0;
      }
      if (rotation) continue;
      double q0 = 0.0, rate0 = 0.0;
      ASSERT_TRUE(initialCoordinate(spec, h, static_cast<int>(k), q0, rate0));
      if (allowMotion && r.below(4) == 0) {
        l.motion = motionThrough(q0, rate0, r);
        ++n.motions;
        ++driven;
        continue;
      }
      if (r.below(2) == 0) {
        l.stops = HingeStopsSpec{q0 - 0.05, q0 + 0.05, r.uniform(1e3, 1e4), r.uniform(0, 10)};
        ++n.stops;
      }
      if (r.below(2) == 0) {
        l.actuator = r.below(2) == 0 ? HingeActuatorSpec::force(TimeFunction::constant(r.uniform(-5, 5)))
                                     : HingeActuatorSpec::servo(TimeFunction::constant(q0 + 0.1), r.uniform(0, 30), r.uniform(0, 3));
        ++n.actuators;
      }
    }
    n.fullyDriven += !names.empty() && driven == static_cast<int>(names.size()) ? 1 : 0;
  }
}

/// Aligned frames, so that every angle starts at zero where validation
/// measures it; random states move them anywhere afterwards.
void alignFrames(ModelSpec& spec) {
  for (BodySpec& b : spec.bodies) b.orientation = Quat(1, 0, 0, 0);
}



}  // namespace

TEST(CoordinateLoads, randomSpatialTreesWithLoadsOnEveryCoordinateMatchNewtonEuler) {
  Assigned n;
  double worst = 0.0;
  int states = 0;
  for (int k = 0; k < 30; ++k) {
    Random r(static_cast<std::uint64_t>(9100 + k));
    ModelSpec spec = generateRandomTree({3 + r.below(20), static_cast<std::uint64_t>(9100 + k), false});
    spec.name = "spatial tree " + std::to_string(k);
    alignFrames(spec);
    addNewHingeTypes(spec, r, k % 2 == 0);
    assignCoordinateLoads(spec, r, n, true);
    worst = std::max(worst, riccatiAgainst(SolverKind::NewtonEuler, spec, 6, r, kTolerance));
    states += 6;
  }
  info("30 random spatial trees, %d states, %d coordinates: %d springs (%d on a rotation), %d stops, %d actuators, %d driven "
       "(%d hinges driven in every coordinate): Riccati against Newton-Euler %.2e",
       states, n.coordinates, n.springs, n.rotations, n.stops, n.actuators, n.motions, n.fullyDriven, worst);
  ASSERT_TRUE(n.motions >= 20 && n.fullyDriven >= 1 && n.rotations >= 5 && n.stops >= 20 && n.actuators >= 20);
}

TEST(CoordinateLoads, randomPlanarTreesWithLoadsOnEveryCoordinateMatchNewtonEuler) {
  Assigned n;
  double worst = 0.0;
  for (int k = 0; k < 20; ++k) {
    Random r(static_cast<std::uint64_t>(9300 + k));
    ModelSpec spec = generateRandomTree({3 + r.below(20), static_cast<std::uint64_t>(9300 + k), true});
    spec.name = "planar tree " + std::to_string(k);
    addNewHingeTypes(spec, r, k % 2 == 0);
    assignCoordinateLoads(spec, r, n, true);
    worst = std::max(worst, riccatiAgainst(SolverKind::NewtonEuler, spec, 6, r, kTolerance));
  }
  info("20 random planar trees, %d coordinates, %d driven: Riccati against Newton-Euler %.2e", n.coordinates, n.motions, worst);
  ASSERT_TRUE(n.motions >= 10);
}

// 001's eight-body system held by loads on its coordinates (the example
// eight-body-loaded): every load is internal, so linear and angular
// momentum are constant; and E_kin + E_spring - W_in + E_diss stays
// constant only if each coordinate's load is conjugate to its own rate (a
// load on angle1 of the universal hinge that leaked into angle2, or a
// driving load off its coordinate, would put in work the accumulators do
// not see). RK4 moves both by truncation error only: ~16-fold less when the
// step halves.
TEST(CoordinateLoads, loadedEightBodySystemKeepsMomentumAndEnergyBalance) {
  struct Drift {
    double linear = 0.0, angular = 0.0, energy = 0.0, scale = 0.0, work = 0.0, dissipated = 0.0;
  } drift[2];
  const ModelSpec spec = generateLoadedEightBodySystem();
  ASSERT_TRUE(validationErrors(spec).empty()) << validationErrors(spec);
  for (int pass = 0; pass < 2; ++pass) {
    const Results res = test::runFor(spec, 5.0, pass == 0 ? 1e-3 : 5e-4);
    Drift& d = drift[pass];
    const Momentum p0 = res.momentum(0);
    const double e0 = res.energy(0).balance();
    for (int f = 0; f < res.frameCount(); ++f) {
      const Momentum p = res.momentum(f);
      const Energy e = res.energy(f);
      d.linear = std::max(d.linear, (p.linear - p0.linear).norm());
      d.angular = std::max(d.angular, (p.angular - p0.angular).norm());
      d.energy = std::max(d.energy, std::abs(e.balance() - e0));
      d.scale = std::max(d.scale, std::abs(e.kinetic) + std::abs(e.spring));
      d.work = std::max(d.work, std::abs(e.work));
      d.dissipated = e.dissipated;
    }
  }
  info("eight-body system on coordinate loads, 5 s in zero gravity: work in up to %.4g J (drive and torque), dissipated %.4g J, energy up to %.4g J; "
       "drift at dt = 1e-3 / 5e-4: linear momentum %.2e / %.2e kg m/s (%.1f), angular momentum %.2e / %.2e kg m^2/s (%.1f), energy balance %.2e / %.2e J (%.1f)",
       drift[0].work, drift[0].dissipated, drift[0].scale, drift[0].linear, drift[1].linear, drift[0].linear / drift[1].linear, drift[0].angular,
       drift[1].angular, drift[0].angular / drift[1].angular, drift[0].energy, drift[1].energy, drift[0].energy / drift[1].energy);
  ASSERT_TRUE(drift[0].work > 0.1 && drift[0].dissipated > 0.01);
  for (double ratio : {drift[0].linear / drift[1].linear, drift[0].angular / drift[1].angular, drift[0].energy / drift[1].energy})
    ASSERT_TRUE(ratio > 12.0 && ratio < 20.0) << ratio;
  ASSERT_TRUE(drift[0].energy < 1e-6 * drift[0].scale);
}

// A cylindrical hinge to the ground in zero gravity carries a slide spring
// and a torsion spring on its axis through the body's centre of mass: the
// slide and the angle are two uncoupled oscillators, s = s0 cos(sqrt(k/m) t)
// and phi = phi0 cos(sqrt(kt/J) t), with J the inertia about the axis.
TEST(CoordinateLoads, cylindricalSpringsOscillateAtTheirClosedFormFrequencies) {
  ModelSpec spec;
  spec.name = "cylindrical oscillators";
  spec.gravity = Vec3::Zero();
  BodySpec& b = spec.addBody("sleeve");
  b.shape.type = ShapeType::Box;
  b.shape.mass = 2.0;
  b.shape.size = Vec3(0.4, 0.2, 0.1);
  b.output = Vec3(0.2, 0.0, 0.0);  // O at the centroid (half the box along x): the axis runs through C
  HingeSpec& h = spec.addHinge("shaft", HingeType::Cylindrical, b.id, std::nullopt);
  h.axis = Vec3(0, 0, 1);
  h.slide = 0.03;
  const double k = 200.0, kt = 3.0;
  h.loadsOn("slide", spec.kind).spring = HingeSpringSpec::linear(k, 0.0);
  h.loadsOn("angle", spec.kind).spring = HingeSpringSpec::linear(kt, 0.0, -0.2);  // starts at 0, rest at -0.2
  const double m = 2.0, J = m * (0.4 * 0.4 + 0.2 * 0.2) / 12.0;
  const Results res = test::runFor(spec, 1.0, 1e-4);
  const auto model = compile(spec);
  const int f = res.frameCount() - 1;
  const double t = res.time(f);
  const double s = res.slide(f, 0), sExact = 0.03 * std::cos(std::sqrt(k / m) * t);
  const double phi = 2.0 * std::atan2(res.orientation(f, 0)[3], res.orientation(f, 0)[0]);
  const double phiExact = -0.2 + 0.2 * std::cos(std::sqrt(kt / J) * t);
  info("cylindrical hinge at t = %.1f s: slide %.12f m against %.12f (%.1e); angle %.12f rad against %.12f (%.1e)", t, s, sExact, std::abs(s - sExact), phi,
       phiExact, std::abs(phi - phiExact));
  ASSERT_TRUE(std::abs(s - sExact) < 1e-10);
  ASSERT_TRUE(std::abs(phi - phiExact) < 1e-10);
}

// Both angles of a universal hinge to the ground prescribed: the body's
// orientation is Rot(a1, angle1(t)) Rot(a2, angle2(t)) at every instant
// (docs/hinge-types.md H9), whatever its inertia; the drives' loads match
// the Newton-Euler multipliers (above).
TEST(CoordinateLoads, aUniversalHingeDrivenInBothAnglesTurnsTheBodyAsPrescribed) {
  ModelSpec spec;
  spec.name = "driven gimbal";
  BodySpec& b = spec.addBody("camera");
  b.shape.type = ShapeType::Box;
  b.shape.mass = 1.5;
  b.shape.size = Vec3(0.3, 0.1, 0.2);
  b.output = Vec3(0.0, 0.05, 0.1);
  HingeSpec& h = spec.addHinge("gimbal", HingeType::Universal, b.id, std::nullopt);
  h.axis = Vec3(0, 1, 0);
  h.axis2 = Vec3(1, 0, 0);
  TimeFunction pan, tilt;
  pan.kind = tilt.kind = TimeFunctionKind::Sine;
  pan.amplitude = 0.8;
  pan.frequency = 0.5;
  tilt.amplitude = 0.5;
  tilt.frequency = 0.7;
  h.loadsOn("angle1", spec.kind).motion = pan;
  h.loadsOn("angle2", spec.kind).motion = tilt;
  // The motions start at 0 with non-zero rates: the initial angular velocity must follow them.
  const double w1 = 0.8 * 2 * std::numbers::pi * 0.5, w2 = 0.5 * 2 * std::numbers::pi * 0.7;
  b.angularVelocity = Vec3(0, 1, 0) * w1 + Vec3(1, 0, 0) * w2;
  const std::string problems = validationErrors(spec);
  ASSERT_TRUE(problems.empty()) << problems;
  const Results res = test::runFor(spec, 2.0, 1e-3);
  double worst = 0.0;
  const TimeCurve a1(pan), a2(tilt);
  for (int f = 0; f < res.frameCount(); f += 50) {
    const double t = res.time(f);
    const Mat3 exact = rotationFromQuaternion(quaternionFromAxisAngle(Vec3::UnitY(), a1.value(t))) *
                       rotationFromQuaternion(quaternionFromAxisAngle(Vec3::UnitX(), a2.value(t)));
    worst = std::max(worst, (rotationFromQuaternion(res.orientation(f, 0).normalized()) - exact).norm());
  }
  info("universal hinge driven in both angles, 2 s at dt = 1e-3: orientation within %.1e of Rot(y, pan) Rot(x, tilt)", worst);
  ASSERT_TRUE(worst < 1e-9);
}

TEST(CoordinateLoads, whatCoordinatesDoNotAllowIsNamed) {
  ModelSpec spec;
  BodySpec& b = spec.addBody("b");
  HingeSpec& h = spec.addHinge("u", HingeType::Universal, b.id, std::nullopt);
  h.axis = Vec3(0, 0, 1);
  h.axis2 = Vec3(1, 0, 0);
  h.coordinateLoads.push_back({"angle3", {}});
  h.coordinateLoads.back().loads.spring = HingeSpringSpec::linear(1, 0);
  ASSERT_TRUE(contains(validationErrors(spec), "hinge 'u': a universal hinge has no coordinate 'angle3'; its coordinates are 'angle1', 'angle2'")) << validationErrors(spec);
  h.coordinateLoads.clear();
  h.loadsOn("angle1", spec.kind).stops = HingeStopsSpec{1.0, -1.0, 1e4, 0.0};
  ASSERT_TRUE(contains(validationErrors(spec), "hinge 'u': angle1: stops: the lower limit 1 is not below the upper limit -1")) << validationErrors(spec);
  h.coordinateLoads.clear();
  b.orientation = quaternionFromAxisAngle(Vec3(1, 1, 1), 0.5);  // not Rot(z, .) Rot(x, .)
  h.loadsOn("angle2", spec.kind).spring = HingeSpringSpec::linear(1, 0);
  ASSERT_TRUE(contains(validationErrors(spec), "the initial orientations differ by a rotation that is not about its two axes")) << validationErrors(spec);
  b.orientation = Quat(1, 0, 0, 0);
  h.type = HingeType::Free;
  h.coordinateLoads.clear();
  h.loadsOn("rotation", spec.kind).motion = TimeFunction::constant(0.0);
  ASSERT_TRUE(contains(validationErrors(spec), "hinge 'u': rotation: the rotation of a free hinge is free about three axes")) << validationErrors(spec);
  h.coordinateLoads.clear();
  h.loadsOn("x", spec.kind).motion = TimeFunction::constant(0.5);
  ASSERT_TRUE(contains(validationErrors(spec), "hinge 'u': x: motion: its value at t = 0 (0.5 m) differs from the initial slide of the hinge (0 m)")) << validationErrors(spec);
  h.coordinateLoads.clear();
  h.type = HingeType::Revolute;
  h.coordinateLoads.push_back({"angle", {}});
  ASSERT_TRUE(contains(validationErrors(spec), "a revolute hinge has one coordinate")) << validationErrors(spec);
}

TEST(CoordinateLoads, coordinateLoadsSurviveTheModelFile) {
  Random r(9700);
  ModelSpec spec = generateRandomTree({6, 9700, false});
  alignFrames(spec);
  addNewHingeTypes(spec, r, true);
  Assigned n;
  assignCoordinateLoads(spec, r, n, true);
  ASSERT_TRUE(n.coordinates > 0);
  const ModelSpec back = modelFromJson(modelToJson(spec));
  ASSERT_TRUE(back == spec);
  ASSERT_TRUE(contains(modelToJson(spec), "\"coordinates\""));
}

TEST(CoordinateLoads, bundledExampleIsTheGeneratedOne) {
  ASSERT_TRUE(loadModel(sourcePath("resources/examples/eight-body-loaded.json")) == generateLoadedEightBodySystem());
}

// A type change keeps a hinge's loads on the coordinate that moves the same
// way, and back; what has no such coordinate stays for validation to name.
TEST(CoordinateLoads, aTypeChangeCarriesLoadsToTheMatchingCoordinate) {
  HingeSpec h;
  h.type = HingeType::Revolute;
  h.loads.spring = HingeSpringSpec::linear(3.0, 0.1);
  setHingeType(h, HingeType::Cylindrical, ModelKind::Spatial);
  ASSERT_TRUE(h.loads.empty());
  ASSERT_SAME(h.coordinateLoads.size(), std::size_t{1});
  ASSERT_SAME(h.coordinateLoads.front().coordinate, std::string("angle"));
  setHingeType(h, HingeType::Revolute, ModelKind::Spatial);
  ASSERT_TRUE(h.coordinateLoads.empty() && h.loads.spring && h.loads.spring->stiffness == 3.0);
  h.type = HingeType::Slider;
  setHingeType(h, HingeType::Free, ModelKind::Spatial);
  ASSERT_SAME(h.coordinateLoads.front().coordinate, std::string("x"));
  setHingeType(h, HingeType::Universal, ModelKind::Spatial);  // no slide: the "x" entry stays, and validation names it
  ASSERT_SAME(h.coordinateLoads.front().coordinate, std::string("x"));
  HingeSpec ball;
  ball.type = HingeType::Ball;
  ball.loads.spring = HingeSpringSpec::linear(1.0, 0.0);
  setHingeType(ball, HingeType::PointOnLine, ModelKind::Spatial);
  ASSERT_SAME(ball.coordinateLoads.front().coordinate, std::string("rotation"));
}

// A planar model's free hinge turns about z alone: its "rotation" is its "angle".
TEST(CoordinateLoads, kindConversionRenamesTheRotationOfFreeHinges) {
  ModelSpec spec = generateLoadedEightBodySystem();
  const ModelSpec planar = convertedToKind(spec, ModelKind::Planar);
  for (const HingeSpec& h : planar.hinges)
    for (const CoordinateLoadsSpec& c : h.coordinateLoads) ASSERT_TRUE(c.coordinate != "rotation") << h.name;
  const ModelSpec back = convertedToKind(planar, ModelKind::Spatial);
  ASSERT_SAME(back.hinges[7].coordinateLoads.back().coordinate, std::string("rotation"));  // 8-7: s, rotation
}
