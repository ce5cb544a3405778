#include "core/model/stiffness_estimate.hpp"

#include <algorithm>
#include <cmath>

#include "core/message_text.hpp"
#include "core/model/joints/joint_model.hpp"
#include "core/model/mass_properties.hpp"

namespace mstmm {

double localModeRate(double stiffness, double damping, double inertia) {
  if (!(inertia > 0.0)) return 0.0;
  const double half = 0.5 * std::max(0.0, damping) / inertia;
  const double square = std::max(0.0, stiffness) / inertia;
  if (half * half <= square) return std::sqrt(square);  // |lambda| = sqrt(k/J) on the circle
  return half + std::sqrt(half * half - square);
}

namespace {

/// A body's orientation at the initial state (body to world).
Mat3 initialRotation(const ModelSpec& spec, const BodySpec& body) {
  if (spec.kind == ModelKind::Planar) return Eigen::AngleAxisd(body.theta, Vec3::UnitZ()).toRotationMatrix();
  return rotationFromQuaternion(body.orientation.normalized());
}

double subtreeMass(const ModelSpec& spec, int body, int depth) {
  const BodySpec& b = spec.bodies[static_cast<std::size_t>(body)];
  double mass = massProperties(b.shape).mass;
  if (depth > 10000) return mass;
  for (const HingeSpec& h : spec.hinges)
    if (h.parent && h.parent->value == b.id.value && h.atChildOutput() && spec.bodyIndex(h.child) >= 0)
      mass += subtreeMass(spec, spec.bodyIndex(h.child), depth + 1);
  return mass;
}

/// A body's place at the initial state: rotation body -> world and the
/// world position of its frame's origin.
struct Placement {
  Mat3 rotation = Mat3::Identity();
  Vec3 origin = Vec3::Zero();
};

/// The composite inertia about `point` (world) of `body` and every body
/// beyond it (tip side), each placed from the one it hangs on: its hinge
/// end at the root side's input end (initial slides are left out).
Mat3 subtreeInertia(const ModelSpec& spec, int body, const Placement& at, const Vec3& point, int depth) {
  const BodySpec& b = spec.bodies[static_cast<std::size_t>(body)];
  const MassProperties mp = massProperties(b.shape);
  const Vec3 r = at.origin + at.rotation * mp.com - point;
  Mat3 inertia = at.rotation * mp.inertiaAtCom * at.rotation.transpose() + mp.mass * (r.squaredNorm() * Mat3::Identity() - r * r.transpose());
  if (depth > 10000) return inertia;  // a cycle the topology check reports
  for (const HingeSpec& h : spec.hinges) {
    if (!h.parent || h.parent->value != b.id.value || !h.atChildOutput()) continue;  // loop-closing ends are not carried
    const int c = spec.bodyIndex(h.child);
    if (c < 0 || h.parentInput >= static_cast<int>(b.inputs.size())) continue;
    const BodySpec& child = spec.bodies[static_cast<std::size_t>(c)];
    Placement next;
    next.rotation = initialRotation(spec, child);
    next.origin = at.origin + at.rotation * b.inputs[static_cast<std::size_t>(h.parentInput)] - next.rotation * child.output;
    inertia += subtreeInertia(spec, c, next, point, depth + 1);
  }
  return inertia;
}

/// M_jj: the inertia a one-coordinate hinge's loads move with every other
/// coordinate held, the tip-side subtree's about the hinge point along
/// the coordinate (Eq 5.21). K_jj / M_jj is a Rayleigh quotient of the
/// linearised system, so sqrt(k / M_jj) never exceeds its top frequency:
/// the warning it gives is never a false alarm. 0 for beams (their own
/// estimate covers them) and hinges with several coordinates.
double hingeInertia(const ModelSpec& spec, const HingeSpec& h) {
  const int c = spec.bodyIndex(h.child);
  if (c < 0 || !h.atChildOutput()) return 0.0;
  const BodySpec& tip = spec.bodies[static_cast<std::size_t>(c)];
  if (tip.beam) return 0.0;
  Placement at;
  at.rotation = initialRotation(spec, tip);
  at.origin = -at.rotation * tip.output;  // the hinge point at the world origin: only differences count
  const Mat3 inertia = subtreeInertia(spec, c, at, Vec3::Zero(), 0);
  Mat3 rootRotation = Mat3::Identity();
  if (h.parent && spec.bodyIndex(*h.parent) >= 0) rootRotation = initialRotation(spec, spec.bodies[static_cast<std::size_t>(spec.bodyIndex(*h.parent))]);
  const Vec3 axis = (rootRotation * h.axis).normalized();
  switch (jointModel(h.type).in(spec.kind).coordinate) {
    case JointCoordinate::PlanarAngle: return inertia(2, 2);
    case JointCoordinate::AxisAngle: return axis.dot(inertia * axis);
    case JointCoordinate::Slide: return subtreeMass(spec, c, 0);
    case JointCoordinate::ScrewAngle: return axis.dot(inertia * axis) + subtreeMass(spec, c, 0) * h.pitch * h.pitch;
    case JointCoordinate::Rotation: return Eigen::SelfAdjointEigenSolver<Mat3>(inertia).eigenvalues().minCoeff();  // a ball's stiffness turns every way
    case JointCoordinate::UniversalAngle: return 0.0;
  }
  return 0.0;
}

void addElement(std::vector<StiffElement>& out, ErrorSubject subject, std::string element, double k, double c, double inertia) {
  if (!(inertia > 0.0) || !std::isfinite(inertia) || !std::isfinite(k) || !std::isfinite(c) || (k <= 0.0 && c <= 0.0)) return;
  out.push_back({subject, std::move(element), k, c, inertia, localModeRate(k, c, inertia), c * c > 4.0 * k * inertia});
}

void addHinge(const ModelSpec& spec, int index, std::vector<StiffElement>& out) {
  const HingeSpec& h = spec.hinges[static_cast<std::size_t>(index)];
  const HingeLoadsSpec& loads = h.loads;
  if (loads.motion) return;  // a prescribed coordinate does not vibrate
  const double inertia = hingeInertia(spec, h) + std::max(0.0, loads.armature);
  const ErrorSubject subject{ErrorSubject::Kind::Hinge, index};
  const std::string name = "hinge " + quoted(h.name);
  if (loads.spring) addElement(out, subject, name + ": spring-damper", loads.spring->stiffness, loads.spring->damping, inertia);
  if (loads.stops) addElement(out, subject, name + ": stops", loads.stops->stiffness, loads.stops->damping, inertia);
  if (loads.actuator && (loads.actuator->kp > 0.0 || loads.actuator->kd > 0.0))
    addElement(out, subject, name + ": servo", loads.actuator->kp, loads.actuator->kd, inertia);
}

}  // namespace

std::vector<StiffElement> stiffElements(const ModelSpec& spec) {
  std::vector<StiffElement> out;
  for (std::size_t h = 0; h < spec.hinges.size(); ++h) addHinge(spec, static_cast<int>(h), out);
  std::stable_sort(out.begin(), out.end(), [](const StiffElement& x, const StiffElement& y) { return x.rate > y.rate; });
  return out;
}

}  // namespace mstmm
