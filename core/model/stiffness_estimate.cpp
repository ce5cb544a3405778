#include "core/model/stiffness_estimate.hpp"

#include <Eigen/Eigenvalues>
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

/// A body's place at the initial state: rotation body -> world and the
/// world position of its frame's origin.
struct Placement {
  Mat3 rotation = Mat3::Identity();
  Vec3 origin = Vec3::Zero();
};

/// Every body's tip-side subtree at the initial state, in O(N): its mass
/// m, first moment S = sum m c and second moment about the world origin
/// sum (R J R^T + m(|c|^2 I - c c^T)), each body placed from the one it
/// hangs on (its output end at that body's input end; initial slides left
/// out). Loop-closing ends carry nothing; bodies no ground hinge reaches
/// are not placed.
struct Subtrees {
  std::vector<Placement> place;
  std::vector<bool> placed;
  std::vector<double> mass;
  std::vector<Vec3> first;
  std::vector<Mat3> second;

  explicit Subtrees(const ModelSpec& spec) {
    const std::size_t n = spec.bodies.size();
    place.resize(n), placed.assign(n, false), mass.assign(n, 0.0), first.assign(n, Vec3::Zero()), second.assign(n, Mat3::Zero());
    std::vector<std::vector<const HingeSpec*>> outboard(n);
    std::vector<int> order;
    for (const HingeSpec& h : spec.hinges) {
      const int c = spec.bodyIndex(h.child);
      if (c < 0 || !h.atChildOutput()) continue;
      const int p = h.parent ? spec.bodyIndex(*h.parent) : -1;
      if (p >= 0) outboard[static_cast<std::size_t>(p)].push_back(&h);
      else if (!h.parent && !placed[static_cast<std::size_t>(c)]) {
        placeAt(spec, c, h.anchor);
        order.push_back(c);
      }
    }
    std::vector<int> treeParent(n, -1);
    for (std::size_t k = 0; k < order.size(); ++k) {  // root to tip, each body once
      const int b = order[k];
      const BodySpec& body = spec.bodies[static_cast<std::size_t>(b)];
      for (const HingeSpec* h : outboard[static_cast<std::size_t>(b)]) {
        const int c = spec.bodyIndex(h->child);
        if (placed[static_cast<std::size_t>(c)] || h->parentInput >= static_cast<int>(body.inputs.size())) continue;
        const Placement& at = place[static_cast<std::size_t>(b)];
        placeAt(spec, c, at.origin + at.rotation * body.inputs[static_cast<std::size_t>(h->parentInput)]);
        treeParent[static_cast<std::size_t>(c)] = b;
        order.push_back(c);
      }
    }
    for (auto k = order.rbegin(); k != order.rend(); ++k) {  // tip to root
      const std::size_t b = static_cast<std::size_t>(*k);
      const MassProperties mp = massProperties(spec.bodies[b].shape);
      const Vec3 com = place[b].origin + place[b].rotation * mp.com;
      mass[b] += mp.mass;
      first[b] += mp.mass * com;
      second[b] += place[b].rotation * mp.inertiaAtCom * place[b].rotation.transpose() + mp.mass * (com.squaredNorm() * Mat3::Identity() - com * com.transpose());
      if (const int p = treeParent[b]; p >= 0) {
        mass[static_cast<std::size_t>(p)] += mass[b];
        first[static_cast<std::size_t>(p)] += first[b];
        second[static_cast<std::size_t>(p)] += second[b];
      }
    }
  }

  /// The subtree's inertia about world point P (parallel axes from the origin).
  Mat3 inertiaAbout(int body, const Vec3& p) const {
    const std::size_t b = static_cast<std::size_t>(body);
    const Vec3& s = first[b];
    return second[b] - (2.0 * s.dot(p) * Mat3::Identity() - s * p.transpose() - p * s.transpose()) + mass[b] * (p.squaredNorm() * Mat3::Identity() - p * p.transpose());
  }

 private:
  void placeAt(const ModelSpec& spec, int body, const Vec3& outputEnd) {
    const BodySpec& b = spec.bodies[static_cast<std::size_t>(body)];
    Placement& at = place[static_cast<std::size_t>(body)];
    at.rotation = initialRotation(spec, b);
    at.origin = outputEnd - at.rotation * b.output;
    placed[static_cast<std::size_t>(body)] = true;
  }
};

/// M_jj: the inertia a one-coordinate hinge's loads move with every other
/// coordinate held, the tip-side subtree's about the hinge point along
/// the coordinate (Eq 5.21). K_jj / M_jj is a Rayleigh quotient of the
/// linearised system, so sqrt(k / M_jj) never exceeds its top frequency:
/// the warning it gives is never a false alarm. 0 for beams (their own
/// estimate covers them), hinges with several coordinates and bodies no
/// ground hinge reaches.
double hingeInertia(const ModelSpec& spec, const Subtrees& trees, const HingeSpec& h) {
  const int c = spec.bodyIndex(h.child);
  if (c < 0 || !h.atChildOutput() || !trees.placed[static_cast<std::size_t>(c)]) return 0.0;
  const BodySpec& tip = spec.bodies[static_cast<std::size_t>(c)];
  if (tip.beam) return 0.0;
  const Placement& at = trees.place[static_cast<std::size_t>(c)];
  const Mat3 inertia = trees.inertiaAbout(c, at.origin + at.rotation * tip.output);
  const double mass = trees.mass[static_cast<std::size_t>(c)];
  Mat3 rootRotation = Mat3::Identity();
  if (h.parent && spec.bodyIndex(*h.parent) >= 0) rootRotation = trees.place[static_cast<std::size_t>(spec.bodyIndex(*h.parent))].rotation;
  const Vec3 axis = (rootRotation * h.axis).normalized();
  switch (jointModel(h.type).in(spec.kind).coordinate) {
    case JointCoordinate::PlanarAngle: return inertia(2, 2);
    case JointCoordinate::AxisAngle: return axis.dot(inertia * axis);
    case JointCoordinate::Slide: return mass;
    case JointCoordinate::ScrewAngle: return axis.dot(inertia * axis) + mass * h.pitch * h.pitch;
    case JointCoordinate::Rotation: return Eigen::SelfAdjointEigenSolver<Mat3>(inertia).eigenvalues().minCoeff();  // a ball's stiffness turns every way
    case JointCoordinate::UniversalAngle: return 0.0;
  }
  return 0.0;
}

void addElement(std::vector<StiffElement>& out, ErrorSubject subject, std::string element, double k, double c, double inertia) {
  if (!(inertia > 0.0) || !std::isfinite(inertia) || !std::isfinite(k) || !std::isfinite(c) || (k <= 0.0 && c <= 0.0)) return;
  out.push_back({subject, std::move(element), k, c, inertia, localModeRate(k, c, inertia), c * c > 4.0 * k * inertia});
}

void addHinge(const ModelSpec& spec, const Subtrees& trees, int index, std::vector<StiffElement>& out) {
  const HingeSpec& h = spec.hinges[static_cast<std::size_t>(index)];
  const HingeLoadsSpec& loads = h.loads;
  if (loads.motion) return;  // a prescribed coordinate does not vibrate
  const double inertia = hingeInertia(spec, trees, h) + std::max(0.0, loads.armature);
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
  bool any = false;
  for (const HingeSpec& h : spec.hinges) any = any || h.loads.spring || h.loads.stops || h.loads.actuator;
  if (!any) return out;
  const Subtrees trees(spec);
  for (std::size_t h = 0; h < spec.hinges.size(); ++h) addHinge(spec, trees, static_cast<int>(h), out);
  std::stable_sort(out.begin(), out.end(), [](const StiffElement& x, const StiffElement& y) { return x.rate > y.rate; });
  return out;
}

}  // namespace mstmm
