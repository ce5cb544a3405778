#include "core/generate/rotor_examples.hpp"

#include <cmath>
#include <numbers>
#include <optional>
#include <string>
#include <utility>

#include "core/error.hpp"

namespace mstmm {

namespace {

BodySpec& addRigid(ModelSpec& spec, const std::string& name, double mass, const Vec3& com, const Vec3& inertia) {
  BodySpec& b = spec.addBody(name);
  b.shape.type = ShapeType::Custom;
  b.shape.mass = mass;
  b.shape.com = com;
  b.shape.inertia = inertia.asDiagonal();
  b.inputs = {Vec3::Zero()};
  b.output = Vec3::Zero();
  return b;
}

}  // namespace

ModelSpec generateJeffcottRotor(const JeffcottOptions& o) {
  ModelSpec spec;
  spec.name = "Jeffcott rotor";
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3::Zero();
  spec.simulation.endTime = 2.0;
  spec.simulation.timeStep = 1e-4;
  const double radius = 0.15;
  const BodyId disk = addRigid(spec, "disk", o.mass, Vec3::Zero(), Vec3(0.25, 0.25, 0.5) * o.mass * radius * radius).id;
  spec.addHinge("spin", HingeType::Free, disk, std::nullopt);
  BearingSpec b = BearingSpec::isotropic("shaft", "disk", o.stiffnessX, o.damping);
  b.coefficients[3] = {o.stiffnessY};
  spec.bearings.push_back(b);
  UnbalanceSpec u;
  u.name = "unbalance";
  u.body = "disk";
  u.mass = o.unbalanceMass;
  u.eccentricity = o.eccentricity;
  u.phase = o.phase;
  spec.unbalances.push_back(u);
  return spec;
}

ModelSpec generateOverhungRotor(const OverhungOptions& o) {
  ModelSpec spec;
  spec.name = "overhung rotor";
  spec.kind = ModelKind::Spatial;
  spec.gravity = Vec3::Zero();
  spec.simulation.endTime = 2.0;
  spec.simulation.timeStep = 1e-4;
  const BodyId shaft = addRigid(spec, "shaft", 0.0, Vec3::Zero(), Vec3::Zero()).id;
  const BodyId disk = addRigid(spec, "disk", o.mass, Vec3(0.0, 0.0, o.overhang), Vec3(o.diametral, o.diametral, o.polar)).id;
  HingeSpec& pivot = spec.addHinge("pivot", HingeType::Universal, shaft, std::nullopt);
  pivot.axis = Vec3::UnitX();
  pivot.axis2 = Vec3::UnitY();
  for (const char* angle : {"angle1", "angle2"}) {
    CoordinateLoadsSpec c;
    c.coordinate = angle;
    c.loads.spring = HingeSpringSpec::linear(o.tiltStiffness, o.tiltDamping);
    pivot.coordinateLoads.push_back(c);
  }
  HingeSpec& spin = spec.addHinge("spin", HingeType::Revolute, disk, shaft);
  spin.axis = Vec3::UnitZ();
  return spec;
}

namespace {

// A steel cylinder along x, centred on its frame's origin.
BodyId addDisk(ModelSpec& spec, const std::string& name, double diameter, double thickness, double density) {
  const double r = diameter / 2;
  BodySpec& b = spec.addBody(name);
  b.shape.type = ShapeType::Cylinder;
  b.shape.mass = density * std::numbers::pi * r * r * thickness;
  b.shape.length = thickness;
  b.shape.radius = r;
  b.shape.center = Vec3::Zero();
  b.inputs = {Vec3::Zero()};
  b.output = Vec3::Zero();
  return b.id;
}

}  // namespace

ModelSpec generateTwoDiskRotor() {
  ModelSpec spec;
  spec.name = "two-disk rotor on bearings";
  spec.kind = ModelKind::Spatial;
  spec.gravity = Vec3::Zero();
  spec.simulation.endTime = 1.0;
  spec.simulation.timeStep = 1e-4;
  const double density = 7810.0;
  const BodyId sideways = addRigid(spec, "carrier y", 0.0, Vec3::Zero(), Vec3::Zero()).id;
  const BodyId upways = addRigid(spec, "carrier z", 0.0, Vec3::Zero(), Vec3::Zero()).id;
  const BodyId tilting = addRigid(spec, "tilt frame", 0.0, Vec3::Zero(), Vec3::Zero()).id;
  const BodyId shaftId = addDisk(spec, "shaft", 0.05, 1.5, density);
  BodySpec& shaft = spec.bodies.back();
  shaft.shape.center = Vec3(0.75, 0, 0);
  shaft.inputs = {Vec3(0.5, 0, 0), Vec3(1.0, 0, 0)};
  const BodyId disk1 = addDisk(spec, "disk 1", 0.28, 0.07, density);
  const BodyId disk2 = addDisk(spec, "disk 2", 0.35, 0.07, density);
  spec.addHinge("lateral y", HingeType::Slider, sideways, std::nullopt).axis = Vec3::UnitY();
  spec.addHinge("lateral z", HingeType::Slider, upways, sideways).axis = Vec3::UnitZ();
  HingeSpec& tilt = spec.addHinge("tilt", HingeType::Universal, tilting, upways);
  tilt.axis = Vec3::UnitY();
  tilt.axis2 = Vec3::UnitZ();
  spec.addHinge("spin", HingeType::Revolute, shaftId, tilting).axis = Vec3::UnitX();
  spec.addHinge("disk 1 fit", HingeType::Weld, disk1, shaftId, 0);
  spec.addHinge("disk 2 fit", HingeType::Weld, disk2, shaftId, 1);
  for (const auto& [name, x] : {std::pair<const char*, double>{"left", 0.0}, {"right", 1.5}}) {
    BearingSpec b = BearingSpec::isotropic(name, "shaft", 1e6, 100.0);
    b.coefficients[3] = {1.5e6};
    b.point = b.housingPoint = Vec3(x, 0, 0);
    b.axis = Vec3::UnitX();
    b.xAxis = Vec3::UnitY();
    spec.bearings.push_back(b);
  }
  UnbalanceSpec u;
  u.name = "disk 2 unbalance";
  u.body = "disk 2";
  u.mass = 0.002;
  u.eccentricity = 0.05;
  u.axis = Vec3::UnitX();
  spec.unbalances.push_back(u);
  return spec;
}

ModelSpec generateElasticShaftRotor(const ElasticShaftOptions& o) {
  if (!(o.pieces >= 2 && o.pieces <= 100000)) throw Error(ErrorKind::Input, "elastic shaft: the pieces must be 2 to 100,000 (got " + std::to_string(o.pieces) + ")");
  if (!(o.length > 0 && o.diameter > 0 && o.youngsModulus > 0 && o.density > 0 && o.supportStiffness > 0))
    throw Error(ErrorKind::Input, "elastic shaft: length, diameter, Young's modulus, density and support stiffness must be positive");
  ModelSpec spec;
  spec.name = "elastic shaft, simply supported";
  spec.kind = ModelKind::Spatial;
  spec.gravity = Vec3::Zero();
  spec.simulation.endTime = 0.1;
  spec.simulation.timeStep = 1e-5;
  const double h = o.length / o.pieces;
  const double secondMoment = std::numbers::pi * std::pow(o.diameter, 4) / 64.0;
  const double bending = o.youngsModulus * secondMoment / h;  // N m/rad between neighbouring pieces
  std::optional<BodyId> previous;
  std::string frameName;
  for (int k = 1; k <= o.pieces; ++k) {
    BodySpec& frame = addRigid(spec, "frame " + std::to_string(k), 0.0, Vec3::Zero(), Vec3::Zero());
    frame.inputs = {Vec3(h, 0, 0), Vec3(0.5 * h, 0, 0)};  // the next frame, this piece
    const BodyId frameId = frame.id;
    HingeSpec& joint = spec.addHinge(k == 1 ? "support" : "bend " + std::to_string(k - 1), HingeType::Universal, frameId, previous, 0);
    joint.axis = Vec3::UnitY();
    joint.axis2 = Vec3::UnitZ();
    if (k > 1)
      for (const char* angle : {"angle1", "angle2"}) {
        CoordinateLoadsSpec c;
        c.coordinate = angle;
        c.loads.spring = HingeSpringSpec::linear(bending, 0.0);
        joint.coordinateLoads.push_back(c);
      }
    const BodyId piece = addDisk(spec, "piece " + std::to_string(k), o.diameter, h, o.density);
    spec.addHinge("spin " + std::to_string(k), HingeType::Revolute, piece, frameId, 1).axis = Vec3::UnitX();
    previous = frameId;
    frameName = "frame " + std::to_string(k);
  }
  BearingSpec end = BearingSpec::isotropic("right support", frameName, o.supportStiffness, 0.0);
  end.point = Vec3(h, 0, 0);
  end.housingPoint = Vec3(o.length, 0, 0);
  end.axis = Vec3::UnitX();
  end.xAxis = Vec3::UnitY();
  spec.bearings.push_back(end);
  return spec;
}

}  // namespace mstmm
