#pragma once
// Mass properties of a body from its shape, and the parallel-axis shift to
// the inertia about the input end I_1 that the transfer matrices need
// (000 Eq. 5 uses J'_I; equations.md §7.2).

#include "core/spec/model_spec.hpp"

namespace mstmm {

struct MassProperties {
  double mass = 0.0;
  Vec3 com = Vec3::Zero();          // centre of mass, body frame
  Mat3 inertiaAtCom = Mat3::Zero(); // about the centre of mass, body axes
};

/// Mass, centre of mass and inertia about the centre of mass of a shape.
/// Does not validate; see validate() for the checks and their messages.
MassProperties massProperties(const ShapeSpec& shape);

/// The same with a point mass m at p added (an unbalance, docs/rotors.md R2):
/// the centres of mass combine, and each inertia moves to the new centre.
MassProperties withPointMass(const MassProperties& body, double mass, const Vec3& position);

/// Centroid of a rod, cylinder or box (its `center`, or half its length on x).
Vec3 shapeCentroid(const ShapeSpec& shape);

/// Inertia about the point at `offset` from the centre of mass (parallel axes):
/// J_P = J_C + m (|d|^2 I - d d^T) with d = P - C.
Mat3 shiftInertia(const Mat3& inertiaAtCom, double mass, const Vec3& offset);

}  // namespace mstmm
