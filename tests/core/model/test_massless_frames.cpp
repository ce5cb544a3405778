// Massless frames (issue 29.1): bodies with neither mass nor inertia between
// two hinges, the way several joints on one MJCF body are carried. The
// Riccati sweep inverts only the tip side's articulated inertia projected on
// each hinge's free motion, so it needs no body to have mass; the
// Newton-Euler reference solves the augmented system, whose block-diagonal
// mass matrix then has zero blocks; the mass-matrix reference builds M from
// the bodies' Jacobians. Three formulations, one answer, on random trees
// with every hinge type, offsets between the frames, springs and armature.
// Then what has no answer: a massless leaf, and two hinges on one axis with
// only a massless frame between them, each refused with the hinge named.

#include "tests/core/check.hpp"

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/state.hpp"
#include "core/error.hpp"
#include "core/generate/generators.hpp"
#include "core/io/model_json.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

constexpr double kTolerance = 1e-10;

ShapeSpec masslessShape() {
  ShapeSpec s;
  s.type = ShapeType::Custom;
  s.mass = 0.0;
  s.inertia = Mat3::Zero();
  return s;
}

/// A hinge of a random kind among the one-coordinate ones and (spatial)
/// ball, or (planar) pin, with a random axis: the kinds MJCF puts several
/// of on one body. (Not universals: at random orientations of the frames
/// their two axes come near each other, a singularity of the hinge itself,
/// with or without mass.)
void randomKind(HingeSpec& h, ModelKind kind, Random& r, bool revolutesOnly) {
  const bool planar = kind == ModelKind::Planar;
  if (revolutesOnly) h.type = planar ? HingeType::Pin : HingeType::Revolute;
  else if (planar) h.type = r.below(3) == 0 ? HingeType::Slider : HingeType::Pin;
  else {
    const HingeType types[] = {HingeType::Revolute, HingeType::Revolute, HingeType::Slider, HingeType::Ball};
    h.type = types[r.below(4)];
  }
  h.axis = randomAxis(r, planar);
  h.axis2 = randomAxis(r, planar);
  h.slide = r.uniform(-0.2, 0.2);
  h.slideRate = r.uniform(-0.5, 0.5);
}

struct Inserted {
  int frames = 0, chains = 0;
};

/// Puts one or two massless frames in place of the joint of about half the
/// tree hinges: parent -(h)-> frame -> ... -> child, each new hinge of a
/// random kind at a random offset within the frame, so that the joints'
/// axes need not meet.
void insertMasslessFrames(ModelSpec& spec, Random& r, bool revolutesOnly, Inserted& n) {
  const bool planar = spec.kind == ModelKind::Planar;
  const std::size_t hinges = spec.hinges.size();
  for (std::size_t k = 0; k < hinges; ++k) {
    if (r.below(2) != 0) continue;
    const int frames = 1 + r.below(2);
    ++n.chains;
    randomKind(spec.hinges[k], spec.kind, r, revolutesOnly);
    const BodyId child = spec.hinges[k].child;
    std::size_t holder = k;  // the hinge that holds the next frame
    bool ball = spec.hinges[k].type == HingeType::Ball;
    for (int f = 0; f < frames; ++f) {
      BodySpec& frame = spec.addBody("frame " + std::to_string(k) + "." + std::to_string(f));
      frame.shape = masslessShape();
      frame.output = Vec3::Zero();
      frame.inputs = {Vec3(r.uniform(-0.3, 0.3), r.uniform(-0.3, 0.3), planar ? 0.0 : r.uniform(-0.3, 0.3))};
      const BodyId id = frame.id;
      spec.hinges[holder].child = id;  // the holder now holds the frame ...
      HingeSpec& next = spec.addHinge("joint " + std::to_string(k) + "." + std::to_string(f), HingeType::Revolute, child, id);
      // ... and the frame holds the child. One ball in a chain at most:
      // massless frames between two balls spin freely about the line
      // through their centres (a singular arrangement, as the one
      // twoHingesOnOneAxisWithOnlyAFrameBetweenAreRefused shows).
      do randomKind(next, spec.kind, r, revolutesOnly);
      while (next.type == HingeType::Ball && ball);
      ball = ball || next.type == HingeType::Ball;
      holder = spec.hinges.size() - 1;
      ++n.frames;
    }
  }
  // Everything at rest in its initial frame: consistent with every hinge.
  for (BodySpec& b : spec.bodies) b.orientation = Quat(1, 0, 0, 0), b.angularVelocity.setZero(), b.thetaDot = 0.0;
  for (HingeSpec& h : spec.hinges) {
    if (h.type == HingeType::Revolute || h.type == HingeType::Pin || h.type == HingeType::Ball || h.type == HingeType::Universal) h.slideRate = 0.0;
    if (r.below(3) == 0 && h.type != HingeType::Ball && h.type != HingeType::Universal) {
      h.loads.spring = HingeSpringSpec::linear(r.uniform(0, 20), r.uniform(0, 2), 0.0);
      h.loads.armature = r.uniform(0.0, 0.5);
    }
  }
}

ModelSpec treeWithFrames(int k, std::uint64_t seed, bool planar, bool revolutesOnly, Inserted& n) {
  Random r(seed);
  ModelSpec spec = generateRandomTree({3 + r.below(12), seed, planar});
  spec.name = std::string(planar ? "planar" : "spatial") + " tree with massless frames " + std::to_string(k);
  insertMasslessFrames(spec, r, revolutesOnly, n);
  return spec;
}

/// A two-link arm: link 'upper' on a revolute about z at the ground, then a
/// massless frame, then link 'lower'; `second` is the frame-to-lower hinge.
ModelSpec armThroughAFrame(HingeType second, const Vec3& secondAxis, const Vec3& frameOffset) {
  ModelSpec spec;
  spec.name = "arm through a frame";
  auto link = [&spec](const char* name) {  // a 1 m cylinder of 1 kg, its joint at its origin
    BodySpec& b = spec.addBody(name);
    b.output = Vec3::Zero();
    b.inputs = {Vec3(1, 0, 0)};
    b.shape.type = ShapeType::Cylinder;
    b.shape.radius = 0.05;
    return b.id;
  };
  const BodyId upperId = link("upper");
  BodySpec& frame = spec.addBody("wrist frame");
  frame.shape = masslessShape();
  frame.output = Vec3::Zero();
  frame.inputs = {frameOffset};
  const BodyId frameId = frame.id;
  const BodyId lowerId = link("lower");
  spec.addHinge("shoulder", HingeType::Revolute, upperId, std::nullopt).axis = Vec3::UnitZ();
  spec.addHinge("elbow", HingeType::Revolute, frameId, upperId).axis = Vec3::UnitZ();
  HingeSpec& wrist = spec.addHinge("wrist", second, lowerId, frameId);
  wrist.axis = secondAxis;
  return spec;
}

}  // namespace

namespace {

/// Riccati against `reference` on `trees` random trees with frames (seeds
/// from `firstSeed`), 6 random states each: the worst difference.
double worstOver(int trees, std::uint64_t firstSeed, bool planar, bool revolutesOnly, SolverKind reference, Inserted& n) {
  double worst = 0.0;
  for (int k = 0; k < trees; ++k) {
    const std::uint64_t seed = firstSeed + static_cast<std::uint64_t>(k);
    ModelSpec spec = treeWithFrames(k, seed, planar, revolutesOnly, n);
    if (revolutesOnly)
      for (HingeSpec& h : spec.hinges) h.type = HingeType::Revolute;  // the generator's own balls too
    Random r(seed + 1);
    worst = std::max(worst, riccatiAgainst(reference, spec, 6, r, kTolerance));
  }
  return worst;
}

}  // namespace

TEST(MasslessFrames, randomSpatialTreesMatchNewtonEuler) {
  Inserted n;
  const double worst = worstOver(30, 29100, false, false, SolverKind::NewtonEuler, n);
  info("30 random spatial trees with %d massless frames in %d chains (revolute, slider and ball hinges at offsets, springs, armature): "
       "Riccati against Newton-Euler %.2e",
       n.frames, n.chains, worst);
  ASSERT_TRUE(n.frames >= 100);
  ASSERT_TRUE(worst < kTolerance);
}

TEST(MasslessFrames, randomPlanarTreesMatchNewtonEuler) {
  Inserted n;
  const double worst = worstOver(20, 29300, true, false, SolverKind::NewtonEuler, n);
  info("20 random planar trees with %d massless frames (pins and sliders): Riccati against Newton-Euler %.2e", n.frames, worst);
  ASSERT_TRUE(n.frames >= 50);
}

// The mass-matrix reference takes revolutes: chains of them through frames.
TEST(MasslessFrames, revoluteTreesMatchTheMassMatrixReference) {
  Inserted n;
  const double worst = worstOver(20, 29500, false, true, SolverKind::MassMatrix, n);
  info("20 random revolute trees with %d massless frames: Riccati against the mass-matrix reference %.2e", n.frames, worst);
  ASSERT_TRUE(n.frames >= 50);
}

// Two perpendicular hinges through one massless frame are a universal joint:
// the same accelerations as the universal hinge between the same links.
TEST(MasslessFrames, twoCrossedRevolutesThroughAFrameAreAUniversalJoint) {
  ModelSpec split = armThroughAFrame(HingeType::Revolute, Vec3::UnitY(), Vec3::Zero());
  split.hinges[1].axis = Vec3::UnitZ();
  ModelSpec joined;
  joined.name = "arm with a universal";
  joined.bodies = {split.bodies[0], split.bodies[2]};
  HingeSpec shoulder = split.hinges[0];
  HingeSpec elbow = split.hinges[1];
  elbow.type = HingeType::Universal;
  elbow.child = split.bodies[2].id;
  elbow.axis = Vec3::UnitZ();   // root side, in the upper link's frame
  elbow.axis2 = Vec3::UnitY();  // tip side, in the lower link's frame
  joined.hinges = {shoulder, elbow};
  split.gravity = joined.gravity = Vec3(0.3, -9.81, 1.2);
  // The frame turns with the lower link about z only; give the links
  // velocities the joints allow: shoulder 0.7, elbow 1.3 about z, wrist -0.9 about y.
  const double w1 = 0.7, w2 = 1.3, w3 = -0.9;
  split.bodies[0].angularVelocity = joined.bodies[0].angularVelocity = Vec3(0, 0, w1);
  split.bodies[1].angularVelocity = Vec3(0, 0, w1 + w2);
  split.bodies[2].angularVelocity = joined.bodies[1].angularVelocity = Vec3(0, w3, w1 + w2);
  const auto a = compile(split), b = compile(joined);
  SolverOutput oa, ob;
  makeSolver(SolverKind::Riccati, a)->evaluate(initialState(*a), oa);
  makeSolver(SolverKind::NewtonEuler, b)->evaluate(initialState(*b), ob);
  auto lowerOf = [](const Model& m) {
    for (int i = 0; i < m.bodyCount(); ++i)
      if (m.body(i).name == "lower") return i;
    return -1;
  };
  const int la = lowerOf(*a), lb = lowerOf(*b);
  const double d = std::max((oa.angularAcceleration[static_cast<std::size_t>(la)] - ob.angularAcceleration[static_cast<std::size_t>(lb)]).norm(),
                            (oa.comAcceleration[static_cast<std::size_t>(la)] - ob.comAcceleration[static_cast<std::size_t>(lb)]).norm());
  info("two crossed revolutes through a massless frame against a universal hinge (Newton-Euler): lower link accelerations differ by %.2e", d);
  ASSERT_TRUE(oa.angularAcceleration[static_cast<std::size_t>(la)].norm() > 1.0);
  ASSERT_TRUE(d < 1e-12 * std::max(1.0, ob.comAcceleration[static_cast<std::size_t>(lb)].norm()));
}

TEST(MasslessFrames, aMasslessLeafIsRefusedAtItsHinge) {
  ModelSpec spec = armThroughAFrame(HingeType::Revolute, Vec3::UnitY(), Vec3(0.2, 0, 0));
  spec.hinges.pop_back();  // the wrist: the frame is now a leaf
  spec.bodies.pop_back();
  const std::string problems = validationErrors(spec);
  info("%s", problems.c_str());
  ASSERT_TRUE(contains(problems, "hinge 'elbow': body 'wrist frame' and everything beyond it are massless")) << problems;
  ASSERT_TRUE(contains(problems, "make the hinge a weld")) << problems;
  spec.hinges[1].type = HingeType::Weld;  // a welded frame (a sensor site) is fine
  ASSERT_EQ(validationErrors(spec), std::string());
}

TEST(MasslessFrames, twoHingesOnOneAxisWithOnlyAFrameBetweenAreRefused) {
  const ModelSpec spec = armThroughAFrame(HingeType::Revolute, Vec3::UnitZ(), Vec3::Zero());  // elbow and wrist on one line
  ASSERT_EQ(validationErrors(spec), std::string());  // no rule on the drawing decides it; the release does
  const auto model = compile(spec);
  SolverOutput out;
  for (SolverKind kind : {SolverKind::Riccati, SolverKind::NewtonEuler}) {
    std::string message;
    try {
      makeSolver(kind, model)->evaluate(initialState(*model), out);
    } catch (const Error& e) {
      message = e.what();
    }
    info("%s: %s", toString(kind), message.c_str());
    ASSERT_TRUE(contains(message, kind == SolverKind::Riccati ? "hinge 'elbow'" : "body 'wrist frame'")) << message;
    if (kind == SolverKind::Riccati) ASSERT_TRUE(contains(message, "body 'wrist frame' is massless")) << message;
  }
  // The same axes 0.1 m apart are two different motions: no refusal.
  const auto apart = compile(armThroughAFrame(HingeType::Revolute, Vec3::UnitZ(), Vec3(0.1, 0, 0)));
  makeSolver(SolverKind::Riccati, apart)->evaluate(initialState(*apart), out);
  ASSERT_TRUE(std::isfinite(out.angularAcceleration[0].z()));
}

TEST(MasslessFrames, negativeMassAndInertiaAreRefused) {
  ModelSpec spec = armThroughAFrame(HingeType::Revolute, Vec3::UnitY(), Vec3(0.2, 0, 0));
  spec.bodies[1].shape.mass = -1.0;
  ASSERT_TRUE(contains(validationErrors(spec), "body 'wrist frame': mass must be positive (got -1 kg), or zero for a massless frame")) << validationErrors(spec);
  spec.bodies[1].shape.mass = 0.0;
  spec.bodies[1].shape.inertia = Vec3(1, 1, -0.5).asDiagonal();
  ASSERT_TRUE(contains(validationErrors(spec), "body 'wrist frame': a massless body's inertia must be positive semi-definite")) << validationErrors(spec);
}

TEST(MasslessFrames, theModelFileKeepsAMasslessFrame) {
  const ModelSpec spec = armThroughAFrame(HingeType::Ball, Vec3::UnitY(), Vec3(0.2, 0.1, 0));
  const ModelSpec back = modelFromJson(modelToJson(spec));
  ASSERT_TRUE(back == spec);
  ASSERT_EQ(back.bodies[1].shape.mass, 0.0);
}
