// Frequency response against the time domain: a damped double pendulum
// driven by a small sinusoidal torque at its elbow, run until the
// transients have died, has the amplitude and phase the linearised model
// predicts at three frequencies; bad inputs are refused by name.

#include <cmath>
#include <numbers>

#include "core/analysis/equilibrium.hpp"
#include "core/analysis/frequency_response.hpp"
#include "core/analysis/linear_sweep.hpp"
#include "core/analysis/modes.hpp"
#include "core/error.hpp"
#include "core/io/analysis_csv.hpp"
#include "tests/core/signal.hpp"
#include "tests/core/analysis/vibration_support.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm {
namespace {

using test::note;

/// The sprung double pendulum, with a sine torque of `amplitude` at its elbow.
ModelSpec dampedPendulum(double frequency, double amplitude) {
  ModelSpec spec = test::sprungDoublePendulum();
  if (amplitude != 0.0) {
    TimeFunction sine;
    sine.kind = TimeFunctionKind::Sine;
    sine.amplitude = amplitude;
    sine.frequency = frequency;
    for (HingeSpec& h : spec.hinges)
      if (h.name == "elbow") h.loads.actuator = HingeActuatorSpec::force(sine);
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

// The complex sweep, O(N) per frequency, against the dense solve: a damped
// spatial chain held by ball springs, every kind of input and output.
TEST(FrequencyResponse, TheSweepEqualsTheDenseSolve) {
  const auto model = compile(test::sprungHangingChain(12));
  const Eigen::VectorXd rest = findEquilibrium(model, initialState(*model)).state;
  Linearisation lin(model, rest);
  const LinearSystem s = lin.linearise();
  const LinearTree tree(model, rest);
  FrequencyRange range;
  range.from = 0.05;
  range.to = 20.0;
  range.points = 60;
  double worst = 0.0;
  // Hinge loads and body motions out; hinge loads, body loads and the moving ground in.
  const std::vector<std::pair<std::string, std::string>> pairs = {{"h3.rz", "1.x"},    {"7.fx", "2.rz"},    {"h12.rx", "h1.rx"}, {"ground.x", "5.x"},
                                                                  {"ground.z", "h3.rx"}, {"ground.y", "h4.fy"}, {"h6.ry", "h2.mx"},  {"7.fz", "h1.fz"}};
  for (const auto& [in, out] : pairs) {
    const LinearChannel input = linearInput(lin, in), output = linearOutput(lin, out);
    const FrequencyResponse dense = frequencyResponse(s, input, output, range), sweep = frequencyResponse(tree, input, output, range);
    double peak = 0.0;
    for (std::size_t k = 0; k < dense.response.size(); ++k) peak = std::max(peak, std::abs(dense.response[k]));
    double pair = 0.0;
    for (std::size_t k = 0; k < dense.response.size(); ++k) pair = std::max(pair, std::abs(sweep.response[k] - dense.response[k]) / peak);
    note(test::text("%1 -> %2: peak %3, sweep against dense %4 (at %5 Hz: %6 / %7)", in, out, peak, pair, dense.frequency[10], std::abs(dense.response[10]), std::abs(sweep.response[10])));
    worst = std::max(worst, pair);
  }
  note(test::text("12-body damped spatial chain, 8 input-output pairs, 60 frequencies: sweep against dense %1 of the peak", worst));
  EXPECT_LT(worst, 1e-7);  // the dense matrices' differences: 1e-9 - 1e-8
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
  // Listed frequencies (issue 51, point 17): positive and ascending, and then they are the frequencies.
  range.list = {0.5, 0.5};
  EXPECT_EQ(refused([&] { frequencies(range); }, "the frequencies must ascend (frequency 2, 0.5 Hz, is not above 0.5 Hz)"), "");
  range.list = {-1.0};
  EXPECT_EQ(refused([&] { frequencies(range); }, "every frequency must be positive (frequency 1 is -1 Hz)"), "");
  range.list = {0.25, 4.0};
  EXPECT_EQ(frequencies(range), range.list);
}

// Issue 51, point 6: a zero magnitude has no decibels, and its CSV cell is
// left empty rather than "-inf".
TEST(FrequencyResponse, AZeroMagnitudeHasAnEmptyDecibelCell) {
  FrequencyResponse r;
  r.frequency = {1.0, 2.0};
  r.response = {std::complex<double>(0.0, 0.0), std::complex<double>(0.5, 0.0)};
  r.phase = {0.0, 0.0};
  const std::string csv = frequencyResponseCsv(r);
  EXPECT_TRUE(test::contains(csv, "\n1,0,,0,0,0\n")) << csv;
  EXPECT_TRUE(test::contains(csv, "\n2,0.5,-6.0205999132796242,0,0.5,0\n")) << csv;
}

}  // namespace
}  // namespace mstmm
