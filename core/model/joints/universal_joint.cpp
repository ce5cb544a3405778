// The universal (Cardan) hinge: two rotations, about `axis` fixed in the
// root side and `axis2` fixed in the tip side, 2 DOF (docs/hinge-types.md).
// H's rotation columns are n1 and n2; with Omega_tip - Omega_root =
// a1 n1 + a2 n2 (dual axes d_k), c_rot = a1 Omega_root x n1 + a2 Omega_tip x n2.
#include "core/model/joints/joint_checks.hpp"
#include "core/model/joints/joint_types.hpp"
#include "core/model/model.hpp"

namespace mstmm {

namespace {

void checkUniversal(const HingeSpec& hinge, ModelKind, JointProblems& problems) {
  joint_checks::axis(hinge.axis, "root-side axis", problems);
  joint_checks::axis(hinge.axis2, "tip-side axis (axis2)", problems);
}

void compileUniversal(const HingeSpec& spec, ModelKind, CompiledHinge& hinge) { hinge.axis2InTip = spec.axis2.normalized(); }

void universalMotion(const CompiledHinge& hinge, const JointMotionInput& in, JointMotion& out) {
  const Vec3 n1 = in.rootRotation * hinge.axisInParent;
  const Vec3 n2 = in.tipRotation * hinge.axis2InTip;
  out.rotation[0] = n1;
  out.rotation[1] = n2;
  const Vec3 rel = in.omegaTip - in.omegaRoot;
  Vec3 d1, d2;
  dualAxes(n1, n2, d1, d2);
  const double a1 = d1.dot(rel), a2 = d2.dot(rel);
  out.biasRotation = a1 * in.omegaRoot.cross(n1) + a2 * in.omegaTip.cross(n2);
}

}  // namespace

const JointModel& universalJoint() {
  static const JointModel joint{
      .type = HingeType::Universal,
      .name = "universal",
      .label = "Universal (Cardan)",
      .planar = {.allowed = false, .dof = 2, .release = JointRelease::MultiAxis, .coordinates = {"angle1", "angle2"}},
      .spatial = {.dof = 2, .release = JointRelease::MultiAxis, .heldRotations = 1, .coordinates = {"angle1", "angle2"}},
      .fields = {.axis = true, .axis2 = true},
      .axisName = "Root-side axis",
      .check = checkUniversal,
      .compile = compileUniversal,
      .motion = universalMotion,
  };
  return joint;
}

}  // namespace mstmm
