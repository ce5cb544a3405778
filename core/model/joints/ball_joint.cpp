// The ball-and-socket hinge (000 §2): the tip side turns freely about the
// joint point, 3 DOF, the rotation in the bodies' own quaternions. In a
// planar model it is not allowed (a pin is), but compiles as one.
// Released with the fused ball kernels (ball_kernels.hpp) unless it has armature.
#include "core/model/joints/joint_checks.hpp"
#include "core/model/joints/joint_types.hpp"

namespace mstmm {

const JointModel& ballJoint() {
  static const JointModel joint{
      .type = HingeType::Ball,
      .name = "ball",
      .label = "Ball-and-socket",
      .planar = {.allowed = false, .dof = 1, .release = JointRelease::RotationFree, .coordinate = JointCoordinate::PlanarAngle},
      .spatial = {.dof = 3, .release = JointRelease::RotationFree, .coordinate = JointCoordinate::Rotation},
      .wrongKind = "a ball-and-socket hinge is spatial; in a planar model use a pin",
      // The general form, which a ball with armature is released with (equations.md §3.8).
      .motion = joint_checks::freeRotationMotion,
  };
  return joint;
}

}  // namespace mstmm
