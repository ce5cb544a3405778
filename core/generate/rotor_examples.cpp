#include "core/generate/rotor_examples.hpp"

#include <algorithm>
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

// Springs k (dampers c) on both angles of a universal joint.
void springBothAngles(HingeSpec& joint, double k, double c) {
  for (const char* angle : {"angle1", "angle2"}) {
    CoordinateLoadsSpec loads;
    loads.coordinate = angle;
    loads.loads.spring = HingeSpringSpec::linear(k, c);
    joint.coordinateLoads.push_back(loads);
  }
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
  springBothAngles(pivot, o.tiltStiffness, o.tiltDamping);
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

struct ShaftSegment {
  BodyId frame, piece;
};

// One length h of an elastic shaft (docs/rotors.md R3): a massless frame
// hung from `parent`'s input 0 by a universal joint about y and z, with
// springs `bending` on both angles (none at the shaft's start), and at its
// middle the piece "piece n" of the shaft's section spinning on revolute
// "spin n" about x. The frame's input 0, at its end, holds the next joint.
ShaftSegment addShaftSegment(ModelSpec& spec, const std::string& n, const std::string& jointName, std::optional<BodyId> parent, double h, double bending,
                             double diameter, double density) {
  BodySpec& frame = addRigid(spec, "frame " + n, 0.0, Vec3::Zero(), Vec3::Zero());
  frame.inputs = {Vec3(h, 0, 0), Vec3(0.5 * h, 0, 0)};  // the next joint, this piece
  const BodyId frameId = frame.id;
  HingeSpec& joint = spec.addHinge(jointName, HingeType::Universal, frameId, parent, 0);
  joint.axis = Vec3::UnitY();
  joint.axis2 = Vec3::UnitZ();
  if (bending > 0.0) springBothAngles(joint, bending, 0.0);
  const BodyId piece = addDisk(spec, "piece " + n, diameter, h, density);
  spec.addHinge("spin " + n, HingeType::Revolute, piece, frameId, 1).axis = Vec3::UnitX();
  return {frameId, piece};
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
  spec.simulation.integrator = IntegratorKind::GeneralizedAlpha;  // its stiff end support, 1e12 N/m
  spec.simulation.endTime = 0.5;
  spec.simulation.timeStep = 1e-4;
  const double h = o.length / o.pieces;
  const double secondMoment = std::numbers::pi * std::pow(o.diameter, 4) / 64.0;
  const double bending = o.youngsModulus * secondMoment / h;  // N m/rad between neighbouring pieces
  std::optional<BodyId> previous;
  std::string frameName;
  for (int k = 1; k <= o.pieces; ++k) {
    previous = addShaftSegment(spec, std::to_string(k), k == 1 ? "support" : "bend " + std::to_string(k - 1), previous, h, k == 1 ? 0.0 : bending, o.diameter,
                               o.density).frame;
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

namespace {

// A rigid disk of a bore on the shaft, about x: Ip = m (do^2 + di^2) / 8,
// Id = Ip / 2 + m w^2 / 12 (Friswell et al. 2010, §5.9 data).
BodyId addBoredDisk(ModelSpec& spec, const std::string& name, const ShaftDisk& d) {
  const double mass = d.density * std::numbers::pi / 4 * (d.outerDiameter * d.outerDiameter - d.innerDiameter * d.innerDiameter) * d.thickness;
  const double polar = mass * (d.outerDiameter * d.outerDiameter + d.innerDiameter * d.innerDiameter) / 8;
  const double diametral = polar / 2 + mass * d.thickness * d.thickness / 12;
  BodySpec& disk = addRigid(spec, name, mass, Vec3::Zero(), Vec3(polar, diametral, diametral));
  // Seen as what it is (its mass is a custom shape's, which draws nothing):
  // a cylinder along x, the visual's z turned onto x.
  VisualSpec look;
  look.type = VisualType::Cylinder;
  look.radius = d.outerDiameter / 2;
  look.length = d.thickness;
  look.orientation = Quat(std::sqrt(0.5), 0.0, std::sqrt(0.5), 0.0);
  disk.visuals.push_back(look);
  return disk.id;
}

// A one-coordinate hinge from `parent` (input 0) with a linear spring.
void addSprung(ModelSpec& spec, const std::string& name, HingeType type, BodyId child, BodyId parent, const Vec3& axis, double k) {
  HingeSpec& h = spec.addHinge(name, type, child, parent, 0);
  h.axis = axis;
  if (k > 0.0) h.loads.spring = HingeSpringSpec::linear(k, 0.0);
}

}  // namespace

namespace {

// The pieces' ends along the shaft: about `pieces` of equal length, but
// with each disk at the middle of a piece of its own, so that the disk
// tilts with the piece's tilt, the shaft's slope there to O(h^2) (at a
// joint the slope is the two neighbours' to O(h) only). A disk within h/2
// of the shaft's end (an overhung disk) gets a piece of h/128 at the end,
// its slope off by O(h/256) where that end bends (the disk's inertia bends it).
std::vector<double> pieceEnds(const ShaftRotorOptions& o) {
  const double h = o.length / o.pieces;
  std::vector<double> breaks{0.0, o.length};
  for (const ShaftDisk& d : o.disks) {
    const bool atEnd = d.position < 0.5 * h || d.position > o.length - 0.5 * h;
    const double half = atEnd ? h / 128 : 0.5 * h;
    for (double x : {d.position - half, d.position + half})
      if (x > 1e-9 * o.length && x < o.length * (1 - 1e-9)) breaks.push_back(x);
  }
  std::sort(breaks.begin(), breaks.end());
  std::vector<double> ends{0.0};
  for (std::size_t b = 1; b < breaks.size(); ++b) {
    const double span = breaks[b] - breaks[b - 1];
    if (span <= 1e-9 * o.length) continue;
    const int n = std::max(1, static_cast<int>(std::lround(span / h)));
    for (int k = 1; k <= n; ++k) ends.push_back(breaks[b - 1] + span * k / n);
  }
  return ends;
}

}  // namespace

ModelSpec generateShaftRotor(const ShaftRotorOptions& o) {
  if (!(o.pieces >= 1 && o.pieces <= 100000)) throw Error(ErrorKind::Input, "shaft rotor: the pieces must be 1 to 100,000");
  if (!(o.length > 0 && o.diameter > 0 && o.youngsModulus > 0 && o.shearModulus > 0 && o.density > 0))
    throw Error(ErrorKind::Input, "shaft rotor: length, diameter, moduli and density must be positive");
  for (const ShaftDisk& d : o.disks)
    if (!(d.position >= 0 && d.position <= o.length)) throw Error(ErrorKind::Input, "shaft rotor: a disk lies off the shaft");
  for (const ShaftBearing& b : o.bearings)
    if (!(b.position >= 0 && b.position <= o.length)) throw Error(ErrorKind::Input, "shaft rotor: a bearing lies off the shaft");
  ModelSpec spec;
  spec.name = o.name;
  spec.kind = ModelKind::Spatial;
  spec.gravity = Vec3::Zero();
  // The shear springs of short pieces vibrate at 1e5 rad/s: in time, the
  // implicit integrator, at a step for the whirls (up to a few hundred Hz).
  spec.simulation.integrator = IntegratorKind::GeneralizedAlpha;
  spec.simulation.endTime = 0.5;
  spec.simulation.timeStep = 1e-4;
  const std::vector<double> ends = pieceEnds(o);
  const int count = static_cast<int>(ends.size()) - 1;
  const double area = std::numbers::pi * o.diameter * o.diameter / 4, second = std::numbers::pi * std::pow(o.diameter, 4) / 64;
  const double nu = o.youngsModulus / (2 * o.shearModulus) - 1, kappa = 6 * (1 + nu) / (7 + 6 * nu);
  // The shaft's start: free to move sideways and tilt.
  const BodyId y = addRigid(spec, "start y", 0.0, Vec3::Zero(), Vec3::Zero()).id;
  const BodyId z = addRigid(spec, "start z", 0.0, Vec3::Zero(), Vec3::Zero()).id;
  spec.addHinge("start slide y", HingeType::Slider, y, std::nullopt).axis = Vec3::UnitY();
  addSprung(spec, "start slide z", HingeType::Slider, z, y, Vec3::UnitZ(), 0.0);
  BodyId previous = z;
  std::vector<BodyId> frames, pieces;
  for (int k = 1; k <= count; ++k) {
    const std::string n = std::to_string(k);
    const double h = ends[static_cast<std::size_t>(k)] - ends[static_cast<std::size_t>(k - 1)];
    // Between neighbours: the springs of the length from middle to middle.
    const double between = k > 1 ? 0.5 * (ends[static_cast<std::size_t>(k)] - ends[static_cast<std::size_t>(k - 2)]) : 0.0;
    if (k > 1 && o.shear) {  // the shear slides between neighbours, at the joint
      const BodyId sy = addRigid(spec, "shear y " + n, 0.0, Vec3::Zero(), Vec3::Zero()).id;
      const BodyId sz = addRigid(spec, "shear z " + n, 0.0, Vec3::Zero(), Vec3::Zero()).id;
      addSprung(spec, "shear slide y " + n, HingeType::Slider, sy, previous, Vec3::UnitY(), kappa * o.shearModulus * area / between);
      addSprung(spec, "shear slide z " + n, HingeType::Slider, sz, sy, Vec3::UnitZ(), kappa * o.shearModulus * area / between);
      previous = sz;
    }
    const ShaftSegment segment =
        addShaftSegment(spec, n, k == 1 ? "start tilt" : "bend " + n, previous, h, k == 1 ? 0.0 : o.youngsModulus * second / between, o.diameter, o.density);
    frames.push_back(segment.frame);
    pieces.push_back(segment.piece);
    previous = segment.frame;
  }
  // The piece holding position x, and x's offset from its start.
  auto at = [&](double x) {
    int k = 0;
    while (k + 1 < count && ends[static_cast<std::size_t>(k + 1)] <= x - 1e-9 * o.length) ++k;
    return std::pair{k, x - ends[static_cast<std::size_t>(k)]};
  };
  for (std::size_t b = 0; b < o.bearings.size(); ++b) {
    const ShaftBearing& s = o.bearings[b];
    const auto [k, offset] = at(s.position);
    BearingSpec bearing = BearingSpec::isotropic("bearing " + std::to_string(b + 1), spec.bodies[static_cast<std::size_t>(spec.bodyIndex(frames[static_cast<std::size_t>(k)]))].name, s.kxx, s.cxx);
    bearing.coefficients[3] = {s.kyy};
    bearing.coefficients[7] = {s.cyy};
    bearing.point = Vec3(offset, 0, 0);
    bearing.housingPoint = Vec3(s.position, 0, 0);
    bearing.axis = Vec3::UnitX();
    bearing.xAxis = Vec3::UnitY();
    spec.bearings.push_back(bearing);
  }
  for (std::size_t d = 0; d < o.disks.size(); ++d) {
    const auto [k, offset] = at(o.disks[d].position);
    const BodyId disk = addBoredDisk(spec, "disk " + std::to_string(d + 1), o.disks[d]);
    BodySpec& piece = spec.bodies[static_cast<std::size_t>(spec.bodyIndex(pieces[static_cast<std::size_t>(k)]))];
    const double h = ends[static_cast<std::size_t>(k + 1)] - ends[static_cast<std::size_t>(k)];
    piece.inputs.push_back(Vec3(offset - 0.5 * h, 0, 0));  // the piece's origin is its middle
    spec.addHinge("disk " + std::to_string(d + 1) + " fit", HingeType::Weld, disk, piece.id, static_cast<int>(piece.inputs.size()) - 1);
  }
  return spec;
}

ShaftRotorOptions friswellRotor(int example, int pieces) {
  ShaftRotorOptions o;
  o.name = "Friswell et al. example 5.9." + std::to_string(example);
  o.pieces = pieces;
  ShaftDisk small, large;
  small.position = 0.5;
  large.position = 1.0;
  large.outerDiameter = 0.35;
  ShaftBearing left, right;
  right.position = 1.5;
  switch (example) {
    case 1: break;
    case 2: left.kyy = right.kyy = 0.8e6; break;
    case 5: left.cxx = left.cyy = right.cxx = right.cyy = 3e3; break;
    case 9:
      large.position = 1.5;
      right.position = 1.0;
      left.kxx = left.kyy = right.kxx = right.kyy = 1e7;
      o.disks = {large};
      o.bearings = {left, right};
      return o;
    default: throw Error(ErrorKind::Input, "Friswell et al.'s examples here are 5.9.1, 5.9.2, 5.9.5 and 5.9.9 (not 5.9." + std::to_string(example) + ")");
  }
  o.disks = {small, large};
  o.bearings = {left, right};
  return o;
}

}  // namespace mstmm
