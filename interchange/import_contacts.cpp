#include "interchange/import_contacts.hpp"

#include <algorithm>
#include <Eigen/Eigenvalues>
#include <map>

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

/// A lower bound of the mass a push at `point` (body frame) meets from the
/// body alone, whatever its direction: 1 / (1/m + |r|^2 / I_min), r from
/// the centre of mass, I_min the least central moment of inertia. A corner
/// of a light box is far softer than the box's mass says, and a contact
/// sized for that mass would be stiffer and more damped than the step
/// resolves; what hangs from the body only adds to it.
double leastEffectiveMass(const BodySpec& body, const Vec3& point) {
  const ShapeSpec& s = body.shape;
  if (s.type != ShapeType::Custom || !(s.mass > 0.0)) return s.mass;
  Mat3 central = s.inertia;
  if (s.inertiaAbout == InertiaReference::BodyOrigin) central -= s.mass * (s.com.squaredNorm() * Mat3::Identity() - s.com * s.com.transpose());
  const double least = Eigen::SelfAdjointEigenSolver<Mat3>(central).eigenvalues().minCoeff();
  const double r2 = (point - s.com).squaredNorm();
  if (!(least > 0.0)) return r2 > 0.0 ? 0.0 : s.mass;
  return 1.0 / (1.0 / s.mass + r2 / least);
}

}  // namespace

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
    const double m = std::max(std::min(mass.at(c.body), std::max(leastEffectiveMass(*bodies.at(c.body), c.point), 0.0)), 1e-9);
    c.stiffness = m * omega * omega;
    c.damping = 2.0 * kGroundDampingRatio * m * omega;
    c.staticFriction = c.dynamicFriction = friction;
    c.slipVelocity = std::max(1e-3, friction * g * (total / m) / omega);
  }
  return std::to_string(spec.contacts.size()) + " ground contacts from the collision geometry on the plane z = 0: each as stiff as the time step resolves "
         "for the least mass a push there meets (its link and what hangs from it, or less at a point far from the link's centre), damped at 0.7 of critical, friction " + formatNumber(friction) + " (URDF gives none)";
}

}  // namespace mstmm
