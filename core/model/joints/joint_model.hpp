#pragma once
// What a hinge type is, said once (issue 52; docs/hinge-types.md). Every
// part of core that meets a hinge asks its JointModel: how many
// coordinates it has in each model kind and what they are called, how its
// slides sit in the state, how the Riccati sweep releases it, how many
// rotations the Newton-Euler reference holds, what its spec must satisfy,
// how it is compiled, and its motion subspace H and bias c (equations.md
// §3.3) for the hinges released with the general form. One file per type
// in this folder defines its model; joint_table.cpp is the one dispatch.

#include <array>
#include <string>
#include <vector>

#include "core/math/rotation.hpp"
#include "core/spec/model_spec.hpp"

namespace mstmm {

struct CompiledHinge;

/// How the Riccati sweep releases a hinge (joint_release.hpp): all rotations
/// free (spatial ball, planar pin), one rotation axis (spatial revolute), one
/// slide, nothing (weld), given (a prescribed hinge, decided per run), or
/// f = 1..6 coordinates with the general form.
enum class JointRelease : unsigned char { RotationFree, SingleAxis, Slide, Locked, Driven, MultiAxis };

/// What the loads of a one-coordinate hinge act on (docs/loads.md): a planar
/// angle, the angle about a spatial axis, a slide, a ball's rotation vector,
/// an angle of a universal hinge, or a screw's turn (its slide over its pitch).
enum class JointCoordinate : unsigned char { PlanarAngle, AxisAngle, Slide, Rotation, UniversalAngle, ScrewAngle };

/// A hinge type in one model kind.
struct JointShape {
  bool allowed = true;
  int dof = 0;               // coordinates (columns of H)
  int slides = 0;            // slide pairs [s, s'] in the state
  JointRelease release = JointRelease::Locked;
  int heldRotations = 0;     // rotational constraint rows (Newton-Euler reference)
  JointCoordinate coordinate = JointCoordinate::PlanarAngle;  // one-coordinate hinges
  std::vector<std::string> coordinates;  // several: their names in H's column order (H9)
};

/// The state of a hinge's two sides at one instant, in world axes: what its
/// motion subspace and bias depend on.
struct JointMotionInput {
  Mat3 rootRotation = Mat3::Identity();
  Mat3 tipRotation = Mat3::Identity();
  Vec3 omegaRoot = Vec3::Zero();
  Vec3 omegaTip = Vec3::Zero();
  Vec3 slideVelocity = Vec3::Zero();  // sum_j s'_j u_j (u_j fixed in the root side)
};

/// H's columns ([translation; rotation] of the tip's joint point) and the
/// bias c, so that the tip's acceleration is the root's, plus H nu' + c.
struct JointMotion {
  // Eigen leaves its vectors uninitialised: every column starts at zero here.
  std::array<Vec3, 6> translation{Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero()};
  std::array<Vec3, 6> rotation{Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero(), Vec3::Zero()};
  Vec3 biasTranslation = Vec3::Zero();
  Vec3 biasRotation = Vec3::Zero();
};

/// Problems of a hinge's own fields, as the model check words them.
using JointProblems = std::vector<std::string>;

struct JointModel {
  HingeType type = HingeType::Weld;
  const char* name = "";   // the file format's and the messages' name
  const char* label = "";  // the studio's name
  JointShape planar, spatial;
  /// Which of the spec's fields it reads beyond the ends: `axis`, `axis2`,
  /// the initial `slide` and rate, the `translation` and rate, the `pitch`.
  struct Fields {
    bool axis = false, axis2 = false, slide = false, translation = false, pitch = false;
  } fields;
  /// What the studio calls its `axis`.
  const char* axisName = "Axis";
  /// Why the hinge does not belong in a model of the other kind (empty: the generic message).
  const char* wrongKind = "";
  /// Its own fields (axes, initial slides, pitch): problems appended.
  void (*check)(const HingeSpec&, ModelKind, JointProblems&) = nullptr;
  /// Its compiled axes and slide directions (hinge.axisInParent is set).
  void (*compile)(const HingeSpec&, ModelKind, CompiledHinge&) = nullptr;
  /// H and c at one instant (nullptr for a weld). The sweep asks it for the
  /// hinges it releases in the general form (MultiAxis); its kernels for a
  /// ball, a pin, a revolute and a slider are specialised.
  void (*motion)(const CompiledHinge&, const JointMotionInput&, JointMotion&) = nullptr;
  /// The slides' rates, accelerations or increments from the coordinates'
  /// (s = S nu; nullptr: the first `slides` coordinates are the slides).
  void (*slidesOf)(const CompiledHinge&, const double* nu, double* s) = nullptr;

  const JointShape& in(ModelKind kind) const { return kind == ModelKind::Planar ? planar : spatial; }
};

/// The model of a hinge type: the one dispatch (joint_table.cpp).
const JointModel& jointModel(HingeType type);

}  // namespace mstmm
