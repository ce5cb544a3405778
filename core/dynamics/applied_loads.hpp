#pragma once
// Evaluates the load elements of a model at one state and time: the loads
// the hinges' springs, dampers, stops and actuators apply at the joints, the
// resultant external force and moment on each body (external loads and
// struts), the prescribed motions, and the power balance that the energy
// accumulators of the state integrate (docs/loads.md):
//   d/dt W_in   = actuators' and external loads' power + drivers' power,
//   d/dt E_diss = power taken out by dampers and by stops beyond their springs,
// so that E_kin + E_grav + E_spring - W_in + E_diss stays constant.
// Shared by every solver, so that all of them see the same loads. Allocates
// only in its constructor.

#include <Eigen/Core>
#include <array>
#include <limits>
#include <utility>
#include <vector>

#include "core/dynamics/kinematics.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/loads/run_inputs.hpp"

namespace mstmm {

/// A hinge's coordinate and rate at one state (HingeElements::Coordinate).
struct HingeCoordinate {
  double q = 0.0;     // rad or m (ball: |phi|, the angle from rest)
  double rate = 0.0;  // rad/s or m/s (ball: d|phi|/dt)
  Vec3 axis = Vec3::UnitZ();  // world axis of q (ball: phi / |phi|)
};

/// What a solver's sweep needs of one hinge's elements at one state: the
/// total load they put on the tip side at the joint, and their energy rates.
struct HingeLoad {
  Vec3 load = Vec3::Zero();  // world axes: the moment of a rotation, the force of a slide
  double potential = 0.0;    // spring and stop springs
  double dissipation = 0.0;
  double inputPower = 0.0;
};

/// What one hinge's elements do at one state, in detail.
struct HingeElementLoads {
  HingeCoordinate coordinate;
  double spring = 0.0;    // spring + damper load on the tip side, along q
  double stop = 0.0;      // stop load
  double actuator = 0.0;  // actuator load
  Vec3 moment = Vec3::Zero();  // total of the above on the tip side at the joint, world axes
  Vec3 force = Vec3::Zero();
  double potential = 0.0;
  double dissipation = 0.0;
  double inputPower = 0.0;
  TimeSample motion;       // prescribed hinges
};

/// How a one-coordinate hinge's elements' load changes with its coordinate
/// and rate at one state: k = -d tau/dq, c = -d tau/dq' (for an implicit
/// integrator's Newton operator, iteration_operator.hpp).
struct CoordinateTangent {
  double stiffness = 0.0;  // N m/rad or N/m
  double damping = 0.0;    // N m s/rad or N s/m
};

struct StrutState {
  double length = 0.0, rate = 0.0, tension = 0.0;
};

class AppliedLoads {
 public:
  explicit AppliedLoads(const Model& model);
  // Not copied: m_loadAt points into m_load.
  AppliedLoads(const AppliedLoads&) = delete;
  AppliedLoads& operator=(const AppliedLoads&) = delete;

  bool active() const { return !m_loads.empty(); }

  /// The run's inputs (run_inputs.hpp), read at every evaluation until set
  /// again; null: none. The model must be compiled with runInputs.
  void setInputs(const RunInputs* inputs);
  /// The pull and torque at the last evaluation: the grabbed point, its
  /// velocity and where it is pulled to (world), the force on it, the
  /// torque, and their power; zero while nothing is pulled.
  struct PullState {
    Vec3 point = Vec3::Zero(), velocity = Vec3::Zero(), target = Vec3::Zero(), force = Vec3::Zero(), torque = Vec3::Zero();
    double power = 0.0;  // W: F . v_P + M . Omega
  };
  const PullState& pull() const { return m_pull; }

  /// Everything below for the state y at time t. `poses` may be given when
  /// the caller has them for y already; otherwise they are computed if needed.
  void evaluate(double t, const Eigen::VectorXd& y, const std::vector<BodyPose>* poses = nullptr);

  /// The same in parts, for a solver that evaluates each hinge inside its
  /// own sweep (while the hinge's bodies are in cache): first the body
  /// loads, then hingeAt() for each body (any order, any thread, each body
  /// once), then sumHinges() for the totals. In this form only the driven
  /// hinges' details (atHinge) are filled in; loadAt is, for every hinge.
  void evaluateBodyLoads(double t, const Eigen::VectorXd& y, const std::vector<BodyPose>* poses = nullptr);
  /// For a hinge with several coordinates, every entry of the hinge is
  /// evaluated, and the first returned (elementRange).
  const HingeLoad* hingeAt(int body, double t, const double* y) {
    const int k = elementsAt(body);
    if (k < 0) return nullptr;
    const auto s = static_cast<std::size_t>(k);
    evaluateHinge(t, y, s, m_loads.laws[s].prescribed ? &m_hinge[s] : nullptr);
    for (std::size_t j = s + 1; j < s + m_loads.laws[s].count; ++j) evaluateHinge(t, y, j, m_loads.laws[j].prescribed ? &m_hinge[j] : nullptr);
    return &m_load[s];
  }
  /// hingeAt for the output hinges of up to four bodies at once, body[k]
  /// for the lanes k set in `lanes` (distinct bodies), where the hinge is a
  /// ball whose only element is a linear spring-damper (ball_hinge_law.hpp,
  /// the same operations lane by lane). Bit k of the result: body[k]'s
  /// hinge was evaluated; the others are left to hingeAt.
  unsigned ballHingesAt(const int (&body)[4], unsigned lanes, const double* y);
  /// The entries of the tree hinge at body i's output: the first, and how
  /// many (several for a hinge with several loaded coordinates); first < 0: none.
  std::pair<int, int> elementRange(int body) const {
    const int k = elementsAt(body);
    return {k, k < 0 ? 0 : static_cast<int>(m_loads.laws[static_cast<std::size_t>(k)].count)};
  }
  const HingeLoad& loadOf(int element) const { return m_load[static_cast<std::size_t>(element)]; }
  const HingeElementLoads& detailOf(int element) const { return m_hinge[static_cast<std::size_t>(element)]; }
  void sumHinges();

  /// The load at the joint on the tip side of the tree hinge at body i's output
  /// (spring, damper, stop, actuator; not the drive), or null.
  const HingeLoad* loadAt(int body) const { return m_loadAt[static_cast<std::size_t>(body)]; }
  /// The same in detail (after evaluate(), or for a driven hinge), or null.
  const HingeElementLoads* atHinge(int body) const {
    const int k = elementsAt(body);
    return k < 0 ? nullptr : &m_hinge[static_cast<std::size_t>(k)];
  }
  const std::vector<HingeElementLoads>& hinges() const { return m_hinge; }
  const std::vector<StrutState>& struts() const { return m_strut; }
  const std::vector<ContactState>& contacts() const { return m_contact; }
  const std::vector<BearingState>& bearings() const { return m_bearing; }
  const std::vector<ContactState>& bodyContacts() const { return m_bodyContact; }

  /// Resultant external force at the centre of mass and moment about it on
  /// each body, world axes (zero without external loads or struts).
  bool hasBodyLoads() const { return m_loads.loadsBodies() || pulling(); }
  const Vec3& bodyForce(int body) const { return m_force[static_cast<std::size_t>(body)]; }
  const Vec3& bodyMoment(int body) const { return m_moment[static_cast<std::size_t>(body)]; }

  double potential() const { return m_potential; }
  /// The rotors' rates at state y, one per rotor axis: a coordinate's q',
  /// or each component of a free rotation's Omega_tip - Omega_root; and
  /// each one's J (equations.md §3.8). Linear in the state's rates.
  void rotorRates(const Eigen::VectorXd& y, std::vector<double>& rates, std::vector<double>& inertia) const;
  /// The tangent of the elements of entry `element` (one coordinate, not a
  /// ball's rotation) at state y and time t: the spring's stiffness (a
  /// table's slope), the damper's, the stops' where they press, a servo's
  /// gains where its load is within its limit. Reads the angle unwrapped
  /// against the last acceptState.
  CoordinateTangent tangentAt(int element, double t, const double* y) const;
  /// The coordinate and rate of entry `element` (one coordinate) at state
  /// y, unwrapped as tangentAt reads them.
  HingeCoordinate coordinateAt(int element, const double* y) const {
    Vec3 relative;
    return coordinate(y, static_cast<std::size_t>(element), relative);
  }
  /// Their kinetic energy sum J rate^2 / 2.
  double armatureEnergy(const Eigen::VectorXd& y) const;
  double dissipation() const { return m_dissipation; }
  /// Power put in by actuators and external loads (the drivers' comes from the solver).
  double inputPower() const { return m_inputPower; }
  /// The drivers' power for their loads (SolverOutput::drivingLoad).
  double drivePower(const std::vector<double>& drivingLoads) const;

  /// A spatial hinge's angle (revolute, cylindrical, universal) is read from
  /// the bodies' orientations, which know it only to a whole turn. It is
  /// unwrapped against the angle at the last accepted state (docs/loads.md
  /// L2): the integrator calls this after each step it keeps, so that stops
  /// past +-pi and springs wound past a half turn see the angle turned
  /// through, as long as one step turns a hinge by less than half a turn.
  void acceptState(const double* y);

 private:
  template <class F>
  void forEachRotor(const Eigen::VectorXd& y, F&& f) const;
  bool pulling() const { return m_inputs && m_inputs->perturbation.active(); }
  double controlOf(std::size_t element) const {
    const int c = m_controlOf[element];
    return m_inputs && c >= 0 ? m_inputs->controls[static_cast<std::size_t>(c)] : std::numeric_limits<double>::quiet_NaN();
  }
  void addPerturbation(const std::vector<BodyPose>& poses);
  int elementsAt(int body) const { return m_loads.elementsOfBody.empty() ? -1 : m_loads.elementsOfBody[static_cast<std::size_t>(body)]; }
  void evaluateHinge(double t, const double* y, std::size_t k, HingeElementLoads* detail);
  HingeCoordinate coordinate(const double* y, std::size_t k, Vec3& relativeOmega) const;
  HingeCoordinate wrappedCoordinate(const double* y, std::size_t k, Vec3& relativeOmega) const;
  HingeCoordinate universalAngle(const double* y, const HingeElements& e) const;
  void addCutHinges(double t, const double* y);
  void addBeamJoints(const double* y);
  void addBeamDrags(const std::vector<BodyPose>& poses);
  void addBodyLoads(double t, const std::vector<BodyPose>& poses);
  void addStruts(const std::vector<BodyPose>& poses);
  void addContacts(const std::vector<BodyPose>& poses);
  void addBearings(const std::vector<BodyPose>& poses);
  void addBodyContacts(const std::vector<BodyPose>& poses);
  void applyAt(int body, const BodyPose& pose, const Vec3& point, const Vec3& force, const Vec3& moment);
  void collectBallLaws();

  /// A ball hinge whose only element is a linear spring-damper, in the 32
  /// bytes ballHingesAt reads of it (a HingeLaw is four times that, and
  /// finding and checking it took a third of ballHingesAt's instructions).
  struct BallLaw {
    double stiffness = 0.0, damping = 0.0;
    int element = -1;  // -1: the hinge at this body's output is not such a hinge
    int root = -1;     // where the parent's state begins in y (7 parent), or -1: the ground
    int rest = -1;     // its conjugate rest orientation in m_ballRest, or -1: the identity
  };

  const Model& m_model;
  const CompiledLoads& m_loads;
  std::vector<HingeLoad> m_load;          // per compiled hinge element
  std::vector<HingeElementLoads> m_hinge;  // the same in detail
  std::vector<StrutState> m_strut;
  std::vector<BearingState> m_bearing;
  std::vector<ContactState> m_contact;
  std::vector<ContactState> m_bodyContact;
  std::vector<Vec3> m_force, m_moment;
  std::vector<BodyPose> m_poses;
  double m_potential = 0.0, m_dissipation = 0.0, m_inputPower = 0.0;
  double m_bodyPotential = 0.0, m_bodyDissipation = 0.0, m_bodyInputPower = 0.0;  // struts and external loads
  int m_sliderOffset = 0;
  const RunInputs* m_inputs = nullptr;
  std::vector<int> m_controlOf;  // per element: its control's index (actuated ones), or -1
  PullState m_pull;
  std::vector<double> m_angleReference;  // per element: its angle at the last accepted state (acceptState)
  // Per body: its output hinge's entry of m_load, or null. The sweep asks
  // three times per body; through elementsAt each answer took ten
  // instructions (callgrind), from this table two.
  std::vector<const HingeLoad*> m_loadAt;
  std::vector<BallLaw> m_ballLaw;         // per body; empty when no hinge is such a ball
  std::vector<std::array<double, 4>> m_ballRest;  // the rest orientations that are not the identity, conjugated
};

}  // namespace mstmm
