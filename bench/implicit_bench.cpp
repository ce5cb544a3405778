// mstmm-implicit-bench (issue 53): generalized-alpha's Newton iterations,
// each one Riccati sweep. Prints, asserts nothing:
//  1. the cost of one Newton iteration on chains of stiff hinge springs of
//     1k, 10k and 100k DOF (planar pins, spatial balls) and its growth
//     exponent between 1k and 100k (linear: 1);
//  2. a planar chain of 1,000 bodies with stiff hinge springs: RK4 at its
//     largest stable step against generalized-alpha at steps 10 to 100
//     times that, each one's wall time for 1 s and its largest angle
//     difference from RK4 at a quarter of RK4's stable step;
//  3. the 100,002-DOF branch system's simulated second (not stiff) with
//     RK4 and generalized-alpha at steps up to 1/20 s: wall time, sweeps
//     and the largest turn of any body from RK4 at 1e-3 s (about a minute).
//
// Usage: mstmm-implicit-bench [--quick]   (--quick: 1 and 2 only, to 10k DOF)

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/generate/generators.hpp"
#include "core/generate/loaded_examples.hpp"
#include "core/math/rotation.hpp"
#include "core/model/model.hpp"
#include "core/sim/generalized_alpha.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"

namespace {

using namespace mstmm;
using Clock = std::chrono::steady_clock;

/// The stiff chain of `mstmm generate stiff-chain` (pins in the plane,
/// balls in space).
ModelSpec stiffChain(int bodies, bool planar, double k, double c) { return generateStiffChain({bodies, planar, 0.1, 0.1, 0.01}, k, c); }

/// Seconds per Newton iteration of generalized-alpha at step h, median of
/// three batches of steps lasting at least 0.3 s each.
double secondsPerIteration(const ModelSpec& spec, double h) {
  const auto model = compile(spec);
  auto solver = makeSolver(SolverKind::Riccati, model);
  OdeSystem ode(*solver);
  GeneralizedAlpha method(*model, 0.9);
  method.prepare(*solver);
  Eigen::VectorXd y = initialState(*model), dy(y.size());
  SolverOutput out;
  ode.evaluate(0.0, y, dy, out);
  double t = 0.0;
  t += method.step(ode, t, y, dy, out, h);
  std::vector<double> perIteration;
  for (int b = 0; b < 3; ++b) {
    const long before = method.statistics().newtonIterations;
    const auto start = Clock::now();
    double elapsed = 0.0;
    do {
      t += method.step(ode, t, y, dy, out, h);
      elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    } while (elapsed < 0.3);
    perIteration.push_back(elapsed / static_cast<double>(method.statistics().newtonIterations - before));
  }
  std::sort(perIteration.begin(), perIteration.end());
  return perIteration[1];
}

struct Run {
  bool ok = false;
  double wall = 0.0;
  double iterationsPerStep = 0.0;
  std::vector<double> finalAngles;
};

Run runFor(const ModelSpec& spec, IntegratorKind integrator, double h, double end) {
  const auto model = compile(spec);
  SimulationSettings s = spec.simulation;
  s.integrator = integrator;
  s.timeStep = h;
  s.endTime = end;
  s.outputEvery = static_cast<int>(std::lround(end / h));
  Results results(*model);
  const auto start = Clock::now();
  const RunReport report = simulate(model, s, results);
  Run r;
  r.wall = std::chrono::duration<double>(Clock::now() - start).count();
  r.ok = !report.error && report.status == RunStatus::Completed;
  r.iterationsPerStep = report.steps > 0 ? static_cast<double>(report.newtonIterations) / static_cast<double>(report.steps) : 0.0;
  if (r.ok)
    for (int slot = 0; slot < results.recordedBodyCount(); ++slot) r.finalAngles.push_back(results.theta(results.frameCount() - 1, slot));
  return r;
}

/// Every body's orientation at every 0.1 s of a 1 s run, and the run's cost.
struct Orientations {
  double wall = 0.0;
  long sweeps = 0;
  double iterationsPerStep = 0.0;
  std::vector<Quat> at;  // frame-major
};

Orientations orientationsFor(const ModelSpec& spec, IntegratorKind integrator, double h) {
  const auto model = compile(spec);
  SimulationSettings s = spec.simulation;
  s.integrator = integrator;
  s.timeStep = h;
  s.endTime = 1.0;
  s.outputEvery = static_cast<int>(std::lround(0.1 / h));
  Results results(*model);
  const auto start = Clock::now();
  const RunReport report = simulate(model, s, results);
  Orientations o;
  o.wall = std::chrono::duration<double>(Clock::now() - start).count();
  o.sweeps = report.evaluations;
  o.iterationsPerStep = report.steps > 0 ? static_cast<double>(report.newtonIterations) / static_cast<double>(report.steps) : 0.0;
  if (report.error || report.status != RunStatus::Completed) return o;
  for (int f = 0; f < results.frameCount(); ++f)
    for (int slot = 0; slot < results.recordedBodyCount(); ++slot) o.at.push_back(results.orientation(f, slot));
  return o;
}

/// The largest rotation between two runs' orientations at the same instants
/// (2 asin |vec(conj(a) b)|, accurate for small angles); NaN if either failed.
double largestTurn(const std::vector<Quat>& a, const std::vector<Quat>& b) {
  if (a.empty() || a.size() != b.size()) return NAN;
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Quat d = quaternionProduct(quaternionConjugate(a[i]), b[i]);
    worst = std::max(worst, 2.0 * std::asin(std::min(1.0, d.tail<3>().norm())));
  }
  return worst;
}

double largestDifference(const std::vector<double>& a, const std::vector<double>& b) {
  double d = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(a[i] - b[i]));
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  std::printf("1. One Newton iteration (one sweep) of generalized-alpha, chains with a spring k = 1e4 in every hinge, h = 1e-3 s\n");
  std::printf("%-8s %10s %16s %16s\n", "joints", "DOF", "us/iteration", "ns/iteration/DOF");
  for (const bool planar : {true, false}) {
    double first = 0.0, last = 0.0;
    for (const int dof : {1000, 10000, 100000}) {
      if (quick && dof > 10000) continue;
      const int bodies = planar ? dof : dof / 3;
      const double s = secondsPerIteration(stiffChain(bodies, planar, 1e4, 1.0), 1e-3);
      std::printf("%-8s %10d %16.1f %16.2f\n", planar ? "pins" : "balls", planar ? bodies : 3 * bodies, 1e6 * s, 1e9 * s / (planar ? bodies : 3 * bodies));
      if (dof == 1000) first = s;
      last = s;
    }
    if (!quick) std::printf("%-8s growth exponent 1k -> 100k DOF: %.3f\n", planar ? "pins" : "balls", std::log(last / first) / std::log(100.0));
  }

  std::printf("\n2. A planar chain of 1,000 rods (0.1 m, 0.1 kg) with k = 1e5 N m/rad, c = 0.1 N m s/rad in every pin, 1 s\n");
  const ModelSpec chain = stiffChain(1000, true, 1e5, 0.1);
  double stable = 1e-3;
  while (stable > 1e-8 && !runFor(chain, IntegratorKind::Rk4, stable, 0.05).ok) stable /= 2.0;
  const Run reference = runFor(chain, IntegratorKind::Rk4, stable / 4.0, 1.0);
  const Run rk4 = runFor(chain, IntegratorKind::Rk4, stable, 1.0);
  std::printf("%-22s %12s %10s %14s %16s\n", "integrator", "step [s]", "wall [s]", "iterations/step", "max |angle - ref|");
  std::printf("%-22s %12.3g %10.3f %14s %16.2e\n", "RK4 (largest stable)", stable, rk4.wall, "-", rk4.ok ? largestDifference(rk4.finalAngles, reference.finalAngles) : NAN);
  for (const double factor : {10.0, 30.0, 100.0}) {
    const Run alpha = runFor(chain, IntegratorKind::GeneralizedAlpha, stable * factor, 1.0);
    std::printf("%-22s %12.3g %10.3f %14.2f %16.2e   %.1fx faster\n", "generalized-alpha 0.9", stable * factor, alpha.wall, alpha.iterationsPerStep,
                alpha.ok ? largestDifference(alpha.finalAngles, reference.finalAngles) : NAN, rk4.wall / alpha.wall);
  }
  if (quick) return 0;

  // Not stiff: its motion, not a vibration, sets the step. The reference at
  // 1e-3 s is within 3e-8 rad of RK4 at 1e-4 s (measured once, in
  // docs/implicit-integration.md).
  std::printf("\n3. The 100,002-DOF branch system (000 Fig. 1, 33,334 bodies on balls), 1 s; orientations at every 0.1 s against RK4 at 1e-3 s\n");
  const ModelSpec branch = generateBranch({33334, false});
  const Orientations fine = orientationsFor(branch, IntegratorKind::Rk4, 1e-3);
  std::printf("%-22s %12s %10s %8s %14s %16s\n", "integrator", "step [s]", "wall [s]", "sweeps", "iterations/step", "max turn [rad]");
  std::printf("%-22s %12.3g %10.3f %8ld %14s %16s\n", "RK4 (reference)", 1e-3, fine.wall, fine.sweeps, "-", "-");
  for (const auto& [integrator, h] : {std::pair{IntegratorKind::Rk4, 1.0 / 50}, {IntegratorKind::Rk4, 1.0 / 40}, {IntegratorKind::Rk4, 1.0 / 30},
                                      {IntegratorKind::Rk4, 1.0 / 20}, {IntegratorKind::GeneralizedAlpha, 2.5e-3}, {IntegratorKind::GeneralizedAlpha, 5e-3}}) {
    const Orientations run = orientationsFor(branch, integrator, h);
    std::printf("%-22s %12.3g %10.3f %8ld %14.2f %16.2e\n", integrator == IntegratorKind::Rk4 ? "RK4" : "generalized-alpha 0.9", h, run.wall, run.sweeps,
                run.iterationsPerStep, largestTurn(run.at, fine.at));
  }
  return 0;
}
