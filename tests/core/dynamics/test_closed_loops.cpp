// Closed loops (equations.md §6): the Riccati recursion on the spanning tree
// with the cut loads solved from the supplement equations, against the
// Newton-Euler / Lagrange-multiplier reference that takes every cut as more
// constraint rows; drift control over long runs of a four-bar; the errors a
// looped model can raise.

#include "tests/core/check.hpp"

#include <Eigen/SVD>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/loops/closed_loop_solver.hpp"
#include "core/dynamics/loops/closure_projection.hpp"
#include "core/generate/loaded_examples.hpp"
#include "core/generate/linkages.hpp"
#include "core/io/model_json.hpp"
#include "core/model/model.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

constexpr double kTolerance = 1e-10;

/// True if the loops' velocity constraints are well independent at the
/// initial state: a random cut may (nearly) repeat what other cuts impose,
/// and then the loads are (nearly) undetermined; those cuts are drawn again.
bool independent(const ModelSpec& spec) {
  const auto model = compile(spec);
  std::vector<BodyPose> poses;
  computePoses(*model, initialState(*model), poses);
  const ClosureConstraints constraints(*model);
  std::vector<ClosureRow> rows;
  constraints.directions(poses, rows);
  Eigen::MatrixXd j;
  constraints.jacobian(poses, rows, j);
  const Eigen::VectorXd sigma = Eigen::JacobiSVD<Eigen::MatrixXd>(j).singularValues();
  return sigma.size() == j.rows() && sigma[sigma.size() - 1] > 1e-2 * sigma[0];
}

/// Turns about a third of a tree's hinges into sliders on random axes (at
/// s = 0, so the drawing stays as it is, with random slide rates), and makes
/// the bodies on a slider turn with their root-side body.
void addSliders(ModelSpec& spec, Random& r) {
  const bool planar = spec.kind == ModelKind::Planar;
  const auto tree = compile(spec);  // the order of the bodies, before the velocities are made consistent
  for (HingeSpec& h : spec.hinges) {
    if (r.below(3) != 0) continue;
    h.type = HingeType::Slider;
    h.axis = randomAxis(r, planar);
    h.slideRate = r.uniform(-1, 1);
  }
  for (int i = tree->bodyCount() - 1; i >= 0; --i) {  // root first
    if (spec.hinges[static_cast<std::size_t>(tree->hinge(i).specIndex)].type != HingeType::Slider) continue;
    BodySpec& b = spec.bodies[static_cast<std::size_t>(tree->body(i).specIndex)];
    const int parent = tree->body(i).parent;
    const BodySpec* p = parent < 0 ? nullptr : &spec.bodies[static_cast<std::size_t>(tree->body(parent).specIndex)];
    b.angularVelocity = p ? p->angularVelocity : Vec3::Zero();
    b.thetaDot = p ? p->thetaDot : 0.0;
  }
}

/// A random tree with `cuts` loops closed at its initial state: each cut joins
/// a new input end of a random body to a new input end of another body at
/// the same world point, or to the ground there. Cuts whose constraints are
/// not independent of the others are drawn again. Velocities are projected
/// onto the loop constraints afterwards (consistentState), so the state closes.
ModelSpec randomLoopedSystem(std::uint64_t seed, bool planar, int bodies, int cuts, bool sliders = false, bool newHinges = false) {
  ModelSpec spec = generateRandomTree({bodies, seed, planar});
  Random r(seed * 7919 + 13);
  if (sliders) addSliders(spec, r);
  if (newHinges) addNewHingeTypes(spec, r, true);  // a free root, and universal, cylindrical, planar, free, point-on-line hinges in the tree
  const auto tree = compile(spec);
  std::vector<BodyPose> poses;
  computePoses(*tree, initialState(*tree), poses);
  for (int k = 0; k < cuts;) {
    ModelSpec next = spec;
    const int a = r.below(bodies);
    const bool toGround = r.below(3) == 0;
    int b = toGround ? -1 : r.below(bodies);
    while (b == a) b = r.below(bodies);
    BodySpec& tip = next.bodies[static_cast<std::size_t>(a)];
    const Vec3 local(r.uniform(0, tip.output.x()), r.uniform(-0.1, 0.1), planar ? 0.0 : r.uniform(-0.1, 0.1));
    const Vec3 world = specPointToWorld(*tree, poses, a, local);
    tip.inputs.push_back(local);
    HingeSpec& h = next.addHinge("cut" + std::to_string(k), planar ? HingeType::Pin : HingeType::Ball, tip.id, std::nullopt);
    h.childEnd = static_cast<int>(tip.inputs.size()) - 1;
    const int pick = r.below(3);
    if (pick == 1) h.type = HingeType::Weld;
    if (pick == 2 && !planar) {
      h.type = HingeType::Revolute;
      h.axis = randomAxis(r);
    }
    if (toGround) {
      h.anchor = world;
    } else {
      BodySpec& root = next.bodies[static_cast<std::size_t>(b)];
      root.inputs.push_back(worldToSpecPoint(*tree, poses, b, world));
      h.parent = root.id;
      h.parentInput = static_cast<int>(root.inputs.size()) - 1;
    }
    if (!independent(next)) continue;
    spec = std::move(next);
    ++k;
  }
  return spec;
}

Eigen::VectorXd consistentState(const Model& model) {
  Eigen::VectorXd y = initialState(model);
  ClosureProjector(model).project(y, false);
  return y;
}

double compare(const SolverOutput& a, const SolverOutput& b) {
  double slide = 0.0;
  for (std::size_t k = 0; k < b.slideAcceleration.size(); ++k)
    slide = std::max(slide, std::abs(a.slideAcceleration[k] - b.slideAcceleration[k]) / std::max(1.0, std::abs(b.slideAcceleration[k])));
  return std::max({relativeDifference(a.angularAcceleration, b.angularAcceleration), relativeDifference(a.comAcceleration, b.comAcceleration),
                   relativeDifference(a.hingeForce, b.hingeForce), relativeDifference(a.hingeMoment, b.hingeMoment),
                   relativeDifference(a.cutForce, b.cutForce), relativeDifference(a.cutMoment, b.cutMoment), slide});
}

/// Largest distance of the rocker's free end from its ground pivot over a run.
class ClosureSink : public ResultSink {
 public:
  explicit ClosureSink(Vec3 pivot) : m_pivot(std::move(pivot)) {}
  void record(const Frame& f) override {
    const Model& m = *f.model;
    const BodyPose& rocker = (*f.poses)[static_cast<std::size_t>(m.bodyByName("rocker"))];
    maxClosure = std::max(maxClosure, (rocker.input - m_pivot).norm());
    if (frames++ == 0) energy0 = f.energy.total();
    maxEnergyDrift = std::max(maxEnergyDrift, std::abs(f.energy.total() - energy0));
  }
  double maxClosure = 0.0, energy0 = 0.0, maxEnergyDrift = 0.0;
  int frames = 0;

 private:
  Vec3 m_pivot;
};

/// Keeps the last state of a run and the largest closure error of any cut.
class LastStateSink : public ResultSink {
 public:
  void record(const Frame& f) override {
    last = *f.y;
    maxClosure = std::max(maxClosure, ClosureProjector(*f.model).measure(*f.y).position);
  }
  Eigen::VectorXd last;
  double maxClosure = 0.0;
};

}  // namespace

TEST(ClosedLoops, fourBarCompilesToATreeAndOneCut) {
  const auto model = compile(generateFourBar({}));
  ASSERT_SAME(model->bodyCount(), 3);
  ASSERT_SAME(static_cast<int>(model->cuts().size()), 1);
  ASSERT_SAME(model->cuts().front().name, std::string("D"));
  ASSERT_SAME(model->cutRows(), 2);
  ASSERT_SAME(model->degreesOfFreedom(), 1);  // Gruebler: 3 pins - 2 supplement equations
  ASSERT_TRUE(model->cuts().front().root.ground());
}

TEST(ClosedLoops, fourBarMatchesNewtonEuler) {
  double worst = 0.0;
  for (double angle = 0.05; angle < 6.28; angle += 0.37) {
    FourBarOptions o;
    o.crankAngle = angle;
    o.crankRate = 3.0 * std::sin(3 * angle);
    const auto model = compile(generateFourBar(o));
    const Eigen::VectorXd y = initialState(*model);
    SolverOutput ric, ne;
    makeSolver(SolverKind::Riccati, model)->evaluate(y, ric);
    makeSolver(SolverKind::NewtonEuler, model)->evaluate(y, ne);
    worst = std::max(worst, compare(ric, ne));
  }
  ::mstmm::test::info("four-bar, 17 crank angles: max relative difference %.2e", worst);
  ASSERT_TRUE(worst < kTolerance) << worst;
}

TEST(ClosedLoops, randomLoopedSystemsMatchNewtonEuler) {
  struct Row {
    const char* name;
    bool planar;
    bool sliders;
    bool newHinges;
  };
  const Row rows[] = {
      {"planar", true, false, false},
      {"spatial", false, false, false},
      {"planar, with sliders", true, true, false},
      {"spatial, with sliders", false, true, false},
      {"planar, free root, free and point-on-line hinges", true, false, true},
      {"spatial, free root, universal, cylindrical, planar, free and point-on-line hinges", false, false, true},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const bool& planar = row.planar;
    const bool& sliders = row.sliders;
    double worst = 0.0, worstClosure = 0.0;
    int cutsSeen = 0, slidersSeen = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      const auto model = compile(randomLoopedSystem(seed, planar, 8 + static_cast<int>(seed % 13), 1 + static_cast<int>(seed % 3), sliders, row.newHinges));
      cutsSeen += static_cast<int>(model->cuts().size());
      slidersSeen += model->sliderCount();
      const Eigen::VectorXd y = consistentState(*model);
      const ClosureReport closed = ClosureProjector(*model).measure(y);
      worstClosure = std::max({worstClosure, closed.position, closed.velocity});
      SolverOutput ric, ne;
      makeSolver(SolverKind::Riccati, model)->evaluate(y, ric);
      makeSolver(SolverKind::NewtonEuler, model)->evaluate(y, ne);
      const double d = compare(ric, ne);
      ASSERT_TRUE(d < kTolerance) << ::mstmm::test::text("seed %1: %2", seed, d);
      worst = std::max(worst, d);
    }
    ::mstmm::test::info("%s: 40 random looped systems (%d cuts, %d slide coordinates): max relative difference %.2e, closure of the states %.1e",
          row.name, cutsSeen, slidersSeen, worst, worstClosure);
    ASSERT_TRUE(worstClosure < 1e-12);
    ASSERT_TRUE((sliders || row.newHinges) == (slidersSeen > 60));
  }
}

// equations.md §6 measured 4.8e-12 m (Baumgarte) and 7e-16 m (projection)
// for its four-bar. Two cases: the linkage lying on a table (no gravity in
// its plane), driven by its initial crank rate of 2 rad/s, where the
// issue's limit of 1e-10 m applies; and the same linkage swinging under
// gravity, whose rocker reaches 12 rad/s: RK4's own error at dt = 1e-3 then
// leaves ~3e-10 m that no Baumgarte gain removes (halving dt gives 2e-11 m).
TEST(ClosedLoops, fourBarStaysClosedForTenSeconds) {
  struct Row {
    const char* name;
    int method;
    bool gravity;
    double closureLimit;
  };
  const Row rows[] = {
      {"baumgarte, on a table", static_cast<int>(LoopStabilisation::Baumgarte), false, 1e-10},
      {"projection, on a table", static_cast<int>(LoopStabilisation::Projection), false, 1e-13},
      {"none, on a table", static_cast<int>(LoopStabilisation::None), false, 1e-6},
      {"baumgarte, hanging", static_cast<int>(LoopStabilisation::Baumgarte), true, 1e-9},
      {"projection, hanging", static_cast<int>(LoopStabilisation::Projection), true, 1e-13},
      {"none, hanging", static_cast<int>(LoopStabilisation::None), true, 1e-6},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const int& method = row.method;
    const bool& gravity = row.gravity;
    const double& closureLimit = row.closureLimit;
    ModelSpec spec = generateFourBar({});
    if (!gravity) spec.gravity.setZero();
    spec.simulation.endTime = ::mstmm::test::plainOrAsan(10.0, 2.0);
    spec.simulation.timeStep = 1e-3;
    spec.simulation.outputEvery = 10;
    spec.simulation.loopStabilisation = static_cast<LoopStabilisation>(method);
    ClosureSink sink(Vec3(FourBarOptions{}.ground, 0, 0));
    const RunReport report = simulate(compile(spec), spec.simulation, sink);
    ASSERT_TRUE(report.status == RunStatus::Completed) << (report.error ? report.error->what() : "");
    ASSERT_SAME(sink.frames, ::mstmm::test::plainOrAsan(1001, 201));
    ::mstmm::test::info("%s, %s: max closure error %.2e m, max |E - E0| %.2e J (E0 = %.4f J)", toString(spec.simulation.loopStabilisation),
          gravity ? "hanging" : "on a table", sink.maxClosure, sink.maxEnergyDrift, sink.energy0);
    ASSERT_TRUE(sink.maxClosure <= closureLimit) << sink.maxClosure;
    ASSERT_TRUE(sink.maxEnergyDrift <= 1e-6 * std::abs(sink.energy0)) << sink.maxEnergyDrift;
  }
}

// A rod pinned to the ground at both ends cannot move: the second pin
// repeats, along the rod, what the first and the rod impose. The repeated
// row is left out (rank_revealing_solve.hpp): the rod stays at rest, the two
// pins share its weight by the lever rule, and nothing pulls along the rod.
TEST(ClosedLoops, redundantCutIsSolvedWithTheRepeatedRowLeftOut) {
  ModelSpec spec;
  spec.kind = ModelKind::Planar;
  const BodyId rod = spec.addBody("rod").id;
  spec.addHinge("left", HingeType::Pin, rod, std::nullopt).anchor = Vec3(1, 0, 0);
  HingeSpec& right = spec.addHinge("right", HingeType::Pin, rod, std::nullopt);
  right.childEnd = 0;
  const auto model = compile(spec);
  ASSERT_SAME(model->cuts().front().name, std::string("right"));
  Eigen::VectorXd y = initialState(*model);
  const Eigen::VectorXd closed = y;
  ClosureProjector(*model).project(y);
  ASSERT_TRUE((y - closed).norm() == 0.0);
  SolverOutput out;
  makeSolver(SolverKind::Riccati, model)->evaluate(y, out);
  const double weight = 9.81 * spec.bodies[0].shape.mass;
  ASSERT_TRUE(out.angularAcceleration[0].norm() < 1e-12) << out.angularAcceleration[0].transpose();
  ASSERT_TRUE(out.comAcceleration[0].norm() < 1e-12) << out.comAcceleration[0].transpose();
  ASSERT_TRUE((out.cutForce[0] - Vec3(0, 0.5 * weight, 0)).norm() < 1e-12) << out.cutForce[0].transpose();
  // And so it stays, for a second of simulated time.
  spec.simulation.endTime = 1.0;
  LastStateSink sink;
  ASSERT_TRUE(simulate(model, spec.simulation, sink).status == RunStatus::Completed);
  ASSERT_TRUE((sink.last - closed).norm() < 1e-12) << (sink.last - closed).transpose();
}

// A parallelogram four-bar lying flat (all pivots on one line) is at a
// singular position: one row of its supplement equations repeats another.
// Turning as a parallelogram, with no load, it goes on turning uniformly;
// moved in a way the flat linkage cannot continue (the coupler turning as
// well), the missing row cannot be met, and the run says so.
TEST(ClosedLoops, singularPositionIsPassedOrReportedWhenItCannotBe) {
  FourBarOptions flat;
  flat.crank = 1.0;
  flat.coupler = 2.0;
  flat.rocker = 1.0;
  flat.ground = 2.0;
  flat.crankAngle = 1e-9;  // just off the dead point, so the model can be built
  flat.crankRate = 0.0;
  ModelSpec spec = generateFourBar(flat);
  spec.gravity.setZero();
  // Put it exactly on the dead point.
  spec.bodies[0].theta = M_PI;  // crank from B = (1, 0) to A = (0, 0)
  spec.bodies[1].theta = M_PI;  // coupler from C = (3, 0) to B
  spec.bodies[2].theta = 0.0;   // rocker from D = (2, 0) to C = (3, 0)
  // Crank, coupler and rocker rates: the velocity rows hold for both.
  const double parallelogram[3] = {1.0, 0.0, 1.0}, stuck[3] = {1.0, 1.0, 3.0};
  for (int i = 0; i < 3; ++i) spec.bodies[static_cast<std::size_t>(i)].thetaDot = parallelogram[i];
  const auto model = compile(spec);
  ASSERT_TRUE(ClosureProjector(*model).measure(initialState(*model)).velocity < 1e-15);
  SolverOutput out;
  makeSolver(SolverKind::Riccati, model)->evaluate(initialState(*model), out);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(out.angularAcceleration[static_cast<std::size_t>(i)].norm() < 1e-12) << i;
  for (int i = 0; i < 3; ++i) spec.bodies[static_cast<std::size_t>(i)].thetaDot = stuck[i];
  const auto stuckModel = compile(spec);
  ASSERT_TRUE(ClosureProjector(*stuckModel).measure(initialState(*stuckModel)).velocity < 1e-15);
  try {
    makeSolver(SolverKind::Riccati, stuckModel)->evaluate(initialState(*stuckModel), out);
    FAIL() << "the dead point was not reported";
  } catch (const Error& e) {
    ASSERT_TRUE(std::string(e.what()).starts_with("hinge 'D' (cut to close a loop): the supplement equations are singular")) << e.what();
    ASSERT_TRUE(::mstmm::test::contains(e.what(), "cannot be met") && ::mstmm::test::contains(e.what(), "dead point")) << e.what();
  }
}

TEST(ClosedLoops, inconsistentInitialStateIsRefusedOrProjected) {
  ModelSpec spec = generateFourBar({});
  spec.bodies[1].theta += 0.05;  // the coupler no longer reaches the rocker
  spec.simulation.endTime = 0.01;
  ClosureSink sink(Vec3(FourBarOptions{}.ground, 0, 0));
  RunReport report = simulate(compile(spec), spec.simulation, sink);
  ASSERT_SAME(report.status, RunStatus::Failed);
  ASSERT_TRUE(::mstmm::test::contains(report.error->what(), "hinge 'D' (cut to close a loop): the initial state does not close the loop: its two ends are")) << report.error->what();
  ASSERT_SAME(report.error->subject().kind, ErrorSubject::Kind::Hinge);

  spec = generateFourBar({});
  spec.bodies[2].thetaDot += 0.3;  // positions close, velocities do not
  report = simulate(compile(spec), spec.simulation, sink);
  ASSERT_SAME(report.status, RunStatus::Failed);
  ASSERT_TRUE(::mstmm::test::contains(report.error->what(), "its two ends move apart at")) << report.error->what();

  spec.bodies[1].theta += 0.05;
  spec.simulation.projectInitialState = true;
  spec.simulation.endTime = 1.0;
  ClosureSink projected(Vec3(FourBarOptions{}.ground, 0, 0));
  report = simulate(compile(spec), spec.simulation, projected);
  ASSERT_TRUE(report.status == RunStatus::Completed) << (report.error ? report.error->what() : "");
  ::mstmm::test::info("projected initial state: closure over 1 s %.2e m", projected.maxClosure);
  ASSERT_TRUE(projected.maxClosure < 1e-9);
}

// The projection moves the crank angle and rate as little as it can: a
// consistent state is a fixed point, and the projected one closes exactly.
TEST(ClosedLoops, projectionClosesAndKeepsConsistentStates) {
  const auto model = compile(generateFourBar({}));
  Eigen::VectorXd y = initialState(*model);
  const Eigen::VectorXd consistent = y;
  ClosureProjector projector(*model);
  projector.project(y);
  ASSERT_TRUE((y - consistent).norm() < 1e-12);
  y[2] += 0.1;
  y[5] -= 0.4;
  ASSERT_TRUE(projector.measure(y).position > 1e-3);
  projector.project(y);
  const ClosureReport r = projector.measure(y);
  ASSERT_TRUE(r.position < 1e-14 && r.velocity < 1e-13);
}

// A run's loop check after each step reads the closure errors the
// closed-loop solver measured in its last evaluation (Run::checkLoopClosure).
// They must be the projector's, computed independently from the poses, to
// the bit; and they are given only for the very state (and, with a driven
// cut, time) evaluated, so that a check never reads another state's errors.
TEST(ClosedLoops, solversClosureIsTheProjectorsAtTheEvaluatedStateOnly) {
  struct Row {
    const char* name;
    ModelSpec spec;
    bool timed;
  };
  const Row rows[] = {
      {"four-bar", generateFourBar({}), false},
      {"002 Fig. 2", generateMixedSystem({}), false},
      {"crank-slider driven at its cut hinge", generateDrivenCrankSlider(), true},
  };
  for (const Row& row : rows) {
    for (const bool baumgarte : {true, false}) {
      SCOPED_TRACE(std::string(row.name) + (baumgarte ? ", Baumgarte" : ", no stabilisation"));
      const auto model = compile(row.spec);
      SupplementTarget target;
      target.baumgarte = baumgarte;
      const auto solver = makeSolver(SolverKind::Riccati, model, target);
      auto* closed = dynamic_cast<ClosedLoopSolver*>(solver.get());
      ASSERT_TRUE(closed != nullptr);
      Eigen::VectorXd y = initialState(*model);
      Random r(41);
      for (Eigen::Index i = 0; i < y.size(); ++i) y[i] += 0.02 * r.uniform(-1, 1);  // off the constraints
      const double t = 0.37;
      solver->setTime(t);
      SolverOutput out;
      solver->evaluate(y, out);
      ClosureProjector projector(*model);
      projector.setTime(t);
      const ClosureReport expected = projector.measure(y);
      ASSERT_TRUE(expected.position > 1e-4 && expected.velocity > 1e-4);
      const std::optional<ClosureReport> got = closed->closureAt(t, y);
      ASSERT_TRUE(got.has_value());
      ASSERT_SAME(got->position, expected.position);
      ASSERT_SAME(got->velocity, expected.velocity);
      ASSERT_SAME(got->positionCut, expected.positionCut);
      ASSERT_SAME(got->velocityCut, expected.velocityCut);
      // Not for a state one bit away, another size, or (driven cut) another time.
      for (Eigen::Index i : {Eigen::Index{0}, y.size() / 2, y.size() - 1}) {
        Eigen::VectorXd other = y;
        other[i] = std::nextafter(other[i], 1e300);
        ASSERT_TRUE(!closed->closureAt(t, other));
      }
      ASSERT_TRUE(!closed->closureAt(t, y.head(y.size() - 1)));
      ASSERT_SAME(!closed->closureAt(std::nextafter(t, 1.0), y), row.timed);
    }
  }
}

// The bundled examples of 002 (Figs. 2, 4, 9), the four-bar and the crank-slider: the
// expected topology, agreement with Newton-Euler at the start and after a
// second of motion, and loops that stay closed.
TEST(ClosedLoops, examplesMatchNewtonEulerAndStayClosed) {
  struct Row {
    const char* name;
    std::string file;
    int bodies;
    int cuts;
    int dof;
  };
  const Row rows[] = {
      {"four-bar", "four-bar", 3, 1, 1},
      {"crank-slider", "crank-slider", 3, 1, 1},
      {"002 Fig. 4 tree", "tree-002-fig4", 12, 0, 36},
      {"002 Fig. 2 mixed", "mixed-002-fig2", 12, 1, 33},
      {"002 Fig. 9, 250 bodies", "mixed-250-bodies", 250, 1, 747},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const std::string& file = row.file;
    const int& bodies = row.bodies;
    const int& cuts = row.cuts;
    const int& dof = row.dof;
    ModelSpec spec = loadModel(sourcePath("resources/examples/" + file + ".json"));
    const auto model = compile(spec);
    ASSERT_SAME(model->bodyCount(), bodies);
    ASSERT_SAME(static_cast<int>(model->cuts().size()), cuts);
    ASSERT_SAME(model->degreesOfFreedom(), dof);
    spec.simulation.endTime = ::mstmm::test::plainOrAsan(1.0, 0.2);
    spec.simulation.outputEvery = 50;
    LastStateSink sink;
    const RunReport report = simulate(model, spec.simulation, sink);
    ASSERT_TRUE(report.status == RunStatus::Completed) << (report.error ? report.error->what() : "");
    double worst = 0.0;
    for (const Eigen::VectorXd& y : {initialState(*model), sink.last}) {
      SolverOutput ric, ne;
      makeSolver(SolverKind::Riccati, model)->evaluate(y, ric);
      makeSolver(SolverKind::NewtonEuler, model)->evaluate(y, ne);
      worst = std::max(worst, compare(ric, ne));
    }
    ::mstmm::test::info("%s: Riccati vs Newton-Euler %.2e, closure over 1 s %.2e m", file.c_str(), worst, sink.maxClosure);
    ASSERT_TRUE(worst < kTolerance) << worst;
    // The four-bar swings fast (see fourBarStaysClosedForTenSeconds): 3e-10 m.
    ASSERT_TRUE(sink.maxClosure < 1e-9) << sink.maxClosure;
  }
}

TEST(ClosedLoops, treeOnlySolversRefuseLoops) {
  const auto model = compile(generateFourBar({}));
  for (SolverKind kind : {SolverKind::MassMatrix, SolverKind::ClassicalTmm}) {
    try {
      makeSolver(kind, model);
      FAIL() << "a tree-only solver accepted a looped model";
    } catch (const Error& e) {
      ASSERT_TRUE(::mstmm::test::contains(e.what(), "handles tree systems only, and this model has closed loops")) << e.what();
    }
  }
}

