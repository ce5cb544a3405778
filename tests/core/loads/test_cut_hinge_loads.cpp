// Load elements and prescribed motion on hinges that are cut to close a
// loop (docs/loads.md L10): a cut hinge's spring, damper, stops and actuator
// act as opposite moments on its two bodies; its drive is one more supplement
// equation whose multiplier is the driving load.
//
// References: the closed-form motor torque of a crank-slider turned at
// constant speed (power balance on the exact loop kinematics, differentiated
// by complex step), the Newton-Euler formulation with the same elements on
// random loops, and the energy balance of a run.

#include <Eigen/SVD>
#include "tests/core/check.hpp"
#include <complex>
#include <numbers>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/loops/closed_loop_solver.hpp"
#include "core/generate/linkages.hpp"
#include "core/generate/loaded_examples.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/model/model.hpp"
#include "core/model/spanning_tree.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

using Complex = std::complex<double>;

/// The crank-slider of generateCrankSlider() turned at constant rate omega:
/// its energy is E = omega^2 J(theta) / 2 + V(theta), so the motor's power
/// tau omega = dE/dt gives tau = omega^2 J'(theta) / 2 + V'(theta). J and V
/// come from the loop's exact kinematics (x = r cos + sqrt(l^2 - r^2 sin^2),
/// sin(phi) = -r sin(theta) / l); their derivatives are taken by complex step,
/// exact to round-off.
class CrankSliderEnergy {
 public:
  CrankSliderEnergy(const Model& model, const CrankSliderOptions& o, double gravity) : m_o(o), m_g(gravity) {
    for (const char* name : {"crank", "rod", "block"}) {
      const CompiledBody& b = model.body(model.bodyByName(name));
      m_mass.push_back(b.mass);
      m_inertia.push_back(b.inertiaAtCom(2, 2));
      m_com.push_back(b.com);  // from the input end, body axes
    }
  }

  double torque(double theta, double omega) const {
    const double h = 1e-30;
    const Complex z(theta, h);
    return 0.5 * omega * omega * inertia(z).imag() / h + potential(z).imag() / h;
  }

 private:
  struct Kinematics {
    Complex bx, by, sinPhi, cosPhi, x;             // crank pin B, rod angle, block position
    Complex dbx, dby, dPhi, dx;                    // their derivatives by theta
  };
  Kinematics at(Complex theta) const {
    const double r = m_o.crank, l = m_o.rod;
    Kinematics k;
    k.bx = r * std::cos(theta);
    k.by = r * std::sin(theta);
    k.sinPhi = -k.by / l;
    k.cosPhi = std::sqrt(1.0 - k.sinPhi * k.sinPhi);
    k.x = k.bx + l * k.cosPhi;
    k.dbx = -k.by;
    k.dby = k.bx;
    k.dPhi = -k.dby / (l * k.cosPhi);
    k.dx = k.dbx - l * k.sinPhi * k.dPhi;
    return k;
  }
  // Generalised inertia: sum of m |dG/dtheta|^2 + I (d angle / d theta)^2.
  Complex inertia(Complex theta) const {
    const Kinematics k = at(theta);
    const Complex c = std::cos(theta), s = std::sin(theta);
    const Vec3& c0 = m_com[0];
    const Complex g0x = -s * c0.x() - c * c0.y(), g0y = c * c0.x() - s * c0.y();  // crank: d(R(theta) c)/dtheta
    const Vec3& c1 = m_com[1];
    const Complex g1x = k.dbx + k.dPhi * (-k.sinPhi * c1.x() - k.cosPhi * c1.y());
    const Complex g1y = k.dby + k.dPhi * (k.cosPhi * c1.x() - k.sinPhi * c1.y());
    return m_mass[0] * (g0x * g0x + g0y * g0y) + m_inertia[0] + m_mass[1] * (g1x * g1x + g1y * g1y) + m_inertia[1] * k.dPhi * k.dPhi +
           m_mass[2] * k.dx * k.dx;
  }
  // Gravity along -y; the block stays at height 0 plus its constant offset.
  Complex potential(Complex theta) const {
    const Kinematics k = at(theta);
    const Complex crankY = std::sin(theta) * m_com[0].x() + std::cos(theta) * m_com[0].y();
    const Complex rodY = k.by + k.sinPhi * m_com[1].x() + k.cosPhi * m_com[1].y();
    return m_g * (m_mass[0] * crankY + m_mass[1] * rodY);
  }

  CrankSliderOptions m_o;
  double m_g;
  std::vector<double> m_mass, m_inertia;
  std::vector<Vec3> m_com;
};

CrankSliderOptions drivenOptions() {  // as generateDrivenCrankSlider() builds it
  CrankSliderOptions o;
  o.crankRate = 2.0 * std::numbers::pi;
  return o;
}

}  // namespace

namespace {


/// The cut hinge's angle in the model's initial state, from its bodies' orientations.
/// (planar: the difference of the absolute angles, as validation takes it).
double initialAngle(const Model& model, const CompiledCut& c) {
  const Eigen::VectorXd y = initialState(model);
  if (model.planar()) return y[2 * c.tip.body] - (c.root.ground() ? 0.0 : y[2 * c.root.body]);
  const Mat3 root = c.root.ground() ? Mat3::Identity() : bodyRotation(model, y, c.root.body);
  const Eigen::AngleAxisd rel(root.transpose() * bodyRotation(model, y, c.tip.body));
  return rel.angle() * rel.axis().dot(c.axisInRoot);
}

/// Stiffnesses, gains and loads scale with the largest body inertia I of
/// the model: natural frequencies of up to 10 rad/s and stops of up to
/// 30 rad/s, as in a mechanism someone designed (a 300 N m spring on a
/// 3e-3 kg m^2 crank would only measure round-off against its load).
void assignCutElements(HingeSpec& h, Random& r, const Model& model, const CompiledCut& c, bool drive) {
  double inertia = 0.0;
  for (int i = 0; i < model.bodyCount(); ++i) inertia = std::max(inertia, model.body(i).inertiaAtCom.diagonal().maxCoeff());
  h.loads.spring = HingeSpringSpec::linear(r.uniform(0, 100) * inertia, r.uniform(0, 10) * inertia, r.uniform(-1, 1));
  if (h.type == HingeType::Ball) return;
  if (r.below(2) == 0) h.loads.stops = HingeStopsSpec{r.uniform(-0.4, -0.1), r.uniform(0.1, 0.4), r.uniform(10, 900) * inertia, r.uniform(0, 60) * inertia};
  if (drive) {
    h.loads.motion = test::sineFromRest(initialAngle(model, c), r);
  } else if (r.below(2) == 0) {
    h.loads.actuator = HingeActuatorSpec::servo(TimeFunction{}, r.uniform(0, 100) * inertia, r.uniform(0, 20) * inertia);
    h.loads.actuator->reference.value = r.uniform(-1, 1);
  } else {
    TimeFunction f;
    f.value = r.uniform(-10, 10) * inertia;
    h.loads.actuator = HingeActuatorSpec::force(f);
  }
}

}  // namespace

// The drive closes the loop: crank-slider less one supplement equation is
// no degree of freedom left.
TEST(CutHingeLoads, drivenCutHingeRemovesTheLastDegreeOfFreedom) {
  const ModelSpec spec = generateDrivenCrankSlider();
  const auto model = compile(spec);
  ASSERT_SAME(model->cuts().size(), std::size_t{1});
  ASSERT_SAME(model->cuts().front().name, std::string("A"));
  ASSERT_SAME(model->cuts().front().rows, 3);  // two translations and the drive
  ASSERT_SAME(model->degreesOfFreedom(), 0);
  ASSERT_SAME(degreesOfFreedom(spec, chooseSpanningTree(spec)), 0);
  ASSERT_SAME(model->loads().drivenCount(), 1);
}

TEST(CutHingeLoads, drivenCrankSliderNeedsTheClosedFormTorque) {
  const CrankSliderOptions o = drivenOptions();
  double worst = 0.0, peak = 0.0;
  for (int k = 0; k < 36; ++k) {
    const double theta = 0.05 + 2.0 * std::numbers::pi * k / 36.0;
    const ModelSpec spec = generateDrivenCrankSlider(theta);
    const auto model = compile(spec);
    const CrankSliderEnergy closedForm(*model, o, -spec.gravity.y());
    const double expected = closedForm.torque(theta, o.crankRate);
    peak = std::max(peak, std::abs(expected));
    for (const SolverKind kind : {SolverKind::Riccati, SolverKind::NewtonEuler}) {
      auto solver = makeSolver(kind, model);
      SolverOutput out;
      solver->evaluate(initialState(*model), out);
      worst = std::max(worst, std::abs(out.drivingLoad[0] - expected));
      const int crank = model->bodyByName("crank");
      ASSERT_TRUE(std::abs(out.angularAcceleration[static_cast<std::size_t>(crank)].z()) < 1e-9);
    }
  }
  ::mstmm::test::info("driven crank-slider, 36 crank angles: motor torque peaks at %.4g N m; Riccati and Newton-Euler within %.2e N m of the closed form",
        peak, worst);
  ASSERT_TRUE(worst <= 1e-10 * peak);
}

// 5 s (five turns) of RK4 at the example's 0.5 ms: the crank follows its
// motion, the recorded torque the closed form at the recorded angle, and
// E_kin + E_grav - W_in stays put.
TEST(CutHingeLoads, drivenCrankSliderRunFollowsItsMotor) {
  const ModelSpec spec = generateDrivenCrankSlider();
  const auto model = compile(spec);
  SimulationSettings s = spec.simulation;
  s.outputEvery = 10;
  Results r(*model);
  const RunReport report = simulate(model, s, r);
  if (report.error) ::mstmm::test::fatal("run failed: %s", report.error->what());
  const CrankSliderOptions o = drivenOptions();
  const CrankSliderEnergy closedForm(*model, o, -spec.gravity.y());
  const int crank = r.slotOf(model->bodyByName("crank"));
  int drive = -1;
  for (std::size_t c = 0; c < r.loadChannels().size(); ++c)
    if (r.loadChannels()[c].name == "A.drive") drive = static_cast<int>(c);
  ASSERT_TRUE(drive >= 0);
  double angle = 0.0, torque = 0.0, peak = 0.0, lo = INFINITY, hi = -INFINITY, scale = 0.0, work = 0.0;
  for (int f = 0; f < r.frameCount(); ++f) {
    const double theta = r.theta(f, crank);
    angle = std::max(angle, std::abs(theta - (o.crankAngle + o.crankRate * r.time(f))));
    const double expected = closedForm.torque(theta, o.crankRate);
    torque = std::max(torque, std::abs(r.loadValue(f, drive) - expected));
    peak = std::max(peak, std::abs(expected));
    const Energy e = r.energy(f);
    lo = std::min(lo, e.balance());
    hi = std::max(hi, e.balance());
    scale = std::max(scale, std::abs(e.kinetic) + std::abs(e.potential));
    work = std::max(work, std::abs(e.work));
  }
  ::mstmm::test::info("driven crank-slider, 5 s: crank within %.2e rad of its motion, torque within %.2e N m of the closed form (peak %.4g N m), "
        "balance moves %.2e J of %.4g J (work in up to %.4g J)",
        angle, torque, peak, hi - lo, scale, work);
  ASSERT_TRUE(angle <= 1e-8);
  ASSERT_TRUE(torque <= 1e-6 * peak);
  ASSERT_TRUE(work > 0.1 * scale);  // the motor works, both ways, each turn
  ASSERT_TRUE(hi - lo <= 1e-8 * scale);
}

// Random springs, dampers, stops, actuators and drives on the cut hinges of
// planar and spatial loops: Riccati within ClosedLoopSolver against the
// Newton-Euler formulation. Random states do not close the loops, and a
// few lie near a dead point, where both solutions carry round-off times
// the condition of the supplement matrix W (seen: 7.8e-10 at cond 1.2e7);
// the bound is 1e-10, or 1e-15 cond(W) where that is larger.
TEST(CutHingeLoads, randomCutHingeElementsAgreeWithNewtonEuler) {
  Random r(977);
  double worstAcc = 0.0, worstCondition = 0.0, worstDrive = 0.0, worstPower = 0.0;
  int drives = 0, states = 0;
  for (int k = 0; k < 24; ++k) {
    ModelSpec spec = k % 3 == 0 ? generateFourBar({}) : k % 3 == 1 ? generateCrankSlider({}) : generateMixedSystem({});
    spec.gravity = spec.kind == ModelKind::Planar ? Vec3(0, -9.81, 0) : Vec3(0.3, -9.81, 0.2);
    const auto plain = compile(spec);
    for (BodySpec& b : spec.bodies) {  // at rest: every drive starts with its motion's zero rate
      b.thetaDot = 0.0;
      b.angularVelocity.setZero();
    }
    for (HingeSpec& h : spec.hinges) h.slideRate = 0.0;
    for (const CompiledCut& c : plain->cuts()) {
      HingeSpec& h = spec.hinges[static_cast<std::size_t>(c.specIndex)];
      if (h.type == HingeType::Weld) continue;
      const bool drive = h.type != HingeType::Ball && k % 2 == 1;
      assignCutElements(h, r, *plain, c, drive);
      drives += drive ? 1 : 0;
    }
    const auto model = compile(spec);
    auto riccati = makeSolver(SolverKind::Riccati, model);
    auto reference = makeSolver(SolverKind::NewtonEuler, model);
    const auto* loop = dynamic_cast<const ClosedLoopSolver*>(riccati.get());
    ASSERT_TRUE(loop);
    SolverOutput a, b;
    for (int s = 0; s < 4; ++s, ++states) {
      Eigen::VectorXd y = test::randomState(*model, r, 1.0);
      test::makeConsistent(*model, y, r);
      const test::SolverDifference d = test::compareSolvers(*riccati, *reference, y, r.uniform(0.0, 2.0), a, b);
      const Eigen::JacobiSVD<Eigen::MatrixXd> svd(loop->supplementMatrix());
      const double condition = svd.singularValues()[0] / svd.singularValues()[svd.singularValues().size() - 1];
      const double bound = std::max(1e-10, 1e-15 * condition);
      worstCondition = std::max(worstCondition, condition);
      worstAcc = std::max(worstAcc, d.accelerations / bound);
      worstDrive = std::max(worstDrive, d.drivingLoads / bound);
      worstPower = std::max(worstPower, d.inputPower / bound);
      ASSERT_SAME(a.dissipatedPower, b.dissipatedPower);
    }
  }
  ::mstmm::test::info("24 loops with elements on their cut hinges (%d drives, %d states): Riccati vs Newton-Euler max relative difference: "
        "as a fraction of the bound max(1e-10, 1e-15 cond W) (cond W up to %.2e): accelerations %.2f, driving loads %.2f, input power %.2f",
        drives, states, worstCondition, worstAcc, worstDrive, worstPower);
  ASSERT_TRUE(drives > 0);
  ASSERT_TRUE(worstAcc <= 1.0);
  ASSERT_TRUE(worstDrive <= 1.0);
  ASSERT_TRUE(worstPower <= 1.0);
}

// The elements of a cut hinge are internal: a free-swinging loop with a
// damper in its cut hinge keeps E_kin + E_grav + E_spring + E_diss.
TEST(CutHingeLoads, cutHingeSpringDamperKeepsTheEnergyBalance) {
  ModelSpec spec = generateFourBar({});
  const auto plain = compile(spec);
  HingeSpec& cut = spec.hinges[static_cast<std::size_t>(plain->cuts().front().specIndex)];
  cut.loads.spring = HingeSpringSpec::linear(2.0, 0.05, 0.3);
  const auto model = compile(spec);
  SimulationSettings s = spec.simulation;
  s.endTime = 5.0;
  s.timeStep = 5e-4;
  Results r(*model);
  const RunReport report = simulate(model, s, r);
  if (report.error) ::mstmm::test::fatal("run failed: %s", report.error->what());
  double lo = INFINITY, hi = -INFINITY, scale = 0.0;
  for (int f = 0; f < r.frameCount(); ++f) {
    const Energy e = r.energy(f);
    lo = std::min(lo, e.balance());
    hi = std::max(hi, e.balance());
    scale = std::max(scale, std::abs(e.kinetic) + std::abs(e.potential) + std::abs(e.spring));
  }
  const Energy last = r.energy(r.frameCount() - 1);
  ::mstmm::test::info("four-bar with a spring-damper in its cut hinge '%s', 5 s: dissipated %.4g J, balance moves %.2e J of %.4g J", cut.name.c_str(),
        last.dissipated, hi - lo, scale);
  ASSERT_TRUE(last.dissipated > 1e-3 * scale);
  ASSERT_TRUE(hi - lo <= 1e-8 * scale);
}

