// Generalized-alpha (issue 53, equations.md §5.4): its one-step map on a
// linear oscillator against the amplification matrix written out from
// Chung and Hulbert's (1993) recurrences, with the spectral radius, the
// algorithmic damping and the period error derived from both; second order;
// energy kept to round-off at rho_inf = 1; one Newton iteration of the sweep
// (M + A) q'' = f + A q''_k against the Newton-Euler reference on the same
// model with A as an armature and A q''_k as a constant actuator load; the
// messages.

#include <cmath>
#include <complex>
#include <numbers>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/loops/closure_projection.hpp"
#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/generate/generators.hpp"
#include "core/generate/named_generators.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/model/joints/joint_model.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/generalized_alpha.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/check.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

constexpr double kRadius = 0.02;

/// A planar rod of mass 1 and length 1 on a pin at its end with a spring k
/// and no gravity: J theta'' = -k theta, exactly linear.
ModelSpec rodOnSpring(double k, double damping = 0.0) { return planarRodOnSpring(1.0, 1.0, HingeSpringSpec::linear(k, damping)); }

double rodInertia() { return 1.0 / 3.0 + kRadius * kRadius / 4.0; }

/// The one-step map of (theta, h theta', h^2 a') written out from the
/// method's three relations for theta'' = -w^2 theta (Omega = w h):
///   (1 - am) A1 + am A0 = -Omega^2 ((1 - af) q1 + af q0),
///   q1 = q0 + V0 + (1/2 - beta) A0 + beta A1,   V1 = V0 + (1 - gamma) A0 + gamma A1,
/// i.e. L x1 = R x0 (Chung and Hulbert 1993, Eqs. 3-6 with M = 1, K = w^2).
Eigen::Matrix3d closedFormAmplification(double omegaH, const GeneralizedAlphaConstants& c) {
  const double o2 = omegaH * omegaH;
  Eigen::Matrix3d l, r;
  l << 1, 0, -c.beta, 0, 1, -c.gamma, o2 * (1 - c.alphaF), 0, 1 - c.alphaM;
  r << 1, 1, 0.5 - c.beta, 0, 1, 1 - c.gamma, -o2 * c.alphaF, 0, -c.alphaM;
  return l.inverse() * r;
}

/// The same map measured: one step of the integrator from each unit column.
Eigen::Matrix3d measuredAmplification(double omegaH, double rho) {
  const double k = 1.0;
  const auto model = compile(rodOnSpring(k));
  const double w = std::sqrt(k / rodInertia()), h = omegaH / w;
  Eigen::Matrix3d a;
  for (int col = 0; col < 3; ++col) {
    auto solver = makeSolver(SolverKind::Riccati, model);
    OdeSystem ode(*solver);
    GeneralizedAlpha method(*model, rho);
    method.prepare(*solver);
    Eigen::VectorXd y = Eigen::VectorXd::Zero(stateSize(*model)), dy(y.size()), aux = Eigen::VectorXd::Zero(y.size());
    if (col == 0) y[0] = 1.0;
    if (col == 1) y[1] = 1.0 / h;
    if (col == 2) aux[1] = 1.0 / (h * h);
    SolverOutput out;
    ode.evaluate(0.0, y, dy, out);
    method.startFrom(y, aux);
    method.step(ode, 0.0, y, dy, out, h);
    a.col(col) << y[0], h * y[1], h * h * method.auxiliaryAcceleration()[1];
  }
  return a;
}

/// Spectral radius, algorithmic damping ratio and relative period error of
/// a one-step map (Chung and Hulbert 1993, Eqs. 29-31): from the principal
/// pair lambda = exp(Omega_bar (-xi +- i)); xi and the period error are NaN
/// when the pair is real (the step does not resolve the vibration).
struct Spectral {
  double radius = 0.0, damping = NAN, periodError = NAN;
};

Spectral spectralOf(const Eigen::Matrix3d& a, double omegaH) {
  const Eigen::Vector3cd lambda = a.eigenvalues();
  Spectral s;
  int principal = -1;
  for (int i = 0; i < 3; ++i) {
    s.radius = std::max(s.radius, std::abs(lambda[i]));
    if (lambda[i].imag() > 0 && (principal < 0 || std::abs(lambda[i]) > std::abs(lambda[principal]))) principal = i;
  }
  if (principal >= 0) {
    const double arg = std::arg(lambda[principal]);
    s.damping = -std::log(std::abs(lambda[principal])) / arg;
    s.periodError = omegaH / arg - 1.0;
  }
  return s;
}

}  // namespace

TEST(GeneralizedAlpha, constantsFollowFromTheSpectralRadius) {
  // Chung and Hulbert's Eq. 25 at rho_inf = 1 is the trapezoidal rule; at 0 asymptotic annihilation.
  const GeneralizedAlphaConstants one = GeneralizedAlphaConstants::fromSpectralRadius(1.0);
  ASSERT_SAME(one.alphaM, 0.5);
  ASSERT_SAME(one.alphaF, 0.5);
  ASSERT_SAME(one.gamma, 0.5);
  ASSERT_SAME(one.beta, 0.25);
  const GeneralizedAlphaConstants zero = GeneralizedAlphaConstants::fromSpectralRadius(0.0);
  ASSERT_SAME(zero.alphaM, -1.0);
  ASSERT_SAME(zero.alphaF, 0.0);
  ASSERT_SAME(zero.gamma, 1.5);
  ASSERT_SAME(zero.beta, 1.0);
  for (double bad : {-0.1, 1.5, std::nan("")}) ASSERT_THROW(GeneralizedAlphaConstants::fromSpectralRadius(bad), Error);
}

// Ten values of w h from 0.01 to 1000, four spectral radii. The step's
// linear solve has the condition (w h)^2 (beta' k against J), so the map
// agrees to round-off times that: to 3e-16 at w h <= 3, 3e-11 at 1000.
TEST(GeneralizedAlpha, oneStepMapIsChungAndHulbertsAmplificationMatrix) {
  const double omegas[] = {0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 1000.0};
  double worstMatrix = 0.0, worstRadius = 0.0, worstDamping = 0.0, worstPeriod = 0.0;  // each over max(1, (w h)^2)
  for (double rho : {0.0, 0.5, 0.9, 1.0}) {
    const GeneralizedAlphaConstants c = GeneralizedAlphaConstants::fromSpectralRadius(rho);
    for (double omegaH : omegas) {
      const Eigen::Matrix3d expected = closedFormAmplification(omegaH, c), measured = measuredAmplification(omegaH, rho);
      const double scale = std::max(1.0, expected.cwiseAbs().maxCoeff()), condition = std::max(1.0, omegaH * omegaH);
      worstMatrix = std::max(worstMatrix, (measured - expected).cwiseAbs().maxCoeff() / scale / condition);
      const Spectral e = spectralOf(expected, omegaH), m = spectralOf(measured, omegaH);
      worstRadius = std::max(worstRadius, std::abs(e.radius - m.radius) / condition);
      if (std::isfinite(e.damping)) {  // a complex principal pair: the step resolves the vibration
        worstDamping = std::max(worstDamping, std::abs(e.damping - m.damping) / condition);
        worstPeriod = std::max(worstPeriod, std::abs(e.periodError - m.periodError) / std::max(1.0, std::abs(e.periodError)) / condition);
      }
      if (rho == 1.0) ASSERT_NEAR(e.radius, 1.0, 1e-9);  // no numerical damping at any w h (a double eigenvalue -1 at large w h costs the radius digits)
    }
    // Far above the step's resolution the radius tends to rho_inf (the method's definition): within 0.03 at w h = 1000, 1e-6 at 1e8.
    ASSERT_NEAR(spectralOf(measuredAmplification(1000.0, rho), 1000.0).radius, rho, 0.03);
    ASSERT_NEAR(spectralOf(closedFormAmplification(1e8, c), 1e8).radius, rho, 1e-6);
  }
  info("40 cases, differences over max(1, (w h)^2): matrix %.2e (relative to its largest entry), spectral radius %.2e, damping ratio %.2e, "
       "period error %.2e (relative)", worstMatrix, worstRadius, worstDamping, worstPeriod);
  ASSERT_TRUE(worstMatrix <= 1e-15);
  ASSERT_TRUE(worstRadius <= 3e-15);
  ASSERT_TRUE(worstDamping <= 3e-13);  // the eigenvalues' own round-off near lambda = 1 at small w h
  ASSERT_TRUE(worstPeriod <= 1e-11);
}

// Second order: halving w h quarters the period error and the damping ratio
// (for rho_inf < 1, xi ~ (w h)^3 at the first order where it appears).
TEST(GeneralizedAlpha, isSecondOrderAccurate) {
  for (double rho : {0.0, 0.5, 0.9, 1.0}) {
    const Spectral coarse = spectralOf(measuredAmplification(0.02, rho), 0.02), fine = spectralOf(measuredAmplification(0.01, rho), 0.01);
    const double ratio = coarse.periodError / fine.periodError;
    info("rho_inf %.1f: period error %.3e at w h = 0.02, %.3e at 0.01, ratio %.4f", rho, coarse.periodError, fine.periodError, ratio);
    ASSERT_NEAR(ratio, 4.0, 0.01);
  }
}

// A linear undamped system with two coupled coordinates (two blocks on
// sliders in series, springs between them): at rho_inf = 1 the method is
// the trapezoidal rule, which keeps the energy of such a system exactly.
TEST(GeneralizedAlpha, keepsALinearSystemsEnergyAtRhoOne) {
  ModelSpec spec;
  spec.name = "two blocks";
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3::Zero();
  const double masses[] = {1.0, 3.0}, springs[] = {400.0, 9000.0};
  std::optional<BodyId> parent;
  for (int i = 0; i < 2; ++i) {
    BodySpec& b = spec.addBody("block" + std::to_string(i));
    b.shape.type = ShapeType::Box;
    b.shape.mass = masses[i];
    b.shape.size = Vec3(0.2, 0.2, 0.2);
    b.output = Vec3::Zero();
    b.inputs = {Vec3::Zero()};
    HingeSpec& h = spec.addHinge("slide" + std::to_string(i), HingeType::Slider, b.id, parent);
    h.axis = Vec3::UnitX();
    h.slide = i == 0 ? 0.1 : -0.05;
    h.slideRate = i == 0 ? 0.0 : 2.0;
    h.loads.spring = HingeSpringSpec::linear(springs[i], 0.0);
    parent = b.id;
  }
  const auto model = compile(spec);
  SimulationSettings s;
  s.integrator = IntegratorKind::GeneralizedAlpha;
  s.spectralRadius = 1.0;
  s.timeStep = 0.02;  // w_max h about 1.9: far beyond RK4's accuracy, and stable
  s.endTime = 20.0;
  Results results(*model);
  const RunReport report = simulate(model, s, results);
  ASSERT_TRUE(!report.error);
  const int first = model->hinge(model->bodyByName("block0")).slider, second = model->hinge(model->bodyByName("block1")).slider;
  auto energy = [&](int f) {
    const double s1 = results.slide(f, first), v1 = results.slideRate(f, first), s2 = results.slide(f, second), v2 = results.slideRate(f, second);
    return 0.5 * masses[0] * v1 * v1 + 0.5 * masses[1] * (v1 + v2) * (v1 + v2) + 0.5 * springs[0] * s1 * s1 + 0.5 * springs[1] * s2 * s2;
  };
  const double e0 = energy(0);
  double worst = 0.0;
  for (int f = 0; f < results.frameCount(); ++f) worst = std::max(worst, std::abs(energy(f) - e0) / e0);
  info("1000 steps at w_max h = 1.9: energy kept to %.2e; %ld Newton iterations", worst, report.newtonIterations);
  ASSERT_TRUE(worst <= 1e-12);
  ASSERT_TRUE(report.newtonIterations <= 2 * report.steps);  // the linear Jacobian is exact in the sweep: one iteration and its check
}

// One iteration of the sweep solves (M + A) q'' = f + A nu'_k. The same
// model with A as each hinge's armature (which the Newton-Euler reference
// adds as J G^T G to its dense equations, equations.md §3.8) and A nu'_k as
// a constant actuator load has exactly that solution.
TEST(GeneralizedAlpha, oneSweepSolvesTheIterationMatrixAsTheDenseReference) {
  double worst = 0.0;
  int terms = 0;
  for (int k = 0; k < 24; ++k) {
    Random r(static_cast<std::uint64_t>(5300 + k));
    const bool planar = k % 2 == 0;
    ModelSpec spec = generateRandomTree({3 + r.below(14), static_cast<std::uint64_t>(5300 + k), planar});
    spec.name = "tree " + std::to_string(k);
    for (HingeSpec& h : spec.hinges) {
      if (!planar && r.below(3) != 0) {
        h.type = r.below(3) == 0 ? HingeType::Slider : HingeType::Revolute;
        h.axis = randomAxis(r);
      }
      if (planar && r.below(4) == 0) {
        h.type = HingeType::Slider;
        h.axis = randomAxis(r, true);
      }
      if (r.below(4) != 0) h.loads.spring = HingeSpringSpec::linear(r.uniform(1, 500), r.uniform(0, 5), r.uniform(-0.3, 0.3));
      // Bodies come after their parents: a slider's child turns as its parent, a revolute's about its axis.
      BodySpec& child = spec.bodies[static_cast<std::size_t>(spec.bodyIndex(h.child))];
      const BodySpec* parent = h.parent ? &spec.bodies[static_cast<std::size_t>(spec.bodyIndex(*h.parent))] : nullptr;
      if (h.type == HingeType::Slider) child.thetaDot = parent ? parent->thetaDot : 0.0, child.theta = parent ? parent->theta : 0.0;
      if (h.type == HingeType::Slider || h.type == HingeType::Revolute) {
        child.orientation = parent ? parent->orientation : Quat(1, 0, 0, 0);
        child.angularVelocity = (parent ? parent->angularVelocity : Vec3::Zero()) +
                                (h.type == HingeType::Revolute ? Vec3(r.uniform(-1, 1) * (rotationFromQuaternion(child.orientation.normalized()) * h.axis.normalized())) : Vec3::Zero());
      }
    }
    const auto model = compile(spec);
    IterationOperator op;
    const auto n = static_cast<std::size_t>(model->bodyCount());
    op.iterated.assign(n, 0);
    op.term.assign(n, 0.0);
    op.acceleration.assign(n, 0.0);
    op.rotationTerm.assign(n, Mat3::Zero());
    op.rotationAcceleration.assign(n, Vec3::Zero());
    std::vector<Vec3> ballAcceleration(n, Vec3::Zero());
    ModelSpec reference = spec;
    for (int i = 0; i < model->bodyCount(); ++i) {
      const HingeElements* e = model->loads().atBody(i);
      const JointRelease release = jointModel(model->hinge(i).type).in(model->kind()).release;
      if (e && !planar && release == JointRelease::RotationFree) {  // a ball with a spring: a I on its relative rotation
        const auto at = static_cast<std::size_t>(i);
        const double a = r.uniform(0.1, 50.0);
        op.iterated[at] = IterationOperator::kBall;
        op.rotationTerm[at] = a * Mat3::Identity();
        ballAcceleration[at] = Vec3(r.uniform(-20, 20), r.uniform(-20, 20), r.uniform(-20, 20));
        HingeSpec& h = reference.hinges[static_cast<std::size_t>(model->hinge(i).specIndex)];
        h.loads.armature = a;
        // a nu'_k as the hinge's moment: on the tip, and its reaction on the root
        for (const auto& [body, sign] : {std::pair{model->body(i).specIndex, 1.0}, std::pair{model->body(i).parent, -1.0}}) {
          if (body < 0) continue;
          BodySpec& b = reference.bodies[static_cast<std::size_t>(sign > 0 ? body : model->body(body).specIndex)];
          BodyLoadSpec load;
          load.name = "ball term " + std::to_string(i);
          for (int c = 0; c < 3; ++c) load.moment[c] = TimeFunction::constant(sign * a * ballAcceleration[at][c]);
          b.loads.push_back(load);
        }
        ++terms;
        continue;
      }
      if (!e || !(release == JointRelease::SingleAxis || release == JointRelease::Slide || (planar && release == JointRelease::RotationFree))) continue;
      const auto at = static_cast<std::size_t>(i);
      op.iterated[at] = 1;
      op.term[at] = r.uniform(0.1, 50.0);
      op.acceleration[at] = r.uniform(-20.0, 20.0);
      HingeSpec& h = reference.hinges[static_cast<std::size_t>(model->hinge(i).specIndex)];
      h.loads.armature = op.term[at];
      h.loads.actuator = HingeActuatorSpec::force(TimeFunction::constant(op.term[at] * op.acceleration[at]));
      ++terms;
    }
    const auto referenceModel = compile(reference);
    auto riccati = makeSolver(SolverKind::Riccati, model);
    auto dense = makeSolver(SolverKind::NewtonEuler, referenceModel);
    ASSERT_TRUE(riccati->setIterationOperator(&op));
    SolverOutput a, b;
    for (int s = 0; s < 4; ++s) {
      Eigen::VectorXd y = randomState(*model, r);
      makeConsistent(*model, y, r);
      Eigen::VectorXd yReference = y;
      yReference.conservativeResize(stateSize(*referenceModel));  // the actuators' work: two more entries when spec had no loads
      op.rotationAcceleration = ballAcceleration;  // each sweep leaves its own nu' there
      riccati->evaluate(y, a);
      dense->evaluate(yReference, b);
      double d = relativeDifference(a.angularAcceleration, b.angularAcceleration);
      for (std::size_t j = 0; j < a.slideAcceleration.size(); ++j)
        d = std::max(d, std::abs(a.slideAcceleration[j] - b.slideAcceleration[j]) / std::max(1.0, std::abs(b.slideAcceleration[j])));
      worst = std::max(worst, d);
    }
  }
  info("24 random trees (planar pins and sliders, spatial revolutes, sliders and balls with springs), %d hinges with a term: sweep against Newton-Euler %.2e",
       terms, worst);
  ASSERT_TRUE(terms >= 100);
  ASSERT_TRUE(worst <= 1e-10);
}

TEST(GeneralizedAlpha, refusesAnInvalidSpectralRadiusByName) {
  ModelSpec spec = rodOnSpring(1.0);
  spec.simulation.integrator = IntegratorKind::GeneralizedAlpha;
  spec.simulation.spectralRadius = 1.2;
  const std::string problems = validationErrors(spec);
  ASSERT_TRUE(problems.find("spectral radius rho_inf must be in [0, 1], not 1.2") != std::string::npos);
}

namespace {

/// The bundled spinning beam's tip piece, recorded every 0.05 s.
std::vector<Vec3> spinningBeamTip(IntegratorKind integrator, double dt, RunReport& report) {
  ModelSpec spec = loadModel(sourcePath("resources/examples/spinning-beam.json"));
  SimulationSettings& s = spec.simulation;
  s.integrator = integrator;
  s.timeStep = dt;
  s.outputEvery = std::max(1, static_cast<int>(std::lround(0.05 / dt)));
  const auto model = compile(spec);
  Results results(*model);
  report = simulate(model, s, results);
  const int slot = results.slotOf(model->bodyByName("beam[16]"));
  std::vector<Vec3> tip;
  for (int f = 0; f < results.frameCount(); ++f) tip.push_back(results.com(f, slot));
  return tip;
}

}  // namespace

// Simo and Vu-Quoc's spinning beam (resources/examples, 10 m, 16 pieces):
// RK4 diverges at a step of 2e-3 s; generalized-alpha at 5e-2 s (25 times
// that, 50 times RK4's stable 1e-3 s) keeps the tip within 1e-3 of the
// beam's length of RK4 at 2.5e-4 s over the 20 s run. Wall times are
// measured in the closing note, not here.
TEST(GeneralizedAlpha, spinningBeamAtFiftyTimesRk4sStableStep) {
  RunReport rk4, alpha, diverging;
  const std::vector<Vec3> reference = spinningBeamTip(IntegratorKind::Rk4, 2.5e-4, rk4);
  const std::vector<Vec3> tip = spinningBeamTip(IntegratorKind::GeneralizedAlpha, 5e-2, alpha);
  ASSERT_TRUE(!rk4.error && !alpha.error);
  ASSERT_SAME(tip.size(), reference.size());
  double worst = 0.0;
  for (std::size_t f = 0; f < tip.size(); ++f) worst = std::max(worst, (tip[f] - reference[f]).norm());
  spinningBeamTip(IntegratorKind::Rk4, 2e-3, diverging);
  info("tip within %.3e m (%.2e of 10 m) of RK4 at 2.5e-4 s; %ld steps, %.2f Newton iterations per step; RK4 at 2e-3 s: %s", worst, worst / 10.0,
       alpha.steps, static_cast<double>(alpha.newtonIterations) / static_cast<double>(alpha.steps), diverging.error ? "diverges" : "runs");
  ASSERT_TRUE(diverging.error.has_value());
  ASSERT_TRUE(worst <= 1e-3 * 10.0);
  // At 0.1 s the method damps the beam's vibrations (rho_inf 0.9) by design:
  // the run's energy check lets it, as it would not let energy grow.
  RunReport coarse;
  spinningBeamTip(IntegratorKind::GeneralizedAlpha, 0.1, coarse);
  ASSERT_TRUE(!coarse.error);
  ASSERT_SAME(coarse.steps, 200L);
}

// The method's second order holds on a nonlinear model as the step shrinks,
// not only on the linear oscillator: the spinning beam's tip error against
// RK4 at 6.25e-5 s falls by four at each halving from 2e-3 s to 2.5e-4 s.
// A Newton test on the positions' correction (beta h^2 times the
// accelerations') passed after one sweep at small steps and left the error
// between 4e-5 and 1.2e-4 m from 2.5e-3 s down to 1.25e-4 s (against RK4 at
// 2.5e-4 s); the test on the accelerations converges them.
TEST(GeneralizedAlpha, convergesAtSecondOrderOnTheSpinningBeamAsTheStepShrinks) {
  if (test::kUnderAsan) GTEST_SKIP() << "a convergence order: the plain build's (320,000 RK4 steps)";
  RunReport rk4;
  const std::vector<Vec3> reference = spinningBeamTip(IntegratorKind::Rk4, 6.25e-5, rk4);
  ASSERT_TRUE(!rk4.error);
  double previous = 0.0;
  for (double h : {2e-3, 1e-3, 5e-4, 2.5e-4}) {
    RunReport alpha;
    const std::vector<Vec3> tip = spinningBeamTip(IntegratorKind::GeneralizedAlpha, h, alpha);
    ASSERT_TRUE(!alpha.error);
    ASSERT_SAME(tip.size(), reference.size());
    double worst = 0.0;
    for (std::size_t f = 0; f < tip.size(); ++f) worst = std::max(worst, (tip[f] - reference[f]).norm());
    info("h %.2e s: tip within %.3e m, %.2f Newton iterations per step%s", h, worst, static_cast<double>(alpha.newtonIterations) / static_cast<double>(alpha.steps),
         previous > 0.0 ? (", ratio " + std::to_string(previous / worst)).c_str() : "");
    if (previous > 0.0) {
      ASSERT_TRUE(previous / worst >= 3.5);
      ASSERT_TRUE(previous / worst <= 4.5);
    }
    previous = worst;
  }
}

// The bundled flexible arm (a spatial beam whose bending and torsion act
// across ball joints, their 3 x 3 tangent in the sweep): RK4 diverges at
// 2e-4 s; generalized-alpha at 2.5e-3 s keeps the payload within 1e-3 of
// the beam's 1 m of RK4 at 1e-4 s over the 4 s run.
TEST(GeneralizedAlpha, flexibleArmAtTwentyFiveTimesRk4sStableStep) {
  auto payload = [](IntegratorKind integrator, double dt, RunReport& report) {
    ModelSpec spec = loadModel(sourcePath("resources/examples/flexible-arm.json"));
    spec.simulation.integrator = integrator;
    spec.simulation.timeStep = dt;
    spec.simulation.outputEvery = static_cast<int>(std::lround(0.01 / dt));
    const auto model = compile(spec);
    Results results(*model);
    report = simulate(model, spec.simulation, results);
    const int slot = results.slotOf(model->bodyByName("payload"));
    std::vector<Vec3> at;
    for (int f = 0; f < results.frameCount(); ++f) at.push_back(results.com(f, slot));
    return at;
  };
  RunReport rk4, alpha, diverging;
  const std::vector<Vec3> reference = payload(IntegratorKind::Rk4, 1e-4, rk4), implicit = payload(IntegratorKind::GeneralizedAlpha, 2.5e-3, alpha);
  ASSERT_TRUE(!rk4.error && !alpha.error);
  ASSERT_SAME(implicit.size(), reference.size());
  double worst = 0.0;
  for (std::size_t f = 0; f < implicit.size(); ++f) worst = std::max(worst, (implicit[f] - reference[f]).norm());
  payload(IntegratorKind::Rk4, 2e-4, diverging);
  info("payload within %.3e m of RK4 at 1e-4 s; %.2f Newton iterations per step, %ld halved; RK4 at 2e-4 s: %s", worst,
       static_cast<double>(alpha.newtonIterations) / static_cast<double>(alpha.steps), alpha.rejectedSteps, diverging.error ? "diverges" : "runs");
  ASSERT_TRUE(diverging.error.has_value());
  ASSERT_TRUE(worst <= 1e-3);
}

// A strut is not local to a hinge: its stiffness stays out of the sweep's
// operator and is iterated on. One of 1e12 N/m at a 0.01 s step defeats the
// iteration even at 1/1024 of the step: the run stops with generalized-
// alpha named and the frames recorded before kept. At 1e2 N/m it runs.
TEST(GeneralizedAlpha, aStepThatFailsAfterHalvingIsReportedAndTheRunKept) {
  for (const double k : {1e2, 1e12}) {
    ModelSpec spec = rodOnSpring(10.0);
    spec.gravity = Vec3(0, -9.81, 0);
    SpringDamperSpec strut = SpringDamperSpec::between("stiff strut", "rod", Vec3(1, 0, 0), "", Vec3(1, 0.1, 0), k, 0.0, 0.05);
    spec.springs.push_back(strut);
    spec.simulation.integrator = IntegratorKind::GeneralizedAlpha;
    spec.simulation.timeStep = 0.01;
    spec.simulation.endTime = 0.5;
    ASSERT_SAME(validationErrors(spec), std::string());
    const auto model = compile(spec);
    Results results(*model);
    const RunReport report = simulate(model, spec.simulation, results);
    if (k < 1e6) {
      if (report.error) info("%s", report.error->what());
      ASSERT_TRUE(!report.error);
      continue;
    }
    ASSERT_TRUE(report.error.has_value());
    ASSERT_TRUE(report.status == RunStatus::Failed);
    const std::string message = report.error->what();
    info("%s", message.c_str());
    ASSERT_TRUE(message.find("generalized-alpha: Newton's iteration did not converge") != std::string::npos);
    ASSERT_TRUE(message.find("10 halvings of 0.01 s), moving body 'rod' most") != std::string::npos);
    ASSERT_TRUE(results.frameCount() >= 1);  // the initial frame at least, kept
    ASSERT_SAME(report.rejectedSteps, 10L);
  }
}

// The stiff springs of a short chain, at a step that does not resolve
// them: the dampers' trapezoidal energy is not what they dissipate, and the
// run's check watches the mechanical energy instead (which falls here).
TEST(GeneralizedAlpha, unresolvedStiffSpringsRunThrough) {
  ModelSpec spec = generateChain({2, true, 0.1, 0.1, 0.01});
  for (HingeSpec& h : spec.hinges) h.loads.spring = HingeSpringSpec::linear(1e4, 1.0, 0.01);
  spec.simulation.integrator = IntegratorKind::GeneralizedAlpha;
  spec.simulation.timeStep = 1e-3;  // w h about 5
  spec.simulation.endTime = 0.5;
  const auto model = compile(spec);
  Results results(*model);
  const RunReport report = simulate(model, spec.simulation, results);
  ASSERT_TRUE(!report.error);
  const Energy first = results.energy(0), last = results.energy(results.frameCount() - 1);
  info("mechanical energy %.4g J -> %.4g J", first.balance() - first.dissipated, last.balance() - last.dissipated);
  ASSERT_TRUE(last.balance() - last.dissipated < first.balance() - first.dissipated);
}

// Loops: the IFToMM A02 N-four-bar (resources/examples, 81 bars) with
// projection onto the loop constraints after every step, as RK4 runs it:
// generalized-alpha projects too, so after 0.5 s at 5e-3 s its loops are
// closed to round-off (8.9e-16 here; without the projection the closure
// solved at the level of accelerations drifts to 2.4e-14 by then, so the
// bound of 5e-15 tells the two apart).
TEST(GeneralizedAlpha, keepsTheFourBarsLoopsClosedByProjection) {
  const ModelSpec spec = loadModel(sourcePath("resources/examples/iftomm-a02-n-four-bar.json"));
  const auto model = compile(spec);
  auto solver = makeSolver(SolverKind::Riccati, model, supplementTarget(spec.simulation));
  OdeSystem ode(*solver);
  ClosureProjector projector(*model);
  ode.setProjector(&projector);
  GeneralizedAlpha method(*model, 0.9);
  method.prepare(*solver);
  Eigen::VectorXd y = initialState(*model), dy(y.size());
  SolverOutput out;
  ode.evaluate(0.0, y, dy, out);
  double t = 0.0;
  for (int k = 0; k < 100; ++k) t += method.step(ode, t, y, dy, out, 5e-3);
  projector.setTime(t);
  const ClosureReport closure = projector.measure(y);
  info("after 100 steps: loops closed to %.2e m (or rad)", closure.position);
  ASSERT_TRUE(closure.position <= 5e-15);
}

namespace {

/// Every body's centre of mass at every 0.01 s of a 1 s run.
std::vector<Vec3> centres(const ModelSpec& spec, IntegratorKind integrator, double dt, RunReport& report) {
  SimulationSettings s = spec.simulation;
  s.integrator = integrator;
  s.timeStep = dt;
  s.endTime = test::plainOrAsan(1.0, 0.1);
  s.outputEvery = static_cast<int>(std::lround(0.01 / dt));
  const auto model = compile(spec);
  Results results(*model);
  report = simulate(model, s, results);
  std::vector<Vec3> at;
  for (int f = 0; f < results.frameCount(); ++f)
    for (int b = 0; b < model->bodyCount(); ++b) at.push_back(results.com(f, results.slotOf(b)));
  return at;
}

Eigen::VectorXd initialRates(const ModelSpec& spec) {
  const auto model = compile(spec);
  auto solver = makeSolver(SolverKind::Riccati, model);
  OdeSystem ode(*solver);
  Eigen::VectorXd y = initialState(*model), dy(y.size());
  SolverOutput out;
  ode.evaluate(0.0, y, dy, out);
  return dy.head(energyOffset(*model));  // without the loads' work and dissipation rates
}

}  // namespace

// `mstmm generate stiff-chain` (10 rods, k = 1e5 N m/rad, c = 0.1 in every
// hinge): its springs rest in the chain's initial shape, so at the start
// the chain accelerates as the same chain without springs does; and it runs
// as generated (generalized-alpha at 1e-3 s) within 1e-3 m of RK4 at a step
// 40 (planar) or 100 (spatial: a rod's stiff torsion) times shorter, where
// RK4 at 5e-5 s diverges on the planar chain.
TEST(GeneralizedAlpha, theGeneratedStiffChainRestsInItsShapeAndRunsAsGenerated) {
  for (const bool planar : {true, false}) {
    const ModelSpec stiff = generateNamed("stiff-chain", GeneratorOptions{10, 1, planar});
    ChainOptions plain;
    plain.bodies = 10, plain.planar = planar, plain.length = 0.1, plain.mass = 0.1, plain.radius = 0.01;
    const Eigen::VectorXd a = initialRates(stiff), b = initialRates(generateChain(plain));
    ASSERT_SAME(a.size(), b.size());
    info("%s: initial rates as without springs to %.2e", planar ? "planar" : "spatial", (a - b).cwiseAbs().maxCoeff());
    // A rest orientation off by round-off (1e-16 rad) turns a rod's torsion,
    // k / (m r^2 / 2) = 2e10 s^-2, into 2e-6 rad/s^2: allowed ten times that.
    const double roundOff = planar ? 0.0 : 1e-15 * 1e5 / (0.1 * 0.01 * 0.01 / 2.0);
    ASSERT_TRUE((a - b).cwiseAbs().maxCoeff() <= 1e-12 * (1.0 + b.cwiseAbs().maxCoeff()) + roundOff);
    ASSERT_SAME(stiff.simulation.integrator, IntegratorKind::GeneralizedAlpha);
    RunReport rk4, alpha;
    const std::vector<Vec3> reference = centres(stiff, IntegratorKind::Rk4, planar ? 2.5e-5 : 1e-5, rk4);
    const std::vector<Vec3> implicit = centres(stiff, IntegratorKind::GeneralizedAlpha, stiff.simulation.timeStep, alpha);
    ASSERT_TRUE(!rk4.error && !alpha.error);
    ASSERT_SAME(implicit.size(), reference.size());
    double worst = 0.0;
    for (std::size_t k = 0; k < implicit.size(); ++k) worst = std::max(worst, (implicit[k] - reference[k]).norm());
    info("%s: within %.3e m of RK4; %.2f Newton iterations per step", planar ? "planar" : "spatial", worst,
         static_cast<double>(alpha.newtonIterations) / static_cast<double>(alpha.steps));
    ASSERT_TRUE(worst <= 1e-3);
    if (planar) {
      RunReport diverging;
      centres(stiff, IntegratorKind::Rk4, 5e-5, diverging);
      ASSERT_TRUE(diverging.error.has_value());
    }
  }
}
