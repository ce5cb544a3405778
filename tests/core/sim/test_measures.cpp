// Named measures (docs/measures.md) against references that do not use
// their formulas: central differences of the recorded positions (velocity)
// and velocities (acceleration), in the world and in a turning body's frame,
// where the transport terms (-w x d, the Coriolis term 2 w x d') are what is
// tested; exact invariants (a body's own point seen from the body stands
// still); the planar angles theta_1 - theta_2, states of their own that
// never wrap; and the model file and the CSV columns.

#include "tests/core/check.hpp"

#include <cmath>
#include <fstream>
#include <iterator>
#include <numbers>

#include "core/io/model_json.hpp"
#include "core/io/results_csv.hpp"
#include "core/model/validation.hpp"
#include "core/plot/series_catalog.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

MeasureSpec measure(const std::string& name, MeasureKind kind, const std::string& body, const Vec3& point, const std::string& reference = {},
                    const Vec3& referencePoint = Vec3::Zero()) {
  MeasureSpec m;
  m.name = name;
  m.kind = kind;
  m.body = body;
  m.point = point;
  m.relativeTo = reference;
  m.relativePoint = referencePoint;
  return m;
}

/// A spatial chain of three rods on ball joints, started turning, so that
/// every body's frame turns about all three axes.
ModelSpec tumblingChain() {
  ChainOptions o;
  o.bodies = 3;
  ModelSpec spec = generateChain(o);
  for (BodySpec& b : spec.bodies) b.angularVelocity = Vec3(1.5, -2.0, 2.5);
  return spec;
}

int channelOf(const Results& r, const std::string& name) {
  for (std::size_t c = 0; c < r.measureChannels().size(); ++c)
    if (r.measureChannels()[c].name == name) return static_cast<int>(c);
  fatal("no channel %s", name.c_str());
  return -1;
}

/// max |d/dt of channels `of` - channels `rate`| over the frames two from
/// either end, relative to max |rate|; d/dt by the five-point central
/// difference (-f(t+2h) + 8 f(t+h) - 8 f(t-h) + f(t-2h)) / 12h, whose error
/// is O(h^4).
double differenceError(const Results& r, const std::string& of, const std::string& rate) {
  double error = 0.0, scale = 1e-300;
  for (const char* axis : {".x", ".y", ".z"}) {
    const int p = channelOf(r, of + axis), v = channelOf(r, rate + axis);
    for (int f = 2; f + 2 < r.frameCount(); ++f) {
      const double h = r.time(f + 1) - r.time(f);
      const double fivePoint = (-r.measureValue(f + 2, p) + 8.0 * r.measureValue(f + 1, p) - 8.0 * r.measureValue(f - 1, p) + r.measureValue(f - 2, p)) / (12.0 * h);
      error = std::max(error, std::abs(fivePoint - r.measureValue(f, v)));
      scale = std::max(scale, std::abs(r.measureValue(f, v)));
    }
  }
  return error / scale;
}

}  // namespace

// d/dt of the position is the velocity, and of the velocity the
// acceleration, seen from the ground and from the turning root rod "3"
// (0.3 s of RK4 at 0.1 ms: the five-point differences and the steps are O(h^4) ~ 1e-10 off).
TEST(Measures, velocityAndAccelerationAreTheDerivativesSeenFromTheirFrame) {
  ModelSpec spec = tumblingChain();
  const Vec3 p(-0.8, 0.05, 0.02), q(-0.3, 0.04, -0.03);
  for (const auto& [suffix, reference, at] : {std::tuple{"", std::string(), Vec3(0.1, -0.2, 0.3)}, std::tuple{"_in_3", std::string("3"), q}}) {
    spec.measures.push_back(measure(std::string("pos") + suffix, MeasureKind::Position, "1", p, reference, at));
    spec.measures.push_back(measure(std::string("vel") + suffix, MeasureKind::Velocity, "1", p, reference, at));
    spec.measures.push_back(measure(std::string("acc") + suffix, MeasureKind::Acceleration, "1", p, reference, at));
  }
  ASSERT_EQ(validationErrors(spec), "");
  const Results r = runFor(spec, plainOrAsan(0.3, 0.02), 1e-4);
  for (const char* suffix : {"", "_in_3"}) {
    const std::string s(suffix);
    const double velocity = differenceError(r, "pos" + s, "vel" + s), acceleration = differenceError(r, "vel" + s, "acc" + s);
    info("frame '%s': velocity against the position's central differences %.2e, acceleration against the velocity's %.2e (relative)",
         s.empty() ? "ground" : "3", velocity, acceleration);
    EXPECT_LT(velocity, 1e-8);
    EXPECT_LT(acceleration, 1e-8);
  }
  // The relative acceleration is far from the world one: the frame's terms are really there.
  const int a = channelOf(r, "acc.x"), b = channelOf(r, "acc_in_3.x");
  EXPECT_GT(std::abs(r.measureValue(r.frameCount() / 2, a) - r.measureValue(r.frameCount() / 2, b)), 1.0);
}

// The world position of a body point is its input end plus the turned point,
// from the recorded orientation; a rod's own point seen from the rod stands
// still (velocity and acceleration zero to round-off), and its distance from
// another of its points is their distance at the start.
TEST(Measures, aBodysOwnPointStandsStillInItsFrame) {
  ModelSpec spec = tumblingChain();
  const Vec3 p(-0.8, 0.05, 0.02), q(-0.1, 0.0, 0.04);
  spec.measures.push_back(measure("world", MeasureKind::Position, "2", p));
  spec.measures.push_back(measure("own", MeasureKind::Position, "2", p, "2", q));
  spec.measures.push_back(measure("own_v", MeasureKind::Velocity, "2", p, "2", q));
  spec.measures.push_back(measure("own_a", MeasureKind::Acceleration, "2", p, "2", q));
  spec.measures.push_back(measure("span", MeasureKind::Distance, "2", p, "2", q));
  const auto model = compile(spec);
  const Results r = runFor(spec, plainOrAsan(0.5, 0.05), 1e-3);
  const int slot = r.slotOf(model->bodyByName("2"));
  const Vec3 input = spec.bodies[static_cast<std::size_t>(spec.bodyIndex(spec.bodies[1].id))].inputs.front();
  double world = 0.0, still = 0.0, span = 0.0;
  for (int f = 0; f < r.frameCount(); ++f) {
    const Vec3 expected = r.inputEnd(f, slot) + rotationFromQuaternion(r.orientation(f, slot).normalized()) * (p - input);
    for (int k = 0; k < 3; ++k) world = std::max(world, std::abs(r.measureValue(f, channelOf(r, std::string("world.") + "xyz"[k])) - expected[k]));
    for (int k = 0; k < 3; ++k) {
      const std::string axis = std::string(".") + "xyz"[k];
      still = std::max({still, std::abs(r.measureValue(f, channelOf(r, "own" + axis)) - (p - q)[k]), std::abs(r.measureValue(f, channelOf(r, "own_v" + axis))),
                        std::abs(r.measureValue(f, channelOf(r, "own_a" + axis))) / 100.0});
    }
    span = std::max(span, std::abs(r.measureValue(f, channelOf(r, "span")) - (p - q).norm()));
  }
  info("world position against I_1 + A(q) p': %.2e m; own point in its own frame: moves %.2e (m, m/s, 100 m/s^2); span %.2e m", world, still, span);
  EXPECT_LT(world, 1e-12);
  EXPECT_LT(still, 1e-12);
  EXPECT_LT(span, 1e-14);
}

// An angle between two bodies of a planar chain spinning through several
// turns is theta_1 - theta_2 (each a state of its own), continuous past
// half turns: it differs from it only by the whole turns the start adds.
TEST(Measures, anAngleBetweenTwoBodiesGoesOnPastHalfTurns) {
  ChainOptions o;
  o.bodies = 2;
  o.planar = true;
  ModelSpec spec = generateChain(o);
  spec.gravity = Vec3::Zero();
  for (BodySpec& b : spec.bodies) {  // the tip rod whirls round the end of a heavy root rod
    b.thetaDot = b.name == "1" ? 25.0 : 0.0;
    if (b.name == "2") b.shape.mass = 1000.0;
  }
  MeasureSpec angle = measure("bend", MeasureKind::Angle, "1", Vec3::Zero(), "2");
  spec.measures.push_back(angle);
  spec.measures.push_back(measure("abs", MeasureKind::Angle, "1", Vec3::Zero()));
  const auto model = compile(spec);
  const Results r = runFor(spec, plainOrAsan(2.0, 0.3), 1e-3);
  const int s1 = r.slotOf(model->bodyByName("1")), s2 = r.slotOf(model->bodyByName("2"));
  const double turn = 2.0 * std::numbers::pi;
  const double offset = r.measureValue(0, 0) - (r.theta(0, s1) - r.theta(0, s2)), absOffset = r.measureValue(0, 1) - r.theta(0, s1);
  double error = 0.0, reach = 0.0;
  for (int f = 0; f < r.frameCount(); ++f) {
    error = std::max({error, std::abs(r.measureValue(f, 0) - (r.theta(f, s1) - r.theta(f, s2)) - offset), std::abs(r.measureValue(f, 1) - r.theta(f, s1) - absOffset)});
    reach = std::max(reach, std::abs(r.measureValue(f, 0) - r.measureValue(0, 0)));
  }
  info("relative angle through %.1f turns: off theta_1 - theta_2 by %.2e rad beyond the start's %.0f whole turns", reach / turn, error, offset / turn);
  EXPECT_GT(reach, (kUnderAsan ? 0.5 : 3.0) * turn);
  EXPECT_LT(error, 1e-11);
  EXPECT_LT(std::abs(std::remainder(offset, turn)), 1e-12);
  // Plotted in degrees, as the body angles are.
  PlotSettings degrees;
  const std::vector<double> plotted = seriesValues(r, *model, {Quantity::Measure, 0, -1}, degrees);
  EXPECT_NEAR(plotted.back(), r.measureValue(r.frameCount() - 1, 0) * 180.0 / std::numbers::pi, 1e-9);
  EXPECT_EQ(axisTitle(Quantity::Measure, *model, degrees, {{Quantity::Measure, 0, -1}}), "Measures [deg]");
}

// The closed form of a rod released from rest at 90 deg on a pin (planar,
// J_O = m L^2 / 3): its tip's acceleration is L theta'' = 3 g / 2 straight
// down, and its velocity zero.
TEST(Measures, aReleasedRodsTipFallsAtThreeHalvesG) {
  ChainOptions o;
  o.bodies = 1;
  o.planar = true;
  ModelSpec spec = generateChain(o);
  const Vec3 tip = spec.bodies[0].inputs.front();
  spec.measures.push_back(measure("tip_a", MeasureKind::Acceleration, "1", tip));
  spec.measures.push_back(measure("tip_v", MeasureKind::Velocity, "1", tip));
  const Results r = runFor(spec, 0.01, 1e-3);
  info("tip at release: a = (%.15g, %.15g) m/s^2, expected (0, -14.715) for a thin rod", r.measureValue(0, 0), r.measureValue(0, 1));
  EXPECT_EQ(r.measureChannels().size(), 4u);  // planar: x and y
  EXPECT_NEAR(r.measureValue(0, 0), 0.0, 1e-12);
  const double length = (spec.bodies[0].inputs.front() - spec.bodies[0].output).norm();
  EXPECT_NEAR(length, 1.0, 1e-15);
  const auto model = compile(spec);
  const double inertia = model->body(0).inertiaAtCom(2, 2) + model->body(0).mass * 0.25;  // about the pin
  EXPECT_NEAR(r.measureValue(0, 1), -9.81 * model->body(0).mass * 0.5 * length / inertia * length, 1e-12);
  EXPECT_NEAR(std::abs(r.measureValue(0, 1)), 1.5 * 9.81, 0.01);  // a rod of radius 5 cm is nearly thin
  EXPECT_EQ(r.measureValue(0, 2), 0.0);
  EXPECT_EQ(r.measureValue(0, 3), 0.0);
}

// The model file keeps them; a wrong one is refused by name; the CSV has a
// column per channel, with its unit in the preamble, and the values recorded.
TEST(Measures, theyAreSavedCheckedAndExported) {
  ModelSpec spec = tumblingChain();
  spec.measures.push_back(measure("tip", MeasureKind::Position, "1", Vec3(-1, 0, 0), "3", Vec3(0.1, 0, 0)));
  MeasureSpec angle = measure("twist", MeasureKind::Angle, "1", Vec3::Zero(), "2");
  angle.axis = Vec3(0, 1, 1);
  spec.measures.push_back(angle);
  const ModelSpec back = modelFromJson(modelToJson(spec));
  EXPECT_TRUE(back.measures == spec.measures);

  ModelSpec bad = spec;
  bad.measures[0].body = "nowhere";
  bad.measures[1].axis = Vec3::Zero();
  bad.measures.push_back(spec.measures[0]);
  const std::string errors = validationErrors(bad);
  EXPECT_TRUE(contains(errors, "measure 'tip': body 'nowhere' does not exist")) << errors;
  EXPECT_TRUE(contains(errors, "measure 'twist': its axis must be a nonzero vector")) << errors;
  EXPECT_TRUE(contains(errors, "measure 'tip': another measure has the same name")) << errors;
  EXPECT_THROW(modelFromJson(R"({"format":"mstmm-model","version":1,"kind":"planar","bodies":[],"hinges":[],"measures":[{"name":"a","kind":"speed","body":"b"}]})"), Error);

  const auto model = compile(spec);
  const Results r = runFor(spec, 0.05, 1e-3);
  const TempDir dir;
  const std::string path = dir.filePath("out.csv");
  writeResultsCsv(*model, r, path, {});
  std::ifstream in(path);
  const std::string csv((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(contains(csv, "tip.x m; tip.y m; tip.z m; twist rad")) << csv.substr(0, 2000);
  const std::string header = csv.substr(csv.find("\nt,") + 1, csv.find('\n', csv.find("\nt,") + 1) - csv.find("\nt,") - 1);
  EXPECT_TRUE(contains(header, ",tip.x,tip.y,tip.z,twist,")) << header;
}
