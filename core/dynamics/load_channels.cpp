#include "core/dynamics/load_channels.hpp"

#include <algorithm>

#include "core/dynamics/state.hpp"
#include "core/model/model.hpp"

namespace mstmm {

namespace {

// A beam's channels (docs/results-format.md, equations.md §11): its far
// end's deflection in the root piece's axes (from where the beam, rigid,
// would hold it), its strain energy, and the spring-damper moments that the
// joint nearest its output end puts on its tip side (bending about y and z,
// torsion about x; beam axes).
void beamChannels(const Model& model, const CompiledBeam& b, std::vector<LoadChannel>& c) {
  const std::string& name = b.layout.name, of = " of beam '" + name + "'";
  c.push_back({name + ".deflection_y", "m", "end deflection along y" + of});
  if (!model.planar()) c.push_back({name + ".deflection_z", "m", "end deflection along z" + of});
  c.push_back({name + ".strain_energy", "J", "strain energy" + of});
  if (b.layout.beam.segments < 1) return;
  if (!model.planar()) {
    c.push_back({name + ".root_torque", "N m", "torsion moment at the root joint" + of});
    c.push_back({name + ".root_moment_y", "N m", "bending moment about y at the root joint" + of});
  }
  c.push_back({name + ".root_moment_z", "N m", "bending moment about z at the root joint" + of});
}

/// The joint of beam b nearest its output end.
int rootJoint(const CompiledBeam& b) { return std::clamp(b.layout.rootPiece, 0, b.layout.beam.segments - 1); }

Quat pieceOrientation(const Eigen::VectorXd& y, int body) { return y.segment<4>(7 * body); }

void beamChannelValues(const Model& model, const CompiledBeam& b, const AppliedLoads& loads, const Eigen::VectorXd& y, const std::vector<BodyPose>& poses,
                       std::vector<double>& values) {
  const BeamLayout& l = b.layout;
  const int root = b.pieces[static_cast<std::size_t>(l.rootPiece)];
  const bool farAtEnd = l.rootPiece < l.beam.segments - l.rootPiece;  // the output nearer x = 0
  const int far = b.pieces[farAtEnd ? b.pieces.size() - 1 : 0];
  const Vec3 end(farAtEnd ? l.beam.length : 0.0, 0.0, 0.0);
  auto bodyPoint = [&](int body) { return Vec3(end - model.spec().bodies[static_cast<std::size_t>(model.body(body).specIndex)].inputs.front()); };
  const BodyPose& r = poses[static_cast<std::size_t>(root)];
  const Vec3 d = r.rotation.transpose() * (poses[static_cast<std::size_t>(far)].point(bodyPoint(far)) - r.point(bodyPoint(root)));
  values.push_back(d.y());
  if (!model.planar()) values.push_back(d.z());
  // Strain energy: the springs of its joints' hinges (planar bending,
  // stretch) and the beam joints' potentials (spatial bending and torsion).
  double strain = 0.0;
  Vec3 rootMoment = Vec3::Zero();
  const int first = rootJoint(b);
  for (int j = 0; j < l.beam.segments; ++j) {
    const auto [element, count] = loads.elementRange(b.pieces[static_cast<std::size_t>(l.tipPiece(j))]);
    for (int e = element; e >= 0 && e < element + count; ++e) {
      strain += loads.loadOf(e).potential;
      if (model.planar() && j == first && model.loads().hinges[static_cast<std::size_t>(e)].coordinate == HingeElements::Coordinate::PlanarAngle)
        rootMoment.z() = loads.detailOf(e).spring;
    }
  }
  if (!model.planar()) {
    for (int j = 0; j < l.beam.segments; ++j) {
      const CompiledBeamJoint& joint = model.loads().beamJoints[static_cast<std::size_t>(b.firstJoint + j)];
      const Quat parent = pieceOrientation(y, joint.parent);
      const BeamJointLoad load = beamJointLoad(joint, parent, pieceOrientation(y, joint.body), y.segment<3>(7 * joint.parent + 4), y.segment<3>(7 * joint.body + 4));
      strain += load.potential;
      if (j == first) rootMoment = rotationFromQuaternion(parent.normalized()).transpose() * load.moment;  // on the tip side, beam axes
    }
  }
  values.push_back(strain);
  if (l.beam.segments < 1) return;
  if (!model.planar()) {
    values.push_back(rootMoment.x());
    values.push_back(rootMoment.y());
  }
  values.push_back(rootMoment.z());
}

}  // namespace

std::vector<LoadChannel> loadChannels(const Model& model) {
  std::vector<LoadChannel> c;
  for (const HingeElements& e : model.loads().hinges) {
    const bool ball = e.coordinate == HingeElements::Coordinate::Rotation;
    const std::string load = e.rotational() ? "N m" : "N";
    const std::string of = " of hinge '" + e.name + "'";
    if (ball) {
      c.push_back({e.name + ".angle", "rad", "rotation angle from rest" + of});
      c.push_back({e.name + ".spring", "N m", "spring-damper moment (magnitude)" + of});
      continue;
    }
    c.push_back({e.name + ".q", e.rotational() ? "rad" : "m", (e.rotational() ? "angle" : "slide") + of});
    c.push_back({e.name + ".q_dot", e.rotational() ? "rad/s" : "m/s", (e.rotational() ? "angular rate" : "slide rate") + of});
    if (e.spring) c.push_back({e.name + ".spring", load, "spring-damper load" + of});
    if (e.stops) c.push_back({e.name + ".stop", load, "stop load" + of});
    if (e.actuator) {
      c.push_back({e.name + ".actuator", load, "actuator load" + of});
      c.push_back({e.name + ".actuator_power", "W", "actuator power" + of});
    }
    if (e.prescribed) {
      c.push_back({e.name + ".drive", load, "driving load" + of});
      c.push_back({e.name + ".drive_power", "W", "driving power" + of});
    }
  }
  for (const CompiledSpringDamper& s : model.loads().springs) {
    c.push_back({s.name + ".length", "m", "length of spring-damper '" + s.name + "'"});
    c.push_back({s.name + ".tension", "N", "tension of spring-damper '" + s.name + "'"});
  }
  for (const CompiledBearing& b : model.loads().bearings) {
    const std::string of = " of bearing '" + b.name + "' (its x, y axes)";
    c.push_back({b.name + ".dx", "m", "journal displacement x" + of});
    c.push_back({b.name + ".dy", "m", "journal displacement y" + of});
    c.push_back({b.name + ".fx", "N", "load on the journal x" + of});
    c.push_back({b.name + ".fy", "N", "load on the journal y" + of});
  }
  // docs/contact.md C5 and C8: the same four for either kind.
  auto contact = [&c](const std::string& name, const std::string& kind, const char* depth) {
    const std::string of = " of " + kind + " '" + name + "'";
    c.push_back({name + ".normal", "N", "normal force" + of});
    c.push_back({name + ".friction", "N", "friction force" + of});
    c.push_back({name + ".slip", "m/s", "slip velocity" + of});
    c.push_back({name + ".penetration", "m", depth + of});
  };
  for (const CompiledContact& k : model.loads().contacts) contact(k.law.name, "contact", "penetration");
  for (const CompiledBodyContact& k : model.loads().bodyContacts) contact(k.law.name, "body contact", "overlap");
  for (const CompiledBeam& b : model.beams()) beamChannels(model, b, c);
  // A live run's pull and torque (run_inputs.hpp, docs/loads.md L13): the
  // force on the grabbed point, the torque, and their power, world axes.
  if (model.takesRunInputs()) {
    for (const char* a : {"x", "y", "z"}) c.push_back({std::string("pull.f") + a, "N", std::string("user's pull, ") + a + " component"});
    for (const char* a : {"x", "y", "z"}) c.push_back({std::string("pull.m") + a, "N m", std::string("user's torque, ") + a + " component"});
    c.push_back({"pull.power", "W", "power of the user's pull and torque"});
  }
  return c;
}

void loadChannelValues(const Model& model, const AppliedLoads& loads, const SolverOutput& out, const Eigen::VectorXd& y, const std::vector<BodyPose>& poses,
                       std::vector<double>& values) {
  values.clear();
  const CompiledLoads& elements = model.loads();
  for (std::size_t k = 0; k < elements.hinges.size(); ++k) {
    const HingeElements& e = elements.hinges[k];
    const HingeElementLoads& l = loads.hinges()[k];
    if (e.coordinate == HingeElements::Coordinate::Rotation) {
      values.push_back(l.coordinate.q);
      values.push_back(l.moment.norm());
      continue;
    }
    values.push_back(l.coordinate.q);
    values.push_back(l.coordinate.rate);
    if (e.spring) values.push_back(l.spring);
    if (e.stops) values.push_back(l.stop);
    if (e.actuator) {
      values.push_back(l.actuator);
      values.push_back(l.inputPower);
    }
    if (e.prescribed) {
      const double drive = out.drivingLoad.empty() ? 0.0 : out.drivingLoad[static_cast<std::size_t>(e.driven)];
      values.push_back(drive);
      values.push_back(drive * l.coordinate.rate);
    }
  }
  for (const StrutState& s : loads.struts()) {
    values.push_back(s.length);
    values.push_back(s.tension);
  }
  for (const BearingState& b : loads.bearings()) {
    values.push_back(b.displacement.x());
    values.push_back(b.displacement.y());
    values.push_back(b.load.x());
    values.push_back(b.load.y());
  }
  for (const auto* states : {&loads.contacts(), &loads.bodyContacts()})
    for (const ContactState& s : *states) {
      values.push_back(s.normalForce);
      values.push_back(s.friction);
      values.push_back(s.slip);
      values.push_back(std::max(0.0, s.penetration));
    }
  for (const CompiledBeam& b : model.beams()) beamChannelValues(model, b, loads, y, poses, values);
  if (model.takesRunInputs()) {
    const AppliedLoads::PullState& p = loads.pull();
    for (int k = 0; k < 3; ++k) values.push_back(p.force[k]);
    for (int k = 0; k < 3; ++k) values.push_back(p.torque[k]);
    values.push_back(p.power);
  }
}

}  // namespace mstmm
