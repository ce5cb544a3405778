#pragma once
// Checks a ModelSpec and reports every problem with a message that names the
// element ("body '7': inertia is not positive definite ..."). The GUI shows
// the list and highlights the elements; compile() refuses a spec with errors.

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/spec/model_spec.hpp"

namespace mstmm {

enum class Severity { Error, Warning };

struct Diagnostic {
  Severity severity = Severity::Error;
  ErrorSubject subject;
  std::string message;
};

std::vector<Diagnostic> validate(const ModelSpec& spec);

bool hasErrors(const std::vector<Diagnostic>& diagnostics);

/// The most steps a run may plan (end time / time step): at 0.1 us per body
/// a step, more would not end in a lifetime, and a time step of 1e-320 s
/// (a denormal that passes "positive") would plan 1e320 of them.
inline constexpr double kMaxPlannedSteps = 1e10;

/// The most bodies a model may have, as the generators allow.
inline constexpr std::size_t kMaxBodies = 1000000;

/// What is wrong with run settings, one message each ("simulation: ..."):
/// validate() lists them for a model, simulate() refuses to start with them.
std::vector<std::string> settingsProblems(const SimulationSettings& settings);

}  // namespace mstmm
