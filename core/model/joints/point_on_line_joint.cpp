// The point-on-line hinge (004 Ex. 3.3): a point of the tip side slides
// along a root-side line and turns freely, 4 DOF (planar: s and the angle).
#include "core/model/joints/joint_checks.hpp"
#include "core/model/joints/joint_types.hpp"

namespace mstmm {

const JointModel& pointOnLineJoint() {
  static const JointModel joint{
      .type = HingeType::PointOnLine,
      .name = "point-on-line",
      .label = "Point on a line",
      .planar = {.dof = 2, .slides = 1, .release = JointRelease::MultiAxis, .coordinates = {"s", "angle"}},
      .spatial = {.dof = 4, .slides = 1, .release = JointRelease::MultiAxis, .coordinates = {"s", "rotation"}},
      .fields = {.axis = true, .slide = true},
      .check = joint_checks::slideLine,
      .compile = joint_checks::compileSlideLine,
      .motion = joint_checks::freeRotationMotion,
  };
  return joint;
}

}  // namespace mstmm
