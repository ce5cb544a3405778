#include "core/loads/load_channels.hpp"

#include <algorithm>

#include "core/dynamics/state.hpp"

namespace mstmm {

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
  return c;
}

void loadChannelValues(const Model& model, const AppliedLoads& loads, const SolverOutput& out, std::vector<double>& values) {
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
  for (const auto* states : {&loads.contacts(), &loads.bodyContacts()})
    for (const ContactState& s : *states) {
      values.push_back(s.normalForce);
      values.push_back(s.friction);
      values.push_back(s.slip);
      values.push_back(std::max(0.0, s.penetration));
    }
}

}  // namespace mstmm
