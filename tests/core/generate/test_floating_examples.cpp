// The examples of issue 14 against what holds independently of any solver:
// the momentum of 001's eight-body system in zero gravity and its centre of
// mass on the free-flight parabola under gravity (exact invariants, whose
// drift must fall with the integrator's order, ~16-fold per halved step);
// the Cardan joint's output speed against its closed form; the crank-slider
// of 004 Ex. 3.3 as printed against its 1-DOF Lagrangian integrated here.

#include "tests/core/check.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <numbers>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/generate/floating_examples.hpp"
#include "core/io/results_csv.hpp"
#include "core/sim/result_columns.hpp"
#include "core/model/model.hpp"
#include "core/plot/series_catalog.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

/// Largest drift of the momentum and of the centre of mass from its
/// parabola r0 + v0 t + g t^2 / 2 over a run.
class InvariantSink : public ResultSink {
 public:
  void record(const Frame& f) override {
    const Momentum p = computeMomentum(*f.model, *f.poses);
    if (frames++ == 0) {
      first = p;
      v0 = p.linear / p.mass;
    }
    const Vec3 g = f.model->gravity();
    linearDrift = std::max(linearDrift, (p.linear - first.linear - p.mass * g * f.time).norm());
    if (g.isZero()) angularDrift = std::max(angularDrift, (p.angular - first.angular).norm());
    const Vec3 parabola = first.centreOfMass + v0 * f.time + 0.5 * g * f.time * f.time;
    comDrift = std::max(comDrift, (p.centreOfMass - parabola).norm());
  }
  Momentum first;
  Vec3 v0 = Vec3::Zero();
  double linearDrift = 0.0, angularDrift = 0.0, comDrift = 0.0;
  int frames = 0;
};

InvariantSink runEightBody(bool gravity, double dt, double endTime) {
  ModelSpec spec = generateEightBodySystem(gravity);
  spec.simulation.timeStep = dt;
  spec.simulation.endTime = endTime;
  spec.simulation.outputEvery = static_cast<int>(std::lround(0.01 / dt));
  InvariantSink sink;
  const RunReport report = simulate(compile(spec), spec.simulation, sink);
  EXPECT_TRUE(report.status == RunStatus::Completed) << (report.error ? report.error->what() : "");
  return sink;
}

/// Halving the step must cut a drift about 16-fold (RK4) unless both are at round-off.
void expectFourthOrder(const char* what, double coarse, double fine, double roundOff) {
  info("  %s: %.3e at dt = 1e-3, %.3e at dt = 5e-4 (ratio %.1f)", what, coarse, fine, coarse / fine);
  if (coarse < roundOff) return;
  EXPECT_TRUE(coarse / fine > 12.0 && coarse / fine < 20.0) << what << ": ratio " << coarse / fine;
}

}  // namespace

TEST(FloatingExamples, eightBodySystemAgreesWithNewtonEulerAtItsInitialState) {
  for (bool gravity : {false, true}) {
    const auto model = compile(generateEightBodySystem(gravity));
    ASSERT_SAME(model->degreesOfFreedom(), 22);  // 6 + 3 + 1 + 2 + 2 + 3 + 1 + 4
    SolverOutput a, b;
    makeSolver(SolverKind::Riccati, model)->evaluate(initialState(*model), a);
    makeSolver(SolverKind::NewtonEuler, model)->evaluate(initialState(*model), b);
    ASSERT_TRUE(relativeDifference(a.angularAcceleration, b.angularAcceleration) < 1e-10);
    ASSERT_TRUE(relativeDifference(a.comAcceleration, b.comAcceleration) < 1e-10);
    ASSERT_TRUE(relativeDifference(a.hingeForce, b.hingeForce) < 1e-10);
  }
}

// 10 s in zero gravity: no external load, so linear and angular momentum
// are constant; every body starts spinning (the fastest at ~4 rad/s).
TEST(FloatingExamples, eightBodyMomentumIsConstantToTheIntegratorsOrder) {
  const InvariantSink coarse = runEightBody(false, 1e-3, 10.0), fine = runEightBody(false, 5e-4, 10.0);
  info("eight-body system, 10 s in zero gravity: |p| = %.4f kg m/s, |L| = %.4f kg m^2/s; drift of", coarse.first.linear.norm(),
       coarse.first.angular.norm());
  ASSERT_SAME(coarse.frames, 1001);
  expectFourthOrder("linear momentum (kg m/s)", coarse.linearDrift, fine.linearDrift, 1e-12);
  expectFourthOrder("angular momentum (kg m^2/s)", coarse.angularDrift, fine.angularDrift, 1e-12);
  ASSERT_TRUE(coarse.linearDrift < 1e-8 * coarse.first.linear.norm());
  ASSERT_TRUE(coarse.angularDrift < 1e-6 * coarse.first.angular.norm());
}

// Thrown upwards under gravity: the centre of mass follows the parabola of a
// point mass, whatever the bodies do about it.
TEST(FloatingExamples, thrownEightBodySystemKeepsItsCentreOfMassOnTheParabola) {
  const InvariantSink coarse = runEightBody(true, 1e-3, 2.0), fine = runEightBody(true, 5e-4, 2.0);
  info("eight-body system thrown under gravity, 2 s: drift of");
  expectFourthOrder("linear momentum from p0 + m g t (kg m/s)", coarse.linearDrift, fine.linearDrift, 1e-11);
  expectFourthOrder("centre of mass from its parabola (m)", coarse.comDrift, fine.comDrift, 1e-12);
  ASSERT_TRUE(coarse.comDrift < 1e-9);
}

// The output shaft's speed over one revolution of the input, bent 30 degrees.
TEST(FloatingExamples, cardanShaftSpeedRatioFollowsTheClosedForm) {
  const double bend = std::numbers::pi / 6.0, speed = 2.0 * std::numbers::pi;
  ModelSpec spec = generateCardanShaft(bend, speed);
  const auto model = compile(spec);
  ASSERT_SAME(model->degreesOfFreedom(), 0);  // 1 + 2 - 2 (point-on-line cut) - 1 (the drive)
  struct Sink : ResultSink {
    Vec3 d;
    double speed = 0.0, bend = 0.0, worst = 0.0, lowest = 1e9, highest = 0.0;
    int frames = 0, output = -1;
    void record(const Frame& f) override {
      const double phi = speed * f.time;  // the input yoke's angle from the normal of the shafts' plane
      const double expected = std::cos(bend) / (1.0 - std::pow(std::sin(bend) * std::sin(phi), 2));
      const double ratio = (*f.poses)[static_cast<std::size_t>(output)].omega.dot(d) / speed;
      worst = std::max(worst, std::abs(ratio - expected) / expected);
      lowest = std::min(lowest, ratio);
      highest = std::max(highest, ratio);
      ++frames;
    }
  } sink;
  sink.d = Vec3(std::cos(bend), std::sin(bend), 0.0);
  sink.speed = speed;
  sink.bend = bend;
  sink.output = model->bodyByName("output");
  const RunReport report = simulate(model, spec.simulation, sink);
  ASSERT_TRUE(report.status == RunStatus::Completed) << (report.error ? report.error->what() : "");
  info("Cardan shaft bent %.0f deg, one revolution at dt = 1e-3 (%d frames): speed ratio from %.6f to %.6f (closed form cos b = %.6f, 1/cos b = %.6f); "
       "max relative difference %.2e",
       30.0, sink.frames, sink.lowest, sink.highest, std::cos(bend), 1.0 / std::cos(bend), sink.worst);
  ASSERT_SAME(sink.frames, 1001);
  ASSERT_TRUE(sink.worst < 1e-8) << sink.worst;
}

namespace {

/// 004 Ex. 3.3 with equal rods 2l, mass m: the rod's angle is -phi, so
/// T = 1/2 m l^2 (8/3 + 8 sin^2 phi) phi'^2 and V = 2 m g l sin phi;
/// Lagrange: phi'' = -(8 l sin phi cos phi phi'^2 + 2 g cos phi) / (l (8/3 + 8 sin^2 phi)).
double crankAcceleration(double phi, double rate, double l, double g) {
  const double s = std::sin(phi), c = std::cos(phi);
  return -(8.0 * l * s * c * rate * rate + 2.0 * g * c) / (l * (8.0 / 3.0 + 8.0 * s * s));
}

}  // namespace

TEST(FloatingExamples, crankSliderAsPrintedFollowsItsLagrangian) {
  const double l = 0.25, phi0 = std::numbers::pi / 6.0, g = 9.81;
  ModelSpec spec = generateCrankSliderAsPrinted(l, 1.0, phi0);
  const auto model = compile(spec);
  ASSERT_SAME(model->degreesOfFreedom(), 1);
  struct Sink : ResultSink {
    std::vector<double> t, phi;
    int crank = -1;
    void record(const Frame& f) override {
      t.push_back(f.time);
      phi.push_back((*f.y)[2 * crank]);
    }
  } sink;
  sink.crank = model->bodyByName("crank");
  const RunReport report = simulate(model, spec.simulation, sink);
  ASSERT_TRUE(report.status == RunStatus::Completed) << (report.error ? report.error->what() : "");
  // The reference: the scalar ODE by RK4 at a step 100 times finer.
  const double h = 1e-5;
  double q = phi0, v = 0.0, worst = 0.0, lowest = phi0;
  std::size_t frame = 0;
  for (long k = 0; frame < sink.t.size(); ++k) {
    if (std::abs(k * h - sink.t[frame]) < 0.5 * h) {
      worst = std::max(worst, std::abs(sink.phi[frame] - q));
      ++frame;
    }
    lowest = std::min(lowest, q);
    const double a1 = crankAcceleration(q, v, l, g), v1 = v;
    const double a2 = crankAcceleration(q + 0.5 * h * v1, v + 0.5 * h * a1, l, g), v2 = v + 0.5 * h * a1;
    const double a3 = crankAcceleration(q + 0.5 * h * v2, v + 0.5 * h * a2, l, g), v3 = v + 0.5 * h * a2;
    const double a4 = crankAcceleration(q + h * v3, v + h * a3, l, g), v4 = v + h * a3;
    q += h / 6.0 * (v1 + 2 * v2 + 2 * v3 + v4);
    v += h / 6.0 * (a1 + 2 * a2 + 2 * a3 + a4);
  }
  info("crank-slider of 004 Ex. 3.3 as printed, 5 s at dt = 1e-3 (%zu frames): crank swings from %.4f to %.4f rad; max |phi - phi_Lagrange| = %.2e rad",
       sink.t.size(), phi0, lowest, worst);
  ASSERT_SAME(frame, std::size_t{5001});
  ASSERT_TRUE(lowest < -1.0);  // it swings through the straight position and down
  ASSERT_TRUE(worst < 1e-9) << worst;
}

// Issue 30: Cardan angles stay continuous when a body turns over. A free
// cylinder tumbling about world y at 2 rad/s (torque-free about a principal
// axis: its pitch grows as 2 t) passes pitch 90 deg at t = 0.785 s; yaw and
// roll used to jump by 180 deg there. Now the pitch runs on as 2 t through
// 0 .. 344 deg, yaw and roll stay at 0, and the curves read in two pieces
// (a live run's) agree with the whole.
TEST(FloatingExamples, cardanAnglesStayContinuousWhenABodyTurnsOver) {
  ModelSpec spec;
  spec.gravity = Vec3::Zero();
  BodySpec& b = spec.addBody("tumbler");
  b.shape.type = ShapeType::Cylinder;
  b.shape.length = 0.4;
  b.shape.radius = 0.05;
  b.angularVelocity = Vec3(0, 2, 0);
  spec.addHinge("float", HingeType::Free, b.id, std::nullopt);
  spec.simulation.endTime = 3.0;
  spec.simulation.timeStep = 1e-3;
  spec.simulation.outputEvery = 10;
  const auto model = compile(spec);
  Results results(*model, {});
  ASSERT_TRUE(simulate(model, spec.simulation, results).status == RunStatus::Completed);
  PlotSettings settings;
  settings.degrees = true;
  double worstJump = 0.0, worstPitch = 0.0;
  std::vector<std::vector<double>> curves;
  for (int c = 0; c < 3; ++c) {
    const std::vector<double> v = seriesValues(results, *model, {Quantity::Angle, c, 0}, settings);
    for (std::size_t f = 1; f < v.size(); ++f) worstJump = std::max(worstJump, std::abs(v[f] - v[f - 1]));
    curves.push_back(v);
    // Read in two pieces, the second seeded with the first's last value.
    const std::vector<double> head = seriesValues(results, *model, {Quantity::Angle, c, 0}, settings, 0);
    const std::vector<double> tail = seriesValues(results, *model, {Quantity::Angle, c, 0}, settings, 150, head[149]);
    for (std::size_t f = 0; f < tail.size(); ++f) ASSERT_NEAR(tail[f], v[150 + f], 1e-9) << "component " << c << " frame " << 150 + f;
  }
  for (int f = 0; f < results.frameCount(); ++f) {
    // Pitch about y: the rotation is Ry(2 t) (the sign of y up: +2 t).
    worstPitch = std::max(worstPitch, std::abs(curves[1][static_cast<std::size_t>(f)] - 2.0 * results.time(f) * 180.0 / std::numbers::pi));
    ASSERT_NEAR(curves[0][static_cast<std::size_t>(f)], 0.0, 1e-6);
    ASSERT_NEAR(curves[2][static_cast<std::size_t>(f)], 0.0, 1e-6);
  }
  ::mstmm::test::info("tumbling cylinder: largest step between frames %.3f deg, pitch off 2 t by at most %.2e deg", worstJump, worstPitch);
  ASSERT_TRUE(worstJump < 1.2);  // 2 rad/s x 0.01 s = 1.15 deg a frame
  ASSERT_TRUE(worstPitch < 1e-6);
}

// Issue 30: a plot of one load element in N is titled "[N]", not with every
// unit the model's elements have; several curves list theirs.
TEST(FloatingExamples, loadElementAxisNamesTheUnitsOfItsCurves) {
  const auto model = compile(generateLoadedEightBodySystem());
  const std::vector<LoadChannel> channels = loadChannels(*model);
  const PlotSettings settings;
  const std::string all = axisTitle(Quantity::LoadElement, *model, settings);
  const std::string prefix = all.substr(0, all.find(" ["));
  ASSERT_TRUE(all.find(", ") != std::string::npos) << all;  // the model's elements have several units
  for (std::size_t c = 0; c < channels.size(); ++c) {
    const std::vector<SeriesKey> one{{Quantity::LoadElement, static_cast<int>(c), -1}};
    ASSERT_SAME(axisTitle(Quantity::LoadElement, *model, settings, one), prefix + " [" + channels[c].unit + "]");
    // Its legend names the element first: "element: quantity" from "quantity of kind 'element'".
    const std::string legend = seriesName(one.front(), *model, settings), label = channels[c].label;
    const std::size_t colon = legend.find(": ");
    ASSERT_TRUE(colon != std::string::npos) << legend;
    ASSERT_TRUE(label.find("'" + legend.substr(0, colon) + "'") != std::string::npos) << legend << " / " << label;
    ASSERT_SAME(label.substr(0, label.rfind(" of ")), legend.substr(colon + 2));
  }
  const std::vector<SeriesKey> both{{Quantity::LoadElement, 0, -1}, {Quantity::LoadElement, 1, -1}};
  const std::string two = channels[0].unit == channels[1].unit ? channels[0].unit : channels[0].unit + ", " + channels[1].unit;
  ASSERT_SAME(axisTitle(Quantity::LoadElement, *model, settings, both), prefix + " [" + two + "]");
}

// What the plots show: the recorded momentum, angular momentum and centre
// of mass of every frame (series_catalog), constant for the floating
// eight-body system, and the free root's position among the slides.
TEST(FloatingExamples, momentumIsRecordedAndPlotted) {
  ModelSpec spec = generateEightBodySystem(false);
  spec.simulation.endTime = 1.0;
  const auto model = compile(spec);
  Results results(*model, {});
  ASSERT_TRUE(simulate(model, spec.simulation, results).status == RunStatus::Completed);
  const PlotSettings settings;
  for (Quantity q : {Quantity::Momentum, Quantity::AngularMomentum}) {
    for (const SeriesKey& key : seriesKeys(q, -1, {}, *model, settings)) {
      const std::vector<double> v = seriesValues(results, *model, key, settings);
      ASSERT_SAME(v.size(), std::size_t{1001});
      const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
      ASSERT_TRUE(*hi - *lo < 1e-9) << seriesName(key, *model, settings) << ": " << *hi - *lo;
    }
  }
  ASSERT_SAME(componentNames(Quantity::AngularMomentum, *model, settings).size(), std::size_t{3});
  ASSERT_SAME(seriesName({Quantity::Momentum, 1, -1}, *model, settings), std::string("momentum y"));
  ASSERT_SAME(unitOf(Quantity::AngularMomentum, *model, settings), std::string("kg m²/s"));
  // The free root's y among the slides: its output end rises at its initial rate.
  int rootY = 0;
  while (rootY < model->sliderCount() && model->slideName(rootY) != "float.y") ++rootY;
  ASSERT_TRUE(rootY < model->sliderCount());
  const std::vector<double> y = seriesValues(results, *model, {Quantity::Slide, rootY, -1}, settings);
  ASSERT_TRUE(std::abs(y.front() - 1.0) < 1e-15);
  // The centre of mass moves in a straight line at constant speed (no gravity).
  for (int c = 0; c < 3; ++c) {
    const std::vector<double> x = seriesValues(results, *model, {Quantity::CentreOfMass, c, -1}, settings);
    for (std::size_t f = 1; f + 1 < x.size(); ++f) ASSERT_TRUE(std::abs(x[f + 1] - 2.0 * x[f] + x[f - 1]) < 1e-12);
  }
  ASSERT_SAME(componentNames(Quantity::Slide, *model, settings)[static_cast<std::size_t>(rootY)], std::string("float.y"));
  // The results CSV of a floating system has momentum columns: the linear
  // momentum is the total mass times the centre of mass's velocity, which
  // the CSV's own centre-of-mass columns give by difference (it moves at
  // constant speed in zero gravity).
  const std::string path = testing::TempDir() + "eight-body-momentum.csv";
  writeResultsCsv(*model, results, path, {});
  std::ifstream in(path);
  std::string line;
  std::vector<std::string> header;
  std::vector<std::vector<double>> rows;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cells;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, ',');) cells.push_back(cell);
    if (header.empty()) {
      header = cells;
      continue;
    }
    std::vector<double> row;
    for (const std::string& c : cells) row.push_back(std::stod(c));
    rows.push_back(row);
  }
  auto column = [&](const std::string& name) {
    const auto it = std::find(header.begin(), header.end(), name);
    EXPECT_TRUE(it != header.end()) << name;
    return static_cast<std::size_t>(it - header.begin());
  };
  ASSERT_SAME(rows.size(), std::size_t{1001});
  const double mass = results.momentum(0).mass, span = rows.back()[column("t")] - rows.front()[column("t")];
  for (const char* axis : {"x", "y", "z"}) {
    const double p = rows.front()[column(std::string("momentum.p") + axis)];
    const double fromCentre = mass * (rows.back()[column(std::string("momentum.c") + axis)] - rows.front()[column(std::string("momentum.c") + axis)]) / span;
    ASSERT_TRUE(std::abs(p - fromCentre) < 1e-9 * (1.0 + std::abs(p))) << axis << ": " << p << " against " << fromCentre;
    ASSERT_TRUE(std::abs(rows.back()[column(std::string("momentum.l") + axis)] - rows.front()[column(std::string("momentum.l") + axis)]) < 1e-8);
  }
  ASSERT_SAME(resultColumn(*model, results, "momentum.lz").size(), std::size_t{1001});
}
