// The weld: a clamp, no relative motion (0 DOF); every rotation is held.
#include "core/model/joints/joint_types.hpp"

namespace mstmm {

const JointModel& weldJoint() {
  static const JointModel joint{
      .type = HingeType::Weld,
      .name = "weld",
      .label = "Weld (clamp)",
      .planar = {.dof = 0, .release = JointRelease::Locked, .heldRotations = 1},
      .spatial = {.dof = 0, .release = JointRelease::Locked, .heldRotations = 3},
  };
  return joint;
}

}  // namespace mstmm
