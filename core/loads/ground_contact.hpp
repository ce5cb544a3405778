#pragma once
// The contact law of contact_spec.hpp for one sphere at one state
// (docs/contact.md C1-C4): geometry against the ground and its road, the
// normal force, the regularised friction, the rolling resistance, and the
// energy the contact stores and takes out.

#include "core/spec/contact_spec.hpp"

namespace mstmm {

/// The ground made ready for evaluation: unit normal and road direction.
class Ground {
 public:
  explicit Ground(const GroundSpec& spec = {});
  /// Height of the road above the plane at s, and its slope dh/ds.
  double height(double s, double& slope) const;
  /// Signed distance of world point x above the road (to first order in the
  /// slope: the distance to the road's tangent line), and the road's unit
  /// normal there.
  double distance(const Vec3& x, Vec3& normal) const;
  const Vec3& normal() const { return m_normal; }
  const Vec3& direction() const { return m_direction; }
  const Vec3& point() const { return m_point; }
  const RoadProfile& road() const { return m_road; }

 private:
  Vec3 m_point, m_normal, m_direction;
  RoadProfile m_road;
};

/// What one contact does at one state.
struct ContactState {
  double penetration = 0.0;   // m, > 0 in contact
  double normalForce = 0.0;   // N >= 0
  double friction = 0.0;      // N, magnitude of the tangential force
  double slip = 0.0;          // m/s, speed of the contact point along the ground
  Vec3 point = Vec3::Zero();  // where the force acts (the ground under the centre)
  Vec3 force = Vec3::Zero();  // on the body, world axes
  Vec3 moment = Vec3::Zero(); // rolling resistance on the body
  double potential = 0.0;     // elastic energy stored
  double dissipation = 0.0;   // power taken out (damping, friction, rolling)
};

/// The contact of a sphere (centre, its velocity, the body's angular
/// velocity) with the ground.
ContactState contactLoad(const ContactSpec& contact, const Ground& ground, const Vec3& centre, const Vec3& centreVelocity, const Vec3& omega);

/// The law alone (C2-C4): a body pressed along the unit normal n by
/// `penetration` at `point`, whose material point there moves at v (relative
/// to what presses it). Rolling resistance is left to the caller.
ContactState compliantLoad(const ContactSpec& contact, double penetration, const Vec3& n, const Vec3& point, const Vec3& v);

/// Friction coefficient at slip speed v (docs/contact.md C3): the force is
/// mu(v) N, with mu(v) = mu_s v / v_r below v_r.
double frictionCoefficient(const ContactSpec& contact, double v);

}  // namespace mstmm
