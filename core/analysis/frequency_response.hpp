#pragma once
// Steady-state response to a harmonic input (equations.md §10.5): for an
// input w = Re(W e^{i 2 pi f t}) the output settles to Re(H(f) W e^{i 2 pi f t})
// with H(f) = c^T (K - w^2 M + i w C)^-1 F, w = 2 pi f.

#include <atomic>
#include <complex>
#include <string>
#include <vector>

#include "core/analysis/linear_io.hpp"
#include "core/analysis/linear_system.hpp"

namespace mstmm {

struct FrequencyRange {
  double from = 0.1;  // Hz
  double to = 10.0;   // Hz
  int points = 200;
  bool logarithmic = true;
  /// The frequencies themselves (Hz, positive, ascending): one, or any
  /// list. When given, from, to and points are not used.
  std::vector<double> list;
};

struct FrequencyResponse {
  std::string input, output, inputUnit, outputUnit;
  std::vector<double> frequency;               // Hz
  std::vector<std::complex<double>> response;  // output per unit input
  std::vector<double> phase;                   // degrees, unwrapped along the range (unwrapPhase)
  double magnitude(std::size_t k) const { return std::abs(response[k]); }
  double decibels(std::size_t k) const;
  double phaseDegrees(std::size_t k) const { return phase[k]; }
};

/// Fills `phase`: each phase the principal value nearest to the one before.
void unwrapPhase(FrequencyResponse& response);

/// The frequencies of a range; throws mstmm::Error (kind Input) on a range
/// that is not positive and increasing or has fewer than 2 points.
std::vector<double> frequencies(const FrequencyRange& range);

/// H(f) from the dense matrices of a linearised model.
/// `cancel`, when set, is checked at every frequency (checkCancelled, linearisation.hpp).
FrequencyResponse frequencyResponse(const LinearSystem& system, const LinearChannel& input, const LinearChannel& output, const FrequencyRange& range,
                                    const std::atomic<bool>* cancel = nullptr);

class LinearTree;
/// H(f) by the complex linearised Riccati sweep, O(N) per frequency
/// (equations.md §10.6): one factorisation at w and one solve.
FrequencyResponse frequencyResponse(const LinearTree& tree, const LinearChannel& input, const LinearChannel& output, const FrequencyRange& range,
                                    const std::atomic<bool>* cancel = nullptr);

}  // namespace mstmm
