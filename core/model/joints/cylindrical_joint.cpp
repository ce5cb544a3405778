// The cylindrical hinge: slide along and rotation about one axis fixed in
// the root side, 2 DOF (docs/hinge-types.md): H = [u 0; 0 n], c = [2
// Omega_root x s' u; Omega_root x Omega_tip].
#include "core/model/joints/joint_checks.hpp"
#include "core/model/joints/joint_types.hpp"
#include "core/model/model.hpp"

namespace mstmm {

namespace {

void checkCylindrical(const HingeSpec& hinge, ModelKind kind, JointProblems& problems) {
  joint_checks::axis(hinge.axis, "axis", problems);
  joint_checks::slideLine(hinge, kind, problems);
}

void compileCylindrical(const HingeSpec&, ModelKind, CompiledHinge& hinge) { hinge.slideAxes[0] = hinge.axisInParent; }

void cylindricalMotion(const CompiledHinge& hinge, const JointMotionInput& in, JointMotion& out) {
  joint_checks::slideColumns(hinge, in, out);
  out.translation[1].setZero();
  out.rotation[1] = in.rootRotation * hinge.axisInParent;
  out.biasRotation = in.omegaRoot.cross(in.omegaTip);
}

}  // namespace

const JointModel& cylindricalJoint() {
  static const JointModel joint{
      .type = HingeType::Cylindrical,
      .name = "cylindrical",
      .label = "Cylindrical",
      .planar = {.allowed = false, .dof = 2, .slides = 1, .release = JointRelease::MultiAxis, .coordinates = {"slide", "angle"}},
      .spatial = {.dof = 2, .slides = 1, .release = JointRelease::MultiAxis, .heldRotations = 2, .coordinates = {"slide", "angle"}},
      .fields = {.axis = true, .slide = true},
      .check = checkCylindrical,
      .compile = compileCylindrical,
      .motion = cylindricalMotion,
  };
  return joint;
}

}  // namespace mstmm
