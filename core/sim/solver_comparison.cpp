#include "core/sim/solver_comparison.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "core/error.hpp"
#include "core/math/rotation.hpp"
#include "core/sim/results.hpp"

namespace mstmm {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

struct TimedRun {
  SolverRunCost cost;
  std::unique_ptr<Results> results;
};

TimedRun run(const std::shared_ptr<const Model>& model, SimulationSettings settings, SolverKind solver, const std::atomic<bool>* cancel) {
  settings.solver = solver;
  TimedRun out;
  out.cost.solver = solver;
  out.results = std::make_unique<Results>(*model);
  RunOptions options;
  options.cancel = cancel;
  const auto start = std::chrono::steady_clock::now();
  RunReport report;
  try {
    report = simulate(model, settings, *out.results, options);
  } catch (const Error& e) {  // refused before it started (a solver that cannot take the model)
    report.status = RunStatus::Failed;
    report.error = e;
  }
  out.cost.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.cost.status = report.status;
  out.cost.evaluations = report.evaluations;
  out.cost.reached = report.time;
  if (report.error) out.cost.message = report.error->what();
  else if (report.status == RunStatus::Cancelled) out.cost.message = "cancelled";
  return out;
}

/// The two differences of `other` against `reference`, frame by frame.
void measure(const Results& reference, const Results& other, std::vector<double>& angle, std::vector<double>& distance) {
  const int frames = reference.frameCount();
  angle.assign(static_cast<std::size_t>(frames), kNone);
  distance.assign(static_cast<std::size_t>(frames), kNone);
  const double tolerance = 1e-9 * std::max(1.0, reference.frameCount() > 0 ? std::abs(reference.times().back()) : 1.0);
  for (int f = 0; f < std::min(frames, other.frameCount()); ++f) {
    if (std::abs(other.time(f) - reference.time(f)) > tolerance) break;  // adaptive steps that went elsewhere
    double a = 0.0, d = 0.0;
    for (int s = 0; s < reference.recordedBodyCount(); ++s) {
      a = std::max(a, rotationAngleBetween(reference.orientation(f, s), other.orientation(f, s)));
      d = std::max(d, (reference.com(f, s) - other.com(f, s)).norm());
    }
    angle[static_cast<std::size_t>(f)] = a;
    distance[static_cast<std::size_t>(f)] = d;
  }
}

}  // namespace

double rotationAngleBetween(const Quat& a, const Quat& b) {
  const Quat r = quaternionProduct(quaternionConjugate(a.normalized()), b.normalized());
  // 2 atan2(|v|, |w|) of r = [w, v]: accurate for small angles too (acos of w is not).
  return 2.0 * std::atan2(r.tail<3>().norm(), std::abs(r[0]));
}

SolverComparison compareSolvers(const std::shared_ptr<const Model>& model, const SimulationSettings& settings, const std::vector<SolverKind>& solvers,
                                const std::atomic<bool>* cancel) {
  if (solvers.size() < 2) throw Error(ErrorKind::Input, "compare solvers: choose at least two solvers");
  for (std::size_t i = 0; i < solvers.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (solvers[i] == solvers[j]) throw Error(ErrorKind::Input, std::string("compare solvers: '") + toString(solvers[i]) + "' is chosen twice");
  SolverComparison c;
  TimedRun reference = run(model, settings, solvers.front(), cancel);
  c.runs.push_back(reference.cost);
  c.times = reference.results->times();
  for (std::size_t k = 1; k < solvers.size(); ++k) {
    const TimedRun other = run(model, settings, solvers[k], cancel);  // one other run's results held at a time
    c.runs.push_back(other.cost);
    c.orientationDifference.emplace_back();
    c.positionDifference.emplace_back();
    measure(*reference.results, *other.results, c.orientationDifference.back(), c.positionDifference.back());
  }
  return c;
}

}  // namespace mstmm
