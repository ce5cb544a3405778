#include "app/cli/simulation_options.hpp"

#include <sys/resource.h>

#include <iostream>

#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"
#include "core/sim/simulation.hpp"

namespace mstmm::cli {

const std::set<std::string> kSimulationOptions = {"t-end", "dt", "integrator", "every", "solver", "bodies", "rtol", "atol",
                                                  "rho-inf", "loop-stabilisation", "alpha", "beta"};

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
  else if (integrator == "generalized-alpha") s.integrator = IntegratorKind::GeneralizedAlpha;
  else if (integrator == "bdf") s.integrator = IntegratorKind::Bdf;
  else throw Error(ErrorKind::Input, "--integrator must be rk4, dopri5, generalized-alpha or bdf, not '" + integrator + "'");
  s.spectralRadius = a.number("rho-inf", s.spectralRadius);
  if (!(s.spectralRadius >= 0.0 && s.spectralRadius <= 1.0))
    throw Error(ErrorKind::Input, "--rho-inf must be a number in [0, 1] (generalized-alpha's spectral radius at infinite frequency), not " + formatNumber(s.spectralRadius));
  const std::string solver = a.value("solver", toString(s.solver));
  const std::optional<SolverKind> kind = solverKindFromString(solver);
  if (!kind) throw Error(ErrorKind::Input, "--solver must be riccati, newton-euler, mass-matrix or classical-tmm, not '" + solver + "'");
  s.solver = *kind;
  const std::string drift = a.value("loop-stabilisation", toString(s.loopStabilisation));
  if (drift == "baumgarte") s.loopStabilisation = LoopStabilisation::Baumgarte;
  else if (drift == "projection") s.loopStabilisation = LoopStabilisation::Projection;
  else if (drift == "none") s.loopStabilisation = LoopStabilisation::None;
  else throw Error(ErrorKind::Input, "--loop-stabilisation must be baumgarte, projection or none, not '" + drift + "'");
  s.baumgarteAlpha = a.number("alpha", s.baumgarteAlpha);
  s.baumgarteBeta = a.number("beta", s.baumgarteBeta);
  if (a.has("project-initial-state")) s.projectInitialState = true;
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
  if (isAdaptive(s.integrator)) text += ", rtol " + formatNumber(s.relativeTolerance) + ", atol " + formatNumber(s.absoluteTolerance);
  if (s.integrator == IntegratorKind::GeneralizedAlpha) text += ", rho_inf " + formatNumber(s.spectralRadius);
  return text + ", every " + std::to_string(s.outputEvery) + ", t_end " + formatNumber(s.endTime) + " s, loops: " + toString(s.loopStabilisation);
}

// Linux reports the peak in KiB.
void printWarnings(const ModelSpec& spec) {
  for (const Diagnostic& d : validate(spec))
    if (d.severity == Severity::Warning) std::cerr << "mstmm: warning: " << d.message << "\n";
}

double peakMemoryMiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

}  // namespace mstmm::cli
