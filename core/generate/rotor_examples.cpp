#include "core/generate/rotor_examples.hpp"

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

}  // namespace mstmm
