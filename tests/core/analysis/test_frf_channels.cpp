// Frequency responses to a moving ground (base excitation) and of hinge
// loads, against closed forms and against the steady state of time-domain
// runs in which the ground's motion is a driven slider under the system:
//  - a block on a sprung, damped rail shaken along and across the rail
//    (transmissibility, relative motion and the rail's load in closed form);
//  - a damped double pendulum on a driven base, and the same pendulum driven
//    by an elbow torque, with the hinges' forces the solver computes in time;
//  - the vehicle on its shaken road: it follows the road at low frequency.
// (The O(N) sweep against the dense solve for both kinds of channel is in
// test_frequency_response.)

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/analysis/equilibrium.hpp"
#include "core/analysis/frequency_response.hpp"
#include "core/analysis/linear_sweep.hpp"
#include "core/analysis/modes.hpp"
#include "core/error.hpp"
#include "core/generate/generators.hpp"
#include "core/generate/vehicle.hpp"
#include "tests/core/analysis/vibration_support.hpp"
#include "tests/core/signal.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm {
namespace {

using test::note;
using C = std::complex<double>;

constexpr double kG = 9.81;

std::complex<double> responseAt(const LinearSystem& s, const LinearChannel& in, const LinearChannel& out, double f) {
  FrequencyRange range;
  range.from = f;
  range.to = 2 * f;
  range.points = 2;
  return frequencyResponse(s, in, out, range).response[0];
}

double relativeError(C a, C b) { return std::abs(a - b) / std::abs(b); }

// A block of mass m on a rail along x held by the rail's spring k and
// damper c, gravity across the rail. With the ground at Y e^{iwt}:
//   along the rail   block.x / Y = (k + i w c) / (k - w^2 m + i w c)  (absolute)
//                    rail / Y    = m w^2 / (k - w^2 m + i w c)        (relative slide)
//                    rail.fx / Y = (k + i w c) rail / Y               (spring and damper on the ground)
//   across it        rail.fy / Y = m w^2 (the block rides with the ground; the rail carries m a)
TEST(BaseExcitation, ABlockOnASprungRailMatchesTheClosedForms) {
  const double m = 2.0, k = 200.0, c = 3.0;
  ModelSpec spec;
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3(0, -kG, 0);
  BodySpec& block = spec.addBody("block");
  block.shape.type = ShapeType::Box;
  block.shape.mass = m;
  block.shape.size = Vec3(0.2, 0.2, 0.1);
  block.output = Vec3(0.1, 0, 0);
  HingeSpec& rail = spec.addHinge("rail", HingeType::Slider, block.id, std::nullopt);
  rail.axis = Vec3::UnitX();
  rail.loads.spring = HingeSpringSpec::linear(k, c);
  const auto model = compile(spec);
  Linearisation lin(model, initialState(*model));
  const LinearSystem s = lin.linearise();
  const LinearChannel alongRail = linearInput(lin, "ground.x"), acrossRail = linearInput(lin, "ground.y");
  EXPECT_EQ(alongRail.unit, "m");
  const LinearChannel x = linearOutput(lin, "block.x"), slide = linearOutput(lin, "rail"), fx = linearOutput(lin, "rail.fx"),
                      fy = linearOutput(lin, "rail.fy"), y = linearOutput(lin, "block.y");
  EXPECT_EQ(fx.unit, "N");
  double worst = 0.0;
  for (double f : {0.5, 1.59, 4.0}) {
    const double w = 2 * std::numbers::pi * f;
    const C dynamic(k - w * w * m, w * c), spring(k, w * c);
    const C relative = m * w * w / dynamic;
    const double errors[] = {relativeError(responseAt(s, alongRail, x, f), spring / dynamic), relativeError(responseAt(s, alongRail, slide, f), relative),
                             relativeError(responseAt(s, alongRail, fx, f), spring * relative),
                             relativeError(responseAt(s, acrossRail, fy, f), C(m * w * w, 0.0)),
                             relativeError(responseAt(s, acrossRail, y, f), C(1.0, 0.0))};
    for (double e : errors) worst = std::max(worst, e);
    note(test::text("f = %1 Hz: block.x/ground.x %2 (error %3), rail %4, rail.fx %5 N/m (error %6), rail.fy/ground.y error %7, block.y %8", f,
                    std::abs(spring / dynamic), errors[0], errors[1], std::abs(spring * relative), errors[2], errors[3], errors[4]));
  }
  EXPECT_LT(worst, 1e-8);
}

ModelSpec dampedPendulum() { return test::sprungDoublePendulum(); }

/// A (cos(w t) - 1): starts at rest at 0 (as a driven hinge must), complex
/// amplitude A at f. Its mean, -A, shifts the ground as a whole: no load.
TimeFunction cosineFromRest(double amplitude, double f) {
  TimeFunction sine;
  sine.kind = TimeFunctionKind::Sine;
  sine.amplitude = amplitude;
  sine.frequency = f;
  sine.phase = std::numbers::pi / 2;
  sine.value = -amplitude;
  return sine;
}

TimeFunction sine(double amplitude, double f) {
  TimeFunction sine;
  sine.kind = TimeFunctionKind::Sine;
  sine.amplitude = amplitude;
  sine.frequency = f;
  return sine;
}

/// `spec` (at rest) hung from a base that a driven rail moves along x by
/// `motion`: the ground's motion of a base excitation, made by the solver.
ModelSpec onDrivenBase(ModelSpec spec, const TimeFunction& motion) {
  BodySpec& base = spec.addBody("base");
  base.shape.type = ShapeType::Box;
  base.shape.mass = 5.0;
  base.shape.size = Vec3(0.1, 0.1, 0.1);
  base.output = Vec3(0.1, 0, 0);  // input end I_1 at the body origin, where the shoulder was anchored
  const BodyId id = base.id;
  HingeSpec& rail = spec.addHinge("rail", HingeType::Slider, id, std::nullopt);
  rail.axis = Vec3::UnitX();
  rail.anchor = Vec3(0.1, 0, 0);
  rail.loads.motion = motion;
  for (HingeSpec& h : spec.hinges)
    if (h.name == "shoulder") h.parent = id;
  return spec;
}

/// The shoulder's angle, the lower rod's x and both hinges' forces and moments in time.
struct PendulumRecord : ResultSink {
  int upper = -1, lower = -1;
  std::vector<double> t;
  std::vector<std::vector<double>> series{8};
  void record(const Frame& f) override {
    t.push_back(f.time);
    const std::size_t u = static_cast<std::size_t>(upper), l = static_cast<std::size_t>(lower);
    const Mat3& r = (*f.poses)[u].rotation;
    const double values[] = {std::atan2(r(1, 0), r(0, 0)), (*f.poses)[l].com.x(), f.out->hingeForce[u].x(), f.out->hingeForce[u].y(), f.out->hingeForce[l].x(),
                             f.out->hingeForce[l].y(), f.out->hingeMoment[u].z(), f.out->hingeMoment[l].z()};
    for (std::size_t k = 0; k < 8; ++k) series[k].push_back(values[k]);
  }
};

const char* const kPendulumOutputs[] = {"shoulder", "lower.x", "shoulder.fx", "shoulder.fy", "elbow.fx", "elbow.fy", "shoulder.mz", "elbow.mz"};

/// Runs `spec` from its initial state until the transients are down by
/// e^-18 and returns each recorded quantity's complex amplitude at f per `unit`.
std::vector<C> steadyState(const ModelSpec& spec, double f, double slowest, C unit) {
  const auto model = compile(spec);
  SimulationSettings settings = spec.simulation;
  settings.timeStep = 1e-3;
  settings.endTime = 18.0 / slowest + 10.0 / f;
  PendulumRecord rec;
  rec.upper = model->bodyByName("upper");
  rec.lower = model->bodyByName("lower");
  EXPECT_TRUE(simulate(model, settings, rec).status == RunStatus::Completed);
  std::vector<C> out;
  for (const std::vector<double>& x : rec.series) out.push_back(test::harmonicAmplitude(rec.t, x, f, settings.endTime - 8.0 / f) / unit);
  return out;
}

double slowestDecay(const LinearSystem& s) {
  double slowest = 1e300;
  for (const DampedMode& m : denseModes(s).damped) slowest = std::min(slowest, -m.eigenvalue.real());
  return slowest;
}

/// The damped pendulum at its rest, linearised there, its spec starting at
/// the rest: the reference of the time-domain comparisons.
struct PendulumAtRest {
  ModelSpec spec = dampedPendulum();
  std::shared_ptr<const Model> model = compile(spec);
  Eigen::VectorXd rest = findEquilibrium(model, initialState(*model)).state;
  Linearisation lin{model, rest};
  LinearSystem s = lin.linearise();
  double slowest = slowestDecay(s);
  PendulumAtRest() { storeInitialState(*model, rest, spec); }
};

// The pendulum's shoulder on a base that a driven rail shakes along x by
// 0.1 mm: the hinge angle (relative), the rod's absolute x and both hinges'
// forces against the linearised model's response to ground.x.
TEST(BaseExcitation, MatchesAPendulumOnADrivenBaseInTime) {
  PendulumAtRest p;
  const LinearSystem& s = p.s;
  const LinearChannel input = linearInput(p.lin, "ground.x");
  double worst = 0.0;
  for (double f : test::plainOrAsan(std::vector<double>{0.3, 0.9, 2.5}, std::vector<double>{0.9})) {
    const double amplitude = 1e-4;
    const std::vector<C> measured = steadyState(onDrivenBase(p.spec, cosineFromRest(amplitude, f)), f, p.slowest, C(amplitude, 0.0));
    for (std::size_t k = 0; k < measured.size(); ++k) {
      const C predicted = responseAt(s, input, linearOutput(p.lin, kPendulumOutputs[k]), f);
      const double error = relativeError(measured[k], predicted);
      note(test::text("f = %1 Hz, ground.x -> %2: %3 at %4 deg per m (time domain: relative %5)", f, kPendulumOutputs[k], std::abs(predicted),
                      std::arg(predicted) * 180 / std::numbers::pi, error));
      worst = std::max(worst, error);
    }
  }
  note(test::text("pendulum on a driven base, 3 frequencies, 8 outputs: largest difference from the time domain %1", worst));
  EXPECT_LT(worst, 1e-5);
}

// The same pendulum driven by a 1e-3 N m sine at its elbow: its hinges'
// forces against the solver's own hinge loads in time.
TEST(HingeLoadOutput, MatchesTheSolversHingeLoadsInTime) {
  PendulumAtRest p;
  const LinearSystem& s = p.s;
  const LinearChannel input = linearInput(p.lin, "elbow");
  double worst = 0.0;
  for (double f : test::plainOrAsan(std::vector<double>{0.3, 0.9, 2.5}, std::vector<double>{0.9})) {
    const double amplitude = 1e-3;
    ModelSpec driven = p.spec;
    for (HingeSpec& h : driven.hinges)
      if (h.name == "elbow") h.loads.actuator = HingeActuatorSpec::force(sine(amplitude, f));
    // A sin(w t) = Re(-i A e^{i w t}); zero mean, so that the pendulum's mean
    // stays at the equilibrium (a mean torque would move the point the
    // response is linear about, by an error of the amplitude's order).
    const std::vector<C> measured = steadyState(driven, f, p.slowest, C(0.0, -amplitude));
    for (std::size_t k = 2; k < measured.size(); ++k) {
      const LinearChannel output = linearOutput(p.lin, kPendulumOutputs[k]);
      const C predicted = responseAt(s, input, output, f);
      const double error = relativeError(measured[k], predicted);
      note(test::text("f = %1 Hz, elbow -> %2: %3 %8 per N m at %4 deg (time domain: %6 at %7 deg, relative %5)", f, kPendulumOutputs[k], std::abs(predicted),
                      std::arg(predicted) * 180 / std::numbers::pi, error, std::abs(measured[k]), std::arg(measured[k]) * 180 / std::numbers::pi, output.unit));
      worst = std::max(worst, error);
    }
  }
  note(test::text("elbow torque -> hinge forces and moments, 3 frequencies: largest difference from the time domain %1", worst));
  EXPECT_LT(worst, 1e-5);
}

// The vehicle on its tyres with the road moved along its normal: at low
// frequency everything rides with the road (H -> 1 as (f/f_bounce)^2), and
// the chassis' response peaks near the bounce frequency of its modes.
TEST(BaseExcitation, TheVehicleFollowsItsRoadAtLowFrequency) {
  VehicleOptions o;
  o.speed = 0.0;
  o.bump = false;
  const ModelSpec spec = generateVehicle(o);
  const auto model = compile(spec);
  const Eigen::VectorXd rest = findEquilibrium(model, initialState(*model)).state;
  Linearisation lin(model, rest);
  const LinearSystem s = lin.linearise();
  const LinearChannel road = linearInput(lin, "road"), chassis = linearOutput(lin, "chassis.y");
  const C slow = responseAt(s, road, chassis, 1e-3);
  note(test::text("vehicle: chassis.y / road at 1 mHz = %1 %+ %2 i", slow.real(), slow.imag()));
  EXPECT_LT(std::abs(slow - 1.0), 1e-5);
  FrequencyRange range;
  range.from = 0.5;
  range.to = 20.0;
  range.points = 400;
  const FrequencyResponse r = frequencyResponse(s, road, chassis, range);
  std::size_t peak = 0;
  for (std::size_t k = 0; k < r.response.size(); ++k)
    if (std::abs(r.response[k]) > std::abs(r.response[peak])) peak = k;
  note(test::text("vehicle: chassis.y / road peaks at %1 Hz with %2", r.frequency[peak], std::abs(r.response[peak])));
  EXPECT_GT(std::abs(r.response[peak]), 1.0);
  EXPECT_NEAR(r.frequency[peak], 2.2, 0.5);  // the bounce mode, 2.228 Hz undamped (docs/vibration.md)
}

TEST(HingeLoadOutput, BadUsesAreRefusedByName) {
  const ModelSpec spec = dampedPendulum();
  const auto model = compile(spec);
  Linearisation lin(model, initialState(*model));  // hanging straight down, springs wound up: not at rest
  auto message = [](auto call) {
    try {
      call();
      return std::string("accepted");
    } catch (const Error& e) {
      return std::string(e.what());
    }
  };
  EXPECT_TRUE(test::contains(message([&] { linearOutput(lin, "shoulder.fx"); }), "hinge 'shoulder': a hinge load is linearised about a state at rest"));
  EXPECT_TRUE(test::contains(message([&] { linearOutput(lin, "shoulder.fw"); }), "unknown output 'shoulder.fw'"));
  EXPECT_TRUE(test::contains(message([&] { linearInput(lin, "road"); }), "input 'road': the model has no contacts"));
  EXPECT_TRUE(test::contains(message([&] { linearInput(lin, "ground.w"); }), "unknown input 'ground.w'"));
  EXPECT_TRUE(test::contains(message([&] { linearInput(lin, "ground.z"); }), "a planar model moves in the x-y plane only"));
  // The studio's lists: a planar model's ground directions and hinge loads in its plane.
  const std::vector<std::string> inputs = linearChannelNames(spec, true), outputs = linearChannelNames(spec, false);
  auto has = [](const std::vector<std::string>& list, const std::string& name) { return std::find(list.begin(), list.end(), name) != list.end(); };
  EXPECT_TRUE(has(inputs, "ground.x") && has(inputs, "ground.y") && !has(inputs, "ground.z") && !has(inputs, "road"));
  EXPECT_TRUE(has(inputs, "upper.fx") && has(inputs, "elbow") && !has(inputs, "upper.fz"));
  EXPECT_TRUE(has(outputs, "shoulder.fx") && has(outputs, "elbow.mz") && has(outputs, "lower.rz") && !has(outputs, "elbow.mx"));
  // Every name offered is taken by the linearisation (about the equilibrium, where hinge loads are defined).
  Linearisation atRest(model, findEquilibrium(model, initialState(*model)).state);
  for (const std::string& name : inputs) EXPECT_NO_THROW(linearInput(atRest, name)) << name;
  for (const std::string& name : outputs) EXPECT_NO_THROW(linearOutput(atRest, name)) << name;
  // And on a spatial tree with every hinge type (about its initial state,
  // where hinge loads are refused only for not being at rest).
  RandomTreeOptions o;
  o.bodies = 10;
  o.seed = 5;
  ModelSpec tree = generateRandomTree(o);
  Random random(11);
  test::addNewHingeTypes(tree, random, false);
  const auto treeModel = compile(tree);
  Linearisation initial(treeModel, initialState(*treeModel));
  int offered = 0;
  for (const bool in : {true, false})
    for (const std::string& name : linearChannelNames(tree, in)) {
      ++offered;
      const std::string why = message([&] { in ? linearInput(initial, name) : linearOutput(initial, name); });
      EXPECT_TRUE(why == "accepted" || test::contains(why, "a hinge load is linearised about a state at rest")) << name << ": " << why;
    }
  note(test::text("%1 channel names offered for a random spatial tree of %2 bodies, each taken", offered, o.bodies));
}

}  // namespace
}  // namespace mstmm
