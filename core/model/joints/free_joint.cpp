// The free hinge (001): three slides along the root side's axes and a free
// rotation, 6 DOF (planar: x, y and the angle); to the ground it makes a
// free-floating root. The rotation columns are the world axes and
// c_rot = Omega_root x Omega_tip, so that nu' is the rate of
// Omega_tip - Omega_root (MuJoCo's free joint; equations.md §3.8).
#include "core/model/joints/joint_checks.hpp"
#include "core/model/joints/joint_types.hpp"
#include "core/model/model.hpp"

namespace mstmm {

namespace {

void compileFree(const HingeSpec&, ModelKind, CompiledHinge& hinge) {
  for (int j = 0; j < hinge.slides; ++j) hinge.slideAxes[static_cast<std::size_t>(j)] = Vec3::Unit(j);
}

}  // namespace

const JointModel& freeJoint() {
  static const JointModel joint{
      .type = HingeType::Free,
      .name = "free",
      .label = "Free (6 DOF; to the ground: a floating root)",
      .planar = {.dof = 3, .slides = 2, .release = JointRelease::MultiAxis, .coordinates = {"x", "y", "angle"}},
      .spatial = {.dof = 6, .slides = 3, .release = JointRelease::MultiAxis, .coordinates = {"x", "y", "z", "rotation"}},
      .fields = {.translation = true},
      .check = joint_checks::translation,
      .compile = compileFree,
      .motion = joint_checks::freeRotationMotion,
  };
  return joint;
}

}  // namespace mstmm
