// The screw (helical) hinge, the joint added in one file of
// core/model/joints/ (issue 52): against the Newton-Euler reference, which
// writes it as four held directions and one row s'' = p theta'' of its own,
// on random trees with springs and with closed loops; against the closed
// form of a nut on a vertical screw; energy conserved to RK4's order; its
// modes against the dense linearisation; the file format and the messages.

#include <cmath>
#include <numbers>

#include <Eigen/SVD>

#include "core/analysis/equilibrium.hpp"
#include "core/analysis/linear_sweep.hpp"
#include "core/analysis/linearisation.hpp"
#include "core/analysis/modes.hpp"
#include "core/analysis/sweep_modes.hpp"
#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/loops/closure_projection.hpp"
#include "core/error.hpp"
#include "core/generate/generators.hpp"
#include "core/io/model_json.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/check.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

/// Turns about a third of a spatial tree's hinges at output ends into screws
/// on random axes with random pitches (+-0.02 .. 0.3 m/rad), some with a
/// spring-damper on their turn, and makes every initial rate consistent:
/// Omega_tip = Omega_root + theta' n, s' = p theta' (and the tree's other
/// hinges as addNewHingeTypes leaves them).
void addScrews(ModelSpec& spec, Random& r, bool springs) {
  const auto tree = compile(spec);
  for (HingeSpec& h : spec.hinges) {
    if (!h.atChildOutput() || h.cut == CutChoice::Cut || r.below(3) != 0) continue;
    h.type = HingeType::Screw;
    h.axis = randomAxis(r);
    h.pitch = (r.below(2) ? 1.0 : -1.0) * r.uniform(0.02, 0.3);
    h.slide = r.uniform(-0.3, 0.3);
    if (springs && r.below(2)) h.loads.spring = HingeSpringSpec::linear(r.uniform(1, 30), r.uniform(0, 0.5), r.uniform(-1, 1));
  }
  for (int i = tree->bodyCount() - 1; i >= 0; --i) {  // root first
    BodySpec& b = spec.bodies[static_cast<std::size_t>(tree->body(i).specIndex)];
    HingeSpec& h = spec.hinges[static_cast<std::size_t>(tree->hinge(i).specIndex)];
    const int parent = tree->body(i).parent;
    const BodySpec* p = parent < 0 ? nullptr : &spec.bodies[static_cast<std::size_t>(tree->body(parent).specIndex)];
    const Vec3 rootOmega = p ? p->angularVelocity : Vec3::Zero();
    if (h.type != HingeType::Screw) {
      if (h.type != HingeType::Ball) b.angularVelocity = rootOmega;
      continue;
    }
    const Mat3 rootRotation = p ? rotationFromQuaternion(p->orientation.normalized()) : Mat3::Identity();
    const double rate = r.uniform(-3, 3);
    b.angularVelocity = rootOmega + rate * (rootRotation * h.axis.normalized());
    h.slideRate = h.pitch * rate;
  }
}

/// Random consistent states: random orientations and rates, then every
/// screw's and every locked hinge's rates made to fit, root first.
Eigen::VectorXd randomScrewState(const Model& model, Random& r) {
  Eigen::VectorXd y = randomState(model, r);
  for (int i = model.bodyCount() - 1; i >= 0; --i) {
    const CompiledBody& b = model.body(i);
    const CompiledHinge& h = model.hinge(i);
    if (h.type == HingeType::Ball) continue;
    const Vec3 rootOmega = b.parent < 0 ? Vec3::Zero() : Vec3(y.segment<3>(7 * b.parent + 4));
    const Mat3 rootRotation = b.parent < 0 ? Mat3::Identity() : bodyRotation(model, y, b.parent);
    const double rate = h.type == HingeType::Screw ? r.uniform(-3, 3) : 0.0;
    y.segment<3>(7 * i + 4) = rootOmega + rate * (rootRotation * h.axisInParent);
    if (h.type == HingeType::Screw) y[slideOffset(model) + 2 * h.slider + 1] = h.pitch * rate;
  }
  return y;
}

/// Whether the cut's closure rows are well independent at y: a cut that
/// (nearly) repeats what the screws already impose leaves its loads
/// undetermined, and each solver then picks its own (test_closed_loops).
bool independent(const Model& model, const Eigen::VectorXd& y) {
  std::vector<BodyPose> poses;
  computePoses(model, y, poses);
  const ClosureConstraints constraints(model);
  std::vector<ClosureRow> rows;
  constraints.directions(poses, rows);
  Eigen::MatrixXd j;
  constraints.jacobian(poses, rows, j);
  const Eigen::VectorXd sigma = Eigen::JacobiSVD<Eigen::MatrixXd>(j).singularValues();
  return sigma.size() == j.rows() && sigma[sigma.size() - 1] > 1e-1 * sigma[0];
}

double difference(const SolverOutput& a, const SolverOutput& b) {
  double slide = 0.0, scale = 1.0;
  for (double s : b.slideAcceleration) scale = std::max(scale, std::abs(s));
  for (std::size_t k = 0; k < b.slideAcceleration.size(); ++k) slide = std::max(slide, std::abs(a.slideAcceleration[k] - b.slideAcceleration[k]) / scale);
  return std::max({relativeDifference(a.angularAcceleration, b.angularAcceleration), relativeDifference(a.comAcceleration, b.comAcceleration),
                   relativeDifference(a.hingeForce, b.hingeForce), relativeDifference(a.hingeMoment, b.hingeMoment), slide});
}

/// A nut (mass m, moment of inertia J about the screw's axis, centre on the
/// axis) on a vertical screw fixed to the ground, pitch p, g along -y.
ModelSpec nutOnScrew(double m, double j, double p, double spring = 0.0) {
  ModelSpec spec;
  spec.name = "nut on a screw";
  spec.gravity = Vec3(0, -9.81, 0);
  BodySpec& nut = spec.addBody("nut");
  nut.shape.type = ShapeType::Custom;
  nut.shape.mass = m;
  nut.shape.com = Vec3::Zero();
  nut.shape.inertia = Vec3(0.7 * j, j, 0.9 * j).asDiagonal();  // J about y, the axis
  nut.output = Vec3::Zero();
  HingeSpec& h = spec.addHinge("thread", HingeType::Screw, nut.id, std::nullopt);
  h.axis = Vec3::UnitY();
  h.pitch = p;
  if (spring != 0.0) h.loads.spring = HingeSpringSpec::linear(spring, 0.0);
  return spec;
}

}  // namespace

TEST(ScrewJoint, RandomTreesWithScrewsAndSpringsMatchNewtonEuler) {
  double worst = 0.0;
  int screws = 0, states = 0;
  for (int k = 0; k < 30; ++k) {
    Random r(static_cast<std::uint64_t>(9100 + k));
    ModelSpec spec = generateRandomTree({3 + r.below(25), static_cast<std::uint64_t>(9100 + k), false});
    addScrews(spec, r, true);
    const auto model = compile(spec);
    for (int i = 0; i < model->bodyCount(); ++i) screws += model->hinge(i).type == HingeType::Screw;
    auto riccati = makeSolver(SolverKind::Riccati, model);
    auto reference = makeSolver(SolverKind::NewtonEuler, model);
    SolverOutput a, b;
    for (int s = 0; s < 5; ++s, ++states) {
      const Eigen::VectorXd y = s == 0 ? initialState(*model) : randomScrewState(*model, r);
      riccati->evaluate(y, a);
      reference->evaluate(y, b);
      const double d = difference(a, b);
      ASSERT_LT(d, 1e-10) << text("tree %1, state %2", k, s);
      worst = std::max(worst, d);
    }
  }
  info("30 random trees with %d screws (springs on about half), %d states: max relative difference to Newton-Euler %.2e", screws, states, worst);
  EXPECT_GE(screws, 60);
}

// Loops cut at balls, welds and revolutes elsewhere (a screw slides, so it
// stays in the tree): the loop solver's closure rows see the screw's one
// column that slides and turns.
TEST(ScrewJoint, LoopsThroughScrewsMatchNewtonEuler) {
  double worst = 0.0;
  int loops = 0;
  for (int k = 0; k < 60; ++k) {
    Random r(static_cast<std::uint64_t>(9300 + k));
    ModelSpec spec = generateRandomTree({6 + r.below(10), static_cast<std::uint64_t>(9300 + k), false});
    addScrews(spec, r, true);
    const auto tree = compile(spec);
    std::vector<BodyPose> poses;
    computePoses(*tree, initialState(*tree), poses);
    // A ball from a new input end of a random body to the ground, where that end is.
    const int a = r.below(static_cast<int>(spec.bodies.size()));
    BodySpec& tip = spec.bodies[static_cast<std::size_t>(a)];
    const Vec3 local(r.uniform(0, tip.output.x()), r.uniform(-0.1, 0.1), r.uniform(-0.1, 0.1));
    tip.inputs.push_back(local);
    const int compiled = tree->compiledIndexOfSpecBody(a);
    HingeSpec& cut = spec.addHinge("cut", HingeType::Ball, tip.id, std::nullopt);
    cut.childEnd = static_cast<int>(tip.inputs.size()) - 1;
    cut.anchor = poses[static_cast<std::size_t>(compiled)].rotation * (local - spec.bodies[static_cast<std::size_t>(a)].inputs.front()) +
                 poses[static_cast<std::size_t>(compiled)].input;
    const auto model = compile(spec);
    if (!model->hasLoops()) continue;
    Eigen::VectorXd y = initialState(*model);
    ClosureProjector(*model).project(y, false);
    const ClosureReport closed = ClosureProjector(*model).measure(y);
    if (closed.position > 1e-9 || !independent(*model, y)) continue;  // loads a loop leaves undetermined differ by solver
    ++loops;
    SolverOutput ric, ne;
    makeSolver(SolverKind::Riccati, model)->evaluate(y, ric);
    makeSolver(SolverKind::NewtonEuler, model)->evaluate(y, ne);
    const double d = difference(ric, ne);
    EXPECT_LT(d, 1e-10) << text("looped tree %1: angular %2, com %3, force %4, moment %5", k, relativeDifference(ric.angularAcceleration, ne.angularAcceleration),
                                relativeDifference(ric.comAcceleration, ne.comAcceleration), relativeDifference(ric.hingeForce, ne.hingeForce),
                                relativeDifference(ric.hingeMoment, ne.hingeMoment));
    EXPECT_LT(closed.velocity, 1e-9) << text("looped tree %1", k);
    worst = std::max(worst, d);
  }
  info("%d random looped systems with screws: max relative difference to Newton-Euler %.2e", loops, worst);
  EXPECT_GE(loops, 10);
}

// (m p^2 + J) theta'' = -m g p: the nut's weight m g along -y does work
// -m g p per radian; the slide s'' = p theta'' is its fall.
TEST(ScrewJoint, NutOnAVerticalScrewFollowsTheClosedForm) {
  for (double p : {0.004, -0.05, 0.3}) {
    const double m = 0.8, j = 2.5e-4, g = 9.81;
    const auto model = compile(nutOnScrew(m, j, p));
    const double thetaDDot = -m * g * p / (m * p * p + j);
    for (SolverKind kind : {SolverKind::Riccati, SolverKind::NewtonEuler}) {
      SolverOutput out;
      makeSolver(kind, model)->evaluate(initialState(*model), out);
      EXPECT_NEAR(out.angularAcceleration[0].y(), thetaDDot, 1e-12 * std::abs(thetaDDot)) << toString(kind) << " p " << p;
      EXPECT_NEAR(out.slideAcceleration[0], p * thetaDDot, 1e-12 * std::abs(p * thetaDDot)) << toString(kind);
      EXPECT_NEAR(out.comAcceleration[0].y(), p * thetaDDot, 1e-12 * std::abs(p * thetaDDot)) << toString(kind);
      EXPECT_LT(out.angularAcceleration[0].cwiseAbs().maxCoeff() - std::abs(out.angularAcceleration[0].y()), 1e-15);
    }
  }
}

// RK4's energy error falls as dt^4: halving the step divides it by about 16.
TEST(ScrewJoint, EnergyIsConservedToRk4sOrder) {
  Random r(9500);
  ModelSpec spec = generateRandomTree({8, 9500, false});
  addScrews(spec, r, false);
  for (HingeSpec& h : spec.hinges) h.loads = {};
  spec.hinges.front().type = HingeType::Screw;  // at least one
  spec.hinges.front().pitch = 0.1;
  spec.hinges.front().slideRate = 0.0;
  for (BodySpec& b : spec.bodies) b.angularVelocity = Vec3::Zero();
  for (HingeSpec& h : spec.hinges) h.slideRate = 0.0;
  const auto model = compile(spec);
  auto drift = [&](double dt) {
    SimulationSettings settings;
    settings.timeStep = dt;
    settings.endTime = 0.5;
    Results results(*model);
    EXPECT_EQ(simulate(model, settings, results).status, RunStatus::Completed);
    double worst = 0.0;
    for (int f = 0; f < results.frameCount(); ++f) worst = std::max(worst, std::abs(results.energy(f).total() - results.energy(0).total()));
    return worst;
  };
  const double coarse = drift(2e-3), fine = drift(1e-3);
  info("energy drift over 0.5 s: %.3e J at 2 ms, %.3e J at 1 ms: ratio %.1f", coarse, fine, coarse / fine);
  EXPECT_GT(coarse / fine, 12.0);
  EXPECT_LT(fine, 1e-6);
}

// A sprung nut: (m p^2 + J) theta'' = -k theta - m g p, so about its rest
// omega^2 = k / (m p^2 + J); the O(N) sweep and the dense linearisation agree.
TEST(ScrewJoint, ModesMatchTheClosedFormAndTheDenseLinearisation) {
  const double m = 0.8, j = 2.5e-4, p = 0.02, k = 3.0;
  const auto model = compile(nutOnScrew(m, j, p, k));
  const Eigen::VectorXd rest = findEquilibrium(model, initialState(*model)).state;
  Linearisation lin(model, rest);
  const LinearSystem s = lin.linearise();
  const ModalAnalysis dense = denseModes(s);
  ASSERT_EQ(dense.undamped.size(), 1u);
  const double omega2 = k / (m * p * p + j);
  EXPECT_NEAR(dense.undamped[0].omegaSquared, omega2, 1e-8 * omega2);
  // The sweep's factor at a shift: one pivot, k_s - sigma m_s with k_s = k / p^2, m_s = m + J / p^2.
  const LinearTree nutTree(model, rest);
  LinearSweep<double> nut(nutTree);
  const double sigma0 = 0.5 * omega2;
  nut.factor(sigma0);
  Eigen::VectorXd one = Eigen::VectorXd::Ones(1), x;
  nut.solve(one, x);
  const double ks = k / (p * p), ms = m + j / (p * p);
  EXPECT_NEAR(x[0], 1.0 / (ks - sigma0 * ms), 1e-10 / (ks - sigma0 * ms));
  // A random tree with screws and springs: (K - sigma M)^-1 f by the sweep and densely.
  Random r(9700);
  ModelSpec spec = generateRandomTree({7, 9700, false});
  addScrews(spec, r, false);
  for (BodySpec& b : spec.bodies) b.angularVelocity = Vec3::Zero();
  for (HingeSpec& h : spec.hinges) {
    h.slideRate = 0.0;
    if (h.type == HingeType::Screw) h.loads.spring = HingeSpringSpec::linear(r.uniform(2, 20), 0.0);
  }
  const auto tree = compile(spec);
  const Eigen::VectorXd treeRest = findEquilibrium(tree, initialState(*tree)).state;
  Linearisation treeLin(tree, treeRest);
  const LinearSystem ts = treeLin.linearise();
  const LinearTree linearTree(tree, treeRest);
  LinearSweep<double> solve(linearTree);
  const double sigma = 0.37;
  solve.factor(sigma);
  const Eigen::MatrixXd a = ts.stiffness - sigma * ts.mass;
  double worst = 0.0;
  for (int c = 0; c < 3; ++c) {
    Eigen::VectorXd f(a.rows()), x;
    for (Eigen::Index i = 0; i < f.size(); ++i) f[i] = r.uniform(-1, 1);
    solve.solve(f, x);
    const Eigen::VectorXd reference = a.fullPivLu().solve(f);
    worst = std::max(worst, (x - reference).norm() / reference.norm());
  }
  // The lowest vibrations by the O(N) shift-and-invert Lanczos against the dense eigenproblem.
  SweepModesOptions three;
  three.count = 3;
  const SweepModes sweep = sweepModes(linearTree, three);
  const ModalAnalysis denseTree = denseModes(ts);
  std::vector<double> vibrations;
  for (const UndampedMode& mode : denseTree.undamped)
    if (mode.omegaSquared > 1e-8 * denseTree.undamped.back().omegaSquared) vibrations.push_back(mode.omegaSquared);
  ASSERT_GE(sweep.modes.size(), 3u);
  double modes = 0.0;
  for (std::size_t c = 0; c < 3; ++c) modes = std::max(modes, std::abs(sweep.modes[c].omegaSquared - vibrations[c]) / vibrations[c]);
  info("sprung nut: omega^2 %.10g (closed form %.10g); random tree with screws: (K - sigma M)^-1 f sweep against dense %.2e, lowest 3 omega^2 %.2e",
       dense.undamped[0].omegaSquared, omega2, worst, modes);
  EXPECT_LT(worst, 1e-8);
  EXPECT_LT(modes, 1e-8);
}

TEST(ScrewJoint, TheFileKeepsItAndTheCheckNamesWhatIsWrong) {
  ModelSpec spec = nutOnScrew(0.8, 2.5e-4, 0.02, 3.0);
  spec.hinges[0].slide = 0.1;
  const ModelSpec back = modelFromJson(modelToJson(spec), ".");
  EXPECT_EQ(back.hinges[0].type, HingeType::Screw);
  EXPECT_EQ(back.hinges[0].pitch, 0.02);
  EXPECT_TRUE(back == spec);
  auto problems = [](const ModelSpec& s) {
    std::string all;
    for (const Diagnostic& d : validate(s)) all += d.message + "\n";
    return all;
  };
  ModelSpec zero = spec;
  zero.hinges[0].pitch = 0.0;
  EXPECT_TRUE(contains(problems(zero), "a pitch of 0 is a revolute hinge")) << problems(zero);
  ModelSpec rate = spec;
  rate.bodies[0].angularVelocity = Vec3(0, 2.0, 0);
  rate.hinges[0].slideRate = 0.0;
  EXPECT_TRUE(contains(problems(rate), "is not the pitch times the bodies' initial relative angular velocity about the axis (0.04 m/s)")) << problems(rate);
  rate.hinges[0].slideRate = 0.04;
  EXPECT_EQ(problems(rate), "");
  ModelSpec planar = spec;
  planar.kind = ModelKind::Planar;
  EXPECT_TRUE(contains(problems(planar), "a screw hinge is spatial")) << problems(planar);
  EXPECT_THROW(makeSolver(SolverKind::MassMatrix, compile(spec)), Error);
}
