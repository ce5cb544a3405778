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

/// A cylinder of `length` from its input end at `from` in the direction of
/// `up` (unit, in the x-y plane) to its output end.
BodySpec& addCylinder(ModelSpec& spec, const std::string& name, double length, const Vec3& up) {
  BodySpec& b = spec.addBody(name);
  b.shape.type = ShapeType::Cylinder;
  b.shape.length = length;
  b.shape.radius = 0.02;
  b.shape.mass = length;  // 1 kg/m
  b.output = Vec3(length, 0, 0);
  b.orientation = quaternionFromAxisAngle(Vec3::UnitZ(), std::atan2(up.y(), up.x()));
  return b;
}

/// A two-input plate hanging level by the middle of its top edge: inputs at
/// its bottom corners, output at the top middle.
BodySpec& addPlate(ModelSpec& spec, const std::string& name, double width, double height) {
  BodySpec& b = spec.addBody(name);
  b.shape.type = ShapeType::Box;
  b.shape.mass = 2.0;
  b.shape.size = Vec3(width, height, 0.05);
  b.shape.center = Vec3(width / 2, height / 2, 0);
  b.inputs = {Vec3::Zero(), Vec3(width, 0, 0)};
  b.output = Vec3(width / 2, height, 0);
  return b;
}

}  // namespace

ModelSpec generateMixedSystem(const MixedSystemOptions& o) {
  ModelSpec spec;
  spec.kind = ModelKind::Spatial;
  spec.name = o.chainBodies > 0 ? "mixed system of " + std::to_string(12 + o.chainBodies) + " bodies (002 Fig. 9)"
                                : (o.closeLoop ? "closed-loop-and-branch mixed system (002 Fig. 2)" : "tree system (002 Fig. 4)");
  spec.simulation.endTime = 5.0;
  const Vec3 up = Vec3::UnitY();
  const double tilt = std::atan2(0.3, 0.4);  // tips 2 and 3 lean in by 0.3 m over 0.4 m and meet
  const Vec3 leanRight(std::sin(tilt), std::cos(tilt), 0), leanLeft(-std::sin(tilt), std::cos(tilt), 0);
  std::vector<BodyId> tips;
  for (int k = 1; k <= 4; ++k) {
    const Vec3 dir = !o.closeLoop ? up : k == 2 ? leanLeft : k == 3 ? leanRight : up;
    tips.push_back(addCylinder(spec, std::to_string(k), 0.5, dir).id);  // 2 leans so its tip is to the right of its top
  }
  std::vector<BodyId> middles;
  for (int k = 9; k <= 12; ++k) middles.push_back(addCylinder(spec, std::to_string(k), 0.5, up).id);
  const BodyId b17 = addPlate(spec, "17", 0.6, 0.3).id, b18 = addPlate(spec, "18", 0.6, 0.3).id;
  const BodyId b21 = addPlate(spec, "21", 1.2, 0.3).id;
  const BodyId b23 = addCylinder(spec, "23", 1.0, up).id;
  for (int k = 0; k < 4; ++k) spec.addHinge(std::to_string(5 + k), HingeType::Ball, tips[static_cast<std::size_t>(k)], middles[static_cast<std::size_t>(k)], 0);
  for (int k = 0; k < 4; ++k) spec.addHinge(std::to_string(13 + k), HingeType::Ball, middles[static_cast<std::size_t>(k)], k < 2 ? b17 : b18, k % 2);
  spec.addHinge("19", HingeType::Ball, b17, b21, 0);
  spec.addHinge("20", HingeType::Ball, b18, b21, 1);
  spec.addHinge("22", HingeType::Ball, b21, b23, 0);
  BodyId top = b23;
  for (int k = 0; k < o.chainBodies; ++k) {
    const BodyId next = addCylinder(spec, std::to_string(25 + 2 * k), 1.0, up).id;
    spec.addHinge(std::to_string(24 + 2 * k), HingeType::Ball, top, next, 0);
    top = next;
  }
  spec.addHinge(std::to_string(24 + 2 * o.chainBodies), HingeType::Ball, top, std::nullopt);
  if (o.closeLoop) {
    HingeSpec& cut = spec.addHinge("2-3", HingeType::Ball, tips[1], tips[2], 0);
    cut.childEnd = 0;  // the free (input) ends of the tips 2 and 3
  }
  // Rigid rotation about the vertical through the ceiling point closes every
  // loop at velocity level.
  for (BodySpec& b : spec.bodies) b.angularVelocity = Vec3(0, o.spin, 0);
  return spec;
}

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

double crankSliderPosition(const CrankSliderOptions& o, double theta) {
  const double sine = o.crank * std::sin(theta);
  return o.crank * std::cos(theta) + std::sqrt(o.rod * o.rod - sine * sine);
}

ModelSpec generateCrankSlider(const CrankSliderOptions& o) {
  if (!(o.crank > 0.0) || !(o.rod > o.crank)) throw std::invalid_argument("crank-slider: the rod must be longer than the crank, and both positive");
  const double theta = o.crankAngle, omega = o.crankRate;
  const Vec3 a = Vec3::Zero(), b(o.crank * std::cos(theta), o.crank * std::sin(theta), 0);
  const Vec3 c(crankSliderPosition(o, theta), 0, 0);
  // Closure r sin(theta) + l sin(phi) = 0 at velocity level: the rod's rate
  // phi', then the block's x' = -r sin(theta) theta' - l sin(phi) phi'.
  const double phi = std::atan2(c.y() - b.y(), c.x() - b.x());
  const double phiRate = -o.crank * std::cos(theta) * omega / (o.rod * std::cos(phi));
  const double xRate = -o.crank * std::sin(theta) * omega - o.rod * std::sin(phi) * phiRate;

  ModelSpec spec;
  spec.name = "crank-slider";
  spec.kind = ModelKind::Planar;
  spec.simulation.endTime = 5.0;
  // The crank turns at up to ~10 rad/s: half the usual step keeps RK4's
  // closure drift under Baumgarte near 1e-10 m (2.5e-9 m at 1e-3 s).
  spec.simulation.timeStep = 5e-4;
  BodySpec& block = spec.addBody("block");
  block.shape.type = ShapeType::Box;
  block.shape.mass = o.sliderMass;
  block.shape.size = Vec3(0.12, 0.06, 0.06);
  block.shape.center = Vec3::Zero();
  block.output = Vec3::Zero();  // the rod's pin C is on the rail, where the block hangs
  const BodyId blockId = block.id;
  const BodyId rod = addRod(spec, "rod", b, c, o.massPerLength).id;
  spec.bodies.back().thetaDot = phiRate;
  const BodyId crank = addRod(spec, "crank", a, b, o.massPerLength).id;
  spec.bodies.back().thetaDot = omega;
  HingeSpec& rail = spec.addHinge("rail", HingeType::Slider, blockId, std::nullopt);
  rail.axis = Vec3::UnitX();
  rail.slide = c.x();
  rail.slideRate = xRate;
  spec.addHinge("C", HingeType::Pin, rod, blockId, 0);
  spec.addHinge("B", HingeType::Pin, crank, rod, 0);
  HingeSpec& cut = spec.addHinge("A", HingeType::Pin, crank, std::nullopt);
  cut.childEnd = 0;  // the crank's input end I_1, at the pivot
  cut.anchor = a;
  return spec;
}

}  // namespace mstmm
