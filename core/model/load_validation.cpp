#include "core/model/load_validation.hpp"

#include <cmath>
#include <numbers>
#include <unordered_map>

#include "core/message_text.hpp"

namespace mstmm {

namespace {

bool nonNegative(double v) { return std::isfinite(v) && v >= 0.0; }
bool alongZ(const Vec3& v) { return v.allFinite() && v.norm() > 0.0 && std::abs(v.z()) >= (1.0 - 1e-12) * v.norm(); }

class LoadChecker {
 public:
  LoadChecker(const ModelSpec& spec, std::vector<Diagnostic>& out) : m_spec(spec), m_out(out) {
    for (std::size_t i = 0; i < spec.bodies.size(); ++i) m_bodyIndex.emplace(spec.bodies[i].id.value, static_cast<int>(i));
  }

  void run() {
    for (std::size_t h = 0; h < m_spec.hinges.size(); ++h) checkHinge(static_cast<int>(h));
    for (std::size_t b = 0; b < m_spec.bodies.size(); ++b) checkBodyLoads(static_cast<int>(b));
    for (std::size_t s = 0; s < m_spec.springs.size(); ++s) checkStrut(m_spec.springs[s], static_cast<int>(s));
    for (std::size_t c = 0; c < m_spec.contacts.size(); ++c) checkContact(m_spec.contacts[c], static_cast<int>(c));
    if (!m_spec.contacts.empty()) checkGround(m_spec.ground);
    for (std::size_t c = 0; c < m_spec.bodyContacts.size(); ++c) checkBodyContact(m_spec.bodyContacts[c], static_cast<int>(c));
    for (std::size_t k = 0; k < m_spec.bearings.size(); ++k) checkBearing(m_spec.bearings[k], static_cast<int>(k));
    for (std::size_t k = 0; k < m_spec.unbalances.size(); ++k) checkUnbalance(m_spec.unbalances[k], static_cast<int>(k));
    for (std::size_t k = 0; k < m_spec.measures.size(); ++k) checkMeasure(m_spec.measures[k], static_cast<int>(k));
  }

 private:
  bool planar() const { return m_spec.kind == ModelKind::Planar; }
  void hingeError(int h, const std::string& what) {
    m_out.push_back({Severity::Error, {ErrorSubject::Kind::Hinge, h}, "hinge " + quoted(m_spec.hinges[static_cast<std::size_t>(h)].name) + ": " + m_prefix + what});
  }
  void bodyError(int b, const std::string& what) {
    m_out.push_back({Severity::Error, {ErrorSubject::Kind::Body, b}, "body " + quoted(m_spec.bodies[static_cast<std::size_t>(b)].name) + ": " + what});
  }
  // From a map made once: ModelSpec::bodyIndex per hinge is O(N^2) for
  // a model of N bodies (0.9 s at N = 20,000, measured).
  int bodyIndex(BodyId id) const {
    const auto it = m_bodyIndex.find(id.value);
    return it == m_bodyIndex.end() ? -1 : it->second;
  }
  bool coordinate(const HingeSpec& hinge, int k, double& q, double& rate) const {
    return initialCoordinateAt(m_spec, bodyIndex(hinge.child), hinge.parent ? bodyIndex(*hinge.parent) : -1, hinge, k, q, rate);
  }
  int bodyByName(const std::string& name) const {
    for (std::size_t i = 0; i < m_spec.bodies.size(); ++i)
      if (m_spec.bodies[i].name == name) return static_cast<int>(i);
    return -1;
  }

  void checkHinge(int h) {
    const HingeSpec& hinge = m_spec.hinges[static_cast<std::size_t>(h)];
    const std::vector<std::string>& names = hingeCoordinateNames(hinge.type, m_spec.kind);
    if (!hinge.coordinateLoads.empty() && names.empty())
      hingeError(h, std::string("a ") + toString(hinge.type) + " hinge has one coordinate (or a ball's rotation): give its loads directly, not on named coordinates");
    if (!names.empty()) {
      if (!hinge.loads.empty())
        hingeError(h, std::string("a ") + toString(hinge.type) + " hinge has several coordinates (" + joinNames(names) + "); give its springs, stops, actuators and prescribed motion on each of them by name");
      checkCoordinates(h, hinge, names);
      return;
    }
    const HingeLoadsSpec& l = hinge.loads;
    if (l.empty()) return;
    if (hinge.type == HingeType::Weld) {
      hingeError(h, "a weld has no free coordinate, so it cannot carry a spring, stops, an actuator or a prescribed motion");
      return;
    }
    const bool ball = hinge.type == HingeType::Ball && !planar();
    if (ball && (l.stops || l.actuator || l.motion))
      hingeError(h, "a ball hinge turns about three axes; stops, actuators and prescribed motion need a hinge with one coordinate (revolute, pin or slider)");
    const double q0 = initialQ(hinge, -1), rate0 = initialRate(hinge, -1);
    checkCoordinateLoads(h, l, {hinge.type == HingeType::Slider, ball, hinge.type == HingeType::Revolute && !planar()}, q0, rate0);
    if (hinge.type == HingeType::Revolute && !planar()) checkRevoluteFrames(h, hinge);
  }

  /// What a coordinate is, for its checks and units.
  struct CoordinateKind {
    bool slide = false;    // m, N/m; else rad, N m/rad
    bool ball = false;     // a ball's three rotations: spring and damper only
    bool wrapped = false;  // an angle read in [-pi, pi]
  };

  void checkCoordinates(int h, const HingeSpec& hinge, const std::vector<std::string>& names) {
    std::vector<bool> seen(names.size(), false);
    const int slides = hingeSlideCount(hinge.type, m_spec.kind);
    for (const CoordinateLoadsSpec& c : hinge.coordinateLoads) {
      const int k = hingeCoordinateIndex(hinge.type, m_spec.kind, c.coordinate);
      if (k < 0) {
        hingeError(h, "a " + std::string(toString(hinge.type)) + " hinge has no coordinate '" + c.coordinate + "'; its coordinates are " + joinNames(names));
        continue;
      }
      if (seen[static_cast<std::size_t>(k)]) hingeError(h, "coordinate '" + c.coordinate + "' is given twice; give each coordinate's loads once");
      seen[static_cast<std::size_t>(k)] = true;
      if (c.loads.empty()) continue;
      const CoordinateKind kind{k < slides, c.coordinate == "rotation", !planar() && k >= slides && c.coordinate != "rotation"};
      m_prefix = c.coordinate + ": ";
      if (kind.ball && (c.loads.stops || c.loads.actuator || c.loads.motion))
        hingeError(h, "the rotation of a " + std::string(toString(hinge.type)) +
                          " hinge is free about three axes, as a ball's; it takes a spring and damper, but stops, actuators and prescribed motion need one coordinate");
      double q0 = 0.0, rate0 = 0.0;
      const bool known = coordinate(hinge, k, q0, rate0);
      checkCoordinateLoads(h, c.loads, kind, known ? q0 : NAN, known ? rate0 : NAN);
      m_prefix.clear();
    }
    if (planar()) return;
    bool anglesLoaded = false;
    for (const CoordinateLoadsSpec& c : hinge.coordinateLoads)
      anglesLoaded |= !c.loads.empty() && c.coordinate.rfind("angle", 0) == 0;
    if (!anglesLoaded) return;
    if (hinge.type == HingeType::Cylindrical || hinge.type == HingeType::Planar) checkRevoluteFrames(h, hinge);
    if (hinge.type == HingeType::Universal) checkUniversalFrames(h, hinge);
  }

  void checkCoordinateLoads(int h, const HingeLoadsSpec& l, const CoordinateKind& kind, double q0, double rate0) {
    const char* unitK = kind.slide ? "N/m" : "N m/rad";
    const char* unitC = kind.slide ? "N s/m" : "N m s/rad";
    if (l.spring) checkSpring(h, *l.spring, unitK, unitC, kind.ball);
    checkArmature(h, l.armature, kind);
    if (kind.ball) return;
    if (l.stops) checkStops(h, *l.stops, unitK, unitC);
    if (l.actuator) checkActuator(h, *l.actuator);
    if (l.motion) {
      if (const std::string why = checkTimeFunction(*l.motion, true); !why.empty()) hingeError(h, "motion: " + why);
      if (l.actuator) hingeError(h, "a prescribed hinge is driven by its motion, which supplies the load it needs; remove its actuator");
      else if (std::isfinite(q0)) checkInitialMotion(h, *l.motion, kind, q0, rate0);
    }
  }

  // Armature enters the joint-release block (equations.md §3.8).
  void checkArmature(int h, double armature, const CoordinateKind& kind) {
    if (armature != 0.0 && !(std::isfinite(armature) && armature > 0.0))
      hingeError(h, std::string("armature must be a finite number >= 0 (") + (kind.slide ? "kg" : "kg m^2") + ")");
  }

  double initialQ(const HingeSpec& hinge, int k) const {
    double q = NAN, rate = NAN;
    return coordinate(hinge, k, q, rate) ? q : NAN;
  }
  double initialRate(const HingeSpec& hinge, int k) const {
    double q = NAN, rate = NAN;
    return coordinate(hinge, k, q, rate) ? rate : NAN;
  }
  static std::string joinNames(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "'" : ", '") + n + "'";
    return out;
  }

  void checkSpring(int h, const HingeSpringSpec& s, const char* unitK, const char* unitC, bool ball) {
    if (!nonNegative(s.stiffness)) hingeError(h, std::string("spring: stiffness must be a finite number >= 0 (") + unitK + ")");
    if (!nonNegative(s.damping)) hingeError(h, std::string("spring: damping must be a finite number >= 0 (") + unitC + ")");
    if (!std::isfinite(s.rest)) hingeError(h, "spring: the rest value must be a finite number");
    if (ball && (!s.restOrientation.allFinite() || s.restOrientation.norm() < 1e-12))
      hingeError(h, "spring: the rest orientation must be a non-zero finite quaternion [w, x, y, z]");
    if (!s.characteristic.empty())
      if (const std::string why = checkCharacteristic(s.characteristic); !why.empty()) hingeError(h, "spring: " + why);
  }

  // Any width: a spatial angle is unwrapped as it turns (AppliedLoads::acceptState).
  void checkStops(int h, const HingeStopsSpec& s, const char* unitK, const char* unitC) {
    if (!s.lower && !s.upper) hingeError(h, "stops: give a lower limit, an upper limit or both");
    if ((s.lower && !std::isfinite(*s.lower)) || (s.upper && !std::isfinite(*s.upper))) hingeError(h, "stops: the limits must be finite numbers");
    if (s.lower && s.upper && !(*s.lower < *s.upper))
      hingeError(h, "stops: the lower limit " + formatNumber(*s.lower) + " is not below the upper limit " + formatNumber(*s.upper));
    if (!(std::isfinite(s.stiffness) && s.stiffness > 0.0)) hingeError(h, std::string("stops: stiffness must be a finite number > 0 (") + unitK + ")");
    if (!nonNegative(s.damping)) hingeError(h, std::string("stops: damping must be a finite number >= 0 (") + unitC + ")");
  }

  void checkActuator(int h, const HingeActuatorSpec& a) {
    if (a.kind == ActuatorKind::Force) {
      if (const std::string why = checkTimeFunction(a.load, false); !why.empty()) hingeError(h, "actuator load: " + why);
    } else {
      if (const std::string why = checkTimeFunction(a.reference, false); !why.empty()) hingeError(h, "actuator reference: " + why);
      if (!nonNegative(a.kp) || !nonNegative(a.kd)) hingeError(h, "actuator: the gains kp and kd must be finite numbers >= 0");
    }
    if (a.maxLoad && !(std::isfinite(*a.maxLoad) && *a.maxLoad > 0.0)) hingeError(h, "actuator: the load limit must be a finite number > 0");
  }

  // The motion must start where the initial state is, or the drive would
  // have to jump the bodies there.
  void checkInitialMotion(int h, const TimeFunction& motion, const CoordinateKind& kind, double q, double rate) {
    const TimeSample s = TimeCurve(motion).evaluate(0.0);
    double dq = q - s.value;
    if (kind.wrapped) dq = std::remainder(dq, 2.0 * std::numbers::pi);
    const char* unit = kind.slide ? " m" : " rad";
    if (std::abs(dq) > 1e-9 * (1.0 + std::abs(s.value)))
      hingeError(h, "motion: its value at t = 0 (" + formatNumber(s.value) + unit + ") differs from the initial " + (kind.slide ? "slide" : "angle") +
                        " of the hinge (" + formatNumber(q) + unit + "); make the initial state match it");
    if (std::abs(rate - s.rate) > 1e-9 * (1.0 + std::abs(s.rate)))
      hingeError(h, "motion: its rate at t = 0 (" + formatNumber(s.rate) + unit + "/s) differs from the initial " + (kind.slide ? "slide rate" : "relative angular velocity") +
                        " (" + formatNumber(rate) + unit + "/s); make the initial state match it");
  }

  // A universal hinge's angles exist only if the initial relative rotation is
  // Rot(a1, angle1) Rot(a2, angle2), which keeps a1 . (R a2) = a1 . a2.
  void checkUniversalFrames(int h, const HingeSpec& hinge) {
    Quat rel;
    if (!initialRelative(hinge, rel) || hinge.axis.norm() < 1e-12 || hinge.axis2.norm() < 1e-12) return;
    const Vec3 a1 = hinge.axis.normalized(), a2 = hinge.axis2.normalized();
    if (std::abs(a1.dot(rotationFromQuaternion(rel) * a2) - a1.dot(a2)) > 1e-9)
      hingeError(h, "its loads act on its two angles, which are zero where the frames of its two bodies are aligned, but the initial orientations differ by a rotation that is not about its two axes; align the frames up to rotations about the axes");
  }
  bool initialRelative(const HingeSpec& hinge, Quat& rel) const {
    const int child = bodyIndex(hinge.child);
    const int parent = hinge.parent ? bodyIndex(*hinge.parent) : -1;
    if (child < 0 || (hinge.parent && parent < 0)) return false;
    const Quat qp = parent >= 0 ? Quat(m_spec.bodies[static_cast<std::size_t>(parent)].orientation.normalized()) : Quat(1, 0, 0, 0);
    rel = quaternionProduct(quaternionConjugate(qp), m_spec.bodies[static_cast<std::size_t>(child)].orientation.normalized());
    return true;
  }

  // A spatial revolute's angle is the rotation of A_root^T A_tip about the
  // axis, which exists only if the two frames differ by such a rotation.
  void checkRevoluteFrames(int h, const HingeSpec& hinge) {
    const int child = bodyIndex(hinge.child);
    const int parent = hinge.parent ? bodyIndex(*hinge.parent) : -1;
    if (child < 0 || (hinge.parent && parent < 0) || !finite(hinge.axis) || hinge.axis.norm() < 1e-12) return;
    const Quat qp = parent >= 0 ? Quat(m_spec.bodies[static_cast<std::size_t>(parent)].orientation.normalized()) : Quat(1, 0, 0, 0);
    const Quat rel = quaternionProduct(Quat(qp[0], -qp[1], -qp[2], -qp[3]), m_spec.bodies[static_cast<std::size_t>(child)].orientation.normalized());
    if (rel.tail<3>().cross(hinge.axis.normalized()).norm() > 1e-9)
      hingeError(h, "its loads act on the angle about the hinge's axis, but the initial orientations of its bodies differ by a rotation about another axis; align the frames of the two bodies up to a rotation about the axis");
  }
  static bool finite(const Vec3& v) { return v.allFinite(); }

  void checkBodyLoads(int b) {
    const BodySpec& body = m_spec.bodies[static_cast<std::size_t>(b)];
    for (const BodyLoadSpec& l : body.loads) {
      const std::string what = "load " + quoted(l.name) + ": ";
      if (!l.point.allFinite() || (planar() && l.point.z() != 0.0)) bodyError(b, what + (planar() ? "the point must be finite and in the x-y plane" : "the point must be finite"));
      for (int k = 0; k < 3; ++k) {
        const char* axis = k == 0 ? "x" : k == 1 ? "y" : "z";
        if (const std::string why = checkTimeFunction(l.force[k], false); !why.empty()) bodyError(b, what + "force " + axis + ": " + why);
        if (const std::string why = checkTimeFunction(l.moment[k], false); !why.empty()) bodyError(b, what + "moment " + axis + ": " + why);
      }
      if (planar() && (!l.force[2].isZero() || !l.moment[0].isZero() || !l.moment[1].isZero()))
        bodyError(b, what + "a planar model moves in the x-y plane, so the force's z component and the moment's x and y components must be 0");
    }
  }

  void checkStrut(const SpringDamperSpec& s, int index) {
    const std::string where = "spring-damper " + quoted(s.name) + ": ";
    auto error = [&](const std::string& what) { m_out.push_back({Severity::Error, {ErrorSubject::Kind::None, index}, where + what}); };
    if (s.name.empty()) error("it needs a name");
    for (std::size_t k = 0; k < m_spec.springs.size(); ++k)
      if (static_cast<int>(k) < index && m_spec.springs[k].name == s.name) error("another spring-damper has the same name");
    const int a = bodyByName(s.bodyA);
    if (a < 0) error("body " + quoted(s.bodyA) + " does not exist");
    if (!s.groundB() && bodyByName(s.bodyB) < 0) error("body " + quoted(s.bodyB) + " does not exist");
    if (!s.groundB() && s.bodyA == s.bodyB) error("both ends are on body '" + s.bodyA + "'; a strut joins two different bodies, or a body and the ground");
    if (!s.pointA.allFinite() || !s.pointB.allFinite()) error("its points must be finite");
    if (planar() && (s.pointA.z() != 0.0 || s.pointB.z() != 0.0)) error("in a planar model its points must lie in the x-y plane (z = 0)");
    if (!nonNegative(s.stiffness)) error("stiffness must be a finite number >= 0 (N/m)");
    if (!nonNegative(s.damping)) error("damping must be a finite number >= 0 (N s/m)");
    if (!nonNegative(s.restLength)) error("rest length must be a finite number >= 0 (m)");
    if (!std::isfinite(s.preload)) error("preload must be a finite number (N)");
  }

  // docs/rotors.md R1: the speeds a table is given at must increase, each
  // coefficient has one value or one per speed, and the direct stiffnesses
  // and dampings must not push the journal away.
  void checkBearing(const BearingSpec& b, int index) {
    const std::string where = "bearing " + quoted(b.name) + ": ";
    auto error = [&](const std::string& what) { m_out.push_back({Severity::Error, {ErrorSubject::Kind::None, index}, where + what}); };
    if (b.name.empty()) error("it needs a name");
    for (std::size_t k = 0; k < m_spec.bearings.size(); ++k)
      if (static_cast<int>(k) < index && m_spec.bearings[k].name == b.name) error("another bearing has the same name");
    if (bodyByName(b.body) < 0) error("body " + quoted(b.body) + " does not exist");
    if (!b.groundHousing() && bodyByName(b.housing) < 0) error("housing body " + quoted(b.housing) + " does not exist");
    if (!b.groundHousing() && b.housing == b.body) error("the journal and the housing are both body '" + b.body + "'");
    if (!b.point.allFinite() || !b.housingPoint.allFinite()) error("its points must be finite");
    if (!b.axis.allFinite() || !(b.axis.norm() > 1e-9)) error("its axis must be a nonzero vector");
    else if (!b.xAxis.allFinite() || !(b.xAxis.cross(b.axis.normalized()).norm() > 1e-6 * b.xAxis.norm())) error("its x axis must be a nonzero vector not along its axis");
    if (planar() && !alongZ(b.axis)) error("in a planar model the bearing's axis must be z (its plane is the model's)");
    for (std::size_t i = 0; i < b.speeds.size(); ++i) {
      if (!std::isfinite(b.speeds[i])) error("speeds must be finite numbers (rad/s)");
      else if (i > 0 && !(b.speeds[i] > b.speeds[i - 1]))
        error("speeds must increase strictly: " + formatNumber(b.speeds[i]) + " rad/s follows " + formatNumber(b.speeds[i - 1]) + " rad/s");
    }
    const std::size_t n = b.speeds.size();
    for (int k = 0; k < kBearingCoefficients; ++k) {
      const std::vector<double>& values = b.coefficients[static_cast<std::size_t>(k)];
      const std::string name = bearingCoefficientName(k);
      if (values.size() != 1 && (n == 0 || values.size() != n))
        error(name + " has " + std::to_string(values.size()) + " values; give one, or one per speed (" + std::to_string(n) + ")");
      const bool direct = k == 0 || k == 3 || k == 4 || k == 7;
      for (double v : values) {
        if (!std::isfinite(v)) error(name + " must be finite");
        else if (direct && v < 0.0) error(name + " is " + formatNumber(v) + ": a direct " + (k < 4 ? "stiffness" : "damping") + " must be >= 0");
      }
    }
  }

  void checkUnbalance(const UnbalanceSpec& u, int index) {
    const std::string where = "unbalance " + quoted(u.name) + ": ";
    auto error = [&](const std::string& what) { m_out.push_back({Severity::Error, {ErrorSubject::Kind::None, index}, where + what}); };
    if (u.name.empty()) error("it needs a name");
    for (std::size_t k = 0; k < m_spec.unbalances.size(); ++k)
      if (static_cast<int>(k) < index && m_spec.unbalances[k].name == u.name) error("another unbalance has the same name");
    if (bodyByName(u.body) < 0) error("body " + quoted(u.body) + " does not exist");
    if (!(std::isfinite(u.mass) && u.mass > 0.0)) error("mass must be a finite number > 0 (kg)");
    if (!nonNegative(u.eccentricity)) error("eccentricity must be a finite number >= 0 (m)");
    if (!std::isfinite(u.phase)) error("phase must be finite (rad)");
    if (!u.centre.allFinite()) error("its centre must be finite");
    if (!u.axis.allFinite() || !(u.axis.norm() > 1e-9)) error("its axis must be a nonzero vector");
    if (planar() && (u.centre.z() != 0.0 || !alongZ(u.axis)))
      error("in a planar model it turns about z in the x-y plane: centre z = 0, axis z");
  }

  // docs/measures.md: a measure reads a body point against a reference
  // (the ground or another body); an angle turns about a nonzero axis.
  void checkMeasure(const MeasureSpec& m, int index) {
    const std::string where = "measure " + quoted(m.name) + ": ";
    auto error = [&](const std::string& what) { m_out.push_back({Severity::Error, {ErrorSubject::Kind::None, index}, where + what}); };
    if (m.name.empty()) error("it needs a name");
    for (std::size_t k = 0; k < m_spec.measures.size(); ++k)
      if (static_cast<int>(k) < index && m_spec.measures[k].name == m.name) error("another measure has the same name");
    if (bodyByName(m.body) < 0) error("body " + quoted(m.body) + " does not exist");
    if (!m.groundReference() && bodyByName(m.relativeTo) < 0) error("reference body " + quoted(m.relativeTo) + " does not exist");
    if (!m.groundReference() && m.relativeTo == m.body && m.kind == MeasureKind::Angle) error("an angle needs two bodies: it is body '" + m.body + "' against itself");
    if (!m.point.allFinite() || !m.relativePoint.allFinite()) error("its points must be finite");
    if (m.kind == MeasureKind::Angle && (!m.axis.allFinite() || !(m.axis.norm() > 1e-9))) error("its axis must be a nonzero vector");
    if (planar() && m.kind == MeasureKind::Angle && !alongZ(m.axis)) error("in a planar model an angle turns about z");
  }

  void checkContact(const ContactSpec& c, int index) {
    const std::string where = "contact " + quoted(c.name) + ": ";
    auto error = [&](const std::string& what) { m_out.push_back({Severity::Error, {ErrorSubject::Kind::None, index}, where + what}); };
    if (c.name.empty()) error("it needs a name");
    for (std::size_t k = 0; k < m_spec.contacts.size(); ++k)
      if (static_cast<int>(k) < index && m_spec.contacts[k].name == c.name) error("another contact has the same name");
    if (bodyByName(c.body) < 0) error("body " + quoted(c.body) + " does not exist");
    if (!c.point.allFinite()) error("its point must be finite");
    if (planar() && c.point.z() != 0.0) error("in a planar model its point must lie in the x-y plane (z = 0)");
    if (!nonNegative(c.radius)) error("radius must be a finite number >= 0 (m)");
    checkContactLaw(c, error);
    if (!nonNegative(c.rolling)) error("the rolling resistance coefficient must be a finite number >= 0");
  }

  // The law's parameters (docs/contact.md C2-C3), named alike in ground and
  // body contacts.
  template <class Contact, class Error>
  static void checkContactLaw(const Contact& c, Error& error) {
    if (!(c.stiffness > 0.0) || !std::isfinite(c.stiffness)) error("stiffness must be a positive finite number");
    if (!nonNegative(c.damping)) error("damping must be a finite number >= 0");
    if (c.law == ContactLaw::HuntCrossley && !(c.exponent >= 1.0 && c.exponent <= 3.0)) error("the Hunt-Crossley exponent must be between 1 and 3");
    if (!nonNegative(c.staticFriction) || !nonNegative(c.dynamicFriction)) error("friction coefficients must be finite numbers >= 0");
    else if (c.dynamicFriction > c.staticFriction) error("the dynamic friction coefficient exceeds the static one");
    if (!(c.slipVelocity > 0.0) || !std::isfinite(c.slipVelocity)) error("the regularisation (slip) velocity must be a positive number of m/s");
  }

  // docs/contact.md C8.
  void checkBodyContact(const BodyContactSpec& c, int index) {
    const std::string where = "body contact " + quoted(c.name) + ": ";
    auto error = [&](const std::string& what) { m_out.push_back({Severity::Error, {ErrorSubject::Kind::None, index}, where + what}); };
    if (c.name.empty()) error("it needs a name");
    for (const ContactSpec& other : m_spec.contacts)
      if (other.name == c.name) error("a ground contact has the same name");
    for (std::size_t k = 0; k < static_cast<std::size_t>(index); ++k)
      if (m_spec.bodyContacts[k].name == c.name) error("another body contact has the same name");
    checkShape(c.first, "first", error);
    checkShape(c.second, "second", error);
    if (c.first.onGround() && c.second.onGround()) error("both shapes are on the ground; at least one must be on a body");
    else if (c.first.body == c.second.body) error("both shapes are on body " + quoted(c.first.body) + "; a contact is between two bodies");
    checkContactLaw(c, error);
  }

  template <class Error>
  void checkShape(const ContactShape& s, const std::string& which, Error& error) {
    const std::string shape = "its " + which + " shape";
    auto positive = [](double v) { return std::isfinite(v) && v > 0.0; };
    if (!s.onGround() && bodyByName(s.body) < 0) error(shape + "'s body " + quoted(s.body) + " does not exist");
    if (!s.centre.allFinite()) error(shape + "'s centre must be finite");
    if (planar() && s.centre.z() != 0.0) error("in a planar model " + shape + "'s centre must lie in the x-y plane (z = 0)");
    if (!s.orientation.allFinite() || s.orientation.norm() < 1e-12) error(shape + "'s orientation must be a non-zero quaternion");
    switch (s.kind) {
      case ContactShapeKind::Sphere:
        if (!positive(s.radius)) error(shape + " (a sphere) needs a positive radius (m)");
        break;
      case ContactShapeKind::Capsule:
        if (!positive(s.radius) || !nonNegative(s.length)) error(shape + " (a capsule) needs a positive radius and a length >= 0 (m)");
        break;
      case ContactShapeKind::Cylinder:
        if (!positive(s.radius) || !positive(s.length)) error(shape + " (a cylinder) needs a positive radius and length (m)");
        break;
      case ContactShapeKind::Box:
        if (!positive(s.halfSize.x()) || !positive(s.halfSize.y()) || !positive(s.halfSize.z()))
          error(shape + " (a box) needs three positive half sizes (m)");
        break;
    }
  }

  void checkGround(const GroundSpec& g) {
    auto error = [&](const std::string& what) { m_out.push_back({Severity::Error, {ErrorSubject::Kind::None, -1}, "ground: " + what}); };
    if (!g.point.allFinite()) error("its point must be finite");
    if (!g.normal.allFinite() || g.normal.norm() < 1e-12) error("its normal must be a non-zero finite vector");
    else if (!g.direction.allFinite() || g.direction.cross(g.normal).norm() < 1e-9 * g.direction.norm() * g.normal.norm())
      error("the road direction must be a finite direction in the ground plane, not along its normal");
    if (planar() && (g.normal.z() != 0.0 || g.point.z() != 0.0)) error("in a planar model the ground's normal and point must lie in the x-y plane");
    const RoadProfile& r = g.road;
    if ((r.kind == RoadKind::Bump || r.kind == RoadKind::Step) &&
        (!std::isfinite(r.start) || !std::isfinite(r.height) || !(r.length > 0.0) || !std::isfinite(r.length)))
      error("the road's start and height must be finite and its length positive (m)");
    if (r.kind == RoadKind::Table) {
      if (r.points.size() < 2) error("a road table needs at least two points");
      for (std::size_t k = 0; k < r.points.size(); ++k) {
        if (!std::isfinite(r.points[k].first) || !std::isfinite(r.points[k].second)) error("road table point " + std::to_string(k + 1) + " is not finite");
        else if (k > 0 && !(r.points[k].first > r.points[k - 1].first)) error("the road table's positions must increase (point " + std::to_string(k + 1) + ")");
      }
    }
  }

  const ModelSpec& m_spec;
  std::vector<Diagnostic>& m_out;
  std::string m_prefix;  // the coordinate whose loads are being checked
  std::unordered_map<std::uint32_t, int> m_bodyIndex;
};

}  // namespace

bool initialHingeCoordinate(const ModelSpec& spec, const HingeSpec& hinge, double& q, double& rate) { return initialCoordinate(spec, hinge, -1, q, rate); }

namespace {

/// Spatial: the angle of A_root^T A_tip about the unit axis n (root frame),
/// and its rate n_world . (Omega_tip - Omega_root).
void initialAxisAngle(const Quat& qp, const Vec3& wp, const BodySpec& c, const Vec3& n, double& q, double& rate) {
  Quat rel = quaternionProduct(quaternionConjugate(qp), c.orientation.normalized());
  if (rel[0] < 0.0) rel = -rel;
  q = 2.0 * std::atan2(rel.tail<3>().dot(n), rel[0]);
  rate = (rotationFromQuaternion(qp) * n).dot(c.angularVelocity - wp);
}

/// A universal hinge's angle k and its rate: Omega_tip - Omega_root = n1 a1' + n2 a2'
/// solved with the Gram matrix of n1, n2 (docs/hinge-types.md H9).
void initialUniversalAngle(const Quat& qp, const Vec3& wp, const BodySpec& c, const HingeSpec& hinge, int k, double& q, double& rate) {
  const Vec3 a1 = hinge.axis.normalized(), a2 = hinge.axis2.normalized();
  double angle1 = 0.0, angle2 = 0.0;
  universalAngles(quaternionProduct(quaternionConjugate(qp), c.orientation.normalized()), a1, a2, angle1, angle2);
  q = k == 0 ? angle1 : angle2;
  const Vec3 n1 = rotationFromQuaternion(qp) * a1, n2 = rotationFromQuaternion(c.orientation.normalized()) * a2, rel = c.angularVelocity - wp;
  Vec3 d1, d2;
  dualAxes(n1, n2, d1, d2);
  rate = (k == 0 ? d1 : d2).dot(rel);
}

}  // namespace

bool initialCoordinate(const ModelSpec& spec, const HingeSpec& hinge, int k, double& q, double& rate) {
  return initialCoordinateAt(spec, spec.bodyIndex(hinge.child), hinge.parent ? spec.bodyIndex(*hinge.parent) : -1, hinge, k, q, rate);
}

bool initialCoordinateAt(const ModelSpec& spec, int child, int parent, const HingeSpec& hinge, int k, double& q, double& rate) {
  if (child < 0 || (hinge.parent && parent < 0)) return false;
  const BodySpec& c = spec.bodies[static_cast<std::size_t>(child)];
  const int slides = hingeSlideCount(hinge.type, spec.kind);
  if (hinge.type == HingeType::Slider || (k >= 0 && k < slides)) {
    const bool single = slides == 1;
    q = single ? hinge.slide : hinge.translation[k];
    rate = single ? hinge.slideRate : hinge.translationRate[k];
    return true;
  }
  if (spec.kind == ModelKind::Planar) {
    q = c.theta - (parent >= 0 ? spec.bodies[static_cast<std::size_t>(parent)].theta : 0.0);
    rate = c.thetaDot - (parent >= 0 ? spec.bodies[static_cast<std::size_t>(parent)].thetaDot : 0.0);
    return true;
  }
  const Quat qp = parent >= 0 ? Quat(spec.bodies[static_cast<std::size_t>(parent)].orientation.normalized()) : Quat(1, 0, 0, 0);
  const Vec3 wp = parent >= 0 ? spec.bodies[static_cast<std::size_t>(parent)].angularVelocity : Vec3::Zero();
  if (hinge.type == HingeType::Universal) {
    if (hinge.axis.norm() < 1e-12 || hinge.axis2.norm() < 1e-12) return false;
    initialUniversalAngle(qp, wp, c, hinge, k - slides, q, rate);
    return true;
  }
  if (hinge.axis.norm() < 1e-12 || (k >= 0 && hingeCoordinateNames(hinge.type, spec.kind)[static_cast<std::size_t>(k)] == "rotation")) return false;
  initialAxisAngle(qp, wp, c, hinge.axis.normalized(), q, rate);
  return true;
}

void validateLoads(const ModelSpec& spec, std::vector<Diagnostic>& out) { LoadChecker(spec, out).run(); }

}  // namespace mstmm
