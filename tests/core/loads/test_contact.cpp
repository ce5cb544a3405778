// Compliant ground contact (docs/contact.md) against closed forms: a block
// on an incline slides with g (sin a - mu_d cos a) above the friction angle
// and creeps at v_r tan a / mu_s below it; a chain dropped on the ground
// comes to rest with its contact forces carrying exactly its weight; the
// law's parts (road profile, friction curve, Hunt-Crossley, energy booking)
// against hand computations; both solvers see the same contact loads.

#include "tests/core/check.hpp"

#include <cmath>
#include <numbers>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/generate/contact_examples.hpp"
#include "core/io/model_json.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/loads/ground_contact.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

constexpr double kG = 9.81;

/// Speed of a free-floating planar root along a direction, per frame.
struct SlideSink : ResultSink {
  Vec3 along;
  std::vector<double> t, speed, distance;
  void record(const Frame& f) override {
    const Model& m = *f.model;
    const Vec3 velocity(slideRate(m, *f.y, 0), slideRate(m, *f.y, 1), 0.0), position(slidePosition(m, *f.y, 0), slidePosition(m, *f.y, 1), 0.0);
    t.push_back(f.time);
    speed.push_back(velocity.dot(along));
    distance.push_back(position.dot(along));
  }
};

SlideSink runIncline(const InclineOptions& o) {
  ModelSpec spec = generateBlockOnIncline(o);
  SlideSink sink;
  sink.along = Vec3(std::cos(o.slope), std::sin(o.slope), 0.0);
  const RunReport report = simulate(compile(spec), spec.simulation, sink);
  EXPECT_TRUE(report.status == RunStatus::Completed) << (report.error ? report.error->what() : "");
  return sink;
}

}  // namespace

TEST(Contact, blockAboveTheFrictionAngleSlidesWithTheClosedFormAcceleration) {
  InclineOptions o;  // 30 degrees, mu_s = 0.5 (friction angle 26.6 degrees), mu_d = 0.4
  const SlideSink s = runIncline(o);
  // Between 1 s and 2 s the block slides well above 3 v_r, where mu = mu_d exactly.
  const std::size_t one = s.t.size() / 2, two = s.t.size() - 1;
  ASSERT_TRUE(std::abs(s.t[one] - 1.0) < 1e-9 && std::abs(s.t[two] - 2.0) < 1e-9);
  const double measured = (s.speed[two] - s.speed[one]) / (s.t[two] - s.t[one]);  // speed is down the slope: negative
  const double expected = -kG * (std::sin(o.slope) - o.dynamicFriction * std::cos(o.slope));
  info("block on a 30 degree incline, mu_d = 0.4: acceleration %.6f m/s^2, closed form %.6f (relative difference %.1e)", measured, expected,
       std::abs(measured / expected - 1.0));
  ASSERT_TRUE(std::abs(measured / expected - 1.0) < 1e-3);
}

TEST(Contact, blockBelowTheFrictionAngleCreepsNoFasterThanTheRegularisationAllows) {
  InclineOptions o;
  o.slope = 20.0 * std::numbers::pi / 180.0;  // tan = 0.364 < mu_s = 0.5
  const SlideSink s = runIncline(o);
  // After the first 0.1 s (the block settles on its corners from rest, and
  // briefly overshoots v_r), the block never moves faster than v_r.
  double fastest = 0.0, start = 0.0;
  for (std::size_t k = 0; k < s.t.size(); ++k)
    if (s.t[k] < 0.1) start = std::max(start, std::abs(s.speed[k]));
    else fastest = std::max(fastest, std::abs(s.speed[k]));
  const double creep = o.slipVelocity * std::tan(o.slope) / o.staticFriction;  // mu_s N v / v_r = m g sin a
  const double moved = std::abs(s.distance.back() - s.distance.front());
  info("block on a 20 degree incline, mu_s = 0.5, v_r = 1 mm/s: fastest %.3e m/s in the first 0.1 s, %.3e m/s after; final creep %.6e m/s (closed form %.6e), moved %.3e m in 2 s",
       start, fastest, std::abs(s.speed.back()), creep, moved);
  ASSERT_TRUE(fastest < o.slipVelocity);
  ASSERT_TRUE(std::abs(std::abs(s.speed.back()) / creep - 1.0) < 1e-3);
  ASSERT_TRUE(moved < 2.0 * o.slipVelocity);
}

TEST(Contact, droppedChainComesToRestCarryingItsWeight) {
  ModelSpec spec = generateDroppedChain(8, 0.3);
  const auto model = compile(spec);
  struct Sink : ResultSink {
    double energyRise = 0.0, last = 1e300, normalSum = 0.0, kinetic = 0.0, firstBalance = 0.0, lastBalance = 0.0;
    int frames = 0;
    void record(const Frame& f) override {
      energyRise = std::max(energyRise, f.energy.total() - last);
      last = f.energy.total();
      if (frames++ == 0) firstBalance = f.energy.balance();
      lastBalance = f.energy.balance();
      kinetic = f.energy.kinetic;
      normalSum = 0.0;
      for (const ContactState& c : f.loads->contacts()) normalSum += c.normalForce;
    }
  } sink;
  const RunReport report = simulate(model, spec.simulation, sink);
  ASSERT_TRUE(report.status == RunStatus::Completed) << (report.error ? report.error->what() : "");
  const double weight = 8 * 0.2 * kG;
  info("chain of 8 links dropped from 0.3 m, 5 s: largest rise of E_kin + E_grav + E_contact between frames %.1e J; at rest: kinetic %.1e J, "
       "contact forces %.9f N against the weight %.9f N (relative %.1e); energy balance %.4f -> %.4f J (first-order error of the impacts)",
       sink.energyRise, sink.kinetic, sink.normalSum, weight, std::abs(sink.normalSum / weight - 1.0), sink.firstBalance, sink.lastBalance);
  ASSERT_TRUE(sink.energyRise < 1e-9);
  ASSERT_TRUE(sink.kinetic < 1e-12);
  ASSERT_TRUE(std::abs(sink.normalSum / weight - 1.0) < 1e-6);
}

TEST(Contact, bothSolversSeeTheSameContactLoads) {
  ModelSpec spec = generateDroppedChain(6, 0.0);
  for (ContactSpec& c : spec.contacts) c.rolling = 0.02;
  const auto model = compile(spec);
  Random r(31);
  auto riccati = makeSolver(SolverKind::Riccati, model);
  auto reference = makeSolver(SolverKind::NewtonEuler, model);
  SolverOutput a, b;
  double worst = 0.0;
  for (int k = 0; k < 20; ++k) {
    Eigen::VectorXd y = initialState(*model);
    for (int i = 0; i < model->bodyCount(); ++i) {
      y[2 * i] = r.uniform(-0.3, 0.3);
      y[2 * i + 1] = r.uniform(-2, 2);
    }
    for (int j = 0; j < 2; ++j) y[slideOffset(*model) + 2 * j + 1] = r.uniform(-1, 1);
    y[slideOffset(*model) + 2] = r.uniform(-0.02, 0.01);  // some spheres in the ground, some above it
    riccati->evaluate(y, a);
    reference->evaluate(y, b);
    worst = std::max({worst, relativeDifference(a.angularAcceleration, b.angularAcceleration), relativeDifference(a.comAcceleration, b.comAcceleration)});
  }
  info("chain on the ground, 20 random states: Riccati against Newton-Euler %.1e", worst);
  ASSERT_TRUE(worst < 1e-10);
}

TEST(Contact, lawPartsAgainstHandComputations) {
  ContactSpec c;
  c.radius = 0.1;
  c.stiffness = 2e4;
  c.damping = 300.0;
  c.staticFriction = 0.8;
  c.dynamicFriction = 0.6;
  c.slipVelocity = 0.01;
  const Ground flat;
  // Centre 0.09 above the ground, sinking at 0.2 m/s and sliding at 1 m/s along x, not turning.
  ContactState s = contactLoad(c, flat, Vec3(0, 0.09, 0), Vec3(1.0, -0.2, 0), Vec3::Zero());
  ASSERT_TRUE(std::abs(s.penetration - 0.01) < 1e-15);
  ASSERT_TRUE(std::abs(s.normalForce - (2e4 * 0.01 + 300.0 * 0.2)) < 1e-9);
  ASSERT_TRUE(std::abs(s.friction - 0.6 * s.normalForce) < 1e-9);
  ASSERT_TRUE((s.force - Vec3(-0.6 * s.normalForce, s.normalForce, 0)).norm() < 1e-9);
  ASSERT_TRUE((s.point - Vec3(0, 0, 0)).norm() < 1e-15);
  // Power: the damper takes 300 * 0.2^2, friction mu_d N |v|.
  ASSERT_TRUE(std::abs(s.dissipation - (300.0 * 0.04 + 0.6 * s.normalForce * 1.0)) < 1e-9);
  // Rolling without slip: the contact point is at rest, so there is no friction.
  s = contactLoad(c, flat, Vec3(0, 0.095, 0), Vec3(0.5, 0, 0), Vec3(0, 0, -0.5 / 0.095));
  ASSERT_TRUE(s.slip < 1e-15 && s.friction == 0.0);
  // The friction curve: linear below v_r, mu_d from 3 v_r, monotone between.
  ASSERT_SAME(frictionCoefficient(c, 0.005), 0.4);
  ASSERT_SAME(frictionCoefficient(c, 0.01), 0.8);
  ASSERT_SAME(frictionCoefficient(c, 0.03), 0.6);
  ASSERT_SAME(frictionCoefficient(c, 0.02), 0.7);
  // Hunt-Crossley: N = k d^e (1 + c/k d'), and it never pulls.
  c.law = ContactLaw::HuntCrossley;
  s = contactLoad(c, flat, Vec3(0, 0.09, 0), Vec3(0, -0.2, 0), Vec3::Zero());
  ASSERT_TRUE(std::abs(s.normalForce - std::pow(0.01, 1.5) * (2e4 + 300.0 * 0.2)) < 1e-12);
  s = contactLoad(c, flat, Vec3(0, 0.09, 0), Vec3(0, 100.0, 0), Vec3::Zero());
  ASSERT_SAME(s.normalForce, 0.0);
  // Road: a bump of 5 cm over 1 m from s = 2 m: its top at s = 2.5 m, half-way up at 2.25 m with slope pi/2 * 0.05.
  GroundSpec g;
  g.road.kind = RoadKind::Bump;
  g.road.start = 2.0;
  g.road.length = 1.0;
  g.road.height = 0.05;
  const Ground bump(g);
  double slope = 0.0;
  ASSERT_TRUE(std::abs(bump.height(2.5, slope) - 0.05) < 1e-15 && std::abs(slope) < 1e-15);
  ASSERT_TRUE(std::abs(bump.height(2.25, slope) - 0.025) < 1e-15 && std::abs(slope - 0.05 * std::numbers::pi) < 1e-13);
  ASSERT_SAME(bump.height(1.0, slope), 0.0);
  Vec3 n;
  ASSERT_TRUE(std::abs(bump.distance(Vec3(2.5, 0.1, 0), n) - 0.05) < 1e-15 && (n - Vec3::UnitY()).norm() < 1e-15);
}

TEST(Contact, contactsAndTheGroundRoundTripAndBadOnesAreNamed) {
  ModelSpec spec = generateBlockOnIncline({});
  spec.ground.road.kind = RoadKind::Table;
  spec.ground.road.points = {{0.0, 0.0}, {1.0, 0.1}, {2.0, 0.0}};
  spec.contacts[1].law = ContactLaw::HuntCrossley;
  spec.contacts[1].rolling = 0.01;
  const ModelSpec back = modelFromJson(modelToJson(spec));
  ASSERT_TRUE(back.contacts == spec.contacts);
  ASSERT_TRUE(back.ground == spec.ground);
  spec.contacts[0].dynamicFriction = 0.9;
  spec.contacts[1].body = "nowhere";
  spec.ground.road.points[2].first = 0.5;
  std::string all;
  for (const Diagnostic& d : validate(spec)) all += d.message + "\n";
  ASSERT_TRUE(contains(all, "contact 'left': the dynamic friction coefficient exceeds the static one")) << all;
  ASSERT_TRUE(contains(all, "contact 'right': body 'nowhere' does not exist")) << all;
  ASSERT_TRUE(contains(all, "ground: the road table's positions must increase (point 3)")) << all;
}

// The 3-D view draws the contact forces from what a run records of them
// (Results::contactForce): at rest the dropped chain's recorded forces add
// up to its weight, upward, and each acts on the ground (its point at the
// ground's height) with the normal force its load channel records.
TEST(Contact, recordedContactForcesAddUpToTheWeightAtRest) {
  ModelSpec spec = generateDroppedChain(8, 0.3);
  const auto model = compile(spec);
  Results results(*model);
  const RunReport report = simulate(model, spec.simulation, results);
  ASSERT_TRUE(report.status == RunStatus::Completed);
  ASSERT_EQ(results.contactCount(), static_cast<int>(model->loads().contacts.size()));
  const int last = results.frameCount() - 1;
  const Vec3 up = -model->gravity().normalized();
  const Vec3 ground = model->loads().ground.point();
  Vec3 total = Vec3::Zero();
  int touching = 0;
  for (int k = 0; k < results.contactCount(); ++k) {
    const Results::ContactForce c = results.contactForce(last, k);
    total += c.force;
    if (c.force.isZero()) continue;
    ++touching;
    EXPECT_NEAR((c.point - ground).dot(up), 0.0, 1e-12);
    int channel = 0;
    while (results.loadChannels()[static_cast<std::size_t>(channel)].name != model->loads().contacts[static_cast<std::size_t>(k)].law.name + ".normal") ++channel;
    EXPECT_NEAR(c.force.dot(up), results.loadValue(last, channel), 1e-12 * (1.0 + std::abs(results.loadValue(last, channel))));
  }
  const double weight = 8 * 0.2 * kG;
  info("dropped chain at rest: %d contacts touching, recorded forces %.9f N up, %.1e N across, weight %.9f N", touching, total.dot(up),
       (total - total.dot(up) * up).norm(), weight);
  EXPECT_GT(touching, 0);
  EXPECT_NEAR(total.dot(up) / weight, 1.0, 1e-6);
  EXPECT_LT((total - total.dot(up) * up).norm(), 1e-6 * weight);
}
