#include "core/loads/beam_joint.hpp"

#include <cmath>

namespace mstmm {

namespace {

/// The coefficient of phi^2 in J_l^{-1}(phi) = I - phi^/2 + c phi^2:
/// c = (1 - (theta/2) cot(theta/2)) / theta^2, by its series near zero,
/// where the closed form loses every digit.
double jacobianCoefficient(double theta) {
  if (theta < 1e-2) {
    const double t2 = theta * theta;
    return 1.0 / 12.0 + t2 * (1.0 / 720.0 + t2 / 30240.0);
  }
  const double half = 0.5 * theta;
  return (1.0 - half * std::cos(half) / std::sin(half)) / (theta * theta);
}

}  // namespace

BeamJointLoad beamJointLoad(const CompiledBeamJoint& joint, const Quat& root, const Quat& tip, const Vec3& rootOmega, const Vec3& tipOmega) {
  BeamJointLoad out;
  Quat r = quaternionProduct(quaternionConjugate(root), tip);
  if (r[0] < 0.0) r = -r;
  const double s = r.tail<3>().norm();
  const double theta = 2.0 * std::atan2(s, r[0]);
  const Vec3 phi = s > 0.0 ? Vec3(theta / s * r.tail<3>()) : Vec3::Zero();  // root axes (= tip axes)
  const Vec3 kphi = joint.stiffness.cwiseProduct(phi);
  // J_l^{-T} K phi = K phi + phi x K phi / 2 + c phi x (phi x K phi)  (Eq. 11.4)
  const Vec3 cross = phi.cross(kphi);
  const Vec3 elastic = kphi + 0.5 * cross + jacobianCoefficient(theta) * phi.cross(cross);
  const Mat3 a = rotationFromQuaternion(root / root.norm());
  const Vec3 w = a.transpose() * (tipOmega - rootOmega);  // relative angular velocity, root axes
  const Vec3 cw = joint.damping.cwiseProduct(w);
  out.moment = -(a * (elastic + cw));
  out.potential = 0.5 * phi.dot(kphi);
  out.dissipation = w.dot(cw);
  return out;
}

}  // namespace mstmm
