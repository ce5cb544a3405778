#include "core/generate/linkages.hpp"

#include <cmath>
#include <stdexcept>

namespace mstmm {

namespace {

/// A slender rod from its input end I_1 at `from` to its output end O at `to`:
/// theta is the direction from I_1 to O (body x axis).
BodySpec& addRod(ModelSpec& spec, const std::string& name, const Vec3& from, const Vec3& to, double massPerLength) {
  BodySpec& b = spec.addBody(name);
  const Vec3 d = to - from;
  b.shape.type = ShapeType::Rod;
  b.shape.length = d.norm();
  b.shape.mass = massPerLength * d.norm();
  b.output = Vec3(d.norm(), 0, 0);
  b.theta = std::atan2(d.y(), d.x());
  return b;
}

}  // namespace

bool fourBarJoint(const FourBarOptions& o, double crankAngle, Vec3& b, Vec3& c) {
  b = Vec3(o.crank * std::cos(crankAngle), o.crank * std::sin(crankAngle), 0);
  const Vec3 d(o.ground, 0, 0);
  const Vec3 bd = d - b;
  const double l = bd.norm();
  // C on the circles |C - B| = coupler and |C - D| = rocker.
  const double along = (o.coupler * o.coupler - o.rocker * o.rocker + l * l) / (2 * l);
  const double h2 = o.coupler * o.coupler - along * along;
  if (!(h2 >= 0.0) || l == 0.0) return false;
  const Vec3 u = bd / l;
  const Vec3 normal(-u.y(), u.x(), 0);
  c = b + along * u + std::sqrt(h2) * normal;
  return true;
}

ModelSpec generateFourBar(const FourBarOptions& o) {
  Vec3 b, c;
  if (!fourBarJoint(o, o.crankAngle, b, c)) throw std::invalid_argument("four-bar: the links cannot close at this crank angle");
  const Vec3 a = Vec3::Zero(), d(o.ground, 0, 0);
  // Velocity closure: v_C = w1 z x (B - A) + w2 z x (C - B) = w3 z x (C - D).
  const Vec3 z = Vec3::UnitZ();
  const Vec3 vb = o.crankRate * z.cross(b - a);
  Eigen::Matrix2d m;
  m.col(0) = z.cross(c - b).head<2>();
  m.col(1) = -z.cross(c - d).head<2>();
  const Eigen::Vector2d w = m.colPivHouseholderQr().solve(-vb.head<2>());

  ModelSpec spec;
  spec.name = "four-bar";
  spec.kind = ModelKind::Planar;
  spec.simulation.endTime = 10.0;
  // Bodies point from their input end (tip side) to their output end (root side).
  const BodyId crank = addRod(spec, "crank", b, a, o.massPerLength).id;
  const BodyId coupler = addRod(spec, "coupler", c, b, o.massPerLength).id;
  const BodyId rocker = addRod(spec, "rocker", d, c, o.massPerLength).id;
  spec.bodies[0].thetaDot = o.crankRate;
  spec.bodies[1].thetaDot = w[0];
  spec.bodies[2].thetaDot = w[1];
  spec.addHinge("A", HingeType::Pin, crank, std::nullopt).anchor = a;
  spec.addHinge("B", HingeType::Pin, coupler, crank, 0);
  spec.addHinge("C", HingeType::Pin, rocker, coupler, 0);
  HingeSpec& cut = spec.addHinge("D", HingeType::Pin, rocker, std::nullopt);
  cut.childEnd = 0;  // the rocker's input end I_1
  cut.anchor = d;
  return spec;
}

}  // namespace mstmm
