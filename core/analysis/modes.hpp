#pragma once
// Natural frequencies and mode shapes of a linearised model (equations.md
// §10.3): undamped, K x = w^2 M x (the symmetric part of K, with how far K
// is from symmetric reported); damped, the eigenvalues of A. Zero
// eigenvalues (free floating systems) are told apart from vibration as
// rigid-body modes.

#include <Eigen/Core>
#include <complex>
#include <string>
#include <vector>

#include "core/analysis/linear_system.hpp"

namespace mstmm {

struct UndampedMode {
  double omegaSquared = 0.0;   // w^2, rad^2/s^2 (negative: unstable)
  double frequency = 0.0;      // Hz; 0 for a rigid or unstable mode
  bool rigid = false;          // a zero eigenvalue: the system moves without restoring load
  bool unstable = false;       // w^2 < 0: the state is an unstable equilibrium along it
  Eigen::VectorXd shape;       // z, mass-normalised: shape^T M shape = 1
};

struct DampedMode {
  std::complex<double> eigenvalue;  // lambda, 1/s (one of each conjugate pair: Im >= 0)
  double naturalFrequency = 0.0;    // |lambda| / 2 pi, Hz
  double dampedFrequency = 0.0;     // Im lambda / 2 pi, Hz
  double dampingRatio = 0.0;        // -Re lambda / |lambda|
  bool rigid = false;
  Eigen::VectorXcd shape;           // z part of the eigenvector, largest entry 1
};

struct ModalAnalysis {
  std::vector<UndampedMode> undamped;  // ascending w^2 (rigid modes first)
  std::vector<DampedMode> damped;      // ascending |lambda|
  double asymmetry = 0.0;              // ||K - K^T|| / ||K||: nonconservative loads, or derivative error
};

/// A mode is rigid when |w^2| is below this fraction of the largest and its
/// shape x meets no stiffness: |x^T K x| below this fraction of ||K|| x^T x.
constexpr double kRigidModeTolerance = 1e-8;

ModalAnalysis denseModes(const LinearSystem& system);

}  // namespace mstmm
