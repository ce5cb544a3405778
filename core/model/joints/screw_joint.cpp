// The screw (helical) hinge: one coordinate, a turn theta about an axis
// fixed in the root side with the slide s = p theta along it (pitch p in
// m/rad; ADAMS, Simscape, Chrono and Drake have it). Its slide pair [s, s']
// in the state carries the whole turn, so theta = s / p never wraps.
//   H = [p n; n],  c = [2 Omega_root x s' n; Omega_root x Omega_tip]
// (a cylindrical hinge whose two columns move together; equations.md §3.3).
// Spatial only: in a plane a turn about z cannot slide along z.
#include <cmath>

#include "core/model/joints/joint_checks.hpp"
#include "core/model/joints/joint_types.hpp"
#include "core/model/model.hpp"

namespace mstmm {

namespace {

void checkScrew(const HingeSpec& hinge, ModelKind kind, JointProblems& problems) {
  joint_checks::axis(hinge.axis, "screw axis", problems);
  if (!std::isfinite(hinge.pitch) || hinge.pitch == 0.0)
    problems.push_back("the pitch must be a finite, non-zero number of metres per radian (a pitch of 0 is a revolute hinge)");
  if (!std::isfinite(hinge.slide) || !std::isfinite(hinge.slideRate)) problems.push_back("the initial slide and slide rate must be finite numbers");
  (void)kind;
}

void compileScrew(const HingeSpec& spec, ModelKind, CompiledHinge& hinge) {
  hinge.slideAxes[0] = hinge.axisInParent;
  hinge.pitch = spec.pitch;
  hinge.slideColumns = 0;
}

void screwMotion(const CompiledHinge& hinge, const JointMotionInput& in, JointMotion& out) {
  const Vec3 n = in.rootRotation * hinge.axisInParent;
  out.translation[0] = hinge.pitch * n;
  out.rotation[0] = n;
  out.biasTranslation = 2.0 * in.omegaRoot.cross(in.slideVelocity);
  out.biasRotation = in.omegaRoot.cross(in.omegaTip);
}

void screwSlides(const CompiledHinge& hinge, const double* nu, double* s) { s[0] = hinge.pitch * nu[0]; }

}  // namespace

const JointModel& screwJoint() {
  static const JointModel joint{
      .type = HingeType::Screw,
      .name = "screw",
      .label = "Screw (helical: turns and slides along one axis)",
      .planar = {.allowed = false, .dof = 1, .slides = 1, .release = JointRelease::MultiAxis, .coordinate = JointCoordinate::ScrewAngle},
      .spatial = {.dof = 1, .slides = 1, .release = JointRelease::MultiAxis, .heldRotations = 2, .coordinate = JointCoordinate::ScrewAngle},
      .fields = {.axis = true, .slide = true, .pitch = true},
      .axisName = "Screw axis",
      .wrongKind = "a screw hinge is spatial (it turns about an axis and slides along the same axis); in a planar model use a pin or a slider",
      .check = checkScrew,
      .compile = compileScrew,
      .motion = screwMotion,
      .slidesOf = screwSlides,
  };
  return joint;
}

}  // namespace mstmm
