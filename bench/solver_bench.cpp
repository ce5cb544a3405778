// mstmm-bench: time per solver evaluation and per RK4 step for ball-jointed
// chains and the branch system of 000 Fig. 1. Prints a table and, with
// --csv FILE, writes the measurements for scripts/performance-report.
//
// Timing: each case is run in batches; a batch repeats the operation until
// it has taken at least --min-time seconds; the reported time is the median
// over the batches (robust against a busy second core).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/generate/generators.hpp"
#include "core/model/model.hpp"
#include "core/sim/integrator.hpp"

namespace {

using namespace mstmm;
using Clock = std::chrono::steady_clock;

struct Options {
  double minTime = 0.2;
  int batches = 5;
  std::string csv;
  std::vector<std::string> solvers{"riccati"};
  std::vector<int> chainSizes{10, 100, 1000, 10000, 33334};
  bool branch = true;
};

struct Case {
  std::string system;
  int bodies = 0;
  std::shared_ptr<const Model> model;
};

/// Median seconds per call of `op` over several batches.
double timePerCall(const std::function<void()>& op, const Options& o) {
  op();  // warm up caches and the workspace
  std::vector<double> perCall;
  for (int b = 0; b < o.batches; ++b) {
    long calls = 0;
    const auto start = Clock::now();
    double elapsed = 0;
    do {
      op();
      ++calls;
      elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    } while (elapsed < o.minTime);
    perCall.push_back(elapsed / static_cast<double>(calls));
  }
  std::sort(perCall.begin(), perCall.end());
  return perCall[perCall.size() / 2];
}

SolverKind solverKind(const std::string& name) {
  if (name == "newton-euler") return SolverKind::NewtonEuler;
  return SolverKind::Riccati;
}

std::vector<Case> cases(const Options& o) {
  std::vector<Case> list;
  for (int n : o.chainSizes) {
    ChainOptions c;
    c.bodies = n;
    list.push_back({"chain", n, compile(generateChain(c))});
  }
  if (o.branch) list.push_back({"branch N=999", 500, compile(generateBranch({500, false}))});
  return list;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--csv") o.csv = next();
    else if (a == "--min-time") o.minTime = std::stod(next());
    else if (a == "--batches") o.batches = std::stoi(next());
    else if (a == "--solvers") {
      o.solvers.clear();
      std::string list = next();
      for (std::size_t p = 0; p != std::string::npos;) {
        const std::size_t q = list.find(',', p);
        o.solvers.push_back(list.substr(p, q == std::string::npos ? q : q - p));
        p = q == std::string::npos ? q : q + 1;
      }
    } else if (a == "--quick") {
      o.minTime = 0.02;
      o.batches = 3;
    } else {
      std::fprintf(stderr, "usage: mstmm-bench [--csv FILE] [--solvers riccati,newton-euler] [--min-time S] [--batches K] [--quick]\n");
      std::exit(2);
    }
  }
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  std::ofstream csv;
  if (!o.csv.empty()) {
    csv.open(o.csv);
    csv << "solver,system,bodies,dof,seconds_per_evaluation,seconds_per_rk4_step,microseconds_per_body_evaluation\n";
  }
  std::printf("%-14s %-13s %8s %9s %14s %14s %14s\n", "solver", "system", "bodies", "DOF", "s/evaluation", "s/RK4 step", "us/body/eval");
  for (const std::string& solverName : o.solvers) {
    for (const Case& c : cases(o)) {
      if (solverName == "newton-euler" && c.bodies > 10000) continue;  // sparse LU: minutes of setup per call
      auto solver = makeSolver(solverKind(solverName), c.model);
      Random random(1);
      Eigen::VectorXd y = initialState(*c.model);
      SolverOutput out;
      out.resize(c.model->bodyCount());
      const double eval = timePerCall([&] { solver->evaluate(y, out); }, o);
      OdeSystem ode(*solver);
      RungeKutta4 rk4;
      Eigen::VectorXd dy(y.size());
      ode.evaluate(y, dy, out);
      const double step = timePerCall([&] { rk4.step(ode, 0.0, y, dy, out, 1e-4); }, o);
      const double perBody = 1e6 * eval / c.bodies;
      std::printf("%-14s %-13s %8d %9d %14.4e %14.4e %14.4f\n", solverName.c_str(), c.system.c_str(), c.bodies,
                  c.model->degreesOfFreedom(), eval, step, perBody);
      std::fflush(stdout);
      if (csv) csv << solverName << ',' << c.system << ',' << c.bodies << ',' << c.model->degreesOfFreedom() << ',' << eval << ',' << step << ',' << perBody << '\n';
    }
  }
  return 0;
}
