#pragma once
// The range of a model's physical numbers. A number can be finite and still
// make the equations overflow: a spring reference of 1e308 m times any
// stiffness, gravity of 1e308 m/s^2 times any mass, are infinities at the
// first evaluation, and a solver would pass them on as accelerations (a
// silent wrong answer) or a run would name a wrong cause. So masses, lengths,
// positions, inertias, stiffnesses, dampings, forces and gravity must lie
// within +-kLargestModelNumber: products of ten of them stay far below the
// largest double (1e308), and no model of a machine, a robot or a planet's
// moon comes near it (steel's Young's modulus is 2.1e11 Pa). Rates of the
// initial state are the run's to judge (simulation.cpp: a motion too large
// to compute with), and times and frequencies of time functions enter only
// through bounded sines.

#include <vector>

#include "core/spec/model_spec.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

inline constexpr double kLargestModelNumber = 1e30;

/// Appends an error for each element with a physical number beyond
/// +-kLargestModelNumber (the first such number of the element, by name).
void checkModelRange(const ModelSpec& spec, std::vector<Diagnostic>& out);

}  // namespace mstmm
