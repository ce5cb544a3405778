#pragma once
// Linearisation of a model about a state (equations.md §10.2): the mass
// matrix exactly, from the kinetic energy of the bodies' velocity Jacobians
// (kinematics only: no solver); stiffness and damping from the solver's
// accelerations by central differences extrapolated with Richardson's rule,
// K = -M dz''/dz, C = -M dz''/dz'. Any solver can be the source: the
// Riccati recursion, or the reference formulations that the tests hold it
// against.

#include <atomic>
#include <memory>

#include "core/analysis/joint_chart.hpp"
#include "core/analysis/linear_system.hpp"
#include "core/dynamics/dynamics_solver.hpp"

namespace mstmm {

struct LinearisationOptions {
  SolverKind solver = SolverKind::Riccati;
  double time = 0.0;   // drives, actuators and loads are taken at this time
  double step = 1e-4;  // central-difference step: rad, m, rad/s, m/s
  /// The dense matrices (linearise(), massMatrix(), the Jacobians) are
  /// refused above this many minimal coordinates: they would not fit, nor
  /// finish (the O(N) sweeps of linear_sweep.hpp take such models).
  int maxCoordinates = 4000;
  /// Set from another thread, ends the analysis at its next evaluation with
  /// mstmm::Error "the analysis was cancelled" (the studio's Cancel).
  const std::atomic<bool>* cancel = nullptr;
};

/// Throws the cancellation error when `cancel` is set.
void checkCancelled(const std::atomic<bool>* cancel);

/// The tree coordinates that a prescribed motion holds (docs/loads.md L8).
std::vector<bool> drivenCoordinates(const Model& model, const JointChart& chart);

/// The model's equations about one state, evaluated through a solver.
class Linearisation {
 public:
  Linearisation(std::shared_ptr<const Model> model, const Eigen::VectorXd& reference, const LinearisationOptions& options = {});

  int size() const { return m_size; }
  const JointChart& chart() const { return m_chart; }
  bool loops() const { return m_model->hasLoops(); }
  /// q = T z: the tree joint coordinates of minimal ones, and z = T^T q.
  Eigen::VectorXd toTree(const Eigen::VectorXd& z) const;
  Eigen::VectorXd toMinimal(const Eigen::VectorXd& q) const;
  /// The tree coordinate that minimal coordinate k moves most (itself, for a tree).
  int dominantTreeCoordinate(int k) const;
  /// The minimal coordinates' names (a tree's joint coordinates, or z1.. for loops).
  std::vector<std::string> names() const;

  /// The state at minimal displacements z and rate increments v (about the reference rates).
  void state(const Eigen::VectorXd& z, const Eigen::VectorXd& v, Eigen::VectorXd& y) const;
  /// z'' at that state: one solver evaluation.
  Eigen::VectorXd accelerations(const Eigen::VectorXd& z, const Eigen::VectorXd& v);
  /// The solver's whole output at that state (one evaluation); `y` gets the state.
  const SolverOutput& output(const Eigen::VectorXd& z, const Eigen::VectorXd& v, Eigen::VectorXd& y);
  /// T^T u' at any state y near the reference (one evaluation).
  Eigen::VectorXd accelerationsAt(const Eigen::VectorXd& y);
  /// At a state y at rest, the power Q . dz of the generalised loads
  /// Q = M z'' for the rates dz: sum over bodies of m r''_C . v_C + Omega' . J_C Omega
  /// for the motion of rates T dz at y's pose (one evaluation and one walk;
  /// no mass matrix).
  double loadPower(const Eigen::VectorXd& y, const Eigen::VectorXd& dz);
  /// At a state y at rest, the generalised loads Q (minimal coordinates) in
  /// one walk: each body's inertial wrench [c x m r''_C + J_C Omega' +
  /// Omega x J_C Omega; m r''_C] summed from the tips, projected on the
  /// hinges' motion subspaces at y. The potential's gradient is -Q.
  Eigen::VectorXd generalisedLoads(const Eigen::VectorXd& y);

  /// M = sum over bodies of m V_b^T V_b + W_b^T J_C W_b, with V_b, W_b the
  /// Jacobians of the centre of mass's velocity and of the angular velocity,
  /// plus R^T diag(J) R for the rotors (equations.md §3.8).
  Eigen::MatrixXd massMatrix() const;
  /// The rotors' rates (AppliedLoads::rotorRates) as R z', and each one's J.
  struct RotorJacobian {
    Eigen::MatrixXd rates;  // one row per rotor axis; none without armature
    Eigen::VectorXd inertia;
  };
  /// Per body (compiled order): d r_C / d z (3 x n) and d Omega / d z; with
  /// `rotors`, the rotors' R from the same unit-rate states.
  void velocityJacobians(std::vector<Eigen::Matrix3Xd>& linear, std::vector<Eigen::Matrix3Xd>& angular, RotorJacobian* rotors = nullptr) const;

  /// d z'' / d z (positions) or d z'' / d v (rates), by Richardson-extrapolated
  /// central differences; `error` gets their estimated relative error.
  Eigen::MatrixXd accelerationJacobian(bool rates, double& error);
  /// J d for a direction d (two or four evaluations): for iterative solvers.
  Eigen::VectorXd accelerationDerivative(bool rates, const Eigen::VectorXd& d, bool extrapolate = true);

  /// Everything of LinearSystem but the inputs.
  LinearSystem linearise();

 private:
  void buildBasis();
  void requireDense(const char* what) const;

  std::shared_ptr<const Model> m_model;
  JointChart m_chart;
  LinearisationOptions m_options;
  std::unique_ptr<DynamicsSolver> m_solver;
  SolverOutput m_out;
  Eigen::VectorXd m_rates0;   // the reference's joint rates
  std::vector<int> m_free;    // trees: T is the selection of these tree coordinates
  Eigen::MatrixXd m_loopBasis;  // loops: T, dense
  int m_size = 0;
  Eigen::VectorXd m_y, m_uDot;
  double m_positionScale = 0.0;  // max |d z''/d z|, once known
};

}  // namespace mstmm
