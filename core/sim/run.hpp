#pragma once
// The run loop (core/sim/run.cpp): one model, its settings, solver,
// integrator and state, stepped with every check a run makes. simulate()
// runs it to the end; the Python module steps it from outside. One loop, so
// that no caller keeps a divergence check of its own.

#include <Eigen/Core>
#include <memory>
#include <string>
#include <vector>

#include "core/dynamics/applied_loads.hpp"
#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/loops/closure_projection.hpp"
#include "core/loads/run_inputs.hpp"
#include "core/message_text.hpp"
#include "core/sim/integrator.hpp"
#include "core/sim/ode_system.hpp"
#include "core/sim/simulation.hpp"

namespace mstmm {

class ClosedLoopSolver;

class Run {
 public:
  Run(std::shared_ptr<const Model> model, const SimulationSettings& settings, ResultSink& sink, const RunOptions& options);

  /// The whole run: start(), then steps to the end time, recording every
  /// outputEvery-th state (or at each output instant of an adaptive
  /// method), until done, cancelled or failed.
  RunReport execute();

  /// Starts the run: the initial state (RunOptions' or the model's), the
  /// inputs, the loops closed, the energy scale, the first record.
  void start();
  /// One step of h from the present state with every check a run makes
  /// between its steps (a state no longer finite, a solver singular within
  /// the step, a loop drifting apart), recording nothing: a run driven step
  /// by step from outside (the Python module's Simulation).
  void stepBy(double h);
  /// Puts the run at state y and time t (each angle taken within half a
  /// turn of where it was) and evaluates there.
  void setState(const Eigen::VectorXd& y, double t);
  double time() const { return m_t; }
  const Eigen::VectorXd& state() const { return m_y; }
  /// Accelerations and hinge loads at the present state.
  const SolverOutput& output() const { return m_out; }

 private:
  bool adaptive() const { return isAdaptive(m_settings.integrator); }
  /// What the user changes for a more accurate run: the step, or an
  /// adaptive method's tolerances.
  std::string remedy() const {
    return adaptive() ? "try smaller tolerances (relative " + formatNumber(m_settings.relativeTolerance) + ", absolute " + formatNumber(m_settings.absoluteTolerance) + ")"
                      : "try a smaller time step";
  }
  bool takeInputs();
  void moveByHand();
  void advance();
  void record();
  double step(double h);
  void blameTheStepIfSmallerOnesPass(const Error& e, double h);
  void accept();
  void checkFinite();
  void checkAdaptiveWork(double h);
  [[noreturn]] void throwInitialOverflow() const;
  [[noreturn]] void throwSingularAccelerations(int body) const;
  void checkLoopClosure();
  void checkEnergy(const Energy& e);
  Energy energyAt();
  int bodyWithMostKineticEnergy() const;

  std::shared_ptr<const Model> m_model;
  SimulationSettings m_settings;
  ResultSink& m_sink;
  RunOptions m_options;
  std::unique_ptr<DynamicsSolver> m_solver;
  ClosedLoopSolver* m_closedLoop = nullptr;  // m_solver, if it closes loops (null otherwise)
  OdeSystem m_ode;
  std::unique_ptr<Integrator> m_integrator;
  ClosureProjector m_projector;
  AppliedLoads m_loads;  // evaluated at the recorded states, for energies and element channels
  RunInputs m_inputs;    // the user's pull, torque and controls (RunOptions::inputs), constant within a step
  Eigen::VectorXd m_moveTo;  // a state the user moved the bodies to (empty: none)

  Eigen::VectorXd m_y, m_dy;
  Eigen::VectorXd m_yBefore;  // the state before the step: where a solver that returned non-finite accelerations is asked again
  double m_loopLimit = 0.0;   // the closure error a loop may reach (m or rad) before the run stops
  SolverOutput m_out;
  std::vector<BodyPose> m_poses;
  double m_t = 0.0;
  long m_steps = 0;
  long m_outputs = 0;       // adaptive: output instants passed
  long m_recorded = 0;      // frames recorded
  int m_overWork = 0;       // adaptive: steps in a row whose size would need more steps than allowed
  static constexpr double kAdaptiveWorkFactor = 1000.0;  // steps allowed per step the time step plans
  static constexpr double kAdaptiveWorkFloor = 1e6;
  static constexpr int kOverWorkRun = 1000;
  static constexpr double kProjectionMargin = 100.0;  // a contact's impact may need small steps for a while
  double m_energy0 = 0.0;
  double m_dissipated0 = 0.0;
  double m_energyScale = 1.0;
  double m_exchanged = 0.0;  // the most energy the motion has exchanged so far
  static constexpr double kEnergyDriftLimit = 0.1;  // of m_exchanged
  static constexpr double kLoopDriftLimit = 1e-2;   // of the longest body: a gap the 3-D view shows
};

}  // namespace mstmm
