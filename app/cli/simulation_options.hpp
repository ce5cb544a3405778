#pragma once
// What `simulate` and `export` share: the options that override a model's
// simulation settings, the --bodies selection, and the run's description.

#include <set>
#include <string>
#include <vector>

#include "app/cli/arguments.hpp"
#include "core/model/model.hpp"

namespace mstmm::cli {

/// --t-end --dt --integrator --every --solver --bodies --rtol --atol
extern const std::set<std::string> kSimulationOptions;

/// Applies the options given to `s`; throws mstmm::Error for bad values.
void applyOverrides(const Arguments& a, SimulationSettings& s);
/// Compiled indices of a comma-separated list of body names (empty: none).
std::vector<int> selectBodies(const Model& model, const std::string& list);
/// One line: solver, integrator, step, tolerances, output interval, end time.
std::string describe(const SimulationSettings& s);
/// Prints the model check's warnings (a beam's time step, ...) on standard
/// error, "mstmm: warning: ...", before a run takes them.
void printWarnings(const ModelSpec& spec);
/// Peak resident memory of this process so far, in MiB.
double peakMemoryMiB();

}  // namespace mstmm::cli
