// The planar pin (000 §2): the planar revolute hinge about z, 1 DOF.
#include "core/model/joints/joint_checks.hpp"
#include "core/model/joints/joint_types.hpp"

namespace mstmm {

const JointModel& pinJoint() {
  static const JointModel joint{
      .type = HingeType::Pin,
      .name = "pin",
      .label = "Pin",
      .planar = {.dof = 1, .release = JointRelease::RotationFree, .coordinate = JointCoordinate::PlanarAngle},
      .spatial = {.allowed = false, .dof = 1, .release = JointRelease::RotationFree, .coordinate = JointCoordinate::PlanarAngle},
      .wrongKind = "a pin is the planar revolute hinge; in a spatial model use a revolute hinge with an axis, or a ball",
      .motion = joint_checks::axisMotion,  // the sweep's kernel for it is specialised (RotationFree); loops and charts ask this
  };
  return joint;
}

}  // namespace mstmm
