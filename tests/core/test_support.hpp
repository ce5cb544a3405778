#pragma once
// Helpers shared by the core test suites.

#include <algorithm>
#include <cstdio>
#include <string>
#include <numbers>

#include "core/dynamics/dynamics_solver.hpp"
#include "tests/core/check.hpp"
#include "core/dynamics/state.hpp"
#include "core/generate/generators.hpp"
#include "core/spec/time_function.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"

namespace mstmm::test {

// Under AddressSanitizer (CI's core build, some 40 times slower) the long
// runs are shortened: every code path is still walked there, and the full
// runs, with their convergence orders, are the plain build's.
#if defined(__SANITIZE_ADDRESS__)
#define MSTMM_TEST_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MSTMM_TEST_UNDER_ASAN 1
#endif
#endif
#ifdef MSTMM_TEST_UNDER_ASAN
inline constexpr bool kUnderAsan = true;
#else
inline constexpr bool kUnderAsan = false;
#endif

/// `plain` (seconds, steps, cases...) in the plain build, `underAsan` under
/// AddressSanitizer.
template <class T>
constexpr T plainOrAsan(T plain, T underAsan) { return kUnderAsan ? underAsan : plain; }

/// A random state of a model: random orientations (angles) and angular
/// velocities of up to `rate` rad/s, slides of up to 0.5 m at up to `rate`
/// m/s; consistent with its revolute, weld and sliding hinges only if it has
/// none (tests make the angular velocities consistent afterwards).
inline Eigen::VectorXd randomState(const Model& model, Random& random, double rate = 3.0) {
  Eigen::VectorXd y = Eigen::VectorXd::Zero(stateSize(model));  // W_in, E_diss: zero
  for (int i = 0; i < model.bodyCount(); ++i) {
    if (model.planar()) {
      y[2 * i] = random.uniform(-4, 4);
      y[2 * i + 1] = random.uniform(-rate, rate);
    } else {
      y.segment<4>(7 * i) = randomQuaternion(random);
      y.segment<3>(7 * i + 4) = Vec3(random.uniform(-rate, rate), random.uniform(-rate, rate), random.uniform(-rate, rate));
    }
  }
  for (int k = 0; k < model.sliderCount(); ++k) {
    y[slideOffset(model) + 2 * k] = random.uniform(-0.5, 0.5);
    y[slideOffset(model) + 2 * k + 1] = random.uniform(-rate, rate);
  }
  return y;
}

/// A random unit axis (for revolute and slide axes); in the x-y plane for a
/// planar model.
inline Vec3 randomAxis(Random& random, bool planar = false) {
  return Vec3(random.uniform(-1, 1), random.uniform(-1, 1), planar ? 0.0 : random.uniform(-1, 1)).normalized();
}

/// max |a - b| / max(1, max |b|) over a list of vectors: the relative
/// difference of the method derivation (../shared/docs/method.md §9).
inline double relativeDifference(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
  double diff = 0.0, scale = 1.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    diff = std::max(diff, (a[i] - b[i]).cwiseAbs().maxCoeff());
    scale = std::max(scale, b[i].cwiseAbs().maxCoeff());
  }
  return diff / scale;
}

/// The relative angular velocity a hinge allows, drawn at random: along its
/// axis n (revolute, cylindrical, planar), in the span of n and its tip-side
/// axis n2 (universal), anything (ball, free, point-on-line), or none (weld,
/// slider); n and n2 in world axes.
inline Vec3 randomRelativeOmega(HingeType type, const Vec3& n, const Vec3& n2, Random& r) {
  switch (type) {
    case HingeType::Revolute:
    case HingeType::Cylindrical:
    case HingeType::Planar: return n * r.uniform(-3, 3);
    case HingeType::Universal: return n * r.uniform(-3, 3) + n2 * r.uniform(-3, 3);
    case HingeType::Ball:
    case HingeType::Free:
    case HingeType::PointOnLine: return Vec3(r.uniform(-3, 3), r.uniform(-3, 3), r.uniform(-3, 3));
    default: return Vec3::Zero();
  }
}

/// Makes the angular velocities of a random state satisfy every hinge:
/// Omega_tip = Omega_root + what the hinge allows (randomRelativeOmega).
inline void makeConsistent(const Model& model, Eigen::VectorXd& y, Random& r) {
  const int per = statePerBody(model);
  for (int i = model.bodyCount() - 1; i >= 0; --i) {  // root first
    const CompiledBody& b = model.body(i);
    const CompiledHinge& hinge = model.hinge(i);
    const HingeType type = hinge.type;
    if (model.planar()) {
      const bool turns = type != HingeType::Weld && type != HingeType::Slider;
      if (!turns) y[per * i + 1] = b.parent < 0 ? 0.0 : y[per * b.parent + 1];
      continue;
    }
    if (type == HingeType::Ball || type == HingeType::Free || type == HingeType::PointOnLine) continue;
    const Vec3 parentOmega = b.parent < 0 ? Vec3::Zero() : Vec3(y.segment<3>(per * b.parent + 4));
    const Mat3 parentRotation = b.parent < 0 ? Mat3::Identity() : bodyRotation(model, y, b.parent);
    y.segment<3>(per * i + 4) =
        parentOmega + randomRelativeOmega(type, parentRotation * hinge.axisInParent, bodyRotation(model, y, i) * hinge.axis2InTip, r);
  }
}

/// Turns some hinges of a tree spec into universal, cylindrical, planar,
/// free and point-on-line hinges (planar models: free and point-on-line)
/// with random axes, slides and slide rates, the root's into a free hinge
/// if `freeRoot`, and makes the initial angular velocities consistent.
inline void addNewHingeTypes(ModelSpec& spec, Random& r, bool freeRoot) {
  const bool planar = spec.kind == ModelKind::Planar;
  const auto tree = compile(spec);  // the order of the bodies, before the hinges change
  const std::vector<HingeType> spatialTypes{HingeType::Universal, HingeType::Cylindrical, HingeType::Planar, HingeType::Free, HingeType::PointOnLine};
  const std::vector<HingeType> planarTypes{HingeType::Free, HingeType::PointOnLine};
  const std::vector<HingeType>& types = planar ? planarTypes : spatialTypes;
  for (HingeSpec& h : spec.hinges) {
    if (!h.atChildOutput() || h.cut == CutChoice::Cut) continue;
    const bool root = h.isGround();
    if (root ? !freeRoot : r.below(2) != 0) continue;
    h.type = root ? HingeType::Free : types[static_cast<std::size_t>(r.below(static_cast<int>(types.size())))];
    h.axis = randomAxis(r, planar && h.type == HingeType::PointOnLine);
    h.axis2 = randomAxis(r);
    h.slide = r.uniform(-0.3, 0.3);
    h.slideRate = r.uniform(-1, 1);
    h.translation = Vec3(r.uniform(-0.3, 0.3), r.uniform(-0.3, 0.3), planar ? 0.0 : r.uniform(-0.3, 0.3));
    h.translationRate = Vec3(r.uniform(-1, 1), r.uniform(-1, 1), planar ? 0.0 : r.uniform(-1, 1));
  }
  for (int i = tree->bodyCount() - 1; i >= 0; --i) {  // root first
    BodySpec& b = spec.bodies[static_cast<std::size_t>(tree->body(i).specIndex)];
    const HingeSpec& h = spec.hinges[static_cast<std::size_t>(tree->hinge(i).specIndex)];
    const int parent = tree->body(i).parent;
    const BodySpec* p = parent < 0 ? nullptr : &spec.bodies[static_cast<std::size_t>(tree->body(parent).specIndex)];
    if (planar) {
      if (h.type == HingeType::Weld || h.type == HingeType::Slider) b.thetaDot = p ? p->thetaDot : 0.0;
      continue;
    }
    if (h.type == HingeType::Ball || h.type == HingeType::Free || h.type == HingeType::PointOnLine) continue;
    const Mat3 parentRotation = p ? rotationFromQuaternion(p->orientation.normalized()) : Mat3::Identity();
    const Vec3 n = parentRotation * h.axis.normalized(), n2 = rotationFromQuaternion(b.orientation.normalized()) * h.axis2.normalized();
    b.angularVelocity = (p ? p->angularVelocity : Vec3::Zero()) + randomRelativeOmega(h.type, n, n2, r);
  }
}

/// Cubic Hermite interpolation of samples (t, x, x') on one interval.
struct HermiteSegment {
  double t0, t1, x0, x1, v0, v1;
  double h() const { return t1 - t0; }
  double at(double s) const {
    const double s2 = s * s, s3 = s2 * s;
    return (2 * s3 - 3 * s2 + 1) * x0 + (s3 - 2 * s2 + s) * h() * v0 + (-2 * s3 + 3 * s2) * x1 + (s3 - s2) * h() * v1;
  }
  double slopeAt(double s) const {  // dx/dt
    const double s2 = s * s;
    return ((6 * s2 - 6 * s) * x0 + (3 * s2 - 4 * s + 1) * h() * v0 + (-6 * s2 + 6 * s) * x1 + (3 * s2 - 2 * s) * h() * v1) / h();
  }
  /// The s in [0, 1] where f changes sign (f(0), f(1) of opposite signs), by bisection.
  template <class F>
  static double root(F f) {
    double lo = 0.0, hi = 1.0;
    const bool rising = f(0.0) < 0.0;
    for (int k = 0; k < 80; ++k) {
      const double mid = 0.5 * (lo + hi);
      ((f(mid) < 0.0) == rising ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
  }
};

/// Times where a sampled signal crosses zero upwards, and its extrema
/// (time, value), from Hermite interpolation of values and rates.
inline void crossingsAndPeaks(const std::vector<double>& t, const std::vector<double>& x, const std::vector<double>& v,
                              std::vector<double>& upCrossings, std::vector<std::pair<double, double>>& peaks) {
  for (std::size_t k = 0; k + 1 < t.size(); ++k) {
    const HermiteSegment seg{t[k], t[k + 1], x[k], x[k + 1], v[k], v[k + 1]};
    if (x[k] < 0.0 && x[k + 1] >= 0.0) upCrossings.push_back(t[k] + seg.h() * HermiteSegment::root([&](double s) { return seg.at(s); }));
    if ((v[k] > 0.0) != (v[k + 1] > 0.0)) {
      const double s = HermiteSegment::root([&](double u) { return seg.slopeAt(u); });
      peaks.emplace_back(t[k] + seg.h() * s, seg.at(s));
    }
  }
}

/// Runs a model with its settings but `endTime` and RK4 step `dt`,
/// recording every step; a failed run ends the test with its message.
inline Results runFor(const ModelSpec& spec, double endTime, double dt) {
  const auto model = compile(spec);
  SimulationSettings s = spec.simulation;
  s.endTime = endTime;
  s.timeStep = dt;
  s.outputEvery = 1;
  Results results(*model);
  const RunReport report = simulate(model, s, results);
  if (report.error) fatal("run failed: %s", report.error->what());
  return results;
}

/// A number with 3 significant digits, for RecordProperty.
inline std::string shortNumber(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", v);
  return text;
}

inline std::string sourcePath(const std::string& relative) { return std::string(MSTMM_SOURCE_DIR) + "/" + relative; }

/// A random prescribed motion that a hinge at rest at coordinate q0 accepts:
/// a sine (amplitude 0.1-0.5, 0.2-1.5 Hz) with offset q0 - A and phase pi/2,
/// so that it starts at q0 with zero rate.
inline TimeFunction sineFromRest(double q0, Random& random) {
  TimeFunction f;
  f.kind = TimeFunctionKind::Sine;
  f.amplitude = random.uniform(0.1, 0.5);
  f.frequency = random.uniform(0.2, 1.5);
  f.phase = std::numbers::pi / 2;
  f.value = q0 - f.amplitude;
  return f;
}

/// The largest relative difference of everything two evaluations give:
/// accelerations, hinge loads, slide accelerations and driving loads.
inline double outputDifference(const SolverOutput& a, const SolverOutput& b) {
  double slide = 0.0, scale = 1.0, drive = 0.0, driveScale = 1.0;
  for (double s : b.slideAcceleration) scale = std::max(scale, std::abs(s));
  for (std::size_t k = 0; k < b.slideAcceleration.size(); ++k) slide = std::max(slide, std::abs(a.slideAcceleration[k] - b.slideAcceleration[k]) / scale);
  for (double d : b.drivingLoad) driveScale = std::max(driveScale, std::abs(d));
  for (std::size_t k = 0; k < b.drivingLoad.size(); ++k) drive = std::max(drive, std::abs(a.drivingLoad[k] - b.drivingLoad[k]) / driveScale);
  return std::max({relativeDifference(a.angularAcceleration, b.angularAcceleration), relativeDifference(a.comAcceleration, b.comAcceleration),
                   relativeDifference(a.hingeForce, b.hingeForce), relativeDifference(a.hingeMoment, b.hingeMoment), slide, drive});
}

/// The model check's errors, one per line (empty: none).
inline std::string validationErrors(const ModelSpec& spec) {
  std::string all;
  for (const Diagnostic& d : validate(spec))
    if (d.severity == Severity::Error) all += d.message + "\n";
  return all;
}

/// The Riccati solver against `referenceKind` at `states` random consistent
/// states and times: the largest outputDifference(), fatal above `tolerance`.
inline double riccatiAgainst(SolverKind referenceKind, const ModelSpec& spec, int states, Random& r, double tolerance) {
  if (const std::string problems = validationErrors(spec); !problems.empty()) fatal("%s: %s", spec.name.c_str(), problems.c_str());
  const auto model = compile(spec);
  auto riccati = makeSolver(SolverKind::Riccati, model);
  auto reference = makeSolver(referenceKind, model);
  SolverOutput a, b;
  double worst = 0.0;
  for (int s = 0; s < states; ++s) {
    Eigen::VectorXd y = randomState(*model, r);
    makeConsistent(*model, y, r);
    const double t = r.uniform(0, 3);
    riccati->setTime(t);
    reference->setTime(t);
    riccati->evaluate(y, a);
    reference->evaluate(y, b);
    const double d = outputDifference(a, b);
    if (!(d < tolerance)) fatal("%s, state %d: relative difference %.3e against %s", spec.name.c_str(), s, d, toString(referenceKind));
    worst = std::max(worst, d);
  }
  return worst;
}

/// How far one solver is from a reference at one state and time.
struct SolverDifference {
  double accelerations = 0.0;  // relativeDifference() of angular and centre-of-mass accelerations
  double drivingLoads = 0.0;   // each relative to max(1, |reference|)
  double inputPower = 0.0;     // relative to max(1, |reference|)
};

/// Evaluates both solvers at (y, t) into `a` and `b` and compares them.
inline SolverDifference compareSolvers(DynamicsSolver& solver, DynamicsSolver& reference, const Eigen::VectorXd& y, double t, SolverOutput& a,
                                       SolverOutput& b) {
  solver.setTime(t);
  reference.setTime(t);
  solver.evaluate(y, a);
  reference.evaluate(y, b);
  SolverDifference d;
  d.accelerations = std::max(relativeDifference(a.angularAcceleration, b.angularAcceleration), relativeDifference(a.comAcceleration, b.comAcceleration));
  for (std::size_t k = 0; k < a.drivingLoad.size(); ++k)
    d.drivingLoads = std::max(d.drivingLoads, std::abs(a.drivingLoad[k] - b.drivingLoad[k]) / std::max(1.0, std::abs(b.drivingLoad[k])));
  d.inputPower = std::abs(a.inputPower - b.inputPower) / std::max(1.0, std::abs(b.inputPower));
  return d;
}

/// A thin cylinder of `mass` and `length` along x, its output end at the
/// origin and one input end at its far end: the rod the oscillator tests
/// hang on a pin (planar) or a revolute (spatial).
inline BodySpec& addPlanarRod(ModelSpec& spec, const std::string& name, double mass, double length, double radius) {
  BodySpec& rod = spec.addBody(name);
  rod.shape.type = ShapeType::Cylinder;
  rod.shape.mass = mass;
  rod.shape.length = length;
  rod.shape.radius = radius;
  rod.output = Vec3::Zero();
  rod.inputs = {Vec3(length, 0, 0)};
  return rod;
}

/// A planar rod (addPlanarRod, radius 0.02 m) named "rod" on a pin
/// "pivot" at its end with `spring`, no gravity: J theta'' = tau(theta,
/// theta') with J = m L^2 / 3 + m r^2 / 4, the oscillator of the implicit
/// integrators' and the stiffness check's suites.
inline ModelSpec planarRodOnSpring(double mass, double length, const HingeSpringSpec& spring) {
  ModelSpec spec;
  spec.name = "rod on a spring";
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3::Zero();
  const BodySpec& rod = addPlanarRod(spec, "rod", mass, length, 0.02);
  spec.addHinge("pivot", HingeType::Pin, rod.id, std::nullopt).loads.spring = spring;
  return spec;
}

}  // namespace mstmm::test
