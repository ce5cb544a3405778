#pragma once
// The k lowest modes of a large tree without a global mass matrix
// (equations.md §10.7): Lanczos iteration (Spectra's symmetric generalised
// shift-and-invert solver) on K x = w^2 M x, where each product with
// (K - sigma M)^-1 is one solve of the linearised Riccati sweep and each
// product with M one O(N) pass. The pivots of a factorisation just above the
// highest mode found count the eigenvalues below it (Sylvester), so a mode
// the iteration missed is seen.

#include "core/analysis/linear_sweep.hpp"
#include "core/analysis/modes.hpp"

namespace mstmm {

struct SweepModesOptions {
  int count = 10;            // vibrations wanted; rigid-body and unstable modes are counted beside them
  double tolerance = 1e-12;  // Lanczos' relative residual
  int maxIterations = 1000;  // restarts
  const std::atomic<bool>* cancel = nullptr;  // checked at every sweep (LinearisationOptions::cancel)
};

struct SweepModes {
  std::vector<UndampedMode> modes;  // the lowest vibrations: ascending w^2, M-normalised shapes (minimal coordinates)
  double shift = 0.0;               // sigma of the shift-and-invert
  long solves = 0;                  // sweeps (each O(N))
  long massProducts = 0;
  int missing = 0;                  // eigenvalues below the highest found that the iteration did not find (Sturm count)
  int rigid = 0;                    // zero eigenvalues (counted by the pivots; not computed)
  int unstable = 0;                 // negative eigenvalues (counted; not computed)
};

SweepModes sweepModes(const LinearTree& tree, const SweepModesOptions& options = {});

}  // namespace mstmm
