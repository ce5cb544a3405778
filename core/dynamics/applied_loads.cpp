#include "core/dynamics/applied_loads.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <numbers>

#include "core/error.hpp"
#include "core/loads/ball_hinge_law.hpp"
#include "core/model/model.hpp"

namespace mstmm {

namespace {

// Reads straight from the state (spatial: [p0..p3, Omega] per body,
// state.hpp), so that a solver can call it inside its sweep.
/// Orientation of body i as stored (integrator stages leave it slightly off
/// unit length), or the identity for the ground (-1). Everything below is
/// invariant to its scale: angles come from atan2 of two of its components,
/// rotations divide by its squared norm, as A(p) of the solvers does.
Quat orientationOf(const double* y, int i) {
  if (i < 0) return Quat(1.0, 0.0, 0.0, 0.0);
  return Quat(y[7 * i], y[7 * i + 1], y[7 * i + 2], y[7 * i + 3]);
}
Vec3 omegaOf(const double* y, int i) { return i < 0 ? Vec3::Zero() : Vec3(y[7 * i + 4], y[7 * i + 5], y[7 * i + 6]); }

/// v rotated by the quaternion q = [w, u] of any length: for unit q this is
/// v + 2w (u x v) + 2 u x (u x v); dividing the 2 by |q|^2 makes it A(q) v.
Vec3 rotate(const Quat& q, const Vec3& v) {
  const Vec3 u = q.tail<3>();
  const double s = 2.0 / q.squaredNorm();
  const Vec3 t = s * u.cross(v);
  return v + q[0] * t + u.cross(t);
}

/// A stop's load at coordinate q and rate v; adds its spring's potential
/// and what it dissipates to `energy`.
double stopLoad(const HingeElements& e, double q, double v, HingeLoad& energy) {
  if (q > e.upper) {
    const double d = q - e.upper, push = std::max(0.0, e.stopStiffness * d + e.stopDamping * v);
    energy.potential += 0.5 * e.stopStiffness * d * d;
    energy.dissipation += (push - e.stopStiffness * d) * v;
    return -push;
  }
  if (q < e.lower) {
    const double d = e.lower - q, push = std::max(0.0, e.stopStiffness * d - e.stopDamping * v);
    energy.potential += 0.5 * e.stopStiffness * d * d;
    energy.dissipation += (e.stopStiffness * d - push) * v;
    return push;
  }
  return 0.0;
}

/// An actuator's load at time t: its function of time, or its PD servo's
/// output, within its limit. A control the user set (not NaN) replaces the
/// function: the load itself, or the servo's set-point held still.
double actuatorLoad(const HingeElements& e, double t, double q, double v, double control) {
  double load = 0.0;
  const bool controlled = !std::isnan(control);
  if (e.actuatorKind == ActuatorKind::Force) {
    load = controlled ? control : e.actuatorLoad.value(t);
  } else {
    const TimeSample r = controlled ? TimeSample{control, 0.0, 0.0} : e.reference.evaluate(t);
    load = e.kp * (r.value - q) + e.kd * (r.rate - v);
  }
  return std::clamp(load, -e.maxLoad, e.maxLoad);
}

}  // namespace

AppliedLoads::AppliedLoads(const Model& model) : m_model(model), m_loads(model.loads()), m_sliderOffset(slideOffset(model)) {
  m_load.resize(m_loads.hinges.size());
  m_hinge.resize(m_loads.hinges.size());
  m_strut.resize(m_loads.springs.size());
  m_bearing.resize(m_loads.bearings.size());
  m_contact.resize(m_loads.contacts.size());
  m_bodyContact.resize(m_loads.bodyContacts.size());
  m_angleReference.assign(m_loads.laws.size(), 0.0);
  m_controlOf.assign(m_loads.hinges.size(), -1);
  int control = 0;
  for (std::size_t k = 0; k < m_loads.hinges.size(); ++k)
    if (m_loads.hinges[k].actuator) m_controlOf[k] = control++;
  if (m_loads.loadsBodies() || m_loads.runInputs) {
    m_force.assign(static_cast<std::size_t>(model.bodyCount()), Vec3::Zero());
    m_moment = m_force;
    m_poses.resize(static_cast<std::size_t>(model.bodyCount()));
  }
  m_loadAt.assign(static_cast<std::size_t>(model.bodyCount()), nullptr);
  for (int i = 0; i < model.bodyCount(); ++i)
    if (const int k = elementsAt(i); k >= 0) m_loadAt[static_cast<std::size_t>(i)] = &m_load[static_cast<std::size_t>(k)];
  collectBallLaws();
}

// Calls f(J, rate) for every rotor axis at state y (rotorRates).
template <class F>
void AppliedLoads::forEachRotor(const Eigen::VectorXd& y, F&& f) const {
  for (std::size_t k = 0; k < m_loads.hinges.size(); ++k) {
    const double j = m_loads.hinges[k].armature;
    if (j == 0.0) continue;
    Vec3 relative = Vec3::Zero();
    const HingeCoordinate c = coordinate(y.data(), k, relative);
    if (m_loads.hinges[k].coordinate != HingeElements::Coordinate::Rotation) {
      f(j, c.rate);
      continue;
    }
    for (int a = 0; a < 3; ++a) f(j, relative[a]);
  }
}

void AppliedLoads::rotorRates(const Eigen::VectorXd& y, std::vector<double>& rates, std::vector<double>& inertia) const {
  rates.clear();
  inertia.clear();
  forEachRotor(y, [&](double j, double rate) {
    rates.push_back(rate);
    inertia.push_back(j);
  });
}

// Summed in place: it is called at every recorded frame, which allocates nothing.
double AppliedLoads::armatureEnergy(const Eigen::VectorXd& y) const {
  double energy = 0.0;
  forEachRotor(y, [&energy](double j, double rate) { energy += 0.5 * j * rate * rate; });
  return energy;
}

void AppliedLoads::evaluate(double t, const Eigen::VectorXd& y, const std::vector<BodyPose>* poses) {
  for (std::size_t k = 0; k < m_loads.hinges.size(); ++k)
    if (m_loads.hinges[k].cut < 0) evaluateHinge(t, y.data(), k, &m_hinge[k]);
  evaluateBodyLoads(t, y, poses);
  sumHinges();
}

void AppliedLoads::setInputs(const RunInputs* inputs) {
  if (inputs && !m_loads.runInputs) throw Error(ErrorKind::Input, "model '" + m_model.name() + "' was not compiled to take a run's inputs (CompileOptions::runInputs)");
  m_inputs = inputs;
}

void AppliedLoads::evaluateBodyLoads(double t, const Eigen::VectorXd& y, const std::vector<BodyPose>* poses) {
  m_potential = m_dissipation = m_inputPower = 0.0;
  m_pull = PullState{};
  const bool pulled = pulling();
  if (m_loads.loadsBodies() || pulled) {
    std::fill(m_force.begin(), m_force.end(), Vec3::Zero());
    std::fill(m_moment.begin(), m_moment.end(), Vec3::Zero());
    addCutHinges(t, y.data());
    addBeamJoints(y.data());
  }
  if (m_loads.needsPoses() || pulled) {
    if (!poses) {
      computePoses(m_model, y, m_poses);
      poses = &m_poses;
    }
    addBodyLoads(t, *poses);
    addStruts(*poses);
    addBearings(*poses);
    addContacts(*poses);
    addBodyContacts(*poses);
    addBeamDrags(*poses);
    addPerturbation(*poses);
  }
  m_bodyPotential = m_potential;
  m_bodyDissipation = m_dissipation;
  m_bodyInputPower = m_inputPower;
}

void AppliedLoads::sumHinges() {
  m_potential = m_bodyPotential;
  m_dissipation = m_bodyDissipation;
  m_inputPower = m_bodyInputPower;
  for (const HingeLoad& h : m_load) {
    m_potential += h.potential;
    m_dissipation += h.dissipation;
    m_inputPower += h.inputPower;
  }
}

namespace {

bool wraps(HingeElements::Coordinate c) { return c == HingeElements::Coordinate::AxisAngle || c == HingeElements::Coordinate::UniversalAngle; }

// q_tip (x) conj(q_rest) (x) conj(q_root): the rotation
// A_root (A_root^T A_tip R_rest^T) A_root^T, whose rotation vector is
// A_root phi_root, phi in world axes: no rotation of phi afterwards.
QuaternionOf<double> ballError(const double* y, const HingeLaw& e) {
  const double* b = y + 7 * e.body;
  QuaternionOf<double> err{b[0], b[1], b[2], b[3]};
  if (!e.restIdentity) err = product(err, {e.restConjugate[0], e.restConjugate[1], e.restConjugate[2], e.restConjugate[3]});
  if (e.parent >= 0) {
    const double* p = y + 7 * e.parent;
    err = product(err, {p[0], -p[1], -p[2], -p[3]});
  }
  return err;
}

// A ball's rotation vector phi (AppliedLoads::wrappedCoordinate), returned as one
// prvalue: built in a local and copied out, its axis was read back as a
// 16-byte pair from two 8-byte stores (a store-forwarding stall on a fifth
// of the function's samples).
[[gnu::always_inline]] inline HingeCoordinate ballRotation(const double* y, const HingeLaw& e, Vec3& relativeOmega) {
  const BallRotationOf<double> r = ballRotationOf(ballError(y, e));
  const double* tipOmega = y + 7 * e.body + 4;
  const double* rootOmega = e.parent >= 0 ? y + 7 * e.parent + 4 : nullptr;
  const double wx = tipOmega[0] - (rootOmega ? rootOmega[0] : 0.0), wy = tipOmega[1] - (rootOmega ? rootOmega[1] : 0.0),
               wz = tipOmega[2] - (rootOmega ? rootOmega[2] : 0.0);
  relativeOmega.x() = wx, relativeOmega.y() = wy, relativeOmega.z() = wz;
  // The rate from the scalars, not from the vectors just stored: reading
  // those back as pairs stalls on the store forward again.
  return HingeCoordinate{r.angle, wx * r.axis.x + wy * r.axis.y + wz * r.axis.z, Vec3(r.axis.x, r.axis.y, r.axis.z)};
}

}  // namespace

// A wrapping angle is taken within half a turn of its reference, the angle
// at the last accepted state (acceptState), so it runs on past +-pi.
HingeCoordinate AppliedLoads::coordinate(const double* y, std::size_t k, Vec3& relativeOmega) const {
  HingeCoordinate c = wrappedCoordinate(y, k, relativeOmega);
  if (wraps(m_loads.laws[k].coordinate)) {
    const double reference = m_angleReference[k];
    c.q = reference + std::remainder(c.q - reference, 2.0 * std::numbers::pi);
  }
  return c;
}

void AppliedLoads::acceptState(const double* y) {
  Vec3 relative;
  for (std::size_t k = 0; k < m_loads.laws.size(); ++k)
    if (wraps(m_loads.laws[k].coordinate)) m_angleReference[k] = coordinate(y, k, relative).q;
}

// The hinge coordinate (docs/loads.md): planar q = theta_tip - theta_root;
// a spatial revolute's q is the angle of A_root^T A_tip about its axis, in
// (-pi, pi] (unwrapped by coordinate()); a ball's phi is the rotation vector of A_root^T A_tip R_rest^T,
// for which the moment -k phi derives from the potential k |phi|^2 / 2
// (phi is an eigenvector of the rotation-vector Jacobian).
HingeCoordinate AppliedLoads::wrappedCoordinate(const double* y, std::size_t k, Vec3& relativeOmega) const {
  const HingeLaw& e = m_loads.laws[k];
  HingeCoordinate c;
  const int b = e.body, p = e.parent;
  switch (e.coordinate) {
    case HingeElements::Coordinate::PlanarAngle:
      c.q = y[2 * b] - (p >= 0 ? y[2 * p] : 0.0);
      c.rate = y[2 * b + 1] - (p >= 0 ? y[2 * p + 1] : 0.0);
      c.axis = Vec3::UnitZ();
      return c;
    case HingeElements::Coordinate::Slide:
      c.q = y[m_sliderOffset + 2 * e.slider];
      c.rate = y[m_sliderOffset + 2 * e.slider + 1];
      if (m_model.planar()) {
        const double angle = p >= 0 ? y[2 * p] : 0.0, cs = std::cos(angle), sn = std::sin(angle);
        c.axis = Vec3(cs * e.axis.x() - sn * e.axis.y(), sn * e.axis.x() + cs * e.axis.y(), 0.0);
      } else {
        c.axis = rotate(orientationOf(y, p), e.axis);
      }
      return c;
    case HingeElements::Coordinate::AxisAngle: {
      const Quat qp = orientationOf(y, p);
      Quat rel = quaternionProduct(quaternionConjugate(qp), orientationOf(y, b));
      if (rel[0] < 0.0) rel = -rel;
      c.q = 2.0 * std::atan2(rel.tail<3>().dot(e.axis), rel[0]);
      c.axis = rotate(qp, e.axis);
      c.rate = c.axis.dot(omegaOf(y, b) - omegaOf(y, p));
      return c;
    }
    case HingeElements::Coordinate::UniversalAngle: return universalAngle(y, m_loads.hinges[k]);
    case HingeElements::Coordinate::Rotation: return ballRotation(y, e, relativeOmega);
    case HingeElements::Coordinate::ScrewAngle: {  // theta = s / p: the slide keeps every turn
      const double pitch = m_model.hinge(b).pitch;
      c.q = y[m_sliderOffset + 2 * e.slider] / pitch;
      c.rate = y[m_sliderOffset + 2 * e.slider + 1] / pitch;
      c.axis = rotate(orientationOf(y, p), e.axis);
      return c;
    }
  }
  return c;
}

// A universal hinge's angle (docs/hinge-types.md H9): read by universalAngles
// from A_root^T A_tip. Its rate and its load's direction come from the dual
// basis of n1 (turning with the root side) and n2 (with the tip side): with
// Omega_tip - Omega_root = n1 a1' + n2 a2', a_k' = d_k . (Omega_tip - Omega_root)
// where d_k . n_j = delta_kj, and a load Q on a_k is the moment Q d_k, whose
// power Q d_k . (Omega_tip - Omega_root) is Q a_k'. For perpendicular axes d_k = n_k.
HingeCoordinate AppliedLoads::universalAngle(const double* y, const HingeElements& e) const {
  const Quat qp = orientationOf(y, e.parent), qb = orientationOf(y, e.body);
  double angle1 = 0.0, angle2 = 0.0;
  universalAngles(quaternionProduct(quaternionConjugate(qp), qb), e.axis, e.axis2, angle1, angle2);
  const Vec3 n1 = rotate(qp, e.axis), n2 = rotate(qb, e.axis2);
  Vec3 d1, d2;
  dualAxes(n1, n2, d1, d2);
  HingeCoordinate c;
  const bool first = e.column == 0;
  c.q = first ? angle1 : angle2;
  c.axis = first ? d1 : d2;
  c.rate = c.axis.dot(omegaOf(y, e.body) - omegaOf(y, e.parent));
  return c;
}

// What ballHingesAt takes: a ball whose only element is a linear
// spring-damper, evaluated without detail.
static bool packableBall(const HingeLaw& law) {
  return law.coordinate == HingeElements::Coordinate::Rotation && law.spring && law.linear && !law.prescribed && !law.stopsOrActuator &&
         law.count == 1;
}

void AppliedLoads::collectBallLaws() {
  if (m_model.planar()) return;
  for (std::size_t k = 0; k < m_loads.laws.size(); ++k) {
    const HingeLaw& law = m_loads.laws[k];
    if (law.body < 0 || elementsAt(law.body) != static_cast<int>(k) || !packableBall(law)) continue;
    if (m_ballLaw.empty()) m_ballLaw.resize(static_cast<std::size_t>(m_model.bodyCount()));
    BallLaw& b = m_ballLaw[static_cast<std::size_t>(law.body)];
    b.stiffness = law.stiffness, b.damping = law.damping;
    b.element = static_cast<int>(k);
    b.root = law.parent >= 0 ? 7 * law.parent : -1;
    if (!law.restIdentity) {
      b.rest = static_cast<int>(m_ballRest.size());
      m_ballRest.push_back({law.restConjugate[0], law.restConjugate[1], law.restConjugate[2], law.restConjugate[3]});
    }
  }
}

unsigned AppliedLoads::ballHingesAt(const int (&body)[4], unsigned lanes, const double* y) {
  if (m_ballLaw.empty()) return 0;
  const BallLaw* law[4];
  unsigned done = 0;
  for (int k = 0; k < 4; ++k) {
    law[k] = &m_ballLaw[static_cast<std::size_t>(body[k])];
    if ((lanes >> k & 1u) && law[k]->element >= 0) done |= 1u << k;
  }
  if (!done) return 0;
  // Lanes without such a hinge compute the first one's again and are dropped.
  const int any = std::countr_zero(done);
  const double *tip[4], *root[4];
  static constexpr double ground[7] = {1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};  // at rest: q = 1, Omega = 0
  for (int k = 0; k < 4; ++k) {
    const int lane = done >> k & 1u ? k : any;
    law[k] = law[lane];
    tip[k] = y + 7 * body[lane];
    root[k] = law[k]->root >= 0 ? y + law[k]->root : ground;
  }
  const auto of = [](const double* const (&p)[4], int e) { return Packed4{p[0][e], p[1][e], p[2][e], p[3][e]}; };
  const auto flag = [&](bool (*f)(const BallLaw&)) {
    using Mask = decltype(Packed4{} < 0.0);
    return Mask{f(*law[0]) ? -1 : 0, f(*law[1]) ? -1 : 0, f(*law[2]) ? -1 : 0, f(*law[3]) ? -1 : 0};
  };
  const auto hasRoot = flag([](const BallLaw& l) { return l.root >= 0; });
  // ballError, lane by lane, with selects where it branches. (One template
  // for both was tried: the scalar form with selects or branches inside it
  // fused its multiplies differently, and the lanes no longer equalled
  // hingeAt to the bit, which test_ball_kernels requires.)
  const QuaternionOf<Packed4> q{of(tip, 0), of(tip, 1), of(tip, 2), of(tip, 3)};
  QuaternionOf<Packed4> t = q;  // q_tip (x) conj(q_rest), where a lane has a rest orientation
  if (law[0]->rest >= 0 || law[1]->rest >= 0 || law[2]->rest >= 0 || law[3]->rest >= 0) {
    static constexpr std::array<double, 4> identity = {1.0, 0.0, 0.0, 0.0};
    const std::array<double, 4>* rest[4];
    for (int k = 0; k < 4; ++k) rest[k] = law[k]->rest >= 0 ? &m_ballRest[static_cast<std::size_t>(law[k]->rest)] : &identity;
    const auto of4 = [&](int e) { return Packed4{(*rest[0])[e], (*rest[1])[e], (*rest[2])[e], (*rest[3])[e]}; };
    const QuaternionOf<Packed4> qr = product(q, {of4(0), of4(1), of4(2), of4(3)});
    const auto restIdentity = flag([](const BallLaw& l) { return l.rest < 0; });
    t = {select(restIdentity, q.w, qr.w), select(restIdentity, q.x, qr.x), select(restIdentity, q.y, qr.y), select(restIdentity, q.z, qr.z)};
  }
  const QuaternionOf<Packed4> tr = product(t, {of(root, 0), -of(root, 1), -of(root, 2), -of(root, 3)});
  const QuaternionOf<Packed4> err{select(hasRoot, tr.w, t.w), select(hasRoot, tr.x, t.x), select(hasRoot, tr.y, t.y), select(hasRoot, tr.z, t.z)};
  const Vec3Of<Packed4> w{of(tip, 4) - of(root, 4), of(tip, 5) - of(root, 5), of(tip, 6) - of(root, 6)};
  const Packed4 stiffness{law[0]->stiffness, law[1]->stiffness, law[2]->stiffness, law[3]->stiffness};
  const Packed4 damping{law[0]->damping, law[1]->damping, law[2]->damping, law[3]->damping};
  const BallSpringDamperOf<Packed4> f = ballSpringDamper(ballRotationOf(err), w, stiffness, damping);
  for (int k = 0; k < 4; ++k) {
    if (!(done >> k & 1u)) continue;
    HingeLoad& out = m_load[static_cast<std::size_t>(law[k]->element)];
    out.load = Vec3(f.load.x[k], f.load.y[k], f.load.z[k]);
    out.potential = f.potential[k];
    out.dissipation = f.dissipation[k];
    out.inputPower = 0.0;
  }
  return done;
}

// Spring, damper, stops and actuator of one hinge (docs/loads.md). A stop's
// spring is conservative (potential k d^2 / 2); whatever its load differs
// from that spring by, it takes out of the system (its damper, and the
// clipping that keeps it from pulling). Reads the full HingeElements only
// for what the HingeLaw does not hold.
void AppliedLoads::evaluateHinge(double t, const double* y, std::size_t k, HingeElementLoads* detail) {
  const HingeLaw& law = m_loads.laws[k];
  HingeLoad& out = m_load[k];
  Vec3 relativeOmega;
  // A ball's rotation vector does not wrap: taken straight from
  // ballRotation, inlined here, rather than through coordinate() and
  // wrappedCoordinate() (callgrind: 70 instructions per ball hinge in the
  // calls alone; its rate, which only `detail` reads, is then dropped).
  const bool ball = law.coordinate == HingeElements::Coordinate::Rotation;
  const HingeCoordinate c = ball ? ballRotation(y, law, relativeOmega) : coordinate(y, k, relativeOmega);
  out.potential = out.dissipation = out.inputPower = 0.0;
  double spring = 0.0, stop = 0.0, actuator = 0.0;
  if (ball) {
    out.load.setZero();
    if (law.spring && law.linear) {
      const BallSpringDamperOf<double> f = ballSpringDamper<double>({c.q, v3(c.axis)}, v3(relativeOmega), law.stiffness, law.damping);
      store(f.load, out.load);
      spring = -(law.stiffness * c.q);
      out.potential = f.potential;
      out.dissipation = f.dissipation;
    } else if (law.spring) {
      const Characteristic& table = m_loads.hinges[k].characteristic;
      const double magnitude = table.load(c.q);
      out.load = -magnitude * c.axis - law.damping * relativeOmega;
      spring = -magnitude;
      out.potential = table.energy(c.q);
      out.dissipation = law.damping * relativeOmega.squaredNorm();
    }
  } else {
    const double q = c.q, v = c.rate;
    if (law.spring) {
      const double d = q - law.rest;
      const Characteristic& table = m_loads.hinges[k].characteristic;
      spring = -(law.linear ? law.stiffness * d : table.load(d)) - law.damping * v;
      out.potential += law.linear ? 0.5 * law.stiffness * d * d : table.energy(d);
      out.dissipation += law.damping * v * v;
    }
    if (law.stopsOrActuator) {
      const HingeElements& e = m_loads.hinges[k];
      if (e.stops) stop = stopLoad(e, q, v, out);
      if (e.actuator) {
        actuator = actuatorLoad(e, t, q, v, controlOf(k));
        out.inputPower = actuator * v;
      }
    }
    out.load = (spring + stop + actuator) * c.axis;
  }
  if (!detail) return;
  detail->coordinate = c;
  detail->spring = spring;
  detail->stop = stop;
  detail->actuator = actuator;
  detail->moment = law.rotational() ? out.load : Vec3::Zero();
  detail->force = law.rotational() ? Vec3::Zero() : out.load;
  detail->potential = out.potential;
  detail->dissipation = out.dissipation;
  detail->inputPower = out.inputPower;
  if (law.prescribed) detail->motion = m_loads.hinges[k].motion.evaluate(t);
}

CoordinateTangent AppliedLoads::tangentAt(int element, double t, const double* y) const {
  const auto k = static_cast<std::size_t>(element);
  const HingeElements& e = m_loads.hinges[k];
  CoordinateTangent tangent;
  if (e.coordinate == HingeElements::Coordinate::Rotation || e.prescribed) return tangent;
  Vec3 relative;
  const HingeCoordinate c = coordinate(y, k, relative);
  if (e.spring) {
    const double d = c.q - e.rest;
    tangent.stiffness += e.characteristic.empty() ? e.stiffness : e.characteristic.slope(d);
    tangent.damping += e.damping;
  }
  if (e.stops) {
    HingeLoad scratch;
    if (stopLoad(e, c.q, c.rate, scratch) != 0.0) tangent.stiffness += e.stopStiffness, tangent.damping += e.stopDamping;
  }
  if (e.actuator && e.actuatorKind != ActuatorKind::Force) {
    const double load = actuatorLoad(e, t, c.q, c.rate, controlOf(k));
    if (std::abs(load) < e.maxLoad) tangent.stiffness += e.kp, tangent.damping += e.kd;
  }
  return tangent;
}

void AppliedLoads::applyAt(int body, const BodyPose& pose, const Vec3& point, const Vec3& force, const Vec3& moment) {
  const Vec3 arm = point - pose.com;
  m_force[static_cast<std::size_t>(body)] += force;
  m_moment[static_cast<std::size_t>(body)] += moment + arm.cross(force);
  m_inputPower += force.dot(pose.comVelocity + pose.omega.cross(arm)) + moment.dot(pose.omega);
}

// The user's pull and torque (run_inputs.hpp): an external load, whose
// power applyAt() counts into W_in. A planar model's pull stays in its plane
// and its torque about z.
void AppliedLoads::addPerturbation(const std::vector<BodyPose>& poses) {
  if (!pulling()) return;
  const Perturbation& p = m_inputs->perturbation;
  const BodyPose& pose = poses[static_cast<std::size_t>(p.body)];
  const Vec3 point = pose.point(p.point);
  const Vec3 velocity = pose.comVelocity + pose.omega.cross(point - pose.com);
  Vec3 force = p.stiffness * (p.target - point) - p.damping * velocity;
  Vec3 torque = p.torque;
  if (m_model.planar()) {
    force.z() = 0.0;
    torque.x() = torque.y() = 0.0;
  }
  applyAt(p.body, pose, point, force, torque);
  m_pull = {point, velocity, p.target, force, torque, force.dot(velocity) + torque.dot(pose.omega)};
}

void AppliedLoads::addBodyLoads(double t, const std::vector<BodyPose>& poses) {
  for (const CompiledBodyLoad& l : m_loads.bodyLoads) {
    const BodyPose& pose = poses[static_cast<std::size_t>(l.body)];
    Vec3 force(l.force[0].value(t), l.force[1].value(t), l.force[2].value(t));
    Vec3 moment(l.moment[0].value(t), l.moment[1].value(t), l.moment[2].value(t));
    if (l.bodyAxes) {
      force = pose.rotation * force;
      moment = pose.rotation * moment;
    }
    applyAt(l.body, pose, pose.point(l.point), force, moment);
  }
}

// A strut's tension T = k (L - L0) + c L' + preload pulls its ends together;
// its spring and preload are conservative (potential k (L - L0)^2 / 2 + preload L),
// the damper dissipates c L'^2. The input power that applyAt() counts for
// these internal forces is exactly -(d/dt potential) - dissipation, so it is
// taken back out below: the balance books struts as springs and dampers.
void AppliedLoads::addStruts(const std::vector<BodyPose>& poses) {
  for (std::size_t k = 0; k < m_loads.springs.size(); ++k) {
    const CompiledSpringDamper& s = m_loads.springs[k];
    const BodyPose& a = poses[static_cast<std::size_t>(s.bodyA)];
    const Vec3 pa = a.point(s.pointA), va = a.comVelocity + a.omega.cross(pa - a.com);
    Vec3 pb = s.pointB, vb = Vec3::Zero();
    if (s.bodyB >= 0) {
      const BodyPose& b = poses[static_cast<std::size_t>(s.bodyB)];
      pb = b.point(s.pointB);
      vb = b.comVelocity + b.omega.cross(pb - b.com);
    }
    const Vec3 d = pb - pa;
    StrutState& st = m_strut[k];
    st.length = d.norm();
    const Vec3 n = st.length > 0.0 ? Vec3(d / st.length) : Vec3::Zero();
    st.rate = n.dot(vb - va);
    const double stretch = st.length - s.restLength;
    st.tension = s.stiffness * stretch + s.damping * st.rate + s.preload;
    const double before = m_inputPower;
    applyAt(s.bodyA, a, pa, st.tension * n, Vec3::Zero());
    if (s.bodyB >= 0) applyAt(s.bodyB, poses[static_cast<std::size_t>(s.bodyB)], pb, -st.tension * n, Vec3::Zero());
    m_inputPower = before;
    m_potential += 0.5 * s.stiffness * stretch * stretch + s.preload * st.length;
    m_dissipation += s.damping * st.rate * st.rate;
  }
}

// A bearing (docs/rotors.md R1) pushes the journal back towards the housing
// point in the plane normal to its axis, and the housing takes the reaction
// at the same point. The pair's power is -d'.(K d + C d') with d measured in
// the housing's axes: booked as the change of the symmetric stiffness's
// energy, what the symmetric damping takes out, and the cross-coupled rest
// (-d'.K_a d) as work put in, which is how a fluid film drives whirl.
void AppliedLoads::addBearings(const std::vector<BodyPose>& poses) {
  static const BodyPose ground;
  for (std::size_t k = 0; k < m_loads.bearings.size(); ++k) {
    const CompiledBearing& b = m_loads.bearings[k];
    const BodyPose& journal = poses[static_cast<std::size_t>(b.body)];
    const BodyPose& housing = b.housing < 0 ? ground : poses[static_cast<std::size_t>(b.housing)];
    const Vec3 p = journal.point(b.point), h = housing.point(b.housingPoint);
    const Vec3 vJournal = journal.comVelocity + journal.omega.cross(p - journal.com);
    const Vec3 vHousing = housing.comVelocity + housing.omega.cross(p - housing.com);  // its material point under the journal
    const Mat3 axes = housing.rotation * b.axes;
    BearingState& st = m_bearing[k];
    const Vec3 d = axes.transpose() * (p - h), rate = axes.transpose() * (vJournal - vHousing);
    st.displacement = d.head<2>();
    st.rate = rate.head<2>();
    st.speed = axes.col(2).dot(journal.omega - housing.omega);
    const BearingCoefficients c = bearingCoefficients(b, st.speed);
    st.load = -(c.stiffness * st.displacement + c.damping * st.rate);
    const Vec3 force = axes.leftCols<2>() * st.load;
    const double before = m_inputPower;
    applyAt(b.body, journal, p, force, Vec3::Zero());
    if (b.housing >= 0) applyAt(b.housing, housing, p, -force, Vec3::Zero());
    m_inputPower = before;
    const Eigen::Matrix2d ks = 0.5 * (c.stiffness + c.stiffness.transpose()), cs = 0.5 * (c.damping + c.damping.transpose());
    m_potential += 0.5 * st.displacement.dot(ks * st.displacement);
    m_dissipation += st.rate.dot(cs * st.rate);
    m_inputPower -= st.rate.dot((c.stiffness - ks) * st.displacement);
  }
}

// Contacts with the ground (ground_contact.hpp): the force at the ground
// point under each sphere's centre and the rolling resistance moment. As for
// struts, the power applyAt() counts is booked instead as the change of the
// contact's elastic energy and what it takes out.
void AppliedLoads::addContacts(const std::vector<BodyPose>& poses) {
  for (std::size_t k = 0; k < m_loads.contacts.size(); ++k) {
    const CompiledContact& c = m_loads.contacts[k];
    const BodyPose& pose = poses[static_cast<std::size_t>(c.body)];
    const Vec3 centre = pose.point(c.point);
    const Vec3 velocity = pose.comVelocity + pose.omega.cross(centre - pose.com);
    ContactState& s = m_contact[k];
    s = contactLoad(c.law, m_loads.ground, centre, velocity, pose.omega);
    if (s.penetration <= 0.0) continue;
    const double before = m_inputPower;
    applyAt(c.body, pose, s.point, s.force, s.moment);
    m_inputPower = before;
    m_potential += s.potential;
    m_dissipation += s.dissipation;
  }
}

namespace {
// Several points of one body contact (a box's corners) recorded as one:
// forces and energies add up, the penetration is the deepest point's.
void addPoint(ContactState& total, const ContactState& s) {
  if (total.penetration <= 0.0 || s.penetration > total.penetration) {
    total.penetration = s.penetration;
    total.point = s.point;
    total.slip = s.slip;
  }
  total.normalForce += s.normalForce;
  total.friction += s.friction;
  total.force += s.force;
  total.potential += s.potential;
  total.dissipation += s.dissipation;
}
}  // namespace

// Contacts between bodies (docs/contact.md C8): the second shape is pressed
// along n by the overlap's depth, and the first takes the opposite force at
// the same point, so that the pair changes neither momentum nor angular
// momentum. The law sees the velocity of the second body's material point
// relative to the first's, so what applyAt() counts for both together is
// F . (v_second - v_first): booked, as for struts, as the change of the
// elastic energy and what the contact takes out.
void AppliedLoads::addBodyContacts(const std::vector<BodyPose>& poses) {
  static const BodyPose ground;
  for (std::size_t k = 0; k < m_loads.bodyContacts.size(); ++k) {
    const CompiledBodyContact& c = m_loads.bodyContacts[k];
    const BodyPose& a = c.bodyFirst < 0 ? ground : poses[static_cast<std::size_t>(c.bodyFirst)];
    const BodyPose& b = c.bodySecond < 0 ? ground : poses[static_cast<std::size_t>(c.bodySecond)];
    ContactState& total = m_bodyContact[k];
    total = ContactState{};
    // Shapes whose bounding spheres are apart are apart: most pairs of a
    // model, most of the time, decided here without the library's query.
    const Vec3 centreFirst = a.point(c.centreFirst), centreSecond = b.point(c.centreSecond);
    if ((centreSecond - centreFirst).squaredNorm() > c.reach * c.reach) continue;
    std::array<ShapeOverlap, ShapeQuery::kMaxOverlaps> o;
    const int n = m_loads.shapeQuery->overlaps(k, a.rotation * c.axesFirst, centreFirst, b.rotation * c.axesSecond, centreSecond, o.data());
    for (int i = 0; i < n; ++i) {
      const ShapeOverlap& at = o[static_cast<std::size_t>(i)];
      const Vec3 va = a.comVelocity + a.omega.cross(at.point - a.com), vb = b.comVelocity + b.omega.cross(at.point - b.com);
      const ContactState s = compliantLoad(c.law, at.depth, at.normal, at.point, vb - va);
      if (s.penetration <= 0.0) continue;
      const double before = m_inputPower;
      if (c.bodySecond >= 0) applyAt(c.bodySecond, b, at.point, s.force, Vec3::Zero());
      if (c.bodyFirst >= 0) applyAt(c.bodyFirst, a, at.point, -s.force, Vec3::Zero());
      m_inputPower = before;
      m_potential += s.potential;
      m_dissipation += s.dissipation;
      addPoint(total, s);
    }
  }
}

// The elements of a cut hinge load its tip side with their moment about the
// hinge axis and its root side with the opposite one (L10); their energy is
// booked by sumHinges() like a tree hinge's, not as input power.
void AppliedLoads::addCutHinges(double t, const double* y) {
  for (int k : m_loads.cutElements) {
    const HingeElements& e = m_loads.hinges[static_cast<std::size_t>(k)];
    evaluateHinge(t, y, static_cast<std::size_t>(k), &m_hinge[static_cast<std::size_t>(k)]);
    const Vec3& moment = m_hinge[static_cast<std::size_t>(k)].moment;
    m_moment[static_cast<std::size_t>(e.body)] += moment;
    if (e.parent >= 0) m_moment[static_cast<std::size_t>(e.parent)] -= moment;
  }
}

// The bending and torsion of spatial beams (beam_joint.hpp): a pair of
// opposite moments on two neighbouring pieces, whose power is exactly
// -(d/dt potential) - dissipation, booked as such.
void AppliedLoads::addBeamJoints(const double* y) {
  for (const CompiledBeamJoint& j : m_loads.beamJoints) {
    const BeamJointLoad l = beamJointLoad(j, orientationOf(y, j.parent), orientationOf(y, j.body), omegaOf(y, j.parent), omegaOf(y, j.body));
    m_moment[static_cast<std::size_t>(j.body)] += l.moment;
    m_moment[static_cast<std::size_t>(j.parent)] -= l.moment;
    m_potential += l.potential;
    m_dissipation += l.dissipation;
  }
}

// Mass-proportional damping of beams (CompiledBeamDrag): the force on a
// piece's centre of mass and the moment, and their opposites on the root
// piece (the force acting at the piece's centre of mass). Their power is
// -alpha (m |dv|^2 + dw^T J dw), booked as dissipation.
void AppliedLoads::addBeamDrags(const std::vector<BodyPose>& poses) {
  for (const CompiledBeamDrag& d : m_loads.beamDrags) {
    const BodyPose& p = poses[static_cast<std::size_t>(d.body)];
    const BodyPose& r = poses[static_cast<std::size_t>(d.root)];
    const CompiledBody& body = m_model.body(d.body);
    const Vec3 arm = p.com - r.com;
    const Vec3 dv = p.comVelocity - (r.comVelocity + r.omega.cross(arm)), dw = p.omega - r.omega;
    const Vec3 force = -d.alpha * body.mass * dv;
    const Vec3 moment = -d.alpha * (p.rotation * (body.inertiaAtCom * (p.rotation.transpose() * dw)));
    m_force[static_cast<std::size_t>(d.body)] += force;
    m_moment[static_cast<std::size_t>(d.body)] += moment;
    m_force[static_cast<std::size_t>(d.root)] -= force;
    m_moment[static_cast<std::size_t>(d.root)] -= moment + arm.cross(force);
    m_dissipation -= force.dot(dv) + moment.dot(dw);
  }
}

double AppliedLoads::drivePower(const std::vector<double>& drivingLoads) const {
  double power = 0.0;
  for (std::size_t k = 0; k < m_loads.drivenElements.size() && k < drivingLoads.size(); ++k)
    power += drivingLoads[k] * m_hinge[static_cast<std::size_t>(m_loads.drivenElements[k])].coordinate.rate;
  return power;
}

}  // namespace mstmm
