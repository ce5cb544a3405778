#include "interchange/import_contacts.hpp"

#include <algorithm>
#include <Eigen/Eigenvalues>
#include <map>

#include "core/message_text.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

namespace {

constexpr double kGroundOmegaDt = 0.3;
constexpr double kGroundDampingRatio = 0.7;

/// Each body's mass with all that hangs from it, by name.
std::map<std::string, double> subtreeMasses(const ModelSpec& spec) {
  std::vector<int> parent(spec.bodies.size(), -1);
  for (const HingeSpec& h : spec.hinges)  // a URDF tree: one hinge into each body
    if (h.parent && parent[static_cast<std::size_t>(spec.bodyIndex(h.child))] < 0) parent[static_cast<std::size_t>(spec.bodyIndex(h.child))] = spec.bodyIndex(*h.parent);
  std::vector<double> mass(spec.bodies.size(), 0.0);
  for (std::size_t b = 0; b < spec.bodies.size(); ++b) {
    std::size_t steps = 0;  // bounded, should a file close a loop
    for (int up = static_cast<int>(b); up >= 0 && steps++ <= spec.bodies.size(); up = parent[static_cast<std::size_t>(up)])
      mass[static_cast<std::size_t>(up)] += spec.bodies[b].shape.mass;
  }
  std::map<std::string, double> byName;
  for (std::size_t b = 0; b < spec.bodies.size(); ++b) byName[spec.bodies[b].name] = mass[b];
  return byName;
}

/// leastEffectiveMass() of an imported body at `point` (body frame): a
/// contact sized for the body's mass there would be stiffer and more
/// damped than the step resolves.
double leastMassOfBodyAt(const BodySpec& body, const Vec3& point) {
  const ShapeSpec& s = body.shape;
  if (s.type != ShapeType::Custom || !(s.mass > 0.0)) return s.mass;
  Mat3 central = s.inertia;
  if (s.inertiaAbout == InertiaReference::BodyOrigin) central -= s.mass * (s.com.squaredNorm() * Mat3::Identity() - s.com * s.com.transpose());
  return leastEffectiveMass(s.mass, Eigen::SelfAdjointEigenSolver<Mat3>(central).eigenvalues().minCoeff(), (point - s.com).norm());
}

}  // namespace

double leastEffectiveMass(double mass, double leastInertia, double r) {
  if (!(mass > 0.0)) return 0.0;
  if (!(leastInertia > 0.0)) return r > 0.0 ? 0.0 : mass;
  return 1.0 / (1.0 / mass + r * r / leastInertia);
}

std::string sizeGroundContacts(ModelSpec& spec, double friction) {
  spec.ground = GroundSpec{};
  spec.ground.normal = Vec3::UnitZ();
  const std::map<std::string, double> mass = subtreeMasses(spec);
  double total = 0.0;
  for (const BodySpec& b : spec.bodies) total += b.shape.mass;
  const double omega = kGroundOmegaDt / spec.simulation.timeStep, g = spec.gravity.norm();
  std::map<std::string, const BodySpec*> bodies;
  for (const BodySpec& b : spec.bodies) bodies[b.name] = &b;
  for (ContactSpec& c : spec.contacts) {
    const double m = std::max(std::min(mass.at(c.body), leastMassOfBodyAt(*bodies.at(c.body), c.point)), 1e-9);
    c.stiffness = m * omega * omega;
    c.damping = 2.0 * kGroundDampingRatio * m * omega;
    c.staticFriction = c.dynamicFriction = friction;
    c.slipVelocity = std::max(1e-3, friction * g * (total / m) / omega);
  }
  return std::to_string(spec.contacts.size()) + " ground contacts from the collision geometry on the plane z = 0: each as stiff as the time step resolves "
         "for the least mass a push there meets (its link and what hangs from it, or less at a point far from the link's centre), damped at 0.7 of critical, friction " + formatNumber(friction) + " (URDF gives none)";
}

}  // namespace mstmm
