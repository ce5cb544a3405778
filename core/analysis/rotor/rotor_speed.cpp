#include "core/analysis/rotor/rotor_speed.hpp"

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/model/load_validation.hpp"

namespace mstmm {

void refuseRotorInput(const std::string& what) { throw Error(ErrorKind::Input, what); }

SpinCoordinate parseSpin(const std::string& text) {
  const std::size_t dot = text.rfind('.');
  if (dot != std::string::npos && text.substr(dot + 1) == "angle") return {text.substr(0, dot), "angle"};
  return {text, ""};
}

namespace {

// Whether a hinge's rotation about one axis can be the spin: the one
// coordinate of a revolute or pin, or the angle of a cylindrical, planar or
// (planar model) free hinge.
bool spinsAlone(HingeType type) { return type == HingeType::Revolute || type == HingeType::Pin; }
bool spinsByAngle(HingeType type, ModelKind kind) {
  return type == HingeType::Cylindrical || type == HingeType::Planar || (kind == ModelKind::Planar && type == HingeType::Free);
}

// Index of the spun coordinate among the hinge's named ones (-1 for a
// one-coordinate hinge, as initialCoordinateAt takes it), or refused when
// it cannot spin.
int spinIndex(const HingeSpec& h, ModelKind kind, const std::string& coordinate) {
  const std::string where = "spin hinge " + quoted(h.name) + ": ";
  if (spinsAlone(h.type)) {
    if (!coordinate.empty()) refuseRotorInput(where + "a " + std::string(toString(h.type)) + " hinge has one coordinate; give no coordinate name");
    return -1;
  }
  if (!spinsByAngle(h.type, kind)) refuseRotorInput(where + "a rotor spins on a revolute or pin hinge, or the angle of a cylindrical or planar hinge (this one is " + toString(h.type) + ")");
  const std::string name = coordinate.empty() ? std::string("angle") : coordinate;
  if (name != "angle") refuseRotorInput(where + "the rotor spins on its coordinate 'angle', not " + quoted(name));
  return hingeCoordinateIndex(h.type, kind, name);
}

Mat3 initialRotationOf(const ModelSpec& spec, int body) {
  const BodySpec& b = spec.bodies[static_cast<std::size_t>(body)];
  if (spec.kind == ModelKind::Planar) return Mat3::Identity();
  return rotationFromQuaternion(b.orientation.normalized());
}

}  // namespace

std::vector<std::string> spinChoices(const ModelSpec& spec) {
  std::vector<std::string> out;
  for (const HingeSpec& h : spec.hinges) {
    if (spinsAlone(h.type)) out.push_back(h.name);
    else if (spinsByAngle(h.type, spec.kind)) out.push_back(h.name + ".angle");
  }
  return out;
}

RotorAtSpeed::RotorAtSpeed(ModelSpec spec, SpinCoordinate spin) : m_spec(std::move(spec)), m_spin(std::move(spin)) {
  m_unbalances = std::move(m_spec.unbalances);
  m_spec.unbalances.clear();
  for (std::size_t h = 0; h < m_spec.hinges.size(); ++h)
    if (m_spec.hinges[h].name == m_spin.hinge) m_hinge = static_cast<int>(h);
  if (m_hinge < 0) refuseRotorInput("spin hinge " + quoted(m_spin.hinge) + " does not exist");
  if (m_spec.hinges.size() > m_spec.bodies.size()) refuseRotorInput("model " + quoted(m_spec.name) + ": the rotor analyses take models without closed loops");
  const HingeSpec& hinge = m_spec.hinges[static_cast<std::size_t>(m_hinge)];
  m_coordinate = spinIndex(hinge, m_spec.kind, m_spin.coordinate);
  // The axis: the hinge's (root side, world for the ground), z in a planar model.
  if (m_spec.kind == ModelKind::Spatial) {
    const int parent = hinge.parent ? m_spec.bodyIndex(*hinge.parent) : -1;
    m_axis = (parent < 0 ? Mat3::Identity() : initialRotationOf(m_spec, parent)) * hinge.axis.normalized();
  }
  // The bodies beyond the hinge: its child's subtree.
  std::vector<bool> in(m_spec.bodies.size(), false);
  in[static_cast<std::size_t>(m_spec.bodyIndex(hinge.child))] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (const HingeSpec& h : m_spec.hinges) {
      const int child = m_spec.bodyIndex(h.child);
      if (h.parent && in[static_cast<std::size_t>(m_spec.bodyIndex(*h.parent))] && !in[static_cast<std::size_t>(child)]) grew = in[static_cast<std::size_t>(child)] = true;
    }
  }
  // What spins must be rigid: a joint or an elastic beam beyond the spin
  // hinge has coordinates that turn with the rotor, in which a rotor on
  // supports that do not turn is not time-invariant (docs/rotors.md R3).
  for (const HingeSpec& h : m_spec.hinges)
    if (h.parent && in[static_cast<std::size_t>(m_spec.bodyIndex(*h.parent))] && h.type != HingeType::Weld)
      refuseRotorInput("spin hinge " + quoted(hinge.name) + ": hinge " + quoted(h.name) + " (" + toString(h.type) +
                       ") turns with the rotor; the rotor analyses take a spinning part that is rigid (welds only beyond the spin hinge)");
  for (std::size_t b = 0; b < in.size(); ++b)
    if (in[b] && m_spec.bodies[b].beam)
      refuseRotorInput("spin hinge " + quoted(hinge.name) + ": the elastic beam " + quoted(m_spec.bodies[b].name) +
                       " turns with the rotor, and its bending with it; the rotor analyses take a spinning part that is rigid (docs/rotors.md R3)");
  for (std::size_t b = 0; b < in.size(); ++b)
    if (in[b]) {
      m_spinningBodies.push_back(static_cast<int>(b));
      m_spinningNames.push_back(m_spec.bodies[b].name);
    }
}

std::shared_ptr<const Model> RotorAtSpeed::at(double omega) const {
  ModelSpec spec = m_spec;
  for (int b : m_spinningBodies) {
    BodySpec& body = spec.bodies[static_cast<std::size_t>(b)];
    if (spec.kind == ModelKind::Planar) body.thetaDot += omega;
    else body.angularVelocity += omega * m_axis;
  }
  HingeSpec& hinge = spec.hinges[static_cast<std::size_t>(m_hinge)];
  const int child = spec.bodyIndex(hinge.child), parent = hinge.parent ? spec.bodyIndex(*hinge.parent) : -1;
  double q = 0.0, rate = 0.0;
  if (!initialCoordinateAt(spec, child, parent, hinge, m_coordinate, q, rate))
    refuseRotorInput("spin hinge " + quoted(hinge.name) + ": its initial angle cannot be read");
  HingeLoadsSpec drive;
  drive.motion = TimeFunction{};
  drive.motion->kind = TimeFunctionKind::Ramp;
  drive.motion->value = q;
  drive.motion->slope = omega;
  drive.motion->start = 0.0;
  const std::vector<std::string>& names = hingeCoordinateNames(hinge.type, spec.kind);
  if (names.empty()) {
    hinge.loads = drive;
  } else {
    std::erase_if(hinge.coordinateLoads, [&](const CoordinateLoadsSpec& c) { return c.coordinate == names[static_cast<std::size_t>(m_coordinate)]; });
    hinge.coordinateLoads.push_back({names[static_cast<std::size_t>(m_coordinate)], drive});
  }
  return compile(spec);
}

}  // namespace mstmm
