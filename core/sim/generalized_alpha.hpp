#pragma once
// Generalized-alpha (Chung and Hulbert 1993) in the form of Arnold and Bruls
// (2007): the equations of motion hold at every step's end, and an
// auxiliary acceleration a' carries the method's numerical damping
// (equations.md §5.4). Rotations move on their manifold: a body's
// quaternion turns by the exponential of the step's rotation vector, as the
// angular velocity is inertial. Each step solves for q''_{n+1} by Newton
// iterations whose linear solve is one Riccati sweep with the hinges' local
// tangents (iteration_operator.hpp), O(N) per iteration. A step whose
// iteration does not converge is tried again as two halves, down to a
// 1/1024 of the step.

#include <memory>
#include <string>

#include "core/dynamics/iteration_operator.hpp"
#include "core/dynamics/applied_loads.hpp"
#include "core/sim/integrator.hpp"

namespace mstmm {

/// The method's constants for a spectral radius at infinite frequency
/// rho_inf in [0, 1] (Chung and Hulbert 1993, Eqs. 25 and 17-19).
struct GeneralizedAlphaConstants {
  double alphaM = 0.0, alphaF = 0.0, gamma = 0.5, beta = 0.25;
  static GeneralizedAlphaConstants fromSpectralRadius(double rhoInfinity);
};

class GeneralizedAlpha final : public Integrator {
 public:
  /// Converged when the accelerations' remaining error, estimated from the
  /// iteration's rate of contraction, is at most kAccelerationTolerance
  /// times (the largest acceleration + 1 m/s^2 or rad/s^2), within
  /// kMaxIterations. Relative to the accelerations, not to the positions
  /// they move by beta h^2: at small steps a test on positions passes after
  /// one sweep and leaves errors that gather in the velocities.
  static constexpr double kAccelerationTolerance = 1e-8;
  static constexpr int kMaxIterations = 25;
  static constexpr int kMaxHalvings = 10;

  GeneralizedAlpha(const Model& model, double rhoInfinity);
  void prepare(DynamicsSolver& solver) override;
  double step(OdeSystem& ode, double t, Eigen::VectorXd& y, Eigen::VectorXd& dy, SolverOutput& out, double hMax) override;
  long rejectedSteps() const override { return m_halved; }
  IntegratorStatistics statistics() const override { return {m_iterations, m_refreshes}; }

  const GeneralizedAlphaConstants& constants() const { return m_c; }
  /// a' at the last step's end, in the acceleration entries of a state
  /// vector (the others unused); the first step starts it at q''. For
  /// analyses of the method (its amplification matrix) and tests.
  const Eigen::VectorXd& auxiliaryAcceleration() const { return m_aux; }
  /// The next step starts from state y with a' = aux (not a' = q'').
  void startFrom(const Eigen::VectorXd& y, const Eigen::VectorXd& aux) {
    m_aux = aux;
    m_yEnd = y;
    m_started = true;
  }

 private:
  struct Coordinate {
    int position = 0, velocity = 0;  // where q (a quaternion's first entry) and q' are in y
    bool rotation = false;           // a spatial body's orientation: three rates, a quaternion
  };
  bool attempt(OdeSystem& ode, double t, double h, Eigen::VectorXd& y, Eigen::VectorXd& dy, SolverOutput& out);
  void refreshTangents(double t, const Eigen::VectorXd& y, double gammaPrime, double betaPrime);
  Mat3 ballTerm(int body, const Eigen::VectorXd& y, double gammaPrime, double betaPrime) const;
  void moveTo(double h, const Eigen::VectorXd& aNext, Eigen::VectorXd& y) const;
  double largestCorrection(const Eigen::VectorXd& dy, const Eigen::VectorXd& acc, double& acceleration);
  static double remainingError(double correction, double previous);
  std::string worstPlace() const;

  const Model& m_model;
  GeneralizedAlphaConstants m_c;
  std::vector<Coordinate> m_coordinates;
  int m_energy = -1;  // where W_in and E_diss are, or -1
  std::unique_ptr<AppliedLoads> m_loads;  // the tangents' own loads (models with hinge elements)
  IterationOperator m_operator;
  bool m_local = false;  // the solver applies m_operator
  DynamicsSolver* m_solver = nullptr;  // the solver it is given to, while m_local
  Eigen::VectorXd m_yStart, m_dyStart, m_aux, m_auxNext, m_acc, m_yEnd;
  std::vector<double> m_hingeStart;
  std::vector<Vec3> m_ballStart;
  std::vector<int> m_beamJointOf;  // per body: the beam joint across its output hinge, or -1
  bool m_started = false;
  long m_halved = 0, m_iterations = 0, m_refreshes = 0;
  int m_worstCoordinate = 0;  // the coordinate the last iteration corrected most
};

}  // namespace mstmm
