#pragma once
// The spanning tree's joint coordinates about a reference state
// (equations.md §10.1): the chart that vibration analysis works in.
//
// The ODE state holds absolute orientations (equations.md §5.1); the
// linearised equations need one coordinate per free motion of a hinge.
// Coordinate k of body i's tree hinge follows ClosureConstraints' numbering
// (slides first, then rotations). A joint displacement q turns the tip side
// relative to the root side, about axes taken at the reference:
//
//   A_i(q) = A_p(q) A_p0^T R_i(q_i) A_i0,
//   R_i = exp(h q)                      revolute, cylindrical, planar (h fixed in the root side)
//       = exp(h1 q1) exp(h2 q2)         universal (h1 in the root side, h2 in the tip side)
//       = exp(phi~), phi = q_1..3       ball, free (world axes at the reference)
//
// and a slide adds q to s. Joint rates u are the relative angular velocity
// along the hinge's current directions, Omega_i = Omega_p + sum_k h_k(q) u_k
// (world axes for ball and free hinges), and the slide rates. So u = q' for
// every hinge but the ball and free ones, where q' = u + 1/2 u x phi +
// u x phi_p to first order (phi_p: the root side's turn), which
// kinematicCoupling() returns.

#include <Eigen/Core>
#include <string>
#include <vector>

#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/state.hpp"

namespace mstmm {

class JointChart {
 public:
  /// The reference state must have stateSize(model) entries.
  JointChart(const Model& model, const Eigen::VectorXd& reference);

  int coordinates() const { return m_coordinates; }
  const Model& model() const { return m_model; }
  const Eigen::VectorXd& reference() const { return m_reference; }

  /// The ODE state at joint displacements q and joint rates u (both of
  /// coordinates() entries); W_in and E_diss are the reference's.
  void state(const Eigen::VectorXd& q, const Eigen::VectorXd& u, Eigen::VectorXd& y) const;
  /// Sets y's angular velocities and slide rates to those of joint rates u at y's pose.
  void setRates(const Eigen::VectorXd& u, Eigen::VectorXd& y) const;
  /// The joint rates of a state.
  void rates(const Eigen::VectorXd& y, Eigen::VectorXd& u) const;
  /// The joint accelerations u' of a state given a solver's output for it.
  void accelerations(const Eigen::VectorXd& y, const SolverOutput& out, Eigen::VectorXd& uDot) const;
  /// d q' / d q at the reference for the rates u0 (zero but for ball and free hinges).
  Eigen::MatrixXd kinematicCoupling(const Eigen::VectorXd& u0) const;

  /// The hinge's rotation directions at the reference (world axes): its
  /// rotation coordinates turn about these, through the hinge's point.
  int rotationAxes(int body, Vec3 (&h)[3]) const;
  /// The motion subspace of body's hinge at the reference, world Plucker
  /// coordinates (motion [omega; v_O], O the world origin): a slide along u
  /// is [0; u], a turn about w through the hinge's point O_i is [w; O_i x w].
  /// `poses` are the reference's (computePoses). One column per coordinate.
  Eigen::Matrix<double, 6, Eigen::Dynamic> motionSubspace(int body, const std::vector<BodyPose>& poses) const;
  /// Whether body's hinge turns freely (ball, free): its three rotations are
  /// one exponential, exp(phi~), not a product of turns.
  bool freeTurn(int body) const { return turnOf(body) == Turn::Free; }

  /// The compiled body whose output hinge carries coordinate k.
  int bodyOf(int k) const { return m_bodyOf[static_cast<std::size_t>(k)]; }
  /// The first coordinate of body i's hinge.
  int firstOf(int body) const { return m_first[static_cast<std::size_t>(body)]; }
  bool isSlide(int k) const;
  /// "hinge 'h'" for a hinge with one coordinate, else "hinge 'h' rx", "hinge 'h' s" ...
  std::string coordinateName(int k) const;
  /// The coordinate's name within its hinge: "angle", "angle1", "rx", "s", "x", "s1".
  std::string coordinateSuffix(int k) const;

 private:
  /// Screw: one coordinate, the slide s, with the turn s / p about the slide axis.
  enum class Turn { None, Axis, Universal, Free, Screw };
  Turn turnOf(int body) const;
  int rotationsOf(int body) const { return m_model.hinge(body).dof - m_model.hinge(body).slides; }
  /// The hinge's rotation directions (world) for the root-side and tip-side rotations given.
  int directions(int body, const Mat3& rootTurn, const Mat3& tipTurn, Vec3 (&h)[3]) const;
  /// H_rot^+ w: the joint rates whose relative angular velocity is w.
  void project(int body, const Vec3 (&h)[3], const Vec3& w, double* out) const;

  const Model& m_model;
  Eigen::VectorXd m_reference;
  std::vector<Mat3> m_rotation0;  // A_i0
  std::vector<int> m_first, m_bodyOf;
  int m_coordinates = 0;
};

}  // namespace mstmm
