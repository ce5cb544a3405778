#pragma once
// Time integrators. A step starts from (t, y) with dy = f(y) and the solver
// output at y already known, and leaves the same at the new point, so the
// last evaluation of one step is the first stage of the next (RK4's k1,
// Dormand-Prince's FSAL stage): exactly 4 (RK4) or 6 (DP45) evaluations per
// step, and the recorded hinge loads come for free.

#include <atomic>
#include <memory>

#include "core/spec/model_spec.hpp"
#include "core/sim/ode_system.hpp"

namespace mstmm {

/// What an implicit method's iterations cost (zero for explicit ones).
struct IntegratorStatistics {
  long newtonIterations = 0;   // sweeps spent in Newton iterations
  long tangentRefreshes = 0;   // evaluations of the hinges' local tangents
  long linearIterations = 0;   // BDF: Krylov (GMRES) iterations of the Newton steps' linear solves
  long steps = 0;              // BDF: its own steps (it steps past the run's instants and interpolates)
};

class Integrator {
 public:
  virtual ~Integrator() = default;
  /// Before the run's first evaluation: an implicit method gives the
  /// solver its iteration operator (DynamicsSolver::setIterationOperator).
  virtual void prepare(DynamicsSolver& solver) { (void)solver; }
  /// Advances by one step of at most hMax (the step may be shorter for an
  /// adaptive method); returns the step taken. Throws mstmm::Error, after
  /// which y, dy and out hold whatever the step had reached (RK4 gathers
  /// its stages in dy): the caller keeps the state from before the step
  /// (Run::step) and evaluates again before going on (Run::checkFinite).
  virtual double step(OdeSystem& ode, double t, Eigen::VectorXd& y, Eigen::VectorXd& dy, SolverOutput& out, double hMax) = 0;
  /// The run's cancel flag (RunOptions::cancel; may be null). A method
  /// whose one step() may take many of its own (BDF steps between output
  /// instants) looks at it between them and returns the step taken so far,
  /// so that a cancelled run stops within one of its own steps.
  virtual void setCancel(const std::atomic<bool>* cancel) { (void)cancel; }
  /// Steps rejected so far (adaptive methods).
  virtual long rejectedSteps() const { return 0; }
  virtual IntegratorStatistics statistics() const { return {}; }
};

/// The classical fourth-order Runge-Kutta method with a constant step
/// (000 §5.1 uses dt = 1e-3 s). Quaternions are renormalised after each step.
class RungeKutta4 final : public Integrator {
 public:
  double step(OdeSystem& ode, double t, Eigen::VectorXd& y, Eigen::VectorXd& dy, SolverOutput& out, double hMax) override;

 private:
  Eigen::VectorXd m_k, m_stage;  // k2, k3, k4 in turn; the stage state
};

/// Dormand-Prince 5(4) with embedded error estimate and step-size control
/// (Hairer, Norsett, Wanner, Solving ODEs I, §II.4-5).
class DormandPrince45 final : public Integrator {
 public:
  DormandPrince45(double relativeTolerance, double absoluteTolerance, double initialStep)
      : m_rtol(relativeTolerance), m_atol(absoluteTolerance), m_h(initialStep) {}
  double step(OdeSystem& ode, double t, Eigen::VectorXd& y, Eigen::VectorXd& dy, SolverOutput& out, double hMax) override;
  long rejectedSteps() const override { return m_rejected; }

 private:
  double errorNorm(const Eigen::VectorXd& y, const Eigen::VectorXd& yNew) const;

  double m_rtol, m_atol, m_h;
  long m_rejected = 0;
  Eigen::VectorXd m_k[7], m_stage, m_yNew, m_err;
};

std::unique_ptr<Integrator> makeIntegrator(const SimulationSettings& settings, const Model& model);

/// The BDF integrator lives outside core (stiff/, on SUNDIALS CVODE), so
/// that the engine stays Eigen and the standard library: a program that
/// runs it installs its maker once, at start, as with ShapeQuery.
using BdfMaker = std::unique_ptr<Integrator> (*)(const SimulationSettings& settings, const Model& model);
void installBdfIntegrator(BdfMaker maker);
bool hasBdfIntegrator();

}  // namespace mstmm
