// The revolute hinge: rotation about an axis fixed in the root side, 1 DOF
// (equations.md §3.3: H = [0; n], c = [0; Omega_root x Omega_tip]).
#include <cmath>

#include "core/model/joints/joint_checks.hpp"
#include "core/model/joints/joint_types.hpp"

namespace mstmm {

namespace {

void checkRevolute(const HingeSpec& hinge, ModelKind kind, JointProblems& problems) {
  if (!joint_checks::finite(hinge.axis) || hinge.axis.norm() < 1e-12)
    problems.push_back("revolute axis must be a non-zero finite vector");
  else if (kind == ModelKind::Planar && hinge.axis.head<2>().norm() > 1e-12 * hinge.axis.norm())
    problems.push_back("in a planar model a revolute axis must be the z axis");
}

}  // namespace

const JointModel& revoluteJoint() {
  static const JointModel joint{
      .type = HingeType::Revolute,
      .name = "revolute",
      .label = "Revolute",
      .planar = {.dof = 1, .release = JointRelease::RotationFree, .coordinate = JointCoordinate::PlanarAngle},
      .spatial = {.dof = 1, .release = JointRelease::SingleAxis, .heldRotations = 2, .coordinate = JointCoordinate::AxisAngle},
      .fields = {.axis = true},
      .check = checkRevolute,
      .motion = joint_checks::axisMotion,  // the sweep's kernel for it is specialised (SingleAxis); loops and charts ask this
  };
  return joint;
}

}  // namespace mstmm
