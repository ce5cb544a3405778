#pragma once
// An isotropic beam's shear modulus from its Poisson's ratio and back,
// G = E / (2 (1 + nu)): a user may give either (docs/model-format.md,
// "Beams"); the spec keeps G.

namespace mstmm {

/// The range of Poisson's ratio for an isotropic material that is stable
/// (positive E, G and bulk modulus): -1 < nu <= 1/2.
inline bool plausiblePoissonRatio(double nu) { return nu > -1.0 && nu <= 0.5; }

inline double shearModulusFromPoisson(double youngsModulus, double nu) { return youngsModulus / (2.0 * (1.0 + nu)); }

inline double poissonRatio(double youngsModulus, double shearModulus) { return youngsModulus / (2.0 * shearModulus) - 1.0; }

}  // namespace mstmm
