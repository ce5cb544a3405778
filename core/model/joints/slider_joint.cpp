// The slider (002): translation along an axis fixed in the root side, the
// rotation locked, 1 DOF; its slide s and rate s' are ODE states
// (equations.md §3.3: H = [u; 0], c = [2 s' Omega_root x u; 0]).
#include "core/model/joints/joint_checks.hpp"
#include "core/model/joints/joint_types.hpp"

namespace mstmm {

const JointModel& sliderJoint() {
  static const JointModel joint{
      .type = HingeType::Slider,
      .name = "slider",
      .label = "Slider (prismatic)",
      .planar = {.dof = 1, .slides = 1, .release = JointRelease::Slide, .heldRotations = 1, .coordinate = JointCoordinate::Slide},
      .spatial = {.dof = 1, .slides = 1, .release = JointRelease::Slide, .heldRotations = 3, .coordinate = JointCoordinate::Slide},
      .fields = {.axis = true, .slide = true},
      .check = joint_checks::slideLine,
      .compile = joint_checks::compileSlideLine,
      .motion = joint_checks::slideColumns,  // the sweep's kernel for it is specialised (Slide); loops and charts ask this
  };
  return joint;
}

}  // namespace mstmm
