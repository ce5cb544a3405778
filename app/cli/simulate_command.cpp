#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "core/io/model_json.hpp"
#include "core/io/results_csv.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/simulation.hpp"

namespace mstmm::cli {

namespace {

std::atomic<bool> g_interrupted{false};
extern "C" void onInterrupt(int) { g_interrupted.store(true); }

void applyOverrides(const Arguments& a, SimulationSettings& s) {
  s.endTime = a.number("t-end", s.endTime);
  s.timeStep = a.number("dt", s.timeStep);
  s.relativeTolerance = a.number("rtol", s.relativeTolerance);
  s.absoluteTolerance = a.number("atol", s.absoluteTolerance);
  const long every = a.integer("every", s.outputEvery);
  if (every < 1 || every > 1000000000L) throw Error(ErrorKind::Input, "--every must be a positive number of steps");
  s.outputEvery = static_cast<int>(every);
  const std::string integrator = a.value("integrator", toString(s.integrator));
  if (integrator == "rk4") s.integrator = IntegratorKind::Rk4;
  else if (integrator == "dopri5") s.integrator = IntegratorKind::DormandPrince45;
  else throw Error(ErrorKind::Input, "--integrator must be rk4 or dopri5, not '" + integrator + "'");
  const std::string solver = a.value("solver", toString(s.solver));
  const std::optional<SolverKind> kind = solverKindFromString(solver);
  if (!kind) throw Error(ErrorKind::Input, "--solver must be riccati, newton-euler, mass-matrix or classical-tmm, not '" + solver + "'");
  s.solver = *kind;
}

std::vector<int> selectBodies(const Model& model, const std::string& list) {
  std::vector<int> bodies;
  for (const std::string& name : splitList(list, ',')) {
    const int b = model.bodyByName(name);
    if (b < 0) throw Error(ErrorKind::Input, "--bodies: the model has no body named '" + name + "'");
    bodies.push_back(b);
  }
  return bodies;
}

std::string describe(const SimulationSettings& s) {
  std::string text = std::string("solver ") + toString(s.solver) + ", integrator " + toString(s.integrator) + ", dt " + formatNumber(s.timeStep) + " s";
  if (s.integrator == IntegratorKind::DormandPrince45) text += ", rtol " + formatNumber(s.relativeTolerance) + ", atol " + formatNumber(s.absoluteTolerance);
  return text + ", every " + std::to_string(s.outputEvery) + ", t_end " + formatNumber(s.endTime) + " s";
}

/// Peak resident memory of this process so far, in MiB (Linux reports KiB).
double peakMemoryMiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

}  // namespace

int simulateCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"t-end", "dt", "out", "integrator", "every", "solver", "bodies", "rtol", "atol"}, {"float"});
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, "simulate needs exactly one model file (mstmm simulate MODEL.json ...)");
  const std::string modelPath = a.positional()[0];
  ModelSpec spec = loadModel(modelPath);
  applyOverrides(a, spec.simulation);  // before compile(), so validation checks the overrides too
  const std::shared_ptr<const Model> model = compile(spec);
  const std::string out = a.value("out", "-");
  CsvResultWriter writer(*model, out == "-" ? "/dev/stdout" : out, selectBodies(*model, a.value("bodies")),
                         {modelPath, describe(spec.simulation)}, a.has("float") ? CsvPrecision::Float : CsvPrecision::Double);
  std::signal(SIGINT, onInterrupt);
  RunOptions options;
  options.cancel = &g_interrupted;
  const auto start = std::chrono::steady_clock::now();
  const RunReport report = simulate(model, spec.simulation, writer, options);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "mstmm: '" << model->name() << "' to t = " << formatNumber(report.time) << " s: " << report.steps << " steps, "
            << report.evaluations << " evaluations, " << formatNumber(wall) << " s wall, peak memory " << formatNumber(peakMemoryMiB()) << " MiB";
  if (report.rejectedSteps) std::cerr << ", " << report.rejectedSteps << " rejected steps";
  std::cerr << "\n";
  if (report.status == RunStatus::Cancelled) {
    std::cerr << "mstmm: interrupted; the results up to t = " << formatNumber(report.time) << " s are written\n";
    return 130;
  }
  if (report.error) {
    std::cerr << "mstmm: error: " << report.error->what() << " (results up to this time are written)\n";
    return 3;
  }
  return 0;
}

}  // namespace mstmm::cli
