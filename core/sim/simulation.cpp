#include "core/sim/simulation.hpp"

#include <optional>

#include "core/model/validation.hpp"
#include "core/sim/integrator.hpp"
#include "core/sim/run.hpp"

namespace mstmm {

namespace {

/// The always-on checks of a run's arguments: the first problem, or none.
std::optional<Error> argumentProblem(const Model& model, const SimulationSettings& settings, const RunOptions& options) {
  if (const auto problems = settingsProblems(settings); !problems.empty()) return Error(ErrorKind::Input, problems.front());
  if (options.inputs && !model.takesRunInputs())
    return Error(ErrorKind::Input, "model '" + model.name() + "' was not compiled to take a run's inputs (CompileOptions::runInputs)");
  if (options.stepLimit < 0) return Error(ErrorKind::Input, "the step limit is negative (" + std::to_string(options.stepLimit) + ")");
  if (const Eigen::VectorXd* y = options.initialState) {
    if (y->size() != stateSize(model))
      return Error(ErrorKind::Input, "the initial state has " + std::to_string(y->size()) + " entries; model '" + model.name() + "' needs " +
                                         std::to_string(stateSize(model)));
    if (!y->allFinite()) return Error(ErrorKind::Input, "the initial state contains a non-finite number");
  }
  return std::nullopt;
}

}  // namespace

RunReport simulate(std::shared_ptr<const Model> model, const SimulationSettings& settings, ResultSink& sink,
                   const RunOptions& options) {
  if (!model) throw Error(ErrorKind::Input, "simulate: there is no model");
  if (std::optional<Error> problem = argumentProblem(*model, settings, options)) {
    RunReport refused;  // nothing ran: nothing recorded
    refused.status = RunStatus::Failed;
    refused.error = std::move(problem);
    sink.finish();
    return refused;
  }
  std::optional<Run> run;
  try {  // the solver refuses a model it cannot handle (mass-matrix and a loop): a report, as any failure
    run.emplace(std::move(model), settings, sink, options);
  } catch (const Error& e) {
    RunReport refused;
    refused.status = RunStatus::Failed;
    refused.error = e;
    sink.finish();
    return refused;
  }
  return run->execute();
}

}  // namespace mstmm
