// The smooth sliding hinge (002; equations.md §3.3 with H = [u; 0]) against
// closed forms and conserved quantities that no solver code computes: a
// block on a tilted rail, momentum of a cart with a pendulum, angular
// momentum of a bead on a free spinning rod (Coriolis), and the crank-slider
// of 004 Example 3.3 against its exact kinematic relation; plus the errors a
// sliding hinge can raise.

#include "tests/core/check.hpp"

#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/error.hpp"
#include "core/generate/linkages.hpp"
#include "core/io/model_json.hpp"
#include "core/io/results_csv.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

constexpr double kG = 9.81;

/// A block of mass m hanging from the ground by a slider along `axis`.
ModelSpec blockOnRail(ModelKind kind, const Vec3& axis, double slide, double rate) {
  ModelSpec spec;
  spec.kind = kind;
  BodySpec& block = spec.addBody("block");
  block.shape.type = ShapeType::Box;
  block.shape.mass = 2.0;
  block.shape.size = Vec3(0.2, 0.1, 0.1);
  block.shape.center = Vec3::Zero();
  block.output = Vec3::Zero();
  HingeSpec& rail = spec.addHinge("rail", HingeType::Slider, block.id, std::nullopt);
  rail.axis = axis;
  rail.slide = slide;
  rail.slideRate = rate;
  return spec;
}

/// Records, per frame, a quantity of the whole system computed from the
/// poses (kinematics only), and its largest deviation from the first frame.
class InvariantSink : public ResultSink {
 public:
  using Quantity = std::function<double(const Frame&)>;
  explicit InvariantSink(Quantity q) : m_quantity(std::move(q)) {}
  void record(const Frame& f) override {
    const double v = m_quantity(f);
    if (frames++ == 0) {
      first = v;
      energy0 = f.energy.total();
    }
    drift = std::max(drift, std::abs(v - first));
    energyDrift = std::max(energyDrift, std::abs(f.energy.total() - energy0));
    last = *f.y;
  }
  int frames = 0;
  double first = 0.0, drift = 0.0, energy0 = 0.0, energyDrift = 0.0;
  Eigen::VectorXd last;

 private:
  Quantity m_quantity;
};

/// Runs and says why a run failed.
#define RUN_COMPLETES(call)                                                                        \
  do {                                                                                             \
    const RunReport run_ = (call);                                                                 \
    ASSERT_TRUE(run_.status == RunStatus::Completed) << (run_.error ? run_.error->what() : "cancelled"); \
  } while (false)

SimulationSettings rk4(double end, double dt = 1e-3) {
  SimulationSettings s;
  s.endTime = end;
  s.timeStep = dt;
  return s;
}

/// Largest |s - x(theta)| of the crank-slider's block over a run.
class CrankSliderSink : public ResultSink {
 public:
  explicit CrankSliderSink(CrankSliderOptions o) : m_options(o) {}
  void record(const Frame& f) override {
    const Model& m = *f.model;
    const double theta = (*f.y)[statePerBody(m) * m.bodyByName("crank")];
    const double s = slidePosition(m, *f.y, 0);
    maxError = std::max(maxError, std::abs(s - crankSliderPosition(m_options, theta)));
    minTheta = std::min(minTheta, theta);
    maxTheta = std::max(maxTheta, theta);
    if (frames++ == 0) energy0 = f.energy.total();
    maxEnergyDrift = std::max(maxEnergyDrift, std::abs(f.energy.total() - energy0));
  }
  double maxError = 0.0, minTheta = INFINITY, maxTheta = -INFINITY, energy0 = 0.0, maxEnergyDrift = 0.0;
  int frames = 0;

 private:
  CrankSliderOptions m_options;
};

}  // namespace

TEST(SlidingHinges, blockOnTiltedRailFallsAtGSinAlpha) {
  // Smooth rail at angle alpha below the horizontal: s'' = g sin(alpha),
  // s(t) = s0 + v0 t + g sin(alpha) t^2 / 2, in both model kinds.
  const double alpha = 0.4, s0 = 0.3, v0 = -0.5;
  const Vec3 axis(std::cos(alpha), -std::sin(alpha), 0.0);
  for (ModelKind kind : {ModelKind::Planar, ModelKind::Spatial}) {
    const auto model = compile(blockOnRail(kind, axis, s0, v0));
    ASSERT_SAME(model->sliderCount(), 1);
    ASSERT_SAME(model->degreesOfFreedom(), 1);
    for (SolverKind solver : {SolverKind::Riccati, SolverKind::NewtonEuler}) {
      InvariantSink sink([](const Frame&) { return 0.0; });
      SimulationSettings s = rk4(1.0);
      s.solver = solver;
      RUN_COMPLETES(simulate(model, s, sink));
      const double expected = s0 + v0 + 0.5 * kG * std::sin(alpha);
      const double error = std::abs(slidePosition(*model, sink.last, 0) - expected);
      ::mstmm::test::info("%s, %s: s(1 s) = %.15f, closed form %.15f, error %.1e m", toString(kind), toString(solver), slidePosition(*model, sink.last, 0), expected, error);
      ASSERT_TRUE(error < 1e-12);
      ASSERT_TRUE(std::abs(slideRate(*model, sink.last, 0) - (v0 + kG * std::sin(alpha))) < 1e-12);
    }
  }
}

TEST(SlidingHinges, cartWithPendulumKeepsItsHorizontalMomentum) {
  // A cart on a horizontal rail with a rod pendulum: no horizontal external
  // force, so sum m v_C,x stays constant; energy too. Spatial, with the
  // pendulum on a ball joint swinging out of the plane as well.
  for (ModelKind kind : {ModelKind::Planar, ModelKind::Spatial}) {
    ModelSpec spec = blockOnRail(kind, Vec3::UnitX(), 0.0, 0.7);
    BodySpec& rod = spec.addBody("pendulum");
    rod.shape.type = kind == ModelKind::Planar ? ShapeType::Rod : ShapeType::Cylinder;
    rod.shape.length = 0.8;
    rod.shape.radius = 0.02;
    rod.output = Vec3(0.8, 0, 0);
    rod.theta = 0.3;
    rod.thetaDot = 2.0;
    rod.orientation = quaternionFromAxisAngle(Vec3(0.3, 0.2, 1.0).normalized(), 0.5);
    rod.angularVelocity = Vec3(1.0, -0.5, 2.0);
    spec.addHinge("swing", kind == ModelKind::Planar ? HingeType::Pin : HingeType::Ball, rod.id, spec.bodies[0].id, 0);
    const auto model = compile(spec);
    InvariantSink sink([](const Frame& f) {
      double p = 0.0;
      for (int i = 0; i < f.model->bodyCount(); ++i) p += f.model->body(i).mass * (*f.poses)[static_cast<std::size_t>(i)].comVelocity.x();
      return p;
    });
    RUN_COMPLETES(simulate(model, rk4(5.0), sink));
    ::mstmm::test::info("%s cart-pendulum over 5 s: momentum %.6f kg m/s drifts %.1e, energy drifts %.1e J", toString(kind), sink.first, sink.drift, sink.energyDrift);
    ASSERT_TRUE(std::abs(sink.first) > 0.5);
    ASSERT_TRUE(sink.drift < 1e-10);
    ASSERT_TRUE(sink.energyDrift < 1e-8);
  }
}

TEST(SlidingHinges, beadOnAFreeSpinningRodKeepsItsAngularMomentum) {
  // A rod turning freely about a vertical pin (no gravity in the plane) with
  // a bead sliding along it: the bead flies out and the rod slows down, the
  // angular momentum J w + sum m (r_C x v_C) about the pin stays. Only a
  // correct Coriolis term 2 s' Omega x u keeps it.
  ModelSpec spec;
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3::Zero();
  BodySpec& rod = spec.addBody("rod");
  rod.shape.length = 1.0;
  rod.shape.mass = 1.0;
  rod.output = Vec3::Zero();  // pinned at its input end
  rod.thetaDot = 3.0;
  spec.addHinge("pivot", HingeType::Pin, rod.id, std::nullopt);
  BodySpec& bead = spec.addBody("bead");
  bead.shape.type = ShapeType::PointMasses;
  bead.shape.points = {{0.5, Vec3::Zero()}};
  bead.output = Vec3::Zero();
  bead.thetaDot = 3.0;
  HingeSpec& slide = spec.addHinge("along", HingeType::Slider, bead.id, spec.bodies[0].id, 0);
  slide.axis = Vec3::UnitX();
  slide.slide = 0.2;
  slide.slideRate = 0.1;
  const auto model = compile(spec);
  InvariantSink sink([](const Frame& f) {
    double l = 0.0;
    for (int i = 0; i < f.model->bodyCount(); ++i) {
      const BodyPose& p = (*f.poses)[static_cast<std::size_t>(i)];
      const CompiledBody& b = f.model->body(i);
      l += b.inertiaAtCom(2, 2) * p.omega.z() + b.mass * p.com.cross(p.comVelocity).z();
    }
    return l;
  });
  RUN_COMPLETES(simulate(model, rk4(1.0), sink));
  const double s = slidePosition(*model, sink.last, 0);
  ::mstmm::test::info("bead on a spinning rod, 1 s: slides out from 0.2 m to %.4f m; angular momentum %.6f drifts %.1e, energy drifts %.1e J", s, sink.first,
        sink.drift, sink.energyDrift);
  ASSERT_TRUE(s > 0.5);  // it really flew out
  ASSERT_TRUE(sink.drift < 1e-10);
  ASSERT_TRUE(sink.energyDrift < 1e-10);
}

TEST(SlidingHinges, crankSliderMatchesNewtonEuler) {
  CrankSliderOptions o;
  double worst = 0.0;
  for (int k = 0; k < 24; ++k) {
    o.crankAngle = -3.0 + 0.25 * k;
    o.crankRate = -5.0 + 0.4 * k;
    const auto model = compile(generateCrankSlider(o));
    ASSERT_SAME(model->degreesOfFreedom(), 1);
    const Eigen::VectorXd y = initialState(*model);
    SolverOutput a, b;
    makeSolver(SolverKind::Riccati, model)->evaluate(y, a);
    makeSolver(SolverKind::NewtonEuler, model)->evaluate(y, b);
    worst = std::max({worst, relativeDifference(a.angularAcceleration, b.angularAcceleration), relativeDifference(a.comAcceleration, b.comAcceleration),
                      relativeDifference(a.hingeForce, b.hingeForce), relativeDifference(a.cutForce, b.cutForce),
                      std::abs(a.slideAcceleration[0] - b.slideAcceleration[0]) / std::max(1.0, std::abs(b.slideAcceleration[0]))});
  }
  ::mstmm::test::info("crank-slider at 24 crank angles: max relative difference to Newton-Euler %.1e", worst);
  ASSERT_TRUE(worst < 1e-10);
}

TEST(SlidingHinges, crankSliderFollowsTheExactRelation) {
  // x = r cos(theta) + sqrt(l^2 - r^2 sin^2(theta)) at every recorded
  // instant of 5 s, under gravity, with each drift control.
  const CrankSliderOptions o;
  const auto model = compile(generateCrankSlider(o));
  // Projection keeps the loop closed to round-off, so s follows x(theta)
  // exactly; with Baumgarte or nothing the error is RK4's, which falls as
  // dt^4 (16 times for half the step).
  const double limit[] = {1e-8, 1e-12, 1e-6};  // Baumgarte, projection, none at dt = 1e-3
  for (LoopStabilisation method : {LoopStabilisation::Baumgarte, LoopStabilisation::Projection, LoopStabilisation::None}) {
    double error[2] = {0.0, 0.0};
    for (int k = 0; k < 2; ++k) {
      const double dt = k == 0 ? 1e-3 : 5e-4;
      SimulationSettings s = rk4(5.0, dt);
      s.loopStabilisation = method;
      CrankSliderSink sink(o);
      RUN_COMPLETES(simulate(model, s, sink));
      ::mstmm::test::info("crank-slider, %s, 5 s at dt = %.0e: crank turned %.1f rad, max |s - x(theta)| = %.1e m, energy drift %.1e J of %.2f J", toString(method),
            dt, sink.maxTheta - sink.minTheta, sink.maxError, sink.maxEnergyDrift, sink.energy0);
      ASSERT_TRUE(sink.maxTheta - sink.minTheta > 4 * M_PI);  // it turns full circles
      ASSERT_TRUE(sink.maxEnergyDrift < 1e-6);
      error[k] = sink.maxError;
    }
    ASSERT_TRUE(error[0] < limit[static_cast<int>(method)]);
    if (method != LoopStabilisation::Projection) {
      ASSERT_TRUE(error[0] > 8.0 * error[1]);
    }
  }
}

TEST(SlidingHinges, bundledExampleIsTheGeneratedOne) {
  ASSERT_TRUE(loadModel(sourcePath("resources/examples/crank-slider.json")) == generateCrankSlider({}));
}

TEST(SlidingHinges, slideIsAnOdeStateAndRoundTripsThroughTheState) {
  const auto model = compile(generateCrankSlider({}));
  ASSERT_SAME(stateSize(*model), 2 * 3 + 2);
  const Eigen::VectorXd y = initialState(*model);
  ASSERT_SAME(slidePosition(*model, y, 0), crankSliderPosition({}, CrankSliderOptions{}.crankAngle));
  std::vector<BodyPose> poses;
  computePoses(*model, y, poses);
  // The block hangs at s along the rail; the crank's free end is at A.
  ASSERT_TRUE((poses[static_cast<std::size_t>(model->bodyByName("block"))].output - Vec3(slidePosition(*model, y, 0), 0, 0)).norm() < 1e-15);
  ASSERT_TRUE(poses[static_cast<std::size_t>(model->bodyByName("crank"))].input.norm() < 1e-15);
}

TEST(SlidingHinges, resultsAndCsvCarryTheSlide) {
  // The recorded slide, and the CSV columns rail.s / rail.s_dot read back
  // from the file, against x(theta) of the crank angle in the same row.
  const CrankSliderOptions o;
  const auto model = compile(generateCrankSlider(o));
  Results results(*model);
  SimulationSettings s = rk4(1.0);
  s.outputEvery = 10;
  s.loopStabilisation = LoopStabilisation::Projection;
  RUN_COMPLETES(simulate(model, s, results));
  ASSERT_SAME(results.slideCount(), 1);
  const test::TempDir dir;
  const std::string path = dir.filePath("crank-slider.csv");
  writeResultsCsv(*model, results, path, {});
  std::ifstream in(path);
  std::string line;
  std::vector<std::string> header;
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream split(line);
    for (std::string f; std::getline(split, f, ',');) fields.push_back(f);
    if (header.empty()) {
      header = fields;
      continue;
    }
    auto column = [&](const std::string& name) {
      const auto at = std::find(header.begin(), header.end(), name);
      return at == header.end() ? NAN : std::stod(fields[static_cast<std::size_t>(at - header.begin())]);
    };
    ASSERT_SAME(column("rail.s"), results.slide(rows, 0));
    ASSERT_SAME(column("rail.s_dot"), results.slideRate(rows, 0));
    ASSERT_TRUE(std::abs(column("rail.s") - crankSliderPosition(o, column("crank.theta"))) < 1e-12);
    ++rows;
  }
  ASSERT_SAME(rows, results.frameCount());
  ASSERT_SAME(rows, 101);
}

TEST(SlidingHinges, errorsNameTheSlider) {
  // A slider that would have to be cut: a pendulum whose bob's free end
  // slides on a ground rail closes a loop at the slider.
  ModelSpec loop;
  loop.kind = ModelKind::Planar;
  BodySpec& arm = loop.addBody("arm");
  arm.theta = -M_PI / 2;
  const BodyId armId = arm.id;  // the next addBody() may move the bodies (ASan found the dangling reference)
  loop.addHinge("pivot", HingeType::Pin, armId, std::nullopt);
  BodySpec& bob = loop.addBody("bob");
  bob.theta = -M_PI / 2;
  bob.inputs = {Vec3(0.2, 0, 0)};
  bob.output = Vec3::Zero();
  loop.addHinge("arm-bob", HingeType::Pin, bob.id, armId, 0);
  HingeSpec& rail = loop.addHinge("rail", HingeType::Slider, bob.id, std::nullopt);
  rail.childEnd = 0;
  rail.axis = Vec3::UnitX();
  rail.anchor = Vec3(0, -1.2, 0);
  bool found = false;
  for (const Diagnostic& d : validate(loop))
    found = found || (d.message.find("hinge 'rail'") != std::string::npos && d.message.find("cannot be cut") != std::string::npos);
  ASSERT_TRUE(found);
  // A planar slide axis out of the plane, and a zero axis.
  ModelSpec planar = blockOnRail(ModelKind::Planar, Vec3(1, 0, 1), 0, 0);
  ASSERT_TRUE(validate(planar).front().message.find("x-y plane") != std::string::npos);
  planar.hinges[0].axis = Vec3::Zero();
  ASSERT_TRUE(validate(planar).front().message.find("slide axis must be a non-zero") != std::string::npos);
  // Both bodies of a slider must start turning together.
  ModelSpec spinning = generateCrankSlider({});
  spinning.bodies[0].thetaDot = 1.0;  // the block on the ground's rail
  found = false;
  for (const Diagnostic& d : validate(spinning))
    found = found || d.message.find("sliding hinge locks the rotation") != std::string::npos;
  ASSERT_TRUE(found);
  // Solvers without sliders refuse, naming the hinge.
  const auto model = compile(blockOnRail(ModelKind::Spatial, Vec3::UnitX(), 0, 0));
  for (SolverKind kind : {SolverKind::MassMatrix, SolverKind::ClassicalTmm}) {
    try {
      makeSolver(kind, model);
      FAIL() << "the solver accepted a sliding hinge";
    } catch (const Error& e) {
      ASSERT_TRUE(std::string(e.what()).find("hinge 'rail'") != std::string::npos);
    }
  }
}

