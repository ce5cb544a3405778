// Contacts between bodies (docs/contact.md C8), their overlaps measured by
// FCL: two spheres and two crossed capsules colliding head-on against the
// closed form of the linear spring-damper (contact duration, exit speeds),
// momentum and angular momentum kept to round-off, the energy balance of a
// glancing collision with friction, Riccati against Newton-Euler with
// contacts pressing, the file format, and each refusal named.

#include "tests/core/check.hpp"

#include <cmath>
#include <numbers>

#include "collision/fcl_shape_query.hpp"
#include "core/io/model_json.hpp"
#include "core/dynamics/applied_loads.hpp"
#include "core/loads/shape_query.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

/// A free body of mass m with the inertia of a solid sphere of radius r,
/// its centre of mass at its frame's origin, at `position` moving at `velocity`.
BodyId addBall(ModelSpec& spec, const std::string& name, double m, double r, const Vec3& position, const Vec3& velocity) {
  BodySpec& b = spec.addBody(name);
  b.shape.type = ShapeType::Custom;
  b.shape.mass = m;
  b.shape.inertia = 0.4 * m * r * r * Mat3::Identity();
  b.output = Vec3::Zero();
  const BodyId id = b.id;
  HingeSpec& h = spec.addHinge(name + " free", HingeType::Free, id, std::nullopt);
  h.translation = position;
  h.translationRate = velocity;
  return id;
}

ContactShape shapeOn(const std::string& body, ContactShapeKind kind, double radius, double length = 0.0, const Quat& q = Quat(1, 0, 0, 0)) {
  ContactShape s;
  s.body = body;
  s.kind = kind;
  s.radius = radius;
  s.length = length;
  s.orientation = q;
  return s;
}

struct Pair {
  double m1 = 1.0, m2 = 3.0, r1 = 0.1, r2 = 0.15;
  double v1 = 2.0, v2 = -1.0;  // along x
  double gap = 0.01;           // between the surfaces at t = 0
  double k = 1e5, zeta = 0.2;
  double reducedMass() const { return m1 * m2 / (m1 + m2); }
  double damping() const { return 2.0 * zeta * std::sqrt(k * reducedMass()); }
};

/// Two bodies on x with shapes `first` and `second`, gravity off.
ModelSpec headOn(const Pair& p, ContactShape first, ContactShape second) {
  ModelSpec spec;
  spec.name = "head-on";
  spec.gravity = Vec3::Zero();
  addBall(spec, "one", p.m1, p.r1, Vec3::Zero(), Vec3(p.v1, 0, 0));
  addBall(spec, "two", p.m2, p.r2, Vec3(p.r1 + p.r2 + p.gap, 0, 0), Vec3(p.v2, 0, 0));
  BodyContactSpec c;
  c.name = "impact";
  c.first = std::move(first);
  c.second = std::move(second);
  c.stiffness = p.k;
  c.damping = p.damping();
  spec.bodyContacts.push_back(c);
  return spec;
}

/// The closed form of the linear spring-damper m* d'' + c d' + k d = 0 from
/// d = 0, d' = u: the force k d + c d' falls to zero (the contact lets go) at
///   w_d t_s = pi - atan2(2 z sqrt(1 - z^2), 1 - 2 z^2),
/// and the separation speed is -d'(t_s) = e u with
///   e = exp(-z w_0 t_s) (z w_0 sin(w_d t_s) / w_d - cos(w_d t_s)).
struct ClosedForm {
  double duration, restitution;
  explicit ClosedForm(const Pair& p) {
    const double w0 = std::sqrt(p.k / p.reducedMass()), z = p.zeta, wd = w0 * std::sqrt(1.0 - z * z);
    duration = (std::numbers::pi - std::atan2(2.0 * z * std::sqrt(1.0 - z * z), 1.0 - 2.0 * z * z)) / wd;
    restitution = std::exp(-z * w0 * duration) * (z * w0 * std::sin(wd * duration) / wd - std::cos(wd * duration));
  }
};

struct Record : ResultSink {
  std::vector<double> t, normal;
  std::vector<Momentum> momentum;
  std::vector<Energy> energy;
  std::vector<Vec3> v1, v2;
  void record(const Frame& f) override {
    t.push_back(f.time);
    normal.push_back(f.loads ? f.loads->bodyContacts().at(0).normalForce : 0.0);
    momentum.push_back(f.momentum);
    energy.push_back(f.energy);
    v1.push_back((*f.poses)[static_cast<std::size_t>(f.model->bodyByName("one"))].comVelocity);
    v2.push_back((*f.poses)[static_cast<std::size_t>(f.model->bodyByName("two"))].comVelocity);
  }
  /// Largest change of linear and angular momentum, relative to their size at t = 0.
  double momentumDrift() const {
    double worst = 0.0;
    const double scale = momentum.front().linear.norm() + momentum.front().angular.norm();
    for (const Momentum& m : momentum)
      worst = std::max({worst, (m.linear - momentum.front().linear).norm() / scale, (m.angular - momentum.front().angular).norm() / scale});
    return worst;
  }
  /// Time from the first frame with a normal force to its fall to zero
  /// (linear interpolation of the force within the steps at each end; the
  /// force jumps to c u at the first touch, so that end is the step's
  /// start, interpolated on the approach).
  double contactDuration(double touch) const {
    std::size_t last = 0;
    for (std::size_t i = 1; i < normal.size(); ++i)
      if (normal[i - 1] > 0.0 && normal[i] <= 0.0) last = i;
    const double end = t[last - 1] + (t[last] - t[last - 1]) * normal[last - 1] / (normal[last - 1] - normal[last]);
    return end - touch;
  }
};

Record run(const ModelSpec& spec, double endTime, double dt) {
  if (const std::string problems = validationErrors(spec); !problems.empty()) fatal("%s", problems.c_str());
  SimulationSettings s = spec.simulation;
  s.endTime = endTime;
  s.timeStep = dt;
  s.outputEvery = 1;
  Record r;
  const RunReport report = simulate(compile(spec), s, r);
  if (report.error) fatal("run failed: %s", report.error->what());
  return r;
}

void checkHeadOn(const char* what, const Pair& p, const ModelSpec& spec) {
  const double dt = 2e-6, u = p.v1 - p.v2, touch = p.gap / u;
  const ClosedForm closed(p);
  const Record r = run(spec, touch + closed.duration + 2e-3, dt);
  const double duration = r.contactDuration(touch);
  const double e = closed.restitution, mass = p.m1 + p.m2;
  const double v1 = p.v1 - p.m2 / mass * (1.0 + e) * u, v2 = p.v2 + p.m1 / mass * (1.0 + e) * u;
  // Each exit speed's error relative to the approach speed (one of them may be near zero).
  const double dv1 = std::abs(r.v1.back().x() - v1) / u, dv2 = std::abs(r.v2.back().x() - v2) / u;
  const double across = std::max(r.v1.back().tail<2>().norm(), r.v2.back().tail<2>().norm());
  info("%s, k = %.0e N/m, zeta = %.2f, RK4 dt = %.0e s: contact %.6f ms (closed form %.6f ms, relative %.1e); restitution %.6f; "
       "exit speeds %.6f, %.6f m/s (closed form %.6f, %.6f; off by %.1e, %.1e of the approach speed), across %.1e m/s; momentum drift %.1e",
       what, p.k, p.zeta, dt, 1e3 * duration, 1e3 * closed.duration, std::abs(duration / closed.duration - 1.0), e, r.v1.back().x(),
       r.v2.back().x(), v1, v2, dv1, dv2, across, r.momentumDrift());
  ASSERT_TRUE(std::abs(duration / closed.duration - 1.0) < 1e-3);
  ASSERT_TRUE(dv1 < 1e-4 && dv2 < 1e-4);
  ASSERT_TRUE(across < 1e-12);
  ASSERT_TRUE(r.momentumDrift() < 1e-10);
  ASSERT_TRUE(r.normal.back() == 0.0);
}

}  // namespace

TEST(BodyContact, twoSpheresHeadOnMatchTheLinearSpringDamper) {
  const Pair p;
  checkHeadOn("two spheres", p, headOn(p, shapeOn("one", ContactShapeKind::Sphere, p.r1), shapeOn("two", ContactShapeKind::Sphere, p.r2)));
}

TEST(BodyContact, twoCrossedCapsulesHeadOnMatchTheLinearSpringDamper) {
  // Capsule one along z, capsule two along y: their axes' nearest points
  // are their centres, on the line of motion, so the overlap is that of
  // two spheres of their radii.
  Pair p;
  p.zeta = 0.4;
  p.k = 3e5;
  const Quat alongY = quaternionFromAxisAngle(Vec3::UnitX(), 0.5 * std::numbers::pi);
  checkHeadOn("two crossed capsules", p,
              headOn(p, shapeOn("one", ContactShapeKind::Capsule, p.r1, 0.6), shapeOn("two", ContactShapeKind::Capsule, p.r2, 0.4, alongY)));
}

TEST(BodyContact, capsulesEndToEndAlongTheirAxisMatchTheLinearSpringDamper) {
  // Both along x, meeting cap to cap.
  Pair p;
  p.gap = 0.02;
  const Quat alongX = quaternionFromAxisAngle(Vec3::UnitY(), 0.5 * std::numbers::pi);
  ModelSpec spec = headOn(p, shapeOn("one", ContactShapeKind::Capsule, p.r1, 0.5, alongX), shapeOn("two", ContactShapeKind::Capsule, p.r2, 0.3, alongX));
  // The bodies' origins stay the capsules' centres: move the second by both half lengths.
  spec.hinges[1].translation.x() += 0.25 + 0.15;
  checkHeadOn("two capsules cap to cap", p, spec);
}

TEST(BodyContact, aGlancingCollisionWithFrictionKeepsMomentumAndBooksItsEnergy) {
  Pair p;
  ModelSpec spec = headOn(p, shapeOn("one", ContactShapeKind::Sphere, p.r1), shapeOn("two", ContactShapeKind::Sphere, p.r2));
  spec.hinges[1].translation.y() = 0.12;  // off the line of motion: the spheres glance and spin each other up
  spec.hinges[1].translation.z() = 0.05;
  spec.bodies[0].angularVelocity = Vec3(0.0, 3.0, 20.0);
  spec.bodyContacts[0].staticFriction = 0.6;
  spec.bodyContacts[0].dynamicFriction = 0.5;
  spec.bodyContacts[0].slipVelocity = 0.01;
  const Record r = run(spec, 0.03, 2e-6);
  double touched = 0.0, balance = 0.0;
  for (std::size_t i = 0; i < r.t.size(); ++i) {
    touched = std::max(touched, r.normal[i]);
    balance = std::max(balance, std::abs(r.energy[i].balance() - r.energy.front().balance()));
  }
  const Vec3 spin2 = r.momentum.back().angular;  // about the origin: orbital and spin parts together
  const double lost = r.energy.back().dissipated, total = r.energy.front().total();
  info("glancing spheres with friction: largest normal force %.1f N; momentum drift %.1e; %.4f J of %.4f J taken out; "
       "energy balance drift %.1e J (%.1e of the total); angular momentum %.6f %.6f %.6f",
       touched, r.momentumDrift(), lost, total, balance, balance / total, spin2.x(), spin2.y(), spin2.z());
  ASSERT_TRUE(touched > 100.0 && lost > 1e-3 * total);
  ASSERT_TRUE(r.momentumDrift() < 1e-10);
  ASSERT_TRUE(balance < 1e-4 * total);
}

TEST(BodyContact, riccatiMatchesNewtonEulerWithShapesPressingOnALinkedChain) {
  // A spatial chain of five links on balls and revolutes, capsules on
  // every link pressing on the next but one and on a box on the ground.
  Random random(29006);
  double worst = 0.0;
  int pressed = 0;
  for (int trial = 0; trial < 10; ++trial) {
    ChainOptions o;
    o.bodies = 5;
    ModelSpec spec = generateChain(o);
    for (std::size_t h = 1; h < spec.hinges.size(); h += 2) {
      spec.hinges[h].type = HingeType::Revolute;
      spec.hinges[h].axis = randomAxis(random);
    }
    for (std::size_t b = 0; b + 2 < spec.bodies.size(); ++b) {
      BodyContactSpec c;
      c.name = "links " + std::to_string(b);
      c.first = shapeOn(spec.bodies[b].name, ContactShapeKind::Capsule, 0.4, 0.6, quaternionFromAxisAngle(randomAxis(random), 1.0));
      c.second = shapeOn(spec.bodies[b + 2].name, ContactShapeKind::Sphere, 0.5);
      c.first.centre = Vec3(0.5, 0.0, 0.0);
      c.staticFriction = c.dynamicFriction = 0.4;
      spec.bodyContacts.push_back(c);
    }
    BodyContactSpec floor;
    floor.name = "floor";
    floor.first.kind = ContactShapeKind::Box;
    floor.first.halfSize = Vec3(3.0, 0.5, 3.0);
    floor.first.centre = Vec3(1.0, -1.2, 0.0);
    floor.second = shapeOn(spec.bodies.back().name, ContactShapeKind::Sphere, 0.4);
    spec.bodyContacts.push_back(floor);
    const auto model = compile(spec);
    Eigen::VectorXd y = randomState(*model, random);
    AppliedLoads loads(*model);
    loads.evaluate(0.0, y);
    for (const ContactState& s : loads.bodyContacts()) pressed += s.normalForce > 0.0;
    worst = std::max(worst, riccatiAgainst(SolverKind::NewtonEuler, spec, 5, random, 1e-10));
  }
  info("chains with body contacts (capsule-sphere, box-sphere, friction): %d contacts pressing at the first state of 10 trials; "
       "Riccati against Newton-Euler %.1e",
       pressed, worst);
  ASSERT_TRUE(pressed >= 5);
  ASSERT_TRUE(worst < 1e-10);
}

TEST(BodyContact, theFileFormatKeepsEveryField) {
  Pair p;
  ModelSpec spec = headOn(p, shapeOn("one", ContactShapeKind::Capsule, 0.1, 0.3, quaternionFromAxisAngle(Vec3::UnitX(), 0.3)),
                          shapeOn("", ContactShapeKind::Box, 0.0));
  spec.bodyContacts[0].second.halfSize = Vec3(1.0, 0.2, 0.3);
  spec.bodyContacts[0].second.centre = Vec3(4.0, 0.0, 0.0);
  spec.bodyContacts[0].law = ContactLaw::HuntCrossley;
  spec.bodyContacts[0].exponent = 1.4;
  spec.bodyContacts[0].staticFriction = 0.7;
  spec.bodyContacts[0].dynamicFriction = 0.6;
  const std::string text = modelToJson(spec);
  ASSERT_TRUE(text.find("\"version\": 3") != std::string::npos);
  ASSERT_TRUE(modelFromJson(text, "") == spec);
}

TEST(BodyContact, badContactsAreNamed) {
  const Pair p;
  auto errors = [&](auto change) {
    ModelSpec spec = headOn(p, shapeOn("one", ContactShapeKind::Sphere, p.r1), shapeOn("two", ContactShapeKind::Sphere, p.r2));
    change(spec.bodyContacts[0]);
    return validationErrors(spec);
  };
  auto expectNamed = [&](auto change, const std::string& part) {
    const std::string all = errors(change);
    EXPECT_TRUE(contains(all, part)) << "expected '" << part << "' in: " << all;
  };
  expectNamed([](BodyContactSpec& c) { c.second.body = "one"; }, "body contact 'impact': both shapes are on body 'one'");
  expectNamed([](BodyContactSpec& c) { c.second.body = "three"; }, "its second shape's body 'three' does not exist");
  expectNamed([](BodyContactSpec& c) { c.first.radius = -1.0; }, "its first shape (a sphere) needs a positive radius");
  expectNamed([](BodyContactSpec& c) { c.second.kind = ContactShapeKind::Box; }, "its second shape (a box) needs three positive half sizes");
  expectNamed([](BodyContactSpec& c) { c.first.body = c.second.body = ""; }, "both shapes are on the ground");
  expectNamed([](BodyContactSpec& c) { c.dynamicFriction = 1.0; }, "the dynamic friction coefficient exceeds the static one");
  expectNamed([](BodyContactSpec& c) { c.first.orientation = Quat::Zero(); }, "its first shape's orientation must be a non-zero quaternion");
  // A program built without the collision library says so.
  installShapeQuery(nullptr);
  ModelSpec spec = headOn(p, shapeOn("one", ContactShapeKind::Sphere, p.r1), shapeOn("two", ContactShapeKind::Sphere, p.r2));
  std::string message;
  try {
    compile(spec);
  } catch (const Error& e) {
    message = e.what();
  }
  installFclShapeQuery();
  EXPECT_TRUE(contains(message, "body contact 'impact': contacts between bodies need the collision library (FCL)")) << message;
}

TEST(BodyContact, theBundledNewtonsCradlePassesTheSwingOn) {
  // Five 0.5 kg balls on 1 m strings, 1 mm apart, ball 1 let go from 30
  // degrees: its swing goes through the three at rest to ball 5, which
  // rises nearly as high (the contacts' light damping takes a little), and
  // back. Elastic spheres of equal mass exchange their speeds.
  const ModelSpec spec = loadModel(sourcePath("resources/examples/newtons-cradle.json"));
  struct Swing : ResultSink {
    double highest5 = 0.0, middle = 0.0, firstBackAt = 0.0;
    Energy start, end;
    int frames = 0;
    void record(const Frame& f) override {
      auto angle = [&](const char* name) {
        const Mat3& r = (*f.poses)[static_cast<std::size_t>(f.model->bodyByName(name))].rotation;
        return std::atan2(r(1, 0), r(0, 0)) * 180.0 / std::numbers::pi;
      };
      if (frames++ == 0) start = f.energy;
      end = f.energy;
      if (f.time < 1.5) {
        highest5 = std::max(highest5, angle("ball 5"));
        middle = std::max({middle, std::abs(angle("ball 2")), std::abs(angle("ball 3")), std::abs(angle("ball 4"))});
      }
    }
  } swing;
  const RunReport report = simulate(compile(spec), spec.simulation, swing);
  ASSERT_TRUE(report.status == RunStatus::Completed);
  const double drift = std::abs(swing.end.balance() - swing.start.balance()) / swing.start.total();
  info("Newton's cradle: ball 1 from -30 degrees; ball 5 rises to %.2f degrees, the middle balls move at most %.2f degrees in the first 1.5 s; "
       "%.4f J of %.4f J taken out by the contacts in 4 s, energy balance drift %.1e of the total",
       swing.highest5, swing.middle, swing.end.dissipated, swing.start.total(), drift);
  ASSERT_TRUE(swing.highest5 > 28.0 && swing.highest5 < 30.0);
  ASSERT_TRUE(swing.middle < 2.0);
  ASSERT_TRUE(drift < 1e-3);
}
