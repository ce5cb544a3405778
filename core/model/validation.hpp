#pragma once
// Checks a ModelSpec and reports every problem with a message that names the
// element ("body '7': inertia is not positive definite ..."). The GUI shows
// the list and highlights the elements; compile() refuses a spec with errors.

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/model/model_spec.hpp"

namespace mstmm {

enum class Severity { Error, Warning };

struct Diagnostic {
  Severity severity = Severity::Error;
  ErrorSubject subject;
  std::string message;
};

std::vector<Diagnostic> validate(const ModelSpec& spec);

bool hasErrors(const std::vector<Diagnostic>& diagnostics);

/// Formats a number for messages: shortest round-trippable-ish form ("%.6g").
std::string formatNumber(double value);

}  // namespace mstmm
