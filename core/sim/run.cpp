#include "core/sim/run.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "core/dynamics/loops/closed_loop_solver.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/math/finite.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"
#include "core/sim/integrator.hpp"

namespace mstmm {

namespace {

std::string atTime(double t) { return "at t = " + formatNumber(t) + " s: "; }

}  // namespace

Run::Run(std::shared_ptr<const Model> model, const SimulationSettings& settings, ResultSink& sink, const RunOptions& options)
    : m_model(std::move(model)),
      m_settings(settings),
      m_sink(sink),
      m_options(options),
      m_solver(makeSolver(settings.solver, m_model, supplementTarget(settings), options.threads)),
      m_ode(*m_solver),
      m_integrator(makeIntegrator(settings, *m_model)),
      m_projector(*m_model),
      m_loads(*m_model) {
  m_closedLoop = dynamic_cast<ClosedLoopSolver*>(m_solver.get());
  m_integrator->prepare(*m_solver);
  m_integrator->setCancel(options.cancel);
  if (m_model->hasLoops() && settings.loopStabilisation == LoopStabilisation::Projection) m_ode.setProjector(&m_projector);
}

RunReport Run::execute() {
  RunReport report;
  try {
    start();
    const double end = m_settings.endTime;
    while (m_t < end * (1.0 - 1e-12) && (m_options.stepLimit <= 0 || m_steps < m_options.stepLimit)) {
      if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed)) {
        report.status = RunStatus::Cancelled;
        break;
      }
      takeInputs();
      const long recorded = m_recorded;
      advance();
      if (m_options.progress) m_options.progress({m_t, end, m_steps});
      // The state first: a live run paused in afterStep shows where it stopped.
      if (m_options.observeState) m_options.observeState(m_t, m_y);
      if (m_options.afterStep) m_options.afterStep(m_t, m_recorded != recorded);
    }
  } catch (const Error& e) {
    report.status = RunStatus::Failed;
    const std::string message = e.time() ? std::string(e.what()) : atTime(m_t) + e.what();
    report.error = Error(e.kind(), message, e.subject(), m_t);
  }
  m_sink.finish();
  report.time = m_t;
  report.steps = m_steps;
  report.evaluations = m_ode.evaluations();
  report.rejectedSteps = m_integrator->rejectedSteps();
  report.newtonIterations = m_integrator->statistics().newtonIterations;
  report.tangentRefreshes = m_integrator->statistics().tangentRefreshes;
  report.linearIterations = m_integrator->statistics().linearIterations;
  report.methodSteps = m_integrator->statistics().steps;
  return report;
}

void Run::stepBy(double h) {
  if (!(h > 0.0) || !std::isfinite(h)) throw Error(ErrorKind::Input, "a step must be a positive number of seconds");
  const double taken = step(h);
  ++m_steps;
  m_t += taken;
  checkFinite();
  accept();
  checkLoopClosure();
}

void Run::setState(const Eigen::VectorXd& y, double t) {
  if (y.size() != m_y.size())
    throw Error(ErrorKind::Input, "the state vector has " + std::to_string(y.size()) + " entries; model '" + m_model->name() + "' needs " +
                                      std::to_string(m_y.size()));
  if (!y.allFinite() || !std::isfinite(t)) throw Error(ErrorKind::Input, "the state and its time must be finite numbers");
  m_y = y;
  m_t = t;
  accept();  // each angle taken within half a turn of where it was
  m_ode.evaluate(m_t, m_y, m_dy, m_out);
}

void Run::start() {
  m_y = m_options.initialState ? *m_options.initialState : initialState(*m_model);
  m_dy.resize(m_y.size());
  m_out.resize(*m_model);
  if (m_model->takesRunInputs()) {
    m_inputs = neutralInputs(*m_model);
    m_solver->setInputs(&m_inputs);
    m_loads.setInputs(&m_inputs);
    takeInputs();
  }
  m_ode.normalise(m_y, 0.0);
  if (m_model->hasLoops() && m_settings.loopStabilisation == LoopStabilisation::Projection && m_model->loads().drivenCount() > 0)
    throw Error(ErrorKind::Validation, "hinge " + quoted(m_model->loads().drivenHinge(0).name) +
                                           " is driven, and the projection onto the loop constraints would move it off its prescribed motion; use Baumgarte stabilisation");
  if (m_model->hasLoops()) {  // the angles of a loop are dependent (equations.md §6)
    m_projector.setTime(m_t);
    if (m_settings.projectInitialState) m_projector.project(m_y);
    else m_projector.requireClosed(m_y);
  }
  m_ode.evaluate(m_t, m_y, m_dy, m_out);
  m_yBefore = m_y;
  double longest = 1e-3;
  for (int i = 0; i < m_model->bodyCount(); ++i) longest = std::max(longest, m_model->body(i).output.norm());
  m_loopLimit = kLoopDriftLimit * longest;
  computePoses(*m_model, m_y, m_poses);
  const Energy e0 = energyAt();
  if (!std::isfinite(e0.balance())) throwInitialOverflow();
  m_energy0 = e0.balance();
  m_dissipated0 = e0.dissipated;
  // What "blew up" means: far more energy than gravity could ever release
  // from bodies at their initial distances from the anchor, plus the initial
  // kinetic energy.
  const Vec3 anchor = m_model->hinge(m_model->root()).anchor;
  m_energyScale = std::abs(e0.kinetic) + std::abs(e0.spring) + 1.0;
  for (int i = 0; i < m_model->bodyCount(); ++i)
    m_energyScale += m_model->body(i).mass * m_model->gravity().norm() * ((m_poses[static_cast<std::size_t>(i)].com - anchor).norm() + 1.0);
  record();
}

// The inputs for the next step. A change is checked (a wrong one is an
// input error naming it), and the state's rates are evaluated again with
// it: the integrator's first stage reuses the last evaluation.
bool Run::takeInputs() {
  if (!m_options.inputs || !m_options.inputs->inputsFor(m_steps, m_t, m_inputs, m_moveTo)) return false;
  if (const std::string problem = inputsProblem(*m_model, m_inputs); !problem.empty()) throw Error(ErrorKind::Input, problem);
  if (m_moveTo.size() > 0) moveByHand();
  if (m_steps > 0 || m_recorded > 0) m_ode.evaluate(m_t, m_y, m_dy, m_out);
  return true;
}

// The run goes on from a state the user put the bodies in (while paused).
// What the move changed of the system's energy is booked as work put in,
// so the balance (docs/loads.md L9) runs on without a jump.
void Run::moveByHand() {
  if (m_moveTo.size() != m_y.size() || !m_moveTo.allFinite())
    throw Error(ErrorKind::Input, "a move by hand gives a state of " + std::to_string(m_moveTo.size()) + " entries; model '" + m_model->name() + "' needs " +
                                      std::to_string(m_y.size()) + ", all finite");
  computePoses(*m_model, m_y, m_poses);
  const Energy before = energyAt();
  const int w = energyOffset(*m_model);
  const double work = m_y[w], dissipated = m_y[w + 1];
  m_y = m_moveTo;
  m_y[w] = work;
  m_y[w + 1] = dissipated;
  m_ode.normalise(m_y, 0.0);
  m_solver->acceptState(m_y);
  m_loads.acceptState(m_y.data());
  computePoses(*m_model, m_y, m_poses);
  m_y[w] += energyAt().total() - before.total();
}

void Run::advance() {
  const double end = m_settings.endTime;
  const double dt = m_settings.timeStep;
  const int every = m_settings.outputEvery;
  if (!adaptive()) {
    const double h = std::min(dt, end - m_t);
    step(h);
    ++m_steps;
    // Time from the step count, so that 1000 steps of 1e-3 end at exactly 1.
    m_t = std::min(static_cast<double>(m_steps) * dt, end);
    checkFinite();
    accept();
    checkLoopClosure();
    if (m_steps % every == 0 || m_t >= end * (1.0 - 1e-12)) record();
    return;
  }
  const double interval = dt * every;
  const double nextOutput = std::min(static_cast<double>(m_outputs + 1) * interval, end);
  const double h = step(nextOutput - m_t);
  ++m_steps;
  const bool reached = m_t + h >= nextOutput * (1.0 - 1e-14);
  m_t = reached ? nextOutput : m_t + h;
  checkFinite();
  accept();
  if (!reached) checkAdaptiveWork(h);  // a step cut short at an output instant says nothing of the motion
  checkLoopClosure();
  if (reached) {
    ++m_outputs;
    record();
  }
}

// dopri5 plans no number of steps: a motion stiffer than its tolerances
// resolve (a servo's kd of 2e12, a reference at 7.5e299 Hz) drives its steps
// towards zero and a run towards days. Its work is bounded as RK4's plan is
// (docs/reliability.md): at most 1000 times the steps end time / time step
// plans (and at least 1e6), counted as steps taken and rejected, and, once
// 1000 steps in a row are so small that the rest of the run would need 100
// times that many, as the steps the present size needs (a stiff contact's
// impact takes small steps for a while and is left alone).
void Run::checkAdaptiveWork(double h) {
  const double planned = m_settings.endTime / m_settings.timeStep;
  const double limit = std::max(kAdaptiveWorkFloor, kAdaptiveWorkFactor * planned);
  const double taken = static_cast<double>(m_steps + m_integrator->rejectedSteps());
  const double needed = taken + (m_settings.endTime - m_t) / h;
  m_overWork = needed > kProjectionMargin * limit ? m_overWork + 1 : 0;
  if (taken <= limit && m_overWork < kOverWorkRun) return;
  computePoses(*m_model, m_y, m_poses);  // for the body named
  throw Error(ErrorKind::Divergence,
              "dopri5's steps have fallen to " + formatNumber(h) + " s (" + std::to_string(m_integrator->rejectedSteps()) +
                  " rejected so far): the rest of the run needs about " + formatNumber(needed) + " steps, more than the " + formatNumber(limit) +
                  " allowed (1000 times the " + formatNumber(planned) + " that the time step of " + formatNumber(m_settings.timeStep) +
                  " s plans); the motion is too stiff for these tolerances, with time scales near " + formatNumber(h) + " s (body '" +
                  m_model->body(bodyWithMostKineticEnergy()).name +
                  "' holds the most kinetic energy): soften the stiffest spring, damper, servo gain or contact, or give a smaller time step to allow more steps");
}

// An initial state whose energy overflows (an angular velocity of 1e160)
// is no divergence to cure with a smaller step: name the body whose own
// motion is largest, angular before linear (a fast-turning body drags its
// neighbours' centres along, and they would otherwise be named).
void Run::throwInitialOverflow() const {
  int body = 0;
  double fastest = -1.0;
  for (const bool angular : {true, false}) {
    for (int i = 0; i < m_model->bodyCount(); ++i) {
      const BodyPose& p = m_poses[static_cast<std::size_t>(i)];
      const double speed = angular ? p.omega.lpNorm<Eigen::Infinity>() : p.comVelocity.lpNorm<Eigen::Infinity>();  // no overflow in squares
      if (!(speed <= fastest)) fastest = speed, body = i;  // NaN and infinity count as the largest
    }
    if (!(fastest <= 1e100)) break;
  }
  const BodyPose& p = m_poses[static_cast<std::size_t>(body)];
  throw Error(ErrorKind::Input,
              "body " + quoted(m_model->body(body).name) + ": its initial motion is too large to compute with (angular velocity " +
                  formatNumber(p.omega.lpNorm<Eigen::Infinity>()) + " rad/s, centre-of-mass velocity " + formatNumber(p.comVelocity.lpNorm<Eigen::Infinity>()) +
                  " m/s: the kinetic energy is not a finite number); give initial rates below 1e100",
              {ErrorSubject::Kind::Body, m_model->body(body).specIndex});
}

void Run::record() {
  const Frame frame = makeFrame(*m_model, m_t, m_y, m_out, m_poses, m_model->hasLoads() ? &m_loads : nullptr);
  checkEnergy(frame.energy);
  m_sink.record(frame);
  ++m_recorded;
}

// The step is kept: the hinge angles read from orientations unwrap against
// it, in the solver's loads and in those the run records and balances.
void Run::accept() {
  m_solver->acceptState(m_y);
  if (m_model->hasLoads()) m_loads.acceptState(m_y.data());
}

// One integrator step from m_yBefore. A stage state that overflowed within
// the step reaches the solver's argument check (an Input error): the step
// diverged, and checkFinite() says so as for any other non-finite state.
double Run::step(double h) {
  m_yBefore = m_y;
  try {
    return m_integrator->step(m_ode, m_t, m_y, m_dy, m_out, h);
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::Solver && m_steps > 0) blameTheStepIfSmallerOnesPass(e, h);
    if (e.kind() != ErrorKind::Input) throw;
    m_y.setConstant(std::numeric_limits<double>::quiet_NaN());
    return h;
  }
}

// A solver that finds its equations singular within a step, after regular
// ones from the start, names the model (a body without inertia, a singular
// position); a step too long for the motion lands in such states too (an
// axial beam at too long a step; issue 51, point 11). Eight steps of an
// eighth that pass where the one step failed say it is the step.
void Run::blameTheStepIfSmallerOnesPass(const Error& e, double h) {
  // Already diverging: the last state holds far more energy than the model
  // could (a mode RK4 amplifies a hundredfold a step outgrows the energy check between records).
  computePoses(*m_model, m_yBefore, m_poses);
  const Energy last = energyAt();
  const bool blownUp = !(last.kinetic + std::abs(last.spring) <= 10.0 * m_energyScale);
  bool smallerPass = false;
  if (!blownUp) {
    Eigen::VectorXd y = m_yBefore, dy(m_dy.size());
    SolverOutput out;
    out.resize(*m_model);
    double t = m_t;
    try {
      for (int k = 0; k < 8; ++k) t += m_integrator->step(m_ode, t, y, dy, out, h / 8.0);
      smallerPass = allFinite(y);
    } catch (const Error&) {
      smallerPass = false;  // the smaller steps meet it too: the model's own equations are singular there
    }
  }
  if (!blownUp && !smallerPass) return;
  const std::string why = blownUp ? "the motion had already grown to " + formatNumber(last.kinetic + std::abs(last.spring)) + " J, far beyond the " +
                                        formatNumber(m_energyScale) + " J the model can hold"
                                  : "eight steps of " + formatNumber(h / 8.0) + " s pass there";
  throw Error(ErrorKind::Divergence,
              atTime(m_t) + "the run diverged: the time step (" + formatNumber(h) + " s) is too long for the motion (" + why +
                  "), and it reached a state where the equations are singular: " + e.what() + "; try a smaller step, or the adaptive integrator",
              e.subject(), m_t);
}

// A state that stopped being finite: either the solver returned non-finite
// accelerations at a moderate state (its equations are singular there: a
// solver error, whatever the step), or the step itself diverged.
void Run::checkFinite() {
  if (allFinite(m_y) && std::isfinite(m_dy.squaredNorm())) return;
  const int per = statePerBody(*m_model);
  const auto firstBody = [&](const Eigen::VectorXd& v) {
    for (int i = 0; i < m_model->bodyCount(); ++i)
      if (!v.segment(per * i, per).allFinite()) return i;
    return -1;
  };
  // A state below 1e100 cannot overflow in the solver's products (squares of
  // rates, inertia times acceleration): non-finite accelerations there mean
  // singular equations; above it, the step is the suspect.
  if (m_yBefore.allFinite() && m_yBefore.cwiseAbs().maxCoeff() < 1e100) {
    m_ode.evaluate(m_t, m_yBefore, m_dy, m_out);
    if (const int body = firstBody(m_dy); body >= 0) throwSingularAccelerations(body);
  }
  int body = firstBody(m_yBefore);
  if (body < 0) body = firstBody(m_y);
  if (body < 0 || m_y.hasNaN()) {  // every entry lost: name the body with the largest state before the step
    Eigen::Index k = 0;
    m_yBefore.cwiseAbs().maxCoeff(&k);
    body = std::min(static_cast<int>(k / per), m_model->bodyCount() - 1);
  }
  throw Error(ErrorKind::Divergence,
              atTime(m_t) + "body " + quoted(m_model->body(body).name) + ": the state is no longer finite (the motion diverged); " + remedy(),
              {ErrorSubject::Kind::Body, m_model->body(body).specIndex}, m_t);
}

void Run::throwSingularAccelerations(int body) const {
  const CompiledBody& b = m_model->body(body);
  throw Error(ErrorKind::Solver,
              atTime(m_t) + "body " + quoted(b.name) + ": solver '" + m_solver->name() +
                  "' returned accelerations that are not finite: the equations of motion are singular here (a body without mass or "
                  "inertia in a direction its hinge leaves free, or a mechanism at a singular position)",
              {ErrorSubject::Kind::Body, b.specIndex}, m_t);
}

// A loop whose cut drifts apart (no stabilisation, or Baumgarte at a step too
// large for it) stops the run before its motion means nothing: the closure
// error may reach a hundredth of the longest body (equations.md §6). The
// closed-loop solver measured it at this state in the step's last
// evaluation; only another solver (or a state it was not evaluated at) has
// every pose computed again for it.
void Run::checkLoopClosure() {
  if (!m_model->hasLoops() || m_settings.loopStabilisation == LoopStabilisation::Projection) return;
  std::optional<ClosureReport> measured = m_closedLoop ? m_closedLoop->closureAt(m_t, m_y) : std::nullopt;
  if (!measured) {
    m_projector.setTime(m_t);
    measured = m_projector.measure(m_y);
  }
  const ClosureReport& r = *measured;
  if (r.position <= m_loopLimit) return;
  const CompiledCut& cut = m_model->cuts()[static_cast<std::size_t>(r.positionCut)];
  throw Error(ErrorKind::Divergence,
              atTime(m_t) + "hinge " + quoted(cut.name) + " (cut to close a loop): its two ends drifted " + formatNumber(r.position) +
                  " m (or rad) apart, more than " + formatNumber(m_loopLimit) + " (a hundredth of the longest body); loop stabilisation '" +
                  toString(m_settings.loopStabilisation) + "' does not hold the loop closed at this time step: " +
                  (m_settings.loopStabilisation == LoopStabilisation::None ? "use Baumgarte or projection, or a smaller time step"
                                                                           : "use projection (it also carries a loop through positions where its bodies line up), or a smaller time step"),
              {ErrorSubject::Kind::Hinge, cut.specIndex}, m_t);
}

// Energies at the current state (poses already computed): with load
// elements also the springs' potential and the integrated work and
// dissipation (method: docs/loads.md, energy balance).
Energy Run::energyAt() { return frameEnergy(*m_model, m_t, m_y, m_poses, m_model->hasLoads() ? &m_loads : nullptr); }

// The energy that must not move: the total energy, or for a model with load
// elements the balance E - W_in + E_diss; both are constant in exact motion.
// It may move by a tenth of the largest energy the motion has exchanged so
// far (kinetic, spring, work in, dissipated), in either direction: a gain
// beyond it is a blow-up, a loss the numerical damping of a time step too
// large for the motion. RK4 at ten steps a period keeps a pendulum within
// a few per cent; the floor keeps a model at rest clear of round-off.
void Run::checkEnergy(const Energy& e) {
  m_exchanged = std::max(m_exchanged, e.kinetic + std::abs(e.spring) + std::abs(e.work) + std::abs(e.dissipated));
  const double drift = e.balance() - m_energy0;
  const double limit = kEnergyDriftLimit * std::max(m_exchanged, 1e-6 * m_energyScale);
  if (std::isfinite(drift) && std::abs(drift) <= limit && std::abs(drift) <= 100.0 * m_energyScale) return;
  // Generalized-alpha runs at steps that do not resolve the stiffest
  // vibrations (equations.md §5.4): it damps them by design (rho_inf < 1),
  // and the dissipated energy, integrated by the trapezoidal rule, is not
  // that of a vibration sampled a few times a period. What marks a
  // divergence there is mechanical energy (without E_diss) that grows.
  if (m_settings.integrator == IntegratorKind::GeneralizedAlpha) {
    const double mechanical = (e.balance() - e.dissipated) - (m_energy0 - m_dissipated0);
    if (std::isfinite(mechanical) && mechanical <= limit && std::abs(drift) <= 100.0 * m_energyScale + std::abs(e.dissipated)) return;
  }
  const int body = bodyWithMostKineticEnergy();
  const std::string what = m_model->hasLoads() ? "the energy balance (kinetic + potential + spring - work in + dissipated)" : "the total energy";
  const std::string why = !std::isfinite(drift) || drift > 0.0 ? "the motion diverged" : "the time step damps the motion";
  throw Error(ErrorKind::Divergence,
              atTime(m_t) + what + " went from " + formatNumber(m_energy0) + " J to " + formatNumber(e.balance()) + " J, more than " +
                  formatNumber(100.0 * kEnergyDriftLimit) + " % of the " + formatNumber(m_exchanged) + " J the motion has exchanged (" + why +
                  "; body '" + m_model->body(body).name + "' holds the most kinetic energy); " + remedy(),
              {ErrorSubject::Kind::Body, m_model->body(body).specIndex}, m_t);
}

int Run::bodyWithMostKineticEnergy() const {
  int best = 0;
  double most = -1.0;
  for (int i = 0; i < m_model->bodyCount(); ++i) {
    const BodyPose& p = m_poses[static_cast<std::size_t>(i)];
    const double ke = m_model->body(i).mass * p.comVelocity.squaredNorm() + p.omega.squaredNorm();
    if (!(ke <= most)) {
      most = ke;
      best = i;
    }
  }
  return best;
}

}  // namespace mstmm
