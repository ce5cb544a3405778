#pragma once
// Compliant contact with the ground (issue 14, docs/contact.md): contact
// spheres on bodies pressing on a ground plane that may carry a road profile.
// What the user gives; validate() says what is wrong.

#include <string>
#include <utility>
#include <vector>

#include "core/math/rotation.hpp"

namespace mstmm {

enum class RoadKind { Flat, Bump, Step, Table };

/// The ground's height h(s) above its plane along the road direction, at
/// s = direction . (x - point): a flat plane, a half-cosine bump
/// h = height (1 - cos(2 pi (s - start) / length)) / 2 on [start, start + length],
/// a step of `height` smoothed over `length` from `start` (a cubic), or a
/// table of (s, h) points joined by straight lines (constant beyond its ends).
struct RoadProfile {
  RoadKind kind = RoadKind::Flat;
  double start = 0.0;   // m
  double length = 0.5;  // m
  double height = 0.05; // m
  std::vector<std::pair<double, double>> points;  // table: (s, h), s increasing
  bool operator==(const RoadProfile&) const = default;
};

/// The ground plane through `point` with the upward unit `normal` (world
/// axes; normalised on use), and the road profile along `direction` (a
/// direction in the plane; made normal to `normal`).
struct GroundSpec {
  Vec3 point = Vec3::Zero();
  Vec3 normal = Vec3::UnitY();
  Vec3 direction = Vec3::UnitX();
  RoadProfile road;
  bool operator==(const GroundSpec&) const = default;
};

enum class ContactLaw { Linear, HuntCrossley };

/// A sphere of `radius` centred at `point` of `body` (the body's own frame,
/// as its ends) that presses on the ground: penetration d = radius - distance
/// of the centre from the ground; normal force
///   linear        N = stiffness d + damping d'
///   Hunt-Crossley N = stiffness d^e + damping d^e d'   (e = exponent)
/// never pulling (N >= 0); regularised Coulomb friction opposing the slip
/// velocity v of the contact point: |F| = mu_s N |v| / v_r below the
/// regularisation velocity v_r, blending smoothly to mu_d N by 3 v_r; an
/// optional rolling resistance moment rolling N radius against the rolling
/// rate. A point contact is a sphere of radius 0. A tyre is a contact sphere
/// of the wheel's radius with its radial stiffness and damping.
struct ContactSpec {
  std::string name;
  std::string body;
  Vec3 point = Vec3::Zero();
  double radius = 0.0;                  // m
  ContactLaw law = ContactLaw::Linear;
  double stiffness = 1e5;               // N/m (Hunt-Crossley: N/m^e)
  double damping = 1e3;                 // N s/m (Hunt-Crossley: N s/m^(e+1))
  double exponent = 1.5;                // Hunt-Crossley only
  double staticFriction = 0.0;          // mu_s
  double dynamicFriction = 0.0;         // mu_d <= mu_s
  double slipVelocity = 1e-3;           // v_r, m/s
  double rolling = 0.0;                 // rolling resistance coefficient (dimensionless)
  bool operator==(const ContactSpec&) const = default;
};

}  // namespace mstmm
