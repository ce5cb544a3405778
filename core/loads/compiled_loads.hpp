#pragma once
// The load elements of a model, compiled: indices are compiled body indices
// (processing order), body points are relative to the body frame origin I_1
// (as every other compiled body point), time functions are ready to evaluate.

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "core/loads/beam_joint.hpp"
#include "core/loads/bearing.hpp"
#include "core/model/joints/joint_model.hpp"
#include "core/loads/ground_contact.hpp"
#include "core/spec/load_spec.hpp"
#include "core/loads/shape_query.hpp"

namespace mstmm {

class Model;
struct ModelSpec;

/// The elements in one hinge: a tree hinge at the output of its tip-side
/// body, or a cut hinge (cut >= 0), whose spring, damper, stops and actuator
/// act as a pair of opposite moments on its two bodies and whose
/// prescribed motion is one more supplement equation of its loop (docs/loads.md L10).
/// What every evaluation reads of it is copied into a HingeLaw of the same
/// index.
///
/// A hinge with several coordinates (universal, cylindrical, planar, free,
/// point-on-line) has one entry per coordinate that carries elements, in
/// the order of its motion subspace's columns, one after another; the first
/// holds their count (docs/hinge-types.md H9).
struct HingeElements {
  using Coordinate = JointCoordinate;
  int body = -1;    // compiled index of the tip-side body
  int parent = -1;  // compiled index of the root side; -1: the ground
  Coordinate coordinate = Coordinate::PlanarAngle;
  int slider = -1;
  int driven = -1;  // index among the prescribed hinges
  int cut = -1;     // index among Model::cuts(); -1: a tree hinge
  int column = -1;  // several coordinates: this one's column of H (a "rotation": its first); -1: a one-coordinate hinge
  int count = 1;    // entries of this hinge from here on (on its first entry)
  bool spring = false, stops = false, actuator = false, prescribed = false;
  ActuatorKind actuatorKind = ActuatorKind::Force;

  double stiffness = 0.0, damping = 0.0, rest = 0.0;
  Quat restConjugate = Quat(1.0, 0.0, 0.0, 0.0);  // ball: conj(rest relative orientation)
  bool restIdentity = true;                        // ball: the rest orientation is the identity
  Vec3 axis = Vec3::UnitZ();  // revolute/slider axis in the root side's frame (world for the ground)
  Vec3 axis2 = Vec3::UnitX(); // universal: the tip-side axis in the tip's frame
  double lower = -std::numeric_limits<double>::infinity();
  double upper = std::numeric_limits<double>::infinity();
  double stopStiffness = 0.0, stopDamping = 0.0;
  double kp = 0.0, kd = 0.0;
  double maxLoad = std::numeric_limits<double>::infinity();
  double armature = 0.0;  // J on each column of the coordinate (equations.md §3.8)

  std::string name;
  Characteristic characteristic;
  TimeCurve actuatorLoad, reference, motion;

  bool rotational() const { return coordinate != Coordinate::Slide; }
};

/// The fields of a hinge's elements that every evaluation reads, packed in an
/// array of their own beside CompiledLoads::hinges (same index): a sweep over
/// a 33,334-body tree then streams 104 bytes per hinge instead of touching
/// four cache lines of a 656-byte record (bench/ branch+springs). Derived
/// from the HingeElements; stops, actuators, motions and tables are read
/// from there, only for the hinges that have them.
struct HingeLaw {
  int body = -1, parent = -1, slider = -1;
  HingeElements::Coordinate coordinate = HingeElements::Coordinate::PlanarAngle;
  bool spring = false;       // a spring and/or damper
  bool linear = true;        // no characteristic table
  bool restIdentity = true;  // ball: the rest orientation is the identity
  bool prescribed = false;
  bool stopsOrActuator = false;
  unsigned char count = 1;   // HingeElements::count
  double stiffness = 0.0, damping = 0.0, rest = 0.0;
  Vec3 axis = Vec3::UnitZ();
  Quat restConjugate = Quat(1.0, 0.0, 0.0, 0.0);

  explicit HingeLaw(const HingeElements& e);
  bool rotational() const { return coordinate != HingeElements::Coordinate::Slide; }
};

struct CompiledBodyLoad {
  std::string name;
  int body = -1;
  Vec3 point = Vec3::Zero();  // relative to I_1, body frame
  bool bodyAxes = false;
  TimeCurve force[3], moment[3];
};

struct CompiledSpringDamper {
  std::string name;
  int bodyA = -1;
  Vec3 pointA = Vec3::Zero();  // relative to I_1 of A
  int bodyB = -1;              // -1: the ground
  Vec3 pointB = Vec3::Zero();  // relative to I_1 of B, or world
  double stiffness = 0.0, damping = 0.0, restLength = 0.0, preload = 0.0;
};

struct CompiledContact {
  ContactSpec law;             // name and parameters as given
  int body = -1;
  Vec3 point = Vec3::Zero();   // the sphere's centre, relative to I_1, body frame
};

struct CompiledBodyContact {
  ContactSpec law;             // name and the law's parameters
  int bodyFirst = -1, bodySecond = -1;  // -1: the ground
  // The shapes' centres relative to I_1 (world for the ground) and their
  // axes in the body's frame.
  Vec3 centreFirst = Vec3::Zero(), centreSecond = Vec3::Zero();
  Mat3 axesFirst = Mat3::Identity(), axesSecond = Mat3::Identity();
  double reach = 0.0;  // the sum of the shapes' bounding radii: farther apart, they cannot touch
};

struct CompiledLoads {
  std::vector<HingeElements> hinges;
  std::vector<HingeLaw> laws;       // per entry of hinges: its hot fields
  std::vector<int> elementsOfBody;  // per compiled body: index into hinges, or -1
  std::vector<int> drivenElements;  // index into hinges of each prescribed hinge: the tree's in processing order, then the cut ones
  std::vector<int> cutElements;     // index into hinges of each cut hinge with elements
  std::vector<CompiledBodyLoad> bodyLoads;
  std::vector<CompiledSpringDamper> springs;
  std::vector<CompiledContact> contacts;
  Ground ground;
  std::vector<CompiledBodyContact> bodyContacts;
  std::shared_ptr<const ShapeQuery> shapeQuery;  // their overlaps; null without body contacts
  std::vector<CompiledBeamJoint> beamJoints;     // the bending and torsion of spatial beams
  std::vector<CompiledBeamDrag> beamDrags;       // beams' mass-proportional damping
  std::vector<CompiledBearing> bearings;         // radial bearings and seals (docs/rotors.md R1)
  /// Compiled for a run that takes inputs while it goes on (run_inputs.hpp,
  /// CompileOptions): the state then carries W_in and E_diss for their work
  /// even in a model without elements of its own.
  bool runInputs = false;

  bool empty() const { return !runInputs && hinges.empty() && bodyLoads.empty() && springs.empty() && contacts.empty() && bodyContacts.empty() && beamJoints.empty() && beamDrags.empty() && bearings.empty(); }
  /// Struts, contacts and external loads need body positions and velocities
  /// (one kinematics walk per evaluation); hinge elements need only the state.
  bool needsPoses() const { return !bodyLoads.empty() || !springs.empty() || !contacts.empty() || !bodyContacts.empty() || !beamDrags.empty() || !bearings.empty(); }
  /// Bodies receive resultant external loads: from external loads and struts,
  /// or from the moment pairs of elements on cut hinges and of beam joints.
  bool loadsBodies() const { return needsPoses() || !cutElements.empty() || !beamJoints.empty(); }
  const HingeElements* atBody(int body) const {
    if (elementsOfBody.empty()) return nullptr;
    const int k = elementsOfBody[static_cast<std::size_t>(body)];
    return k < 0 ? nullptr : &hinges[static_cast<std::size_t>(k)];
  }
  int drivenCount() const { return static_cast<int>(drivenElements.size()); }
  const HingeElements& drivenHinge(int driven) const { return hinges[static_cast<std::size_t>(drivenElements[static_cast<std::size_t>(driven)])]; }
};

/// Builds the compiled elements of a valid spec for its compiled model.
CompiledLoads compileLoads(const ModelSpec& spec, const Model& model);

}  // namespace mstmm
