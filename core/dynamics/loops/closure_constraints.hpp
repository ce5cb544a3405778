#pragma once
// The closure conditions of the cut hinges (equations.md §6, 002 Eqs. for the
// supplement equations), one row per constrained relative motion:
//
//   translational rows   e . (r_A - r_B)        e: an inertial axis
//   rotational rows      t . (rotation error)   t: fixed in the root side B;
//                                               weld: its three axes,
//                                               revolute: the two normals to the axis
//   drive row            q - q(t)               a prescribed cut pin or revolute:
//                                               t its axis, q the relative angle (docs/loads.md L10)
//
// at position (g), velocity (g') and acceleration level. A is the cut end on
// the tip-side body, B the one on the root-side body or the ground. The
// velocity rows are linear in the tree's joint rates; jacobian() gives that
// map, which the projection onto the constraints (closure_projection.hpp)
// and the supplement solve's error messages use.

#include <Eigen/Core>
#include <vector>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/model/joints/joint_model.hpp"

namespace mstmm {

/// One supplement equation: which cut, and the direction of its reaction
/// (a force for a translational row, a moment for a rotational one).
struct ClosureRow {
  int cut = 0;
  bool rotational = false;
  Vec3 direction = Vec3::UnitX();
  int drive = -1;  // a drive row: index into Model::loads().hinges of the motion it prescribes
};

/// The largest closure errors of a state, and the cuts where they occur.
struct ClosureReport {
  double position = 0.0;  // m (rotational rows: rad)
  double velocity = 0.0;  // m/s (rad/s)
  int positionCut = -1;
  int velocityCut = -1;
};

/// The largest |g| and |g'| of measured errors along `rows`, and their cuts.
ClosureReport closureReport(const std::vector<ClosureRow>& rows, const Eigen::VectorXd& g, const Eigen::VectorXd& gDot);

class ClosureConstraints {
 public:
  explicit ClosureConstraints(const Model& model);

  int rows() const { return m_model.cutRows(); }
  /// Joint coordinates of the spanning tree (its degrees of freedom).
  int jointCoordinates() const { return m_jointCoordinates; }

  /// The rows' directions at these poses (rotational ones turn with the root side).
  void directions(const std::vector<BodyPose>& poses, std::vector<ClosureRow>& rows) const;
  /// Position errors g and velocity errors g' along the rows at time t
  /// (which only drive rows depend on).
  void measure(const std::vector<BodyPose>& poses, const std::vector<ClosureRow>& rows, double t, Eigen::VectorXd& g, Eigen::VectorXd& gDot) const;
  /// What g'' must be at time t: the prescribed q''(t) on drive rows, zero
  /// on the others, plus Baumgarte's -2 alpha g' - beta^2 g if the target
  /// asks for it (g and g' are measured into the two scratch vectors).
  void targets(const std::vector<BodyPose>& poses, const std::vector<ClosureRow>& rows, double t, const SupplementTarget& target,
               Eigen::VectorXd& g, Eigen::VectorXd& gDot, Eigen::VectorXd& b) const;
  /// g'' along the rows for the accelerations in `out` (centre-of-mass and angular).
  void accelerations(const std::vector<BodyPose>& poses, const std::vector<ClosureRow>& rows, const SolverOutput& out, Eigen::VectorXd& acc) const;
  /// d g' / d (joint rates): rows x jointCoordinates().
  void jacobian(const std::vector<BodyPose>& poses, const std::vector<ClosureRow>& rows, Eigen::MatrixXd& j) const;
  /// Turns joint-rate increments into increments of every body's absolute
  /// angular velocity (or, to first order, of its orientation), root first.
  /// Slides turn nothing; their increments are the joint entries themselves.
  void absoluteIncrements(const std::vector<BodyPose>& poses, const Eigen::VectorXd& joint, std::vector<Vec3>& perBody) const;

  /// The joint coordinate of body i's tree hinge (its first one; a hinge's
  /// slides come first, then its rotations).
  int coordinateOf(int body) const { return m_firstCoordinate[static_cast<std::size_t>(body)]; }

  /// World position, velocity and acceleration of a cut end.
  Vec3 endPosition(const std::vector<BodyPose>& poses, const CutEnd& end) const;
  Vec3 endVelocity(const std::vector<BodyPose>& poses, const CutEnd& end) const;

 private:
  /// The motion subspace of body i's tree hinge at the poses, as its joint
  /// model gives it: per coordinate, the joint point's velocity and the
  /// tip's angular velocity (world axes); returns the number of columns.
  int hingeColumns(const std::vector<BodyPose>& poses, int i, JointMotion& columns) const;
  void addPath(const std::vector<BodyPose>& poses, const ClosureRow& row, const CutEnd& end, double sign, int r, Eigen::MatrixXd& j) const;
  double rotationError(const std::vector<BodyPose>& poses, const CompiledCut& cut, const Vec3& t) const;
  double relativeAngle(const std::vector<BodyPose>& poses, const CompiledCut& cut) const;

  const Model& m_model;
  std::vector<int> m_firstCoordinate;  // per body: its tree hinge's first joint coordinate
  int m_jointCoordinates = 0;
};

}  // namespace mstmm
