#include "core/analysis/rotor/rotor_speed.hpp"

#include <algorithm>

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
  std::vector<std::string> out, numbered;
  for (const HingeSpec& h : spec.hinges) {
    if (spinsAlone(h.type)) out.push_back(h.name);
    else if (spinsByAngle(h.type, spec.kind)) out.push_back(h.name + ".angle");
    // "name 1", "name 2", ... of revolutes and pins: offered together as "name*".
    const std::size_t space = h.name.find_last_of(' ');
    if (spinsAlone(h.type) && space != std::string::npos && space + 1 < h.name.size() &&
        h.name.find_first_not_of("0123456789", space + 1) == std::string::npos)
      numbered.push_back(h.name.substr(0, space));
  }
  std::vector<std::string> groups;
  for (const std::string& prefix : numbered)
    if (std::count(numbered.begin(), numbered.end(), prefix) >= 2 && std::find(groups.begin(), groups.end(), prefix + "*") == groups.end())
      groups.push_back(prefix + "*");
  out.insert(out.begin(), groups.begin(), groups.end());
  return out;
}

std::vector<SpinCoordinate> parseSpins(const std::string& text) {
  std::vector<SpinCoordinate> spins;
  std::size_t from = 0;
  for (;;) {
    const std::size_t comma = text.find(',', from);
    spins.push_back(parseSpin(text.substr(from, comma == std::string::npos ? std::string::npos : comma - from)));
    if (comma == std::string::npos) return spins;
    from = comma + 1;
  }
}

RotorAtSpeed::RotorAtSpeed(ModelSpec spec, SpinCoordinate spin) : RotorAtSpeed(std::move(spec), std::vector<SpinCoordinate>{std::move(spin)}, 0) {}

RotorAtSpeed RotorAtSpeed::spinningOn(ModelSpec spec, const std::vector<SpinCoordinate>& spins) { return RotorAtSpeed(std::move(spec), spins, 0); }

namespace {

// "prefix*" stands for every hinge whose name begins with prefix, in the
// model's order ("spin*": an elastic shaft's pieces).
std::vector<SpinCoordinate> expanded(const ModelSpec& spec, const std::vector<SpinCoordinate>& spins) {
  std::vector<SpinCoordinate> out;
  for (const SpinCoordinate& s : spins) {
    if (s.hinge.empty() || s.hinge.back() != '*') {
      out.push_back(s);
      continue;
    }
    const std::string prefix = s.hinge.substr(0, s.hinge.size() - 1);
    const std::size_t before = out.size();
    for (const HingeSpec& h : spec.hinges)
      if (h.name.compare(0, prefix.size(), prefix) == 0) out.push_back({h.name, s.coordinate});
    if (out.size() == before) refuseRotorInput("spin hinges " + quoted(s.hinge) + ": no hinge's name begins with " + quoted(prefix));
  }
  return out;
}

}  // namespace

RotorAtSpeed::RotorAtSpeed(ModelSpec spec, const std::vector<SpinCoordinate>& named, int) : m_spec(std::move(spec)), m_named(named) {
  m_unbalances = std::move(m_spec.unbalances);
  m_spec.unbalances.clear();
  const std::vector<SpinCoordinate> spins = expanded(m_spec, named);
  if (spins.empty()) refuseRotorInput("a rotor analysis needs a spin hinge");
  if (m_spec.hinges.size() > m_spec.bodies.size()) refuseRotorInput("model " + quoted(m_spec.name) + ": the rotor analyses take models without closed loops");
  std::vector<bool> spinning(m_spec.bodies.size(), false);
  for (std::size_t k = 0; k < spins.size(); ++k) {
    for (std::size_t j = 0; j < k; ++j)
      if (spins[j].hinge == spins[k].hinge) refuseRotorInput("spin hinge " + quoted(spins[k].hinge) + " is named twice");
    Vec3 axis;
    m_spins.push_back(checkedSpin(spins[k], axis, spinning));
    if (k == 0) m_axis = axis;
    else if ((axis - m_axis).norm() > 1e-9)
      refuseRotorInput("spin hinges " + quoted(spins[0].hinge) + " and " + quoted(spins[k].hinge) +
                       " turn about different axes; the parts of a rotor spin about one axis, the same way");
  }
  for (std::size_t b = 0; b < spinning.size(); ++b)
    if (spinning[b]) {
      m_spinningBodies.push_back(static_cast<int>(b));
      m_spinningNames.push_back(m_spec.bodies[b].name);
    }
}

// One spin coordinate checked: the hinge exists and can spin, and what
// turns on it is rigid. Its axis in the world, and its bodies marked in
// `spinning` (a body already there: the spin hinges nest).
RotorAtSpeed::Spin RotorAtSpeed::checkedSpin(const SpinCoordinate& name, Vec3& axis, std::vector<bool>& spinning) const {
  Spin spin{name};
  for (std::size_t h = 0; h < m_spec.hinges.size(); ++h)
    if (m_spec.hinges[h].name == name.hinge) spin.hinge = static_cast<int>(h);
  if (spin.hinge < 0) refuseRotorInput("spin hinge " + quoted(name.hinge) + " does not exist");
  const HingeSpec& hinge = m_spec.hinges[static_cast<std::size_t>(spin.hinge)];
  spin.coordinate = spinIndex(hinge, m_spec.kind, name.coordinate);
  // The axis: the hinge's (root side, world for the ground), z in a planar model.
  axis = Vec3::UnitZ();
  if (m_spec.kind == ModelKind::Spatial) {
    const int parent = hinge.parent ? m_spec.bodyIndex(*hinge.parent) : -1;
    axis = (parent < 0 ? Mat3::Identity() : initialRotationOf(m_spec, parent)) * hinge.axis.normalized();
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
      if (spinning[b]) refuseRotorInput("spin hinge " + quoted(hinge.name) + ": body " + quoted(m_spec.bodies[b].name) + " already spins on another spin hinge");
      spinning[b] = true;
    }
  return spin;
}

std::string RotorAtSpeed::spinNames() const {
  std::string names;
  for (const SpinCoordinate& s : m_named) names += (names.empty() ? "" : ",") + s.hinge + (s.coordinate.empty() ? "" : "." + s.coordinate);
  return names;
}

std::shared_ptr<const Model> RotorAtSpeed::at(double omega) const {
  ModelSpec spec = m_spec;
  for (int b : m_spinningBodies) {
    BodySpec& body = spec.bodies[static_cast<std::size_t>(b)];
    if (spec.kind == ModelKind::Planar) body.thetaDot += omega;
    else body.angularVelocity += omega * m_axis;
  }
  for (const Spin& spin : m_spins) drive(spec, spin, omega);
  return compile(spec);
}

// The spin coordinate driven at the constant rate omega from its initial
// angle (a ramp, docs/loads.md L8).
void RotorAtSpeed::drive(ModelSpec& spec, const Spin& spin, double omega) const {
  HingeSpec& hinge = spec.hinges[static_cast<std::size_t>(spin.hinge)];
  const int child = spec.bodyIndex(hinge.child), parent = hinge.parent ? spec.bodyIndex(*hinge.parent) : -1;
  double q = 0.0, rate = 0.0;
  if (!initialCoordinateAt(spec, child, parent, hinge, spin.coordinate, q, rate))
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
    std::erase_if(hinge.coordinateLoads, [&](const CoordinateLoadsSpec& c) { return c.coordinate == names[static_cast<std::size_t>(spin.coordinate)]; });
    hinge.coordinateLoads.push_back({names[static_cast<std::size_t>(spin.coordinate)], drive});
  }
}

}  // namespace mstmm
