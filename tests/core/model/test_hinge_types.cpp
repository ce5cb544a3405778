// Free-floating roots and the universal, cylindrical, planar, free and
// point-on-line hinges (issue 14, docs/hinge-types.md): the Riccati release
// of several coordinates against the Newton-Euler reference, which writes
// each hinge as constraint rows of its own (no code in common but the
// rotation helpers), on random spatial and planar trees; closed forms for a
// free body; and the messages for what these hinges do not allow.

#include "tests/core/check.hpp"

#include <map>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/error.hpp"
#include "core/model/model.hpp"
#include "core/generate/floating_examples.hpp"
#include "core/model/validation.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

constexpr double kTolerance = 1e-10;

/// Largest relative difference of every output two solvers share.
double difference(const SolverOutput& a, const SolverOutput& b) {
  double slide = 0.0, scale = 1.0;
  for (std::size_t k = 0; k < b.slideAcceleration.size(); ++k) scale = std::max(scale, std::abs(b.slideAcceleration[k]));
  for (std::size_t k = 0; k < b.slideAcceleration.size(); ++k) slide = std::max(slide, std::abs(a.slideAcceleration[k] - b.slideAcceleration[k]) / scale);
  return std::max({relativeDifference(a.angularAcceleration, b.angularAcceleration), relativeDifference(a.comAcceleration, b.comAcceleration),
                   relativeDifference(a.hingeForce, b.hingeForce), relativeDifference(a.hingeMoment, b.hingeMoment), slide});
}

struct Tally {
  double worst = 0.0;
  int states = 0;
  std::map<HingeType, int> types;
  int freeRoots = 0;
};

/// Both solvers on random consistent states of a model.
void compareOn(const ModelSpec& spec, int states, Random& r, Tally& tally) {
  const auto model = compile(spec);
  for (int i = 0; i < model->bodyCount(); ++i) ++tally.types[model->hinge(i).type];
  if (model->hinge(model->root()).type == HingeType::Free) ++tally.freeRoots;
  auto riccati = makeSolver(SolverKind::Riccati, model);
  auto reference = makeSolver(SolverKind::NewtonEuler, model);
  SolverOutput a, b;
  for (int s = 0; s < states; ++s) {
    Eigen::VectorXd y = randomState(*model, r);
    makeConsistent(*model, y, r);
    riccati->evaluate(y, a);
    reference->evaluate(y, b);
    const double d = difference(a, b);
    ASSERT_TRUE(d < kTolerance) << text("model %1, state %2: relative difference %3", spec.name, s, d);
    tally.worst = std::max(tally.worst, d);
    ++tally.states;
  }
}

}  // namespace

TEST(HingeTypes, randomSpatialTreesWithEveryNewHingeTypeMatchNewtonEuler) {
  Tally tally;
  for (int k = 0; k < 40; ++k) {
    Random r(static_cast<std::uint64_t>(7000 + k));
    ModelSpec spec = generateRandomTree({3 + r.below(30), static_cast<std::uint64_t>(7000 + k), false});
    spec.name = "spatial tree " + std::to_string(k);
    addNewHingeTypes(spec, r, k % 2 == 0);
    if (k % 4 == 1) spec.gravity = Vec3::Zero();
    compareOn(spec, 5, r, tally);
  }
  info("40 random spatial trees, %d states: max relative difference %.2e; hinges: universal %d, cylindrical %d, planar %d, free %d (%d free roots), "
       "point-on-line %d, ball %d",
       tally.states, tally.worst, tally.types[HingeType::Universal], tally.types[HingeType::Cylindrical], tally.types[HingeType::Planar],
       tally.types[HingeType::Free], tally.freeRoots, tally.types[HingeType::PointOnLine], tally.types[HingeType::Ball]);
  for (HingeType t : {HingeType::Universal, HingeType::Cylindrical, HingeType::Planar, HingeType::Free, HingeType::PointOnLine})
    ASSERT_TRUE(tally.types[t] >= 20) << toString(t);
  ASSERT_SAME(tally.freeRoots, 20);
}

TEST(HingeTypes, randomPlanarTreesWithFreeRootsAndPointOnLineMatchNewtonEuler) {
  Tally tally;
  for (int k = 0; k < 30; ++k) {
    Random r(static_cast<std::uint64_t>(8000 + k));
    ModelSpec spec = generateRandomTree({3 + r.below(30), static_cast<std::uint64_t>(8000 + k), true});
    spec.name = "planar tree " + std::to_string(k);
    addNewHingeTypes(spec, r, k % 2 == 0);
    compareOn(spec, 5, r, tally);
  }
  info("30 random planar trees, %d states: max relative difference %.2e; free %d (%d free roots), point-on-line %d", tally.states, tally.worst,
       tally.types[HingeType::Free], tally.freeRoots, tally.types[HingeType::PointOnLine]);
  ASSERT_TRUE(tally.types[HingeType::PointOnLine] >= 20);
  ASSERT_SAME(tally.freeRoots, 15);
}

// A single free body: its centre of mass falls with g whatever it spins
// (Newton), and its angular acceleration is Euler's -J^-1 (Omega x J Omega)
// in closed form, here evaluated in principal axes.
TEST(HingeTypes, freeBodyFallsWithGravityAndSpinsByEulersEquations) {
  ModelSpec spec;
  spec.name = "free box";
  spec.gravity = Vec3(0.3, -9.81, 0.2);
  BodySpec& b = spec.addBody("box");
  b.shape.type = ShapeType::Box;
  b.shape.mass = 2.5;
  b.shape.size = Vec3(0.6, 0.3, 0.1);
  b.output = Vec3(0.6, 0.1, 0.05);  // O away from C: the free hinge sits off the centre of mass
  b.orientation = Quat(0.9, 0.1, -0.3, 0.2).normalized();
  b.angularVelocity = Vec3(1.5, -4.0, 2.5);
  HingeSpec& h = spec.addHinge("float", HingeType::Free, b.id, std::nullopt);
  h.translation = Vec3(1.0, 2.0, 3.0);
  h.translationRate = Vec3(0.5, -0.2, 0.1);
  const auto model = compile(spec);
  SolverOutput out;
  makeSolver(SolverKind::Riccati, model)->evaluate(initialState(*model), out);
  ASSERT_TRUE((out.comAcceleration[0] - spec.gravity).norm() < 1e-13 * spec.gravity.norm());
  const double m = 2.5, a = 0.6, bb = 0.3, c = 0.1;
  const Vec3 principal(m * (bb * bb + c * c) / 12.0, m * (a * a + c * c) / 12.0, m * (a * a + bb * bb) / 12.0);
  const Mat3 rot = rotationFromQuaternion(b.orientation);
  const Vec3 w = rot.transpose() * b.angularVelocity;  // body axes
  const Vec3 euler((principal.y() - principal.z()) * w.y() * w.z() / principal.x(), (principal.z() - principal.x()) * w.z() * w.x() / principal.y(),
                   (principal.x() - principal.y()) * w.x() * w.y() / principal.z());
  ASSERT_TRUE((out.angularAcceleration[0] - rot * euler).norm() < 1e-12 * euler.norm()) << (out.angularAcceleration[0] - rot * euler).norm();
  // The free hinge carries nothing, and its slides are the root's O accelerating as a body point.
  ASSERT_TRUE(out.hingeForce[0].norm() < 1e-12 && out.hingeMoment[0].norm() < 1e-12);
  std::vector<BodyPose> poses;
  computePoses(*model, initialState(*model), poses);
  const Vec3 rCO = poses[0].output - poses[0].com;
  const Vec3 accO = spec.gravity + out.angularAcceleration[0].cross(rCO) + b.angularVelocity.cross(b.angularVelocity.cross(rCO));
  for (int j = 0; j < 3; ++j) ASSERT_TRUE(std::abs(out.slideAcceleration[static_cast<std::size_t>(j)] - accO[j]) < 1e-12 * accO.norm());
  ASSERT_SAME(model->slideName(0), std::string("float.x"));
  ASSERT_SAME(model->slideName(2), std::string("float.z"));
  ASSERT_TRUE((poses[0].output - Vec3(1.0, 2.0, 3.0)).norm() < 1e-15);
}

TEST(HingeTypes, whatTheNewHingesDoNotAllowIsNamed) {
  auto messageOf = [](const ModelSpec& spec) {
    std::string all;
    for (const Diagnostic& d : validate(spec)) all += d.message + "\n";
    return all;
  };
  ModelSpec planar = generateRandomTree({3, 1, true});
  planar.hinges[1].type = HingeType::Universal;
  ASSERT_TRUE(contains(messageOf(planar), "a universal hinge is spatial; in a planar model use a pin, slider, point-on-line or free hinge"))
      << messageOf(planar);
  ModelSpec spatial = generateRandomTree({3, 2, false});
  spatial.hinges[1].type = HingeType::Planar;
  spatial.hinges[1].axis = Vec3(0, 0, 1);
  spatial.hinges[1].axis2 = Vec3(0, 0, 2);
  ASSERT_TRUE(contains(messageOf(spatial), "the first slide direction (axis2) lies along the plane normal (axis)")) << messageOf(spatial);
  spatial.hinges[1].type = HingeType::Cylindrical;
  spatial.hinges[1].loads.spring = HingeSpringSpec{};
  ASSERT_TRUE(contains(messageOf(spatial), "hinge 'h1': a cylindrical hinge has several coordinates ('slide', 'angle'); give its springs, stops, actuators and prescribed motion on each of them by name"))
      << messageOf(spatial);
  ModelSpec universal = generateRandomTree({3, 3, false});
  universal.hinges[1].type = HingeType::Universal;
  universal.hinges[1].axis = Vec3(0, 0, 1);
  universal.hinges[1].axis2 = Vec3(1, 0, 0);
  const int tip = universal.bodyIndex(universal.hinges[1].child);
  const int root = universal.bodyIndex(*universal.hinges[1].parent);
  universal.bodies[static_cast<std::size_t>(tip)].angularVelocity = universal.bodies[static_cast<std::size_t>(root)].angularVelocity + Vec3(0.3, 0.9, -2.0);
  universal.bodies[static_cast<std::size_t>(tip)].orientation = universal.bodies[static_cast<std::size_t>(root)].orientation;
  ASSERT_TRUE(contains(messageOf(universal), "has a component about axis x axis2, which a universal hinge does not let them turn about")) << messageOf(universal);
  // The reference solvers in joint coordinates name the hinge they cannot take.
  ModelSpec floating = generateRandomTree({3, 4, false});
  floating.hinges[0].type = HingeType::Free;
  try {
    makeSolver(SolverKind::MassMatrix, compile(floating));
    FAIL() << "mass-matrix took a free root";
  } catch (const Error& e) {
    ASSERT_TRUE(contains(e.what(), "solver 'mass-matrix' does not handle sliding hinges, and hinge '" + floating.hinges[0].name + "' (free) is one"))
        << e.what();
  }
}

namespace {

/// `b`'s bodies and hinges added to `a` as a separate system, their names
/// prefixed so that they stay unique.
ModelSpec withSecondSystem(ModelSpec a, const ModelSpec& b, const std::string& prefix) {
  std::map<std::uint32_t, BodyId> ids;
  for (const BodySpec& body : b.bodies) {
    BodySpec copy = body;
    copy.id = a.nextBodyId();
    copy.name = prefix + body.name;
    ids[body.id.value] = copy.id;
    a.bodies.push_back(copy);
  }
  for (const HingeSpec& hinge : b.hinges) {
    HingeSpec copy = hinge;
    copy.id = a.nextHingeId();
    copy.name = prefix + hinge.name;
    copy.child = ids.at(hinge.child.value);
    if (hinge.parent) copy.parent = ids.at(hinge.parent->value);
    a.hinges.push_back(copy);
  }
  for (SpringDamperSpec s : b.springs) {
    s.name = prefix + s.name;
    s.bodyA = prefix + s.bodyA;
    if (!s.groundB()) s.bodyB = prefix + s.bodyB;
    a.springs.push_back(s);
  }
  return a;
}

/// Every body's centre of mass and orientation over a run, by body name.
struct Trajectories : ResultSink {
  std::map<std::string, std::vector<Vec3>> com;
  std::map<std::string, std::vector<Mat3>> rotation;
  void record(const Frame& f) override {
    for (int i = 0; i < f.model->bodyCount(); ++i) {
      com[f.model->body(i).name].push_back((*f.poses)[static_cast<std::size_t>(i)].com);
      rotation[f.model->body(i).name].push_back((*f.poses)[static_cast<std::size_t>(i)].rotation);
    }
  }
};

Trajectories runFor(const ModelSpec& spec, double endTime) {
  SimulationSettings s = spec.simulation;
  s.endTime = endTime;
  s.timeStep = 1e-3;
  s.outputEvery = 10;
  Trajectories t;
  EXPECT_TRUE(simulate(compile(spec), s, t).status == RunStatus::Completed);
  return t;
}

}  // namespace

// Two separate systems in one file, each hanging from the ground by its own
// root hinge (a spanning forest): a pendulum chain on a ball and the
// eight-body system floating. Each moves exactly as it does alone, and the
// Riccati accelerations of the pair equal Newton-Euler's.
TEST(HingeTypes, separateSystemsInOneFileMoveAsEachDoesAlone) {
  ChainOptions o;
  o.bodies = 4;
  ModelSpec chain = generateChain(o);
  chain.gravity = Vec3::Zero();  // the eight-body system's gravity: the file has one
  for (BodySpec& b : chain.bodies) b.angularVelocity = Vec3(0.3, -0.2, 0.5);
  const ModelSpec floating = generateEightBodySystem(false);
  const ModelSpec both = withSecondSystem(chain, floating, "f");
  const auto model = compile(both);
  ASSERT_SAME(model->systemCount(), 2);
  ASSERT_SAME(model->degreesOfFreedom(), compile(chain)->degreesOfFreedom() + compile(floating)->degreesOfFreedom());
  SolverOutput a, b;
  makeSolver(SolverKind::Riccati, model)->evaluate(initialState(*model), a);
  makeSolver(SolverKind::NewtonEuler, model)->evaluate(initialState(*model), b);
  const double agreement = std::max(relativeDifference(a.angularAcceleration, b.angularAcceleration), relativeDifference(a.comAcceleration, b.comAcceleration));
  const Trajectories together = runFor(both, 1.0), alone = runFor(chain, 1.0), other = runFor(floating, 1.0);
  double worst = 0.0;
  auto compare = [&](const Trajectories& single, const std::string& prefix) {
    for (const auto& [name, path] : single.com) {
      const std::vector<Vec3>& joint = together.com.at(prefix + name);
      ASSERT_SAME(joint.size(), path.size());
      for (std::size_t f = 0; f < path.size(); ++f) {
        worst = std::max(worst, (joint[f] - path[f]).norm());
        worst = std::max(worst, (together.rotation.at(prefix + name)[f] - single.rotation.at(name)[f]).norm());
      }
    }
  };
  compare(alone, "");
  compare(other, "f");
  info("a chain and the floating eight-body system in one file: Riccati against Newton-Euler %.1e; over 1 s each moves as alone to %.1e", agreement,
       worst);
  ASSERT_TRUE(agreement < 1e-10);
  ASSERT_TRUE(worst < 1e-12);
}
