#pragma once
// The elastic joint between two pieces of a spatial beam (equations.md
// §11.2): bending about the beam's y and z axes and torsion about x, as one
// potential of the relative rotation. Planar beams and the axial stretch
// use the hinge springs of their joints instead (a pin's or a slide's).

#include "core/math/rotation.hpp"

namespace mstmm {

struct CompiledBeamJoint {
  int body = -1;    // compiled index of the piece on the tip side
  int parent = -1;  // the piece on the root side
  Vec3 stiffness = Vec3::Zero();  // (GJ, EI_y, EI_z) / h, N m/rad, beam axes
  Vec3 damping = Vec3::Zero();    // beta times the stiffness, N m s/rad
};

/// Rayleigh's mass-proportional damping of one piece of a beam
/// (equations.md §11.3): its velocity and angular velocity relative to the
/// beam's root piece carried rigidly are damped by alpha m and alpha J; the
/// root piece takes the opposite force and moment, so the pair changes no
/// momentum and only takes energy out.
struct CompiledBeamDrag {
  int body = -1;  // the piece
  int root = -1;  // its beam's root piece
  double alpha = 0.0;  // 1/s
};

struct BeamJointLoad {
  Vec3 moment = Vec3::Zero();  // on the tip-side piece, world axes; the root side takes -moment
  double potential = 0.0;      // phi^T K phi / 2
  double dissipation = 0.0;    // w^T C w
};

/// The joint's moment at the pieces' orientations (body-to-world
/// quaternions of any length) and world angular velocities.
///
/// phi is the rotation vector of R = A_root^T A_tip (the pieces are
/// parallel at rest); V = phi^T K phi / 2 with K diagonal in beam axes.
/// The moment that does exactly the work -dV is A_root J_l^{-T}(phi) K phi
/// on the root side and its opposite on the tip side (equations.md Eq. 11.4),
/// so the energy balance holds to the integrator's accuracy at any bend.
BeamJointLoad beamJointLoad(const CompiledBeamJoint& joint, const Quat& root, const Quat& tip, const Vec3& rootOmega, const Vec3& tipOmega);

}  // namespace mstmm
