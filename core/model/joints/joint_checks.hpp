#pragma once
// The checks that several joint types share, worded as the model check
// words them (validation.cpp names the hinge in front).

#include "core/model/joints/joint_model.hpp"

namespace mstmm::joint_checks {

bool finite(const Vec3& v);
/// `what` must be a non-zero finite vector.
void axis(const Vec3& axis, const char* what, JointProblems& problems);
/// A slide axis (in the x-y plane of a planar model) and a finite initial slide and rate.
void slideLine(const HingeSpec& hinge, ModelKind kind, JointProblems& problems);
/// Finite initial translations and rates (in the x-y plane of a planar model).
void translation(const HingeSpec& hinge, ModelKind kind, JointProblems& problems);

/// The unit rotation axis in the root side: z in a planar model.
Vec3 rotationAxis(const HingeSpec& hinge, ModelKind kind);
/// The unit slide line in the root side: in the x-y plane of a planar model.
Vec3 slideAxis(const HingeSpec& hinge, ModelKind kind);

/// Compiles a hinge that slides along its axis (slider, point-on-line): the
/// slide line as its axis and its one slide direction.
void compileSlideLine(const HingeSpec& spec, ModelKind kind, CompiledHinge& hinge);

/// H and c of the slides u_j = R_root u'_j (columns 0..slides-1), with the
/// Coriolis bias 2 Omega_root x sum_j s'_j u_j (equations.md §3.3).
void slideColumns(const CompiledHinge& hinge, const JointMotionInput& in, JointMotion& out);

}  // namespace mstmm::joint_checks

namespace mstmm::joint_checks {

/// H and c of one rotation about the root-side axis n = R_root a' (z in a
/// planar model): H = [0; n], c = [0; Omega_root x Omega_tip] (n turns with
/// the root side; equations.md §3.3).
void axisMotion(const CompiledHinge& hinge, const JointMotionInput& in, JointMotion& out);

/// H and c of slides followed by a free rotation (free, point-on-line): the
/// rotation columns are the world axes (z alone in a planar model) and
/// c_rot = Omega_root x Omega_tip.
void freeRotationMotion(const CompiledHinge& hinge, const JointMotionInput& in, JointMotion& out);

}  // namespace mstmm::joint_checks
