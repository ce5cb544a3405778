#pragma once
// The editable description of a multibody system, as the user draws it: a
// topology graph of rigid bodies and smooth hinges (000 §2, Fig. 1(b)).
// Nothing here is checked; validate() says what is wrong and compile() turns a
// valid spec into the immutable Model the solvers read.

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/spec/body_contact_spec.hpp"
#include "core/spec/contact_spec.hpp"
#include "core/spec/load_spec.hpp"
#include "core/spec/rotor_spec.hpp"
#include "core/spec/measure_spec.hpp"
#include "core/math/rotation.hpp"
#include "core/spec/beam_deformation.hpp"
#include "core/spec/beam_spec.hpp"
#include "core/spec/visual_spec.hpp"

namespace mstmm {

/// Stable identity of a body across edits (distinct from its array position).
struct BodyId {
  std::uint32_t value = 0;
  auto operator<=>(const BodyId&) const = default;
};

/// Stable identity of a hinge across edits.
struct HingeId {
  std::uint32_t value = 0;
  auto operator<=>(const HingeId&) const = default;
};

enum class ModelKind { Planar, Spatial };

/// Smooth hinge types. Ball: spatial ball-and-socket (3 DOF). Pin: the planar
/// revolute joint about z (1 DOF). Revolute: about a body-fixed axis (1 DOF).
/// Weld: a clamp, no relative motion. Slider: the smooth sliding (prismatic)
/// hinge of 002, translation along an axis fixed in the root-side body with
/// the rotation locked (1 DOF; its slide s and rate s' are ODE states).
/// The remaining joints of real mechanisms (issue 14, docs/hinge-types.md):
/// Universal: two rotations, about `axis` fixed in the root side and `axis2`
/// fixed in the tip side (a Cardan joint's cross, 2 DOF). Cylindrical:
/// rotation about and slide along one root-side axis (2 DOF). Planar: slides
/// in the root-side plane normal to `axis` (first direction `axis2`) and
/// rotation about that normal (3 DOF). Free: the 6-DOF relative motion of
/// 001, three slides along the root side's axes and a free rotation; to the
/// ground it makes a free-floating root. PointOnLine: a point of the tip side
/// slides along a root-side line and turns freely (004 Ex. 3.3; 4 DOF). In a
/// planar model Free has 3 DOF (x, y, theta) and PointOnLine 2 (s, theta).
/// Screw: a turn theta about a root-side axis with the slide p theta along
/// it (pitch p, spatial, 1 DOF; issue 52).
/// Every slide of a hinge is an ODE state pair [s, s']. What each type is,
/// its coordinates, release and motion, lives in core/model/joints/.
enum class HingeType { Ball, Pin, Revolute, Weld, Slider, Universal, Cylindrical, Planar, Free, PointOnLine, Screw };

/// Whether a hinge closes a loop. Auto: the core chooses the cut hinges (one
/// per independent loop, equations.md §6); Cut: this hinge is cut; Keep: this
/// hinge stays in the spanning tree if any tree allows it.
enum class CutChoice { Auto, Cut, Keep };

enum class ShapeType { Rod, Cylinder, Box, PointMasses, Custom };

enum class InertiaReference { CentreOfMass, BodyOrigin };

struct PointMass {
  double mass = 0.0;
  Vec3 position = Vec3::Zero();
  bool operator==(const PointMass&) const = default;
};

/// Where a body's mass properties come from. Rods and cylinders lie along the
/// body x axis, boxes have their edges along the body axes; `center` is the
/// centroid in the body frame (absent: half the length along x from the origin).
struct ShapeSpec {
  ShapeType type = ShapeType::Rod;
  double mass = 1.0;
  double length = 1.0;                 // rod, cylinder
  double radius = 0.05;                // cylinder
  Vec3 size = Vec3(1.0, 0.1, 0.1);     // box edge lengths
  std::optional<Vec3> center;          // rod, cylinder, box
  std::vector<PointMass> points;       // point masses
  Vec3 com = Vec3::Zero();             // custom
  Mat3 inertia = Mat3::Identity();     // custom, body axes
  InertiaReference inertiaAbout = InertiaReference::CentreOfMass;  // custom

  bool operator==(const ShapeSpec&) const = default;
};

/// A rigid body with input ends I_1..I_L (tip side) and one output end O
/// (root side), all in its body frame (000 §2.2, Eqs. 6-9).
struct BodySpec {
  BodyId id;
  std::string name;
  ShapeSpec shape;
  std::vector<Vec3> inputs{Vec3::Zero()};
  Vec3 output = Vec3(1.0, 0.0, 0.0);
  // Initial conditions. Planar: rotation angle theta about z and its rate.
  double theta = 0.0;
  double thetaDot = 0.0;
  // Spatial: body-to-inertial unit quaternion [w, x, y, z] and the inertial
  // angular velocity Omega.
  Quat orientation = Quat(1.0, 0.0, 0.0, 0.0);
  Vec3 angularVelocity = Vec3::Zero();
  /// External forces and moments on this body.
  std::vector<BodyLoadSpec> loads;
  /// How it is drawn, when not by its shape (imported models).
  std::vector<VisualSpec> visuals;
  /// An elastic beam along x from the origin (equations.md §11): its mass
  /// comes from the beam, not from `shape`.
  std::optional<BeamSpec> beam;
  /// A beam's initial deformation relative to its own frame (the theta or
  /// orientation above); empty: straight.
  BeamDeformation deformation;

  bool operator==(const BodySpec&) const = default;
};

/// A smooth hinge from an end of `child` (its output end O unless `childEnd`
/// names an input end) to input end `parentInput` (0-based) of `parent`, or
/// to the ground when `parent` is empty. Hinges that close a loop are cut
/// (equations.md §6): a hinge at the child's output end may stay in the spanning
/// tree, one at an input end of the child is always a cut.
struct HingeSpec {
  HingeId id;
  std::string name;
  HingeType type = HingeType::Ball;
  BodyId child;
  std::optional<BodyId> parent;
  int parentInput = 0;
  int childEnd = -1;             // -1: the child's output end O; k >= 0: its input end I_{k+1}
  CutChoice cut = CutChoice::Auto;
  Vec3 axis = Vec3::UnitZ();     // revolute, slider, cylindrical, point-on-line, universal (root-side axis), planar (normal): in the parent's body frame (world if ground)
  Vec3 axis2 = Vec3::UnitX();    // universal: the tip-side axis in the child's body frame; planar: the first slide direction (parent frame)
  Vec3 anchor = Vec3::Zero();    // ground hinges: attachment point in the world frame
  // Slider, cylindrical, point-on-line, screw: the initial slide s along the unit
  // axis, measured from the root side's attachment point (input end or
  // anchor), and its rate s'.
  double slide = 0.0;
  double slideRate = 0.0;
  /// Screw: the slide per turn, p in m/rad (s = p theta); non-zero.
  double pitch = 0.0;
  // Free and planar hinges: the initial slides along their slide directions
  // (free: the root side's x, y, z axes, world axes for a free root, so this
  // is the root's output end relative to the anchor; planar: axis2 and
  // axis x axis2) and their rates; planar uses x and y.
  Vec3 translation = Vec3::Zero();
  Vec3 translationRate = Vec3::Zero();
  /// Spring-damper, stops, actuator and prescribed motion on its coordinate
  /// (ball, pin, revolute, slider: their one coordinate, or a ball's rotation).
  HingeLoadsSpec loads;
  /// The same on the coordinates of a hinge with several (universal,
  /// cylindrical, planar, free, point-on-line), each named as
  /// hingeCoordinateNames() names it (docs/hinge-types.md H9).
  std::vector<CoordinateLoadsSpec> coordinateLoads;

  /// Whether any coordinate of the hinge has a prescribed motion, and how many do.
  int prescribedCount() const {
    int n = loads.motion ? 1 : 0;
    for (const CoordinateLoadsSpec& c : coordinateLoads) n += c.loads.motion ? 1 : 0;
    return n;
  }
  /// The loads of coordinate `name`, added (empty, in the order of the
  /// hinge's coordinates) if it has none yet.
  HingeLoadsSpec& loadsOn(const std::string& name, ModelKind kind);
  bool hasLoads() const {
    if (!loads.empty()) return true;
    for (const CoordinateLoadsSpec& c : coordinateLoads)
      if (!c.loads.empty()) return true;
    return false;
  }

  bool isGround() const { return !parent.has_value(); }
  bool atChildOutput() const { return childEnd < 0; }
  bool operator==(const HingeSpec&) const = default;
};

/// Explicit RK4 at a fixed step, adaptive Dormand-Prince, implicit
/// generalized-alpha at a fixed step for stiff models (equations.md §5.4),
/// and variable-step, variable-order BDF with error control for stiff
/// models (SUNDIALS CVODE, §5.6; a program that links stiff/ has it).
enum class IntegratorKind { Rk4, DormandPrince45, GeneralizedAlpha, Bdf };
/// Whether the method chooses its own steps under error control.
inline bool isAdaptive(IntegratorKind kind) { return kind == IntegratorKind::DormandPrince45 || kind == IntegratorKind::Bdf; }
/// Whether each step solves its equations by Newton iterations.
inline bool isImplicit(IntegratorKind kind) { return kind == IntegratorKind::GeneralizedAlpha || kind == IntegratorKind::Bdf; }
/// Riccati MSTMM (the product), and the formulations it is validated and
/// compared against: Newton-Euler with Lagrange multipliers, the joint-space
/// mass-matrix method, and the classical (non-Riccati) transfer matrix method.
enum class SolverKind { Riccati, NewtonEuler, MassMatrix, ClassicalTmm };

/// How the closure constraints of loops are kept from drifting (equations.md §6):
/// Baumgarte stabilisation of the acceleration-level supplement equations,
/// projection of the state onto the position and velocity constraints after
/// every step, or nothing.
enum class LoopStabilisation { Baumgarte, Projection, None };

struct SimulationSettings {
  double endTime = 2.0;
  double timeStep = 1e-3;       // RK4 step; output spacing base for the adaptive method
  IntegratorKind integrator = IntegratorKind::Rk4;
  double relativeTolerance = 1e-9;  // adaptive methods only
  double absoluteTolerance = 1e-12; // adaptive methods only
  int outputEvery = 1;          // record every k-th step (adaptive: every k*timeStep)
  SolverKind solver = SolverKind::Riccati;
  // Closed loops only.
  LoopStabilisation loopStabilisation = LoopStabilisation::Baumgarte;
  double baumgarteAlpha = 5.0;  // 1/s: b = -2 alpha g' - beta^2 g
  double baumgarteBeta = 5.0;   // 1/s
  bool projectInitialState = false;  // make an inconsistent initial state consistent instead of refusing it
  double spectralRadius = 0.9;      // generalized-alpha's rho_inf in [0, 1]: 1 keeps every frequency, 0 damps the highest out in one step

  bool operator==(const SimulationSettings&) const = default;
};

struct ModelSpec {
  std::string name = "untitled";
  ModelKind kind = ModelKind::Spatial;
  Vec3 gravity = Vec3(0.0, -9.81, 0.0);
  std::vector<BodySpec> bodies;
  std::vector<HingeSpec> hinges;
  /// Point-to-point spring-dampers between bodies or a body and the ground.
  std::vector<SpringDamperSpec> springs;
  /// Contact spheres on bodies, and the ground (with its road) they press on.
  std::vector<ContactSpec> contacts;
  GroundSpec ground;
  /// Shapes on two bodies (or a body and the ground) that push apart where
  /// they overlap (docs/contact.md C8).
  std::vector<BodyContactSpec> bodyContacts;
  /// Radial bearings and seals, and unbalances (docs/rotors.md).
  std::vector<BearingSpec> bearings;
  std::vector<UnbalanceSpec> unbalances;
  /// Named measures: positions, velocities, accelerations, distances and
  /// angles recorded in every run (docs/measures.md).
  std::vector<MeasureSpec> measures;
  SimulationSettings simulation;
  /// Opaque JSON object owned by the editor (graph node positions and the
  /// like); core stores and writes it back unchanged. Empty: none.
  std::string editorState;

  bool operator==(const ModelSpec&) const = default;

  /// Adds a body with a fresh id and returns a reference to it.
  BodySpec& addBody(std::string name);
  /// Adds a hinge with a fresh id and returns a reference to it.
  HingeSpec& addHinge(std::string name, HingeType type, BodyId child,
                      std::optional<BodyId> parent, int parentInput = 0);

  /// Array positions of an id, or -1.
  int bodyIndex(BodyId id) const;
  int hingeIndex(HingeId id) const;

  BodyId nextBodyId() const;
  HingeId nextHingeId() const;
};

const char* toString(ModelKind kind);
const char* toString(HingeType type);  // defined with the joint table (core/model/joints)
const char* toString(ShapeType type);
const char* toString(IntegratorKind kind);
const char* toString(SolverKind kind);
const char* toString(CutChoice choice);
const char* toString(LoopStabilisation method);
std::optional<SolverKind> solverKindFromString(const std::string& name);

// What a hinge type is, from here down to hingeConstraintCount (and
// HingeSpec::loadsOn), is answered by the joint table: defined in
// core/model/joints/hinge_queries.cpp.
/// Degrees of freedom a hinge leaves free in a model of the given kind.
int hingeDof(HingeType type, ModelKind kind);
/// How many of them are slides (ODE states s, s' each); the rest are rotations.
int hingeSlideCount(HingeType type, ModelKind kind);
/// Whether a hinge type exists in a model of the given kind.
bool hingeTypeAllowed(HingeType type, ModelKind kind);
/// Every hinge type, in the order the editor lists them.
const std::vector<HingeType>& allHingeTypes();

/// The names of a hinge's coordinates in the order of its motion subspace's
/// columns (slides first, docs/hinge-types.md H2): universal angle1, angle2;
/// cylindrical slide, angle; planar s1, s2, angle; free x, y, z, rotation
/// (planar model: x, y, angle); point-on-line s, rotation (planar model: s,
/// angle). "rotation" stands for the three rotations of a ball, which carry
/// a spring and damper as a ball's do. Empty for the one-coordinate hinges.
const std::vector<std::string>& hingeCoordinateNames(HingeType type, ModelKind kind);
/// The position of `name` in hingeCoordinateNames, or -1.
int hingeCoordinateIndex(HingeType type, ModelKind kind, const std::string& name);

/// Changes a hinge's type and carries its loads over to the coordinate of
/// the new type that moves the same way (a slider's to "slide", "s", "x" or
/// "s1"; a revolute's or pin's to "angle" or "angle1"; a ball's to
/// "rotation", and back). Loads with no such coordinate stay where they
/// were, for validation to name, rather than being dropped.
void setHingeType(HingeSpec& hinge, HingeType type, ModelKind kind);

/// Sets the length of a rod or cylinder body, and moves with it every end
/// (inputs, output) that sat at its far end (L_old, 0, 0), so that the next
/// hinge stays at the tip rather than mid-rod (issue 13.7). Other ends stay.
void setRodLength(BodySpec& body, double length);
/// Relative motions a hinge forbids: the supplement equations of a cut hinge.
int hingeConstraintCount(HingeType type, ModelKind kind);

}  // namespace mstmm
