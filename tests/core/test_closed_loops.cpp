// Closed loops (method.md §6): the Riccati recursion on the spanning tree
// with the cut loads solved from the supplement equations, against the
// Newton-Euler / Lagrange-multiplier reference that takes every cut as more
// constraint rows; drift control over long runs of a four-bar; the errors a
// looped model can raise.

#include <QtTest>

#include <Eigen/SVD>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/loops/closure_projection.hpp"
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
ModelSpec randomLoopedSystem(std::uint64_t seed, bool planar, int bodies, int cuts, bool sliders = false) {
  ModelSpec spec = generateRandomTree({bodies, seed, planar});
  Random r(seed * 7919 + 13);
  if (sliders) addSliders(spec, r);
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

class TestClosedLoops : public QObject {
  Q_OBJECT

 private slots:
  void fourBarCompilesToATreeAndOneCut() {
    const auto model = compile(generateFourBar({}));
    QCOMPARE(model->bodyCount(), 3);
    QCOMPARE(static_cast<int>(model->cuts().size()), 1);
    QCOMPARE(model->cuts().front().name, std::string("D"));
    QCOMPARE(model->cutRows(), 2);
    QCOMPARE(model->degreesOfFreedom(), 1);  // Gruebler: 3 pins - 2 supplement equations
    QVERIFY(model->cuts().front().root.ground());
  }

  void fourBarMatchesNewtonEuler() {
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
    qInfo("four-bar, 17 crank angles: max relative difference %.2e", worst);
    QVERIFY2(worst < kTolerance, qPrintable(QString::number(worst)));
  }

  void randomLoopedSystemsMatchNewtonEuler_data() {
    QTest::addColumn<bool>("planar");
    QTest::addColumn<bool>("sliders");
    QTest::newRow("planar") << true << false;
    QTest::newRow("spatial") << false << false;
    QTest::newRow("planar, with sliders") << true << true;
    QTest::newRow("spatial, with sliders") << false << true;
  }
  void randomLoopedSystemsMatchNewtonEuler() {
    QFETCH(bool, planar);
    QFETCH(bool, sliders);
    double worst = 0.0, worstClosure = 0.0;
    int cutsSeen = 0, slidersSeen = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      const auto model = compile(randomLoopedSystem(seed, planar, 8 + static_cast<int>(seed % 13), 1 + static_cast<int>(seed % 3), sliders));
      cutsSeen += static_cast<int>(model->cuts().size());
      slidersSeen += model->sliderCount();
      const Eigen::VectorXd y = consistentState(*model);
      const ClosureReport closed = ClosureProjector(*model).measure(y);
      worstClosure = std::max({worstClosure, closed.position, closed.velocity});
      SolverOutput ric, ne;
      makeSolver(SolverKind::Riccati, model)->evaluate(y, ric);
      makeSolver(SolverKind::NewtonEuler, model)->evaluate(y, ne);
      const double d = compare(ric, ne);
      QVERIFY2(d < kTolerance, qPrintable(QString("seed %1: %2").arg(seed).arg(d)));
      worst = std::max(worst, d);
    }
    qInfo("%s: 40 random looped systems (%d cuts, %d sliders): max relative difference %.2e, closure of the states %.1e",
          planar ? "planar" : "spatial", cutsSeen, slidersSeen, worst, worstClosure);
    QVERIFY(worstClosure < 1e-12);
    QVERIFY(sliders == (slidersSeen > 60));
  }

  // method.md §6 measured 4.8e-12 m (Baumgarte) and 7e-16 m (projection)
  // for its four-bar. Two cases: the linkage lying on a table (no gravity in
  // its plane), driven by its initial crank rate of 2 rad/s, where the
  // issue's limit of 1e-10 m applies; and the same linkage swinging under
  // gravity, whose rocker reaches 12 rad/s: RK4's own error at dt = 1e-3 then
  // leaves ~3e-10 m that no Baumgarte gain removes (halving dt gives 2e-11 m).
  void fourBarStaysClosedForTenSeconds_data() {
    QTest::addColumn<int>("method");
    QTest::addColumn<bool>("gravity");
    QTest::addColumn<double>("closureLimit");
    QTest::newRow("baumgarte, on a table") << static_cast<int>(LoopStabilisation::Baumgarte) << false << 1e-10;
    QTest::newRow("projection, on a table") << static_cast<int>(LoopStabilisation::Projection) << false << 1e-13;
    QTest::newRow("none, on a table") << static_cast<int>(LoopStabilisation::None) << false << 1e-6;
    QTest::newRow("baumgarte, hanging") << static_cast<int>(LoopStabilisation::Baumgarte) << true << 1e-9;
    QTest::newRow("projection, hanging") << static_cast<int>(LoopStabilisation::Projection) << true << 1e-13;
    QTest::newRow("none, hanging") << static_cast<int>(LoopStabilisation::None) << true << 1e-6;
  }
  void fourBarStaysClosedForTenSeconds() {
    QFETCH(int, method);
    QFETCH(bool, gravity);
    QFETCH(double, closureLimit);
    ModelSpec spec = generateFourBar({});
    if (!gravity) spec.gravity.setZero();
    spec.simulation.endTime = 10.0;
    spec.simulation.timeStep = 1e-3;
    spec.simulation.outputEvery = 10;
    spec.simulation.loopStabilisation = static_cast<LoopStabilisation>(method);
    ClosureSink sink(Vec3(FourBarOptions{}.ground, 0, 0));
    const RunReport report = simulate(compile(spec), spec.simulation, sink);
    QVERIFY2(report.status == RunStatus::Completed, report.error ? report.error->what() : "");
    QCOMPARE(sink.frames, 1001);
    qInfo("%s, %s: max closure error %.2e m, max |E - E0| %.2e J (E0 = %.4f J)", toString(spec.simulation.loopStabilisation),
          gravity ? "hanging" : "on a table", sink.maxClosure, sink.maxEnergyDrift, sink.energy0);
    QVERIFY2(sink.maxClosure <= closureLimit, qPrintable(QString::number(sink.maxClosure)));
    QVERIFY2(sink.maxEnergyDrift <= 1e-6 * std::abs(sink.energy0), qPrintable(QString::number(sink.maxEnergyDrift)));
  }

  // A rod pinned to the ground at both ends cannot move: the second pin
  // repeats what the first and the rod impose along the rod.
  void redundantCutIsReportedWithItsHinge() {
    ModelSpec spec;
    spec.kind = ModelKind::Planar;
    const BodyId rod = spec.addBody("rod").id;
    spec.addHinge("left", HingeType::Pin, rod, std::nullopt).anchor = Vec3(1, 0, 0);
    HingeSpec& right = spec.addHinge("right", HingeType::Pin, rod, std::nullopt);
    right.childEnd = 0;
    const auto model = compile(spec);
    QCOMPARE(model->cuts().front().name, std::string("right"));
    // Projecting onto its constraints fails the same way, naming the cut.
    Eigen::VectorXd y = initialState(*model);
    try {
      ClosureProjector(*model).project(y);
      QFAIL("the projection accepted a redundant cut");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).startsWith("hinge 'right' (cut to close a loop): the loop constraints are singular"), e.what());
    }
    SolverOutput out;
    for (SolverKind kind : {SolverKind::Riccati}) {
      try {
        makeSolver(kind, model)->evaluate(initialState(*model), out);
        QFAIL("a redundant cut was accepted");
      } catch (const Error& e) {
        QCOMPARE(e.kind(), ErrorKind::Solver);
        QCOMPARE(e.subject().specIndex, 1);
        QVERIFY2(QString(e.what()).startsWith("hinge 'right' (cut to close a loop): the supplement equations are singular"), e.what());
        QVERIFY(QString(e.what()).contains("dead point") && QString(e.what()).contains("repeats a constraint"));
      }
    }
  }

  // A parallelogram four-bar lying flat (all pivots on one line) is at a
  // dead point: the crank cannot tell the coupler which way to go.
  void deadPointIsReportedWhenARunReachesIt() {
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
    const auto model = compile(spec);
    SolverOutput out;
    try {
      makeSolver(SolverKind::Riccati, model)->evaluate(initialState(*model), out);
      QFAIL("the dead point was not reported");
    } catch (const Error& e) {
      QVERIFY2(QString(e.what()).startsWith("hinge 'D' (cut to close a loop): the supplement equations are singular"), e.what());
    }
  }

  void inconsistentInitialStateIsRefusedOrProjected() {
    ModelSpec spec = generateFourBar({});
    spec.bodies[1].theta += 0.05;  // the coupler no longer reaches the rocker
    spec.simulation.endTime = 0.01;
    ClosureSink sink(Vec3(FourBarOptions{}.ground, 0, 0));
    RunReport report = simulate(compile(spec), spec.simulation, sink);
    QCOMPARE(report.status, RunStatus::Failed);
    QVERIFY2(QString(report.error->what()).contains("hinge 'D' (cut to close a loop): the initial state does not close the loop: its two ends are"),
             report.error->what());
    QCOMPARE(report.error->subject().kind, ErrorSubject::Kind::Hinge);

    spec = generateFourBar({});
    spec.bodies[2].thetaDot += 0.3;  // positions close, velocities do not
    report = simulate(compile(spec), spec.simulation, sink);
    QCOMPARE(report.status, RunStatus::Failed);
    QVERIFY2(QString(report.error->what()).contains("its two ends move apart at"), report.error->what());

    spec.bodies[1].theta += 0.05;
    spec.simulation.projectInitialState = true;
    spec.simulation.endTime = 1.0;
    ClosureSink projected(Vec3(FourBarOptions{}.ground, 0, 0));
    report = simulate(compile(spec), spec.simulation, projected);
    QVERIFY2(report.status == RunStatus::Completed, report.error ? report.error->what() : "");
    qInfo("projected initial state: closure over 1 s %.2e m", projected.maxClosure);
    QVERIFY(projected.maxClosure < 1e-9);
  }

  // The projection moves the crank angle and rate as little as it can: a
  // consistent state is a fixed point, and the projected one closes exactly.
  void projectionClosesAndKeepsConsistentStates() {
    const auto model = compile(generateFourBar({}));
    Eigen::VectorXd y = initialState(*model);
    const Eigen::VectorXd consistent = y;
    ClosureProjector projector(*model);
    projector.project(y);
    QVERIFY((y - consistent).norm() < 1e-12);
    y[2] += 0.1;
    y[5] -= 0.4;
    QVERIFY(projector.measure(y).position > 1e-3);
    projector.project(y);
    const ClosureReport r = projector.measure(y);
    QVERIFY(r.position < 1e-14 && r.velocity < 1e-13);
  }

  // The bundled examples of 002 (Figs. 2, 4, 9), the four-bar and the crank-slider: the
  // expected topology, agreement with Newton-Euler at the start and after a
  // second of motion, and loops that stay closed.
  void examplesMatchNewtonEulerAndStayClosed_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("bodies");
    QTest::addColumn<int>("cuts");
    QTest::addColumn<int>("dof");
    QTest::newRow("four-bar") << "four-bar" << 3 << 1 << 1;
    QTest::newRow("crank-slider") << "crank-slider" << 3 << 1 << 1;
    QTest::newRow("002 Fig. 4 tree") << "tree-002-fig4" << 12 << 0 << 36;
    QTest::newRow("002 Fig. 2 mixed") << "mixed-002-fig2" << 12 << 1 << 33;
    QTest::newRow("002 Fig. 9, 250 bodies") << "mixed-250-bodies" << 250 << 1 << 747;
  }
  void examplesMatchNewtonEulerAndStayClosed() {
    QFETCH(QString, file);
    QFETCH(int, bodies);
    QFETCH(int, cuts);
    QFETCH(int, dof);
    ModelSpec spec = loadModel(sourcePath("resources/examples/" + file.toStdString() + ".json"));
    const auto model = compile(spec);
    QCOMPARE(model->bodyCount(), bodies);
    QCOMPARE(static_cast<int>(model->cuts().size()), cuts);
    QCOMPARE(model->degreesOfFreedom(), dof);
    spec.simulation.endTime = 1.0;
    spec.simulation.outputEvery = 50;
    LastStateSink sink;
    const RunReport report = simulate(model, spec.simulation, sink);
    QVERIFY2(report.status == RunStatus::Completed, report.error ? report.error->what() : "");
    double worst = 0.0;
    for (const Eigen::VectorXd& y : {initialState(*model), sink.last}) {
      SolverOutput ric, ne;
      makeSolver(SolverKind::Riccati, model)->evaluate(y, ric);
      makeSolver(SolverKind::NewtonEuler, model)->evaluate(y, ne);
      worst = std::max(worst, compare(ric, ne));
    }
    qInfo("%s: Riccati vs Newton-Euler %.2e, closure over 1 s %.2e m", qPrintable(file), worst, sink.maxClosure);
    QVERIFY2(worst < kTolerance, qPrintable(QString::number(worst)));
    // The four-bar swings fast (see fourBarStaysClosedForTenSeconds): 3e-10 m.
    QVERIFY2(sink.maxClosure < 1e-9, qPrintable(QString::number(sink.maxClosure)));
  }

  void treeOnlySolversRefuseLoops() {
    const auto model = compile(generateFourBar({}));
    for (SolverKind kind : {SolverKind::MassMatrix, SolverKind::ClassicalTmm}) {
      try {
        makeSolver(kind, model);
        QFAIL("a tree-only solver accepted a looped model");
      } catch (const Error& e) {
        QVERIFY2(QString(e.what()).contains("handles tree systems only, and this model has closed loops"), e.what());
      }
    }
  }
};

QTEST_APPLESS_MAIN(TestClosedLoops)
#include "test_closed_loops.moc"
