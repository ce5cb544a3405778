#include "core/model/model_range.hpp"

#include <cmath>
#include <string>

#include "core/message_text.hpp"

namespace mstmm {

namespace {

/// Collects an element's numbers by name; the first out of range is its message.
class RangeCheck {
 public:
  void number(const std::string& name, double v) {
    if (m_bad.empty() && std::isfinite(v) && !(std::abs(v) <= kLargestModelNumber)) m_bad = name + " = " + formatNumber(v);
  }
  void vector(const std::string& name, const Vec3& v) {
    for (int k = 0; k < 3; ++k) number(name, v[k]);
  }
  void time(const std::string& name, const TimeFunction& f) {  // its values, not its times or frequency
    number(name, f.value), number(name, f.to), number(name, f.slope), number(name, f.amplitude);
    for (const auto& [t, v] : f.points) number(name, v);
  }
  void hingeLoads(const std::string& prefix, const HingeLoadsSpec& l) {
    if (l.spring) {
      number(prefix + "spring stiffness", l.spring->stiffness), number(prefix + "spring damping", l.spring->damping);
      number(prefix + "spring rest value", l.spring->rest);
      for (const auto& [x, load] : l.spring->characteristic) number(prefix + "spring characteristic", x), number(prefix + "spring characteristic", load);
    }
    if (l.stops) {
      if (l.stops->lower) number(prefix + "lower stop", *l.stops->lower);
      if (l.stops->upper) number(prefix + "upper stop", *l.stops->upper);
      number(prefix + "stop stiffness", l.stops->stiffness), number(prefix + "stop damping", l.stops->damping);
    }
    if (l.actuator) {
      time(prefix + "actuator load", l.actuator->load), time(prefix + "servo reference", l.actuator->reference);
      number(prefix + "servo kp", l.actuator->kp), number(prefix + "servo kd", l.actuator->kd);
      if (l.actuator->maxLoad) number(prefix + "actuator load limit", *l.actuator->maxLoad);
    }
    if (l.motion) time(prefix + "prescribed motion", *l.motion);
    number(prefix + "armature", l.armature);
  }
  /// Appends "WHO: NAME is beyond ..." when a number was out of range.
  void report(std::vector<Diagnostic>& out, ErrorSubject subject, const std::string& who) const {
    if (m_bad.empty()) return;
    out.push_back({Severity::Error, subject,
                   who + ": " + m_bad + " is beyond +-" + formatNumber(kLargestModelNumber) +
                       ", the largest a model's physical numbers may be (the equations would overflow); check its units"});
  }

 private:
  std::string m_bad;
};

void checkBody(const BodySpec& b, int index, std::vector<Diagnostic>& out) {
  RangeCheck c;
  for (const Vec3& p : b.inputs) c.vector("an input end", p);
  c.vector("the output end", b.output);
  const ShapeSpec& s = b.shape;
  c.number("mass", s.mass), c.number("length", s.length), c.number("radius", s.radius), c.vector("box size", s.size);
  if (s.center) c.vector("centre", *s.center);
  for (const PointMass& p : s.points) c.number("a point mass", p.mass), c.vector("a point mass's position", p.position);
  c.vector("centre of mass", s.com);
  for (int k = 0; k < 3; ++k) c.vector("inertia", s.inertia.col(k));
  c.number("initial angle", b.theta);
  if (b.beam) {
    const BeamSpec& beam = *b.beam;
    c.number("beam length", beam.length), c.number("Young's modulus", beam.youngsModulus), c.number("shear modulus", beam.shearModulus);
    c.number("density", beam.density);
    const BeamSection& x = beam.section;
    for (double v : {x.width, x.height, x.radius, x.innerRadius, x.area, x.iy, x.iz, x.torsion}) c.number("beam section", v);
  }
  for (const BodyLoadSpec& l : b.loads) {
    c.vector("load '" + l.name + "' point", l.point);
    for (int k = 0; k < 3; ++k) c.time("load '" + l.name + "' force", l.force[k]), c.time("load '" + l.name + "' moment", l.moment[k]);
  }
  c.report(out, {ErrorSubject::Kind::Body, index}, "body " + quoted(b.name));
}

void checkHinge(const HingeSpec& h, int index, std::vector<Diagnostic>& out) {
  RangeCheck c;
  c.vector("anchor", h.anchor), c.number("initial slide", h.slide), c.vector("initial translation", h.translation);
  c.hingeLoads("", h.loads);
  for (const CoordinateLoadsSpec& l : h.coordinateLoads) c.hingeLoads(l.coordinate + ": ", l.loads);
  c.report(out, {ErrorSubject::Kind::Hinge, index}, "hinge " + quoted(h.name));
}

}  // namespace

void checkModelRange(const ModelSpec& spec, std::vector<Diagnostic>& out) {
  RangeCheck gravity;
  gravity.vector("gravity", spec.gravity);
  gravity.report(out, {}, "model");
  for (std::size_t b = 0; b < spec.bodies.size(); ++b) checkBody(spec.bodies[b], static_cast<int>(b), out);
  for (std::size_t h = 0; h < spec.hinges.size(); ++h) checkHinge(spec.hinges[h], static_cast<int>(h), out);
  for (std::size_t k = 0; k < spec.springs.size(); ++k) {
    const SpringDamperSpec& s = spec.springs[k];
    RangeCheck c;
    c.vector("point A", s.pointA), c.vector("point B", s.pointB), c.number("stiffness", s.stiffness), c.number("damping", s.damping);
    c.number("rest length", s.restLength), c.number("preload", s.preload);
    c.report(out, {ErrorSubject::Kind::None, static_cast<int>(k)}, "spring-damper " + quoted(s.name));
  }
  for (std::size_t k = 0; k < spec.contacts.size(); ++k) {
    const ContactSpec& s = spec.contacts[k];
    RangeCheck c;
    c.vector("point", s.point), c.number("radius", s.radius), c.number("stiffness", s.stiffness), c.number("damping", s.damping);
    c.report(out, {ErrorSubject::Kind::None, static_cast<int>(k)}, "contact " + quoted(s.name));
  }
  RangeCheck ground;
  ground.vector("point", spec.ground.point);
  ground.report(out, {}, "ground");
  for (std::size_t k = 0; k < spec.bodyContacts.size(); ++k) {
    const BodyContactSpec& s = spec.bodyContacts[k];
    RangeCheck c;
    for (const ContactShape* shape : {&s.first, &s.second})
      c.vector("shape centre", shape->centre), c.number("shape radius", shape->radius), c.number("shape length", shape->length),
          c.vector("shape size", shape->halfSize);
    c.number("stiffness", s.stiffness), c.number("damping", s.damping);
    c.report(out, {ErrorSubject::Kind::None, static_cast<int>(k)}, "body contact " + quoted(s.name));
  }
}

}  // namespace mstmm
