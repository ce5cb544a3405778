// The planar hinge: slides in the root-side plane normal to `axis` (first
// direction axis2, second axis x axis2) and rotation about that normal,
// 3 DOF (docs/hinge-types.md).
#include "core/model/joints/joint_checks.hpp"
#include "core/model/joints/joint_types.hpp"
#include "core/model/model.hpp"

namespace mstmm {

namespace {

void checkPlanar(const HingeSpec& hinge, ModelKind kind, JointProblems& problems) {
  joint_checks::axis(hinge.axis, "plane normal (axis)", problems);
  joint_checks::axis(hinge.axis2, "first slide direction (axis2)", problems);
  if (joint_checks::finite(hinge.axis) && joint_checks::finite(hinge.axis2) && hinge.axis.normalized().cross(hinge.axis2.normalized()).norm() < 1e-6)
    problems.push_back("the first slide direction (axis2) lies along the plane normal (axis); give a direction in the plane");
  joint_checks::translation(hinge, kind, problems);
}

void compilePlanar(const HingeSpec& spec, ModelKind, CompiledHinge& hinge) {
  const Vec3 n = hinge.axisInParent;
  hinge.slideAxes[0] = (spec.axis2 - spec.axis2.dot(n) * n).normalized();
  hinge.slideAxes[1] = n.cross(hinge.slideAxes[0]);
}

void planarMotion(const CompiledHinge& hinge, const JointMotionInput& in, JointMotion& out) {
  joint_checks::slideColumns(hinge, in, out);
  out.translation[2].setZero();
  out.rotation[2] = in.rootRotation * hinge.axisInParent;
  out.biasRotation = in.omegaRoot.cross(in.omegaTip);
}

}  // namespace

const JointModel& planarJoint() {
  static const JointModel joint{
      .type = HingeType::Planar,
      .name = "planar",
      .label = "Planar (slides in a plane, turns about its normal)",
      .planar = {.allowed = false, .dof = 3, .slides = 2, .release = JointRelease::MultiAxis, .coordinates = {"s1", "s2", "angle"}},
      .spatial = {.dof = 3, .slides = 2, .release = JointRelease::MultiAxis, .heldRotations = 2, .coordinates = {"s1", "s2", "angle"}},
      .fields = {.axis = true, .axis2 = true, .translation = true},
      .axisName = "Plane normal",
      .check = checkPlanar,
      .compile = compilePlanar,
      .motion = planarMotion,
  };
  return joint;
}

}  // namespace mstmm
