#include "core/model/joints/joint_checks.hpp"

#include <cmath>

#include "core/model/model.hpp"

namespace mstmm::joint_checks {

bool finite(const Vec3& v) { return std::isfinite(v.x()) && std::isfinite(v.y()) && std::isfinite(v.z()); }

void axis(const Vec3& axis, const char* what, JointProblems& problems) {
  if (!finite(axis) || axis.norm() < 1e-12) problems.push_back(std::string(what) + " must be a non-zero finite vector");
}

void slideLine(const HingeSpec& hinge, ModelKind kind, JointProblems& problems) {
  if (!finite(hinge.axis) || hinge.axis.norm() < 1e-12)
    problems.push_back("slide axis must be a non-zero finite vector");
  else if (kind == ModelKind::Planar && std::abs(hinge.axis.z()) > 1e-12 * hinge.axis.norm())
    problems.push_back("in a planar model a slide axis must lie in the x-y plane (its z component must be 0)");
  if (!std::isfinite(hinge.slide) || !std::isfinite(hinge.slideRate)) problems.push_back("the initial slide and slide rate must be finite numbers");
}

void translation(const HingeSpec& hinge, ModelKind kind, JointProblems& problems) {
  if (!finite(hinge.translation) || !finite(hinge.translationRate))
    problems.push_back("the initial translation and translation rate must be finite numbers");
  else if (kind == ModelKind::Planar && (hinge.translation.z() != 0.0 || hinge.translationRate.z() != 0.0))
    problems.push_back("in a planar model a free hinge translates in the x-y plane (translation z must be 0)");
}

Vec3 rotationAxis(const HingeSpec& hinge, ModelKind kind) { return kind == ModelKind::Planar ? Vec3::UnitZ() : Vec3(hinge.axis.normalized()); }

Vec3 slideAxis(const HingeSpec& hinge, ModelKind kind) {
  return kind == ModelKind::Planar ? Vec3(Vec3(hinge.axis.x(), hinge.axis.y(), 0.0).normalized()) : Vec3(hinge.axis.normalized());
}

void compileSlideLine(const HingeSpec& spec, ModelKind kind, CompiledHinge& hinge) {
  hinge.axisInParent = slideAxis(spec, kind);
  hinge.slideAxes[0] = hinge.axisInParent;
}

void slideColumns(const CompiledHinge& hinge, const JointMotionInput& in, JointMotion& out) {
  for (int j = 0; j < hinge.slides; ++j) {
    out.translation[static_cast<std::size_t>(j)] = in.rootRotation * hinge.slideAxes[static_cast<std::size_t>(j)];
    out.rotation[static_cast<std::size_t>(j)].setZero();
  }
  out.biasTranslation = 2.0 * in.omegaRoot.cross(in.slideVelocity);
}

}  // namespace mstmm::joint_checks

namespace mstmm::joint_checks {

void axisMotion(const CompiledHinge& hinge, const JointMotionInput& in, JointMotion& out) {
  out.rotation[0] = in.rootRotation * hinge.axisInParent;
  out.biasRotation = in.omegaRoot.cross(in.omegaTip);
}

void freeRotationMotion(const CompiledHinge& hinge, const JointMotionInput& in, JointMotion& out) {
  slideColumns(hinge, in, out);
  const int rotations = hinge.dof - hinge.slides;
  for (int k = 0; k < rotations; ++k) {
    out.translation[static_cast<std::size_t>(hinge.slides + k)].setZero();
    out.rotation[static_cast<std::size_t>(hinge.slides + k)] = rotations == 1 ? Vec3::UnitZ() : Vec3::Unit(k);
  }
  out.biasRotation = in.omegaRoot.cross(in.omegaTip);
}

}  // namespace mstmm::joint_checks
