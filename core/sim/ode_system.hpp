#pragma once
// The ODE y' = f(y) of a run (equations.md §5.1): one solver evaluation gives the
// angular accelerations; the quaternion and angle rates follow from Omega.

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/loops/closure_projection.hpp"

namespace mstmm {

class OdeSystem {
 public:
  explicit OdeSystem(DynamicsSolver& solver) : m_solver(solver), m_model(solver.model()) {}

  /// dy = f(y); `out` receives the solver's accelerations and, if `full`,
  /// the centre-of-mass accelerations and hinge loads at y.
  void evaluate(double t, const Eigen::VectorXd& y, Eigen::VectorXd& dy, SolverOutput& out, bool full = true) {
    out.angularOnly = !full;
    m_solver.setTime(t);
    m_solver.evaluate(y, out);
    stateDerivative(m_model, y, out, dy);
    ++m_evaluations;
  }

  /// Renormalises the quaternions when their norms have drifted and, with a
  /// projector, projects y onto the loop constraints; returns true if y
  /// changed (the caller then re-evaluates f).
  bool normalise(Eigen::VectorXd& y, double tolerance) const;
  /// Projection after every step (LoopStabilisation::Projection); null: none.
  void setProjector(ClosureProjector* projector) { m_projector = projector; }

  const Model& model() const { return m_model; }
  long evaluations() const { return m_evaluations; }

 private:
  DynamicsSolver& m_solver;
  const Model& m_model;
  long m_evaluations = 0;
  ClosureProjector* m_projector = nullptr;
};

}  // namespace mstmm
