// Frequency response against the time domain: a damped double pendulum
// driven by a small sinusoidal torque at its elbow, run until the
// transients have died, has the amplitude and phase the linearised model
// predicts at three frequencies; bad inputs are refused by name.

#include <cmath>
#include <numbers>

#include "core/analysis/equilibrium.hpp"
#include "core/analysis/frequency_response.hpp"
#include "core/analysis/modes.hpp"
#include "core/error.hpp"
#include "tests/core/signal.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm {
namespace {

void note(const std::string& line) { test::info("%s", line.c_str()); }

constexpr double kDown = std::numbers::pi / 2;

ModelSpec dampedPendulum(double frequency, double amplitude) {
  ModelSpec spec;
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3(0, -9.81, 0);
  std::optional<BodyId> parent;
  for (int k = 0; k < 2; ++k) {
    BodySpec& b = spec.addBody(k ? "lower" : "upper");
    b.shape.type = ShapeType::Rod;
    b.shape.mass = 1.0;
    b.shape.length = 0.8;
    b.output = Vec3(0.8, 0, 0);
    b.theta = kDown;
    const BodyId id = b.id;
    HingeSpec& h = spec.addHinge(k ? "elbow" : "shoulder", HingeType::Pin, id, parent);
    h.loads.spring = HingeSpringSpec::linear(2.0, 0.8);
    if (k == 1 && amplitude != 0.0) {
      TimeFunction sine;
      sine.kind = TimeFunctionKind::Sine;
      sine.amplitude = amplitude;
      sine.frequency = frequency;
      h.loads.actuator = HingeActuatorSpec::force(sine);
    }
    parent = id;
  }
  return spec;
}

struct Recorder : ResultSink {
  int body = -1;
  std::vector<double> t, angle, x;
  void record(const Frame& f) override {
    t.push_back(f.time);
    angle.push_back(f.y->coeff(2 * body));  // the upper rod's angle: its hinge's coordinate
    x.push_back((*f.poses)[0].com.x());               // the lower rod's centre of mass
  }
};

TEST(FrequencyResponse, MatchesTheSteadyStateOfATimeDomainRun) {
  // The shoulder's spring is at rest with the rod horizontal: the pendulum
  // hangs at an angle, about which it is linearised and driven.
  const auto model0 = compile(dampedPendulum(1.0, 0.0));
  const Eigen::VectorXd rest = findEquilibrium(model0, initialState(*model0)).state;
  Linearisation lin(model0, rest);
  const LinearSystem s = lin.linearise();
  const ModalAnalysis modes = denseModes(s);
  double slowest = 1e300;
  for (const DampedMode& m : modes.damped) slowest = std::min(slowest, -m.eigenvalue.real());
  const LinearChannel input = linearInput(lin, "elbow");
  const LinearChannel angle = linearOutput(lin, "shoulder"), x = linearOutput(lin, "lower.x");
  for (double f : {0.3, 0.9, 2.5}) {
    FrequencyRange range;
    range.from = f;
    range.to = 2 * f;
    range.points = 2;
    const std::complex<double> hAngle = frequencyResponse(s, input, angle, range).response[0];
    const std::complex<double> hX = frequencyResponse(s, input, x, range).response[0];
    // sin(w t) = Re(-i e^{i w t}): the torque's complex amplitude is -i A.
    const double amplitude = 1e-3;
    const ModelSpec spec = dampedPendulum(f, amplitude);
    const auto model = compile(spec);
    SimulationSettings settings = spec.simulation;
    settings.timeStep = 1e-3;
    settings.endTime = 18.0 / slowest + 10.0 / f;  // transients down by e^-18
    Recorder rec;
    rec.body = model->bodyByName("upper");
    RunOptions options;
    options.initialState = &rest;
    ASSERT_TRUE(simulate(model, settings, rec, options).status == RunStatus::Completed);
    const double from = settings.endTime - 8.0 / f;
    const std::complex<double> measuredAngle = test::harmonicAmplitude(rec.t, rec.angle, f, from) / (std::complex<double>(0, -1) * amplitude);
    const std::complex<double> measuredX = test::harmonicAmplitude(rec.t, rec.x, f, from) / (std::complex<double>(0, -1) * amplitude);
    const double errorAngle = std::abs(measuredAngle - hAngle) / std::abs(hAngle), errorX = std::abs(measuredX - hX) / std::abs(hX);
    note(test::text("f = %1 Hz: shoulder/elbow %2 rad/(N m) at %3 deg (time domain %4 at %5 deg, relative %6); lower.x %7 m/(N m) (relative %8); %9 s run", f,
                    std::abs(hAngle), std::arg(hAngle) * 180 / std::numbers::pi, std::abs(measuredAngle), std::arg(measuredAngle) * 180 / std::numbers::pi,
                    errorAngle, std::abs(hX), errorX, settings.endTime));
    EXPECT_LT(errorAngle, 1e-5);
    EXPECT_LT(errorX, 1e-5);
  }
}

TEST(FrequencyResponse, BadInputsAreRefusedByName) {
  const auto model = compile(dampedPendulum(1.0, 0.0));
  Linearisation lin(model, initialState(*model));
  const LinearSystem s = lin.linearise();
  auto refused = [](auto call, const std::string& part) {
    try {
      call();
      return std::string("accepted");
    } catch (const Error& e) {
      return test::contains(e.what(), part) ? std::string() : std::string(e.what());
    }
  };
  EXPECT_EQ(refused([&] { linearInput(lin, "wrist"); }, "unknown input 'wrist'"), "");
  EXPECT_EQ(refused([&] { linearOutput(lin, "lower.q"); }, "unknown output 'lower.q'"), "");
  EXPECT_EQ(refused([&] { linearInput(lin, "upper.fw"); }, "unknown input"), "");
  FrequencyRange range;
  range.from = 0.0;
  EXPECT_EQ(refused([&] { frequencies(range); }, "lowest frequency must be positive"), "");
  range.from = 2.0;
  range.to = 1.0;
  EXPECT_EQ(refused([&] { frequencies(range); }, "above the lowest"), "");
  range.to = 3.0;
  range.points = 1;
  EXPECT_EQ(refused([&] { frequencies(range); }, "number of points"), "");
  // A body load and a body motion are accepted and have their units.
  EXPECT_EQ(linearInput(lin, "lower.fy").unit, "N");
  EXPECT_EQ(linearOutput(lin, "lower.rz").unit, "rad");
  EXPECT_EQ(linearOutput(lin, "hinge:elbow").unit, "rad");
}

}  // namespace
}  // namespace mstmm
