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
#include "core/model/model.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

constexpr double kTolerance = 1e-10;

/// World position of a point given in body b's spec frame, at the spec's initial state.
Vec3 worldPoint(const Model& model, const std::vector<BodyPose>& poses, const ModelSpec& spec, int specBody, const Vec3& p) {
  const int i = model.compiledIndexOfSpecBody(specBody);
  return poses[static_cast<std::size_t>(i)].point(p - spec.bodies[static_cast<std::size_t>(specBody)].inputs.front());
}

Vec3 specPointAt(const Model& model, const std::vector<BodyPose>& poses, const ModelSpec& spec, int specBody, const Vec3& world) {
  const BodyPose& pose = poses[static_cast<std::size_t>(model.compiledIndexOfSpecBody(specBody))];
  return pose.rotation.transpose() * (world - pose.input) + spec.bodies[static_cast<std::size_t>(specBody)].inputs.front();
}

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

/// A random tree with `cuts` loops closed at its initial state: each cut joins
/// a new input end of a random body to a new input end of another body at
/// the same world point, or to the ground there. Cuts whose constraints are
/// not independent of the others are drawn again. Velocities are projected
/// onto the loop constraints afterwards (consistentState), so the state closes.
ModelSpec randomLoopedSystem(std::uint64_t seed, bool planar, int bodies, int cuts) {
  ModelSpec spec = generateRandomTree({bodies, seed, planar});
  Random r(seed * 7919 + 13);
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
    const Vec3 world = worldPoint(*tree, poses, spec, a, local);
    tip.inputs.push_back(local);
    HingeSpec& h = next.addHinge("cut" + std::to_string(k), planar ? HingeType::Pin : HingeType::Ball, tip.id, std::nullopt);
    h.childEnd = static_cast<int>(tip.inputs.size()) - 1;
    const int pick = r.below(3);
    if (pick == 1) h.type = HingeType::Weld;
    if (pick == 2 && !planar) {
      h.type = HingeType::Revolute;
      h.axis = Vec3(r.uniform(-1, 1), r.uniform(-1, 1), r.uniform(-1, 1)).normalized();
    }
    if (toGround) {
      h.anchor = world;
    } else {
      BodySpec& root = next.bodies[static_cast<std::size_t>(b)];
      root.inputs.push_back(specPointAt(*tree, poses, spec, b, world));
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
  return std::max({relativeDifference(a.angularAcceleration, b.angularAcceleration), relativeDifference(a.comAcceleration, b.comAcceleration),
                   relativeDifference(a.hingeForce, b.hingeForce), relativeDifference(a.hingeMoment, b.hingeMoment),
                   relativeDifference(a.cutForce, b.cutForce), relativeDifference(a.cutMoment, b.cutMoment)});
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
    QTest::newRow("planar") << true;
    QTest::newRow("spatial") << false;
  }
  void randomLoopedSystemsMatchNewtonEuler() {
    QFETCH(bool, planar);
    double worst = 0.0, worstClosure = 0.0;
    int cutsSeen = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      const auto model = compile(randomLoopedSystem(seed, planar, 8 + static_cast<int>(seed % 13), 1 + static_cast<int>(seed % 3)));
      cutsSeen += static_cast<int>(model->cuts().size());
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
    qInfo("%s: 40 random looped systems (%d cuts): max relative difference %.2e, closure of the states %.1e",
          planar ? "planar" : "spatial", cutsSeen, worst, worstClosure);
    QVERIFY(worstClosure < 1e-12);
  }
};

QTEST_APPLESS_MAIN(TestClosedLoops)
#include "test_closed_loops.moc"
