// mstmm-bench: time per solver evaluation and per RK4 step, for every
// formulation, on ball-jointed chains, random trees and the branch system of
// 000 Fig. 1. Prints a table and, with --csv FILE, writes the measurements
// for bench/performance_report (docs/performance.md).
//
// Timing: each case runs in batches; a batch repeats the operation until it
// has taken at least --min-time seconds; the reported time is the median over
// the batches (robust against a noisy machine). An O(N^3) solver stops at
// the first size whose single evaluation exceeds --max-eval seconds.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench/dart_side_by_side.hpp"
#include "bench/timing.hpp"
#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/reference/mass_matrix_solver.hpp"
#include "core/dynamics/riccati/riccati_solver.hpp"
#include "core/generate/generators.hpp"
#include "core/generate/vehicle.hpp"
#include "core/model/model.hpp"
#include "core/sim/integrator.hpp"

namespace {

using namespace mstmm;
using Clock = std::chrono::steady_clock;

struct Options {
  std::string accuracyCsv;  // with --accuracy FILE: the classical-TMM error study instead of timings
  double minTime = 0.2;
  int batches = 5;
  double maxEval = 20.0;
  std::string csv;
  std::vector<std::string> solvers{"riccati", "newton-euler", "mass-matrix", "classical-tmm"};
  std::vector<int> sizes{10, 30, 100, 300, 1000, 3000, 10000, 33334};
  std::vector<std::string> systems;  // with --systems: only these (prefixes of the system names)
  bool quick = false;
  bool againstDart = false;  // --against dart
  int dartMax = 1000;         // --dart-max N
};

struct Case {
  std::string system;
  int bodies = 0;
  std::shared_ptr<const Model> model;
};

double seconds(Clock::time_point since) { return std::chrono::duration<double>(Clock::now() - since).count(); }

double timePerCall(const std::function<void()>& op, const Options& o) { return bench::medianSecondsPerCall(op, o.minTime, o.batches); }

std::vector<Case> cases(const Options& o) {
  std::vector<Case> list;
  for (int n : o.sizes) {
    ChainOptions c;
    c.bodies = n;
    list.push_back({"chain", n, compile(generateChain(c))});
  }
  for (int n : o.sizes) list.push_back({"random tree", n, compile(generateRandomTree({n, 7, false}))});
  for (int levels : {10, 15})
    if (((1 << levels) - 1) <= 40000) list.push_back({"binary tree", (1 << levels) - 1, compile(generateBinaryTree({levels, false}))});
  list.push_back({"branch N=999", 500, compile(generateBranch({500, false}))});
  list.push_back({"branch N=66667", 33334, compile(generateBranch({33334, false}))});
  // The same with a rotational spring-damper in every ball hinge (issue:
  // loads cost at most 1.3x the plain evaluation).
  ModelSpec damped = generateBranch({33334, false});
  for (HingeSpec& h : damped.hinges) h.loads.spring = HingeSpringSpec::linear(10.0, 0.5);
  list.push_back({"branch+springs", 33334, compile(damped)});
  // The same system floating: its root's ground hinge made free (issue 14:
  // the same per-body cost as when it hangs from the ground).
  ModelSpec floating = generateBranch({33334, false});
  for (HingeSpec& h : floating.hinges)
    if (h.isGround()) h.type = HingeType::Free;
  list.push_back({"branch floating", 33334, compile(floating)});
  list.push_back({"vehicle", 13, compile(generateVehicle({}))});  // 003 §2.5: loops, free chassis, struts, tyres
  if (!o.systems.empty())
    std::erase_if(list, [&](const Case& c) {
      return std::none_of(o.systems.begin(), o.systems.end(), [&](const std::string& name) { return c.system.rfind(name, 0) == 0; });
    });
  return list;
}

bool applicable(const std::string& solver, const Case& c) {
  if (c.model->hasLoads() && solver != "riccati" && solver != "newton-euler") return false;  // they refuse load elements
  if (solver == "classical-tmm") return c.system == "chain";  // chains only
  if (solver == "mass-matrix") return c.model->degreesOfFreedom() <= MassMatrixSolver::kMaxDof;
  return true;
}

struct Row {
  std::string solver, system;
  int bodies = 0, dof = 0, threads = 1;
  double evaluation = 0, step = 0;
};

Row measure(const std::string& solverName, const Case& c, int threads, const Options& o) {
  std::unique_ptr<DynamicsSolver> solver = makeSolver(*solverKindFromString(solverName), c.model);
  if (auto* r = dynamic_cast<RiccatiSolver<SpatialDim>*>(solver.get())) r->setParallelism(threads);
  Eigen::VectorXd y = initialState(*c.model);
  SolverOutput out;
  out.resize(*c.model);
  Row row{solverName, c.system, c.bodies, c.model->degreesOfFreedom(), threads, 0, 0};
  row.evaluation = timePerCall([&] { solver->evaluate(y, out); }, o);
  if (row.evaluation > 2.0) return row;  // an RK4 step is four of these: leave it out
  OdeSystem ode(*solver);
  RungeKutta4 rk4;
  Eigen::VectorXd dy(y.size());
  ode.evaluate(0.0, y, dy, out);
  row.step = timePerCall([&] { rk4.step(ode, 0.0, y, dy, out, 1e-4); }, o);
  return row;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    auto list = [](const std::string& text) {
      std::vector<std::string> parts;
      for (std::size_t p = 0; p != std::string::npos;) {
        const std::size_t q = text.find(',', p);
        parts.push_back(text.substr(p, q == std::string::npos ? q : q - p));
        p = q == std::string::npos ? q : q + 1;
      }
      return parts;
    };
    if (a == "--csv") o.csv = next();
    else if (a == "--against" && next() == "dart") o.againstDart = true;
    else if (a == "--dart-max") o.dartMax = std::stoi(next());
    else if (a == "--accuracy") o.accuracyCsv = next();
    else if (a == "--min-time") o.minTime = std::stod(next());
    else if (a == "--batches") o.batches = std::stoi(next());
    else if (a == "--max-eval") o.maxEval = std::stod(next());
    else if (a == "--solvers") o.solvers = list(next());
    else if (a == "--systems") o.systems = list(next());
    else if (a == "--sizes") {
      o.sizes.clear();
      for (const std::string& s : list(next())) o.sizes.push_back(std::stoi(s));
    } else if (a == "--quick") {
      o.minTime = 0.02;
      o.batches = 3;
      o.maxEval = 2.0;
    } else {
      std::fprintf(stderr,
                   "usage: mstmm-bench [--csv FILE] [--solvers riccati,newton-euler,mass-matrix,classical-tmm]\n"
                   "                   [--sizes 10,100,...] [--systems chain,branch,...] [--min-time S] [--batches K] [--max-eval S] [--quick]\n"
                   "       mstmm-bench --accuracy FILE   (classical TMM and Riccati against Newton-Euler over chain length)\n"
                   "       mstmm-bench --against dart [--sizes ...] [--dart-max N] [--min-time S] [--batches K]   (the same systems in DART, one process)\n");
      std::exit(2);
    }
  }
  for (const std::string& s : o.solvers)
    if (!solverKindFromString(s)) {
      std::fprintf(stderr, "mstmm-bench: unknown solver '%s'\n", s.c_str());
      std::exit(2);
    }
  return o;
}

/// Largest relative difference of the angular accelerations against
/// Newton-Euler over a few random states of chains of n bodies.
double chainError(SolverKind kind, int n, bool planar) {
  ChainOptions c;
  c.bodies = n;
  c.planar = planar;
  const auto model = compile(generateChain(c));
  auto solver = makeSolver(kind, model);
  auto reference = makeSolver(SolverKind::NewtonEuler, model);
  Random random(static_cast<std::uint64_t>(n));
  double worst = 0;
  for (int k = 0; k < 5; ++k) {
    Eigen::VectorXd y = initialState(*model);
    for (int i = 0; i < n; ++i) {
      if (planar) {
        y[2 * i] = random.uniform(-4, 4);
        y[2 * i + 1] = random.uniform(-3, 3);
      } else {
        y.segment<4>(7 * i) = randomQuaternion(random);
        y.segment<3>(7 * i + 4) = Vec3(random.uniform(-3, 3), random.uniform(-3, 3), random.uniform(-3, 3));
      }
    }
    SolverOutput a, b;
    solver->evaluate(y, a);
    reference->evaluate(y, b);
    double diff = 0, scale = 1;
    for (int i = 0; i < n; ++i) {
      diff = std::max(diff, (a.angularAcceleration[static_cast<std::size_t>(i)] - b.angularAcceleration[static_cast<std::size_t>(i)]).cwiseAbs().maxCoeff());
      scale = std::max(scale, b.angularAcceleration[static_cast<std::size_t>(i)].cwiseAbs().maxCoeff());
    }
    worst = std::max(worst, diff / scale);
  }
  return worst;
}

int accuracyStudy(const std::string& path) {
  std::ofstream csv(path);
  csv << "model,bodies,classical_tmm_error,riccati_error\n";
  std::printf("%-8s %7s %22s %16s\n", "model", "bodies", "classical TMM error", "Riccati error");
  for (bool planar : {true, false})
    for (int n : {1, 2, 3, 5, 8, 10, 15, 20, 25, 30, 35, 40, 50, 60, 80, 100}) {
      const double tmm = chainError(SolverKind::ClassicalTmm, n, planar), ric = chainError(SolverKind::Riccati, n, planar);
      std::printf("%-8s %7d %22.3e %16.3e\n", planar ? "planar" : "spatial", n, tmm, ric);
      csv << (planar ? "planar" : "spatial") << ',' << n << ',' << tmm << ',' << ric << '\n';
    }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  try {
    o = parse(argc, argv);
  } catch (const std::exception&) {  // std::stoi, std::stod on a word that is no number
    std::fprintf(stderr, "mstmm-bench: an option's value is not a number (mstmm-bench --help lists them)\n");
    return 2;
  }
  if (!o.accuracyCsv.empty()) return accuracyStudy(o.accuracyCsv);
  if (o.againstDart) {
    bench::SideBySideOptions side;
    if (o.sizes != Options{}.sizes) side.sizes = o.sizes;
    side.minTime = o.minTime;
    side.batches = o.batches;
    side.largestForDart = o.dartMax;
    return bench::runAgainstDart(side);
  }
  std::ofstream csv;
  if (!o.csv.empty()) {
    csv.open(o.csv);
    csv << "solver,system,bodies,dof,threads,seconds_per_evaluation,seconds_per_rk4_step,microseconds_per_body_evaluation\n";
  }
  std::printf("%-14s %-15s %7s %7s %7s %13s %13s %13s\n", "solver", "system", "bodies", "DOF", "threads", "s/evaluation", "s/RK4 step", "us/body/eval");
  const std::vector<Case> all = cases(o);
  for (const std::string& solverName : o.solvers) {
    std::map<std::string, bool> stopped;  // per system: a size already took too long
    for (const Case& c : all) {
      if (!applicable(solverName, c) || stopped[c.system]) continue;
      const auto start = Clock::now();
      SolverOutput probe;
      makeSolver(*solverKindFromString(solverName), c.model)->evaluate(initialState(*c.model), probe);
      if (seconds(start) > o.maxEval) {
        std::printf("%-14s %-15s %7d   (one evaluation took %.0f s: larger sizes skipped)\n", solverName.c_str(), c.system.c_str(), c.bodies, seconds(start));
        stopped[c.system] = true;
        continue;
      }
      std::vector<int> threads{1};
      if (solverName == "riccati" && c.system != "chain" && c.bodies >= 3000) threads.push_back(2);
      for (int t : threads) {
        const Row r = measure(solverName, c, t, o);
        std::printf("%-14s %-15s %7d %7d %7d %13.4e %13.4e %13.4f\n", r.solver.c_str(), r.system.c_str(), r.bodies, r.dof, r.threads,
                    r.evaluation, r.step, 1e6 * r.evaluation / r.bodies);
        std::fflush(stdout);
        if (csv) {
          csv << r.solver << ',' << r.system << ',' << r.bodies << ',' << r.dof << ',' << r.threads << ',' << r.evaluation << ',';
          if (r.step > 0) csv << r.step;
          csv << ',' << 1e6 * r.evaluation / r.bodies << '\n';
        }
      }
    }
  }
  return 0;
}
