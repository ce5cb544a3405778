#pragma once
// Contact between bodies (issue 29.6, docs/contact.md C8): two convex shapes,
// each fixed to a body or to the ground, that push each other apart with the
// compliant law of the ground contacts once they overlap. What the user
// gives; validate() says what is wrong. The overlap itself is measured by a
// shape-distance library behind core/loads/shape_query.hpp.

#include <cmath>
#include <string>

#include "core/spec/contact_spec.hpp"

namespace mstmm {

enum class ContactShapeKind { Sphere, Capsule, Box, Cylinder };

/// A convex shape fixed to `body` (empty: to the ground, in world axes).
/// `centre` is given in the body's own frame, as contact points are;
/// `orientation` turns the shape's axes into the body's: a capsule's or a
/// cylinder's axis is the shape's z axis, a box's edges are its axes.
struct ContactShape {
  ContactShapeKind kind = ContactShapeKind::Sphere;
  std::string body;
  Vec3 centre = Vec3::Zero();
  Quat orientation = Quat(1.0, 0.0, 0.0, 0.0);  // [w, x, y, z]
  double radius = 0.0;            // m: sphere, capsule, cylinder
  double length = 0.0;            // m: capsule (between its caps' centres), cylinder
  Vec3 halfSize = Vec3::Zero();   // m: box, half its edges along its axes
  bool operator==(const ContactShape&) const = default;
  bool onGround() const { return body.empty(); }
};

/// The radius of a sphere about the shape's centre that holds it.
inline double boundingRadius(const ContactShape& s) {
  switch (s.kind) {
    case ContactShapeKind::Sphere: return s.radius;
    case ContactShapeKind::Capsule: return s.radius + 0.5 * s.length;
    case ContactShapeKind::Cylinder: return std::hypot(s.radius, 0.5 * s.length);
    case ContactShapeKind::Box: return s.halfSize.norm();
  }
  return 0.0;
}

/// Two shapes and the law of their contact: the normal force of the ground
/// contact's law on the overlap depth d (N = k d + c d' or Hunt-Crossley),
/// never pulling, and its regularised friction against the slip of the
/// second shape's material point over the first's (contact_spec.hpp).
struct BodyContactSpec {
  std::string name;
  ContactShape first, second;
  ContactLaw law = ContactLaw::Linear;
  double stiffness = 1e5;       // N/m (Hunt-Crossley: N/m^e)
  double damping = 1e3;         // N s/m (Hunt-Crossley: N s/m^(e+1))
  double exponent = 1.5;        // Hunt-Crossley only
  double staticFriction = 0.0;
  double dynamicFriction = 0.0;
  double slipVelocity = 1e-3;   // m/s
  bool operator==(const BodyContactSpec&) const = default;
};

/// The law's part of a body contact as a ground contact's (no radius, no
/// rolling resistance), so that both evaluate one law.
inline ContactSpec lawOf(const BodyContactSpec& c) {
  ContactSpec s;
  s.name = c.name;
  s.law = c.law;
  s.stiffness = c.stiffness;
  s.damping = c.damping;
  s.exponent = c.exponent;
  s.staticFriction = c.staticFriction;
  s.dynamicFriction = c.dynamicFriction;
  s.slipVelocity = c.slipVelocity;
  return s;
}

}  // namespace mstmm
