#include "core/loads/ground_contact.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mstmm {

Ground::Ground(const GroundSpec& spec) : m_point(spec.point), m_road(spec.road) {
  m_normal = spec.normal.normalized();
  m_direction = (spec.direction - spec.direction.dot(m_normal) * m_normal).normalized();
}

double Ground::height(double s, double& slope) const {
  slope = 0.0;
  const RoadProfile& r = m_road;
  switch (r.kind) {
    case RoadKind::Flat: return 0.0;
    case RoadKind::Bump: {
      if (s <= r.start || s >= r.start + r.length) return 0.0;
      const double w = 2.0 * std::numbers::pi / r.length, x = s - r.start;
      slope = 0.5 * r.height * w * std::sin(w * x);
      return 0.5 * r.height * (1.0 - std::cos(w * x));
    }
    case RoadKind::Step: {
      if (s <= r.start) return 0.0;
      if (s >= r.start + r.length) return r.height;
      const double x = (s - r.start) / r.length;
      slope = r.height * 6.0 * x * (1.0 - x) / r.length;
      return r.height * x * x * (3.0 - 2.0 * x);
    }
    case RoadKind::Table: {
      const auto& p = r.points;
      if (p.empty()) return 0.0;
      if (s <= p.front().first) return p.front().second;
      if (s >= p.back().first) return p.back().second;
      const auto hi = std::upper_bound(p.begin(), p.end(), s, [](double v, const auto& q) { return v < q.first; });
      const auto lo = hi - 1;
      slope = (hi->second - lo->second) / (hi->first - lo->first);
      return lo->second + slope * (s - lo->first);
    }
  }
  return 0.0;
}

double Ground::distance(const Vec3& x, Vec3& normal) const {
  const Vec3 r = x - m_point;
  double slope = 0.0;
  const double h = height(m_direction.dot(r), slope);
  const double scale = 1.0 / std::sqrt(1.0 + slope * slope);
  normal = (m_normal - slope * m_direction) * scale;
  return (m_normal.dot(r) - h) * scale;
}

double frictionCoefficient(const ContactSpec& c, double v) {
  const double vr = c.slipVelocity;
  if (v <= vr) return c.staticFriction * v / vr;
  if (v >= 3.0 * vr) return c.dynamicFriction;
  const double x = (v - vr) / (2.0 * vr), blend = x * x * (3.0 - 2.0 * x);
  return c.staticFriction + (c.dynamicFriction - c.staticFriction) * blend;
}

// C1-C4 of docs/contact.md. The force acts at the ground point under the
// centre, p = centre - distance n, on the body's material point there.
ContactState contactLoad(const ContactSpec& c, const Ground& ground, const Vec3& centre, const Vec3& centreVelocity, const Vec3& omega) {
  Vec3 n;
  const double distance = ground.distance(centre, n);
  const Vec3 point = centre - distance * n;
  ContactState s = compliantLoad(c, c.radius - distance, n, point, centreVelocity + omega.cross(point - centre));
  if (s.penetration > 0.0 && c.rolling > 0.0) {  // against the rolling rate, regularised as the slip at v_r / radius
    const Vec3 rolling = omega - omega.dot(n) * n;
    const double rate0 = c.slipVelocity / std::max(c.radius, 1e-9), w = rolling.norm();
    s.moment = -c.rolling * s.normalForce * c.radius * rolling / std::max(w, rate0);
    s.dissipation -= s.moment.dot(omega);
  }
  return s;
}

// C2-C4: the normal force on the penetration and its rate d' = -n . v, the
// friction on the tangential part of v. Power put into the pressed body is
// F . v; the elastic part of it is -d/dt potential = -springPart d', the
// rest is taken out.
ContactState compliantLoad(const ContactSpec& c, double penetration, const Vec3& n, const Vec3& point, const Vec3& v) {
  ContactState s;
  s.penetration = penetration;
  s.point = point;
  if (s.penetration <= 0.0) return s;
  const double rate = -n.dot(v);  // d'
  const Vec3 slip = v + rate * n;  // the tangential part of v
  s.slip = slip.norm();
  const double springPart = c.law == ContactLaw::Linear ? c.stiffness * s.penetration : c.stiffness * std::pow(s.penetration, c.exponent);
  const double dampingPart = c.law == ContactLaw::Linear ? c.damping * rate : c.damping * std::pow(s.penetration, c.exponent) * rate;
  s.normalForce = std::max(0.0, springPart + dampingPart);
  s.potential = c.law == ContactLaw::Linear ? 0.5 * c.stiffness * s.penetration * s.penetration
                                            : c.stiffness * std::pow(s.penetration, c.exponent + 1.0) / (c.exponent + 1.0);
  s.friction = frictionCoefficient(c, s.slip) * s.normalForce;
  const Vec3 tangential = s.slip > 0.0 ? Vec3(-s.friction / s.slip * slip) : Vec3::Zero();
  s.force = s.normalForce * n + tangential;
  s.dissipation = -s.force.dot(v) - springPart * rate;
  return s;
}

}  // namespace mstmm
