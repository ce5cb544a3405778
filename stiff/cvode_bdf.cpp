#include "stiff/cvode_bdf.hpp"

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_spgmr.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "core/dynamics/iteration_operator.hpp"
#include "core/dynamics/state.hpp"
#include "core/error.hpp"
#include "core/dynamics/applied_loads.hpp"
#include "core/math/rotation.hpp"
#include "core/message_text.hpp"
#include "core/sim/integrator.hpp"
#include "core/sim/local_terms.hpp"

namespace mstmm {
namespace {

// Krylov subspace of GMRES before a restart, and restarts; CVODE's default
// 5 and 0 are for preconditioners closer to the whole Jacobian than ours.
constexpr int kKrylovDimension = 10;
constexpr int kRestarts = 2;
// Steps between two of the run's instants before BDF gives up (the run's
// own checks of work per step do not see them).
constexpr long kMaxStepsBetweenInstants = 100000;

class CvodeBdf final : public Integrator {
 public:
  CvodeBdf(const SimulationSettings& settings, const Model& model);
  ~CvodeBdf() override;
  CvodeBdf(const CvodeBdf&) = delete;
  CvodeBdf& operator=(const CvodeBdf&) = delete;

  void prepare(DynamicsSolver& solver) override;
  double step(OdeSystem& ode, double t, Eigen::VectorXd& y, Eigen::VectorXd& dy, SolverOutput& out, double hMax) override;
  void setCancel(const std::atomic<bool>* cancel) override { m_cancel = cancel; }
  long rejectedSteps() const override { return m_total.rejected + (m_mem ? countRejected() : 0); }
  IntegratorStatistics statistics() const override;

 private:
  struct Counts {
    long rejected = 0, newton = 0, krylov = 0, setups = 0, steps = 0;
  };
  static int rhs(realtype t, N_Vector y, N_Vector ydot, void* self);
  static int precSetup(realtype t, N_Vector y, N_Vector fy, booleantype jok, booleantype* jcur, realtype gamma, void* self);
  static int precSolve(realtype t, N_Vector y, N_Vector fy, N_Vector r, N_Vector z, realtype gamma, realtype delta, int lr, void* self);
  static void errorHandler(int code, const char* module, const char* function, char* message, void* self);
  template <class F>
  int guarded(F&& f);

  void start(double t, const Eigen::VectorXd& y);
  void evaluate(double t, const double* y, Eigen::VectorXd& dy, SolverOutput& out, bool full);
  void setUp(double t, const double* y);
  void solve(const double* r, double* z, double gamma);
  void sweepWithOperator(double gamma, Eigen::VectorXd& dy);
  Vec3 turnOf(const Eigen::Ref<const Eigen::VectorXd>& r, int body) const;
  void normaliseRotations(Eigen::VectorXd& y) const;
  void acceptInternal();
  void check(int flag, const char* call) const;
  long countRejected() const;
  void foldCounts();

  const Model& m_model;
  const std::atomic<bool>* m_cancel = nullptr;  // the run's; looked at between CVODE's own steps
  double m_rtol, m_atol;
  double m_longestStep;  // the output spacing
  SUNContext m_context = nullptr;
  void* m_mem = nullptr;
  N_Vector m_y = nullptr;
  SUNLinearSolver m_gmres = nullptr;
  OdeSystem* m_ode = nullptr;
  DynamicsSolver* m_solver = nullptr;
  std::exception_ptr m_failure;  // what a callback met that CVODE cannot carry
  std::string m_message;         // CVODE's last error message
  Counts m_total;                // counts of the CVODE runs before the last restart

  // The preconditioner (equations.md §5.6): the hinges that take a local
  // term, their tangents and coordinates at the set-up state, and the
  // sweep of the set-up state with the term but no correction (x0).
  IterationOperator m_operator;
  std::vector<int> m_iterated;  // bodies whose output hinge takes a term
  std::vector<CoordinateTangent> m_tangent;
  std::vector<HingeCoordinate> m_coordinate;
  struct Ball {
    int body, beamJoint;
    BallTangent tangent;
  };
  std::vector<Ball> m_balls;  // spatial balls with a spring-damper or a beam's joint: a 3 x 3 term
  std::unique_ptr<AppliedLoads> m_loads;
  bool m_local = false;
  double m_tSetup = 0.0, m_gammaX0 = -1.0;
  Eigen::VectorXd m_ySetup, m_yWork, m_dyWork, m_x0, m_x1, m_perturbed;
  SolverOutput m_outWork;
  Eigen::VectorXd m_yLast;
  double m_tLast = 0.0;
};

CvodeBdf::CvodeBdf(const SimulationSettings& s, const Model& model)
    : m_model(model), m_rtol(s.relativeTolerance), m_atol(s.absoluteTolerance), m_longestStep(s.timeStep * s.outputEvery) {
  if (!(m_rtol > 0.0) || !(m_atol > 0.0))
    throw Error(ErrorKind::Input, "bdf: the tolerances must be positive (rtol " + formatNumber(m_rtol) + ", atol " + formatNumber(m_atol) + ")");
  if (SUNContext_Create(nullptr, &m_context) != 0) throw Error(ErrorKind::Solver, "bdf: SUNDIALS could not make its context");
  const std::vector<int> beamJointOf = beamJointOfBody(model);
  const auto n = static_cast<std::size_t>(model.bodyCount());
  m_operator.iterated.assign(n, 0);
  m_operator.term.assign(n, 0.0);
  m_operator.acceleration.assign(n, 0.0);
  m_operator.rotationTerm.assign(n, Mat3::Zero());
  m_operator.rotationAcceleration.assign(n, Vec3::Zero());
  for (int i = 0; i < model.bodyCount(); ++i) {
    const char term = localTerm(model, i, beamJointOf);
    m_operator.iterated[static_cast<std::size_t>(i)] = term;
    if (term == IterationOperator::kCoordinate) m_iterated.push_back(i);
    if (term == IterationOperator::kBall) m_balls.push_back({i, beamJointOf[static_cast<std::size_t>(i)], {}});
  }
  m_tangent.resize(m_iterated.size());
  m_coordinate.resize(m_iterated.size());
  if (!m_iterated.empty() || !m_balls.empty()) m_loads = std::make_unique<AppliedLoads>(model);
  m_outWork.resize(model);
}

CvodeBdf::~CvodeBdf() {
  if (m_mem) CVodeFree(&m_mem);
  if (m_gmres) SUNLinSolFree(m_gmres);
  if (m_y) N_VDestroy(m_y);
  if (m_context) SUNContext_Free(&m_context);
}

void CvodeBdf::prepare(DynamicsSolver& solver) {
  m_solver = &solver;
  if (!m_loads) return;
  m_local = solver.setIterationOperator(&m_operator);
  solver.setIterationOperator(nullptr);  // applied only in the preconditioner's sweeps
}

void CvodeBdf::check(int flag, const char* call) const {
  if (flag < 0) throw Error(ErrorKind::Solver, std::string("bdf: ") + call + " failed (" + CVodeGetReturnFlagName(flag) + ")");
}

// (Re)starts CVODE at (t, y): at the first step, and when the run moved the
// state between steps (a live run's drag, new inputs): BDF's history
// belongs to the motion before.
void CvodeBdf::start(double t, const Eigen::VectorXd& y) {
  const auto size = static_cast<sunindextype>(y.size());
  for (Eigen::VectorXd* v : {&m_dyWork, &m_x0, &m_x1}) v->resize(y.size());
  if (!m_y) {
    m_y = N_VNew_Serial(size, m_context);
    if (!m_y) throw Error(ErrorKind::Solver, "bdf: no memory for the state vector");
  }
  std::copy(y.data(), y.data() + y.size(), N_VGetArrayPointer(m_y));
  if (m_mem) {
    foldCounts();
    check(CVodeReInit(m_mem, t, m_y), "CVodeReInit");
    return;
  }
  m_mem = CVodeCreate(CV_BDF, m_context);
  if (!m_mem) throw Error(ErrorKind::Solver, "bdf: CVODE could not be created");
  check(CVodeInit(m_mem, &CvodeBdf::rhs, t, m_y), "CVodeInit");
  check(CVodeSetUserData(m_mem, this), "CVodeSetUserData");
  check(CVodeSetErrHandlerFn(m_mem, &CvodeBdf::errorHandler, this), "CVodeSetErrHandlerFn");
  check(CVodeSStolerances(m_mem, m_rtol, m_atol), "CVodeSStolerances");
  // No step longer than the output spacing: from rest the error estimate is
  // nil and the step would grow past a sudden input between two instants
  // (a road's step, a drive that switches) without seeing it.
  check(CVodeSetMaxStep(m_mem, m_longestStep), "CVodeSetMaxStep");
  m_gmres = SUNLinSol_SPGMR(m_y, SUN_PREC_LEFT, kKrylovDimension, m_context);
  if (!m_gmres) throw Error(ErrorKind::Solver, "bdf: GMRES could not be created");
  SUNLinSol_SPGMRSetMaxRestarts(m_gmres, kRestarts);
  check(CVodeSetLinearSolver(m_mem, m_gmres, nullptr), "CVodeSetLinearSolver");
  check(CVodeSetPreconditioner(m_mem, &CvodeBdf::precSetup, &CvodeBdf::precSolve), "CVodeSetPreconditioner");
}

void CvodeBdf::foldCounts() {
  const IntegratorStatistics s = statistics();
  m_total.rejected = rejectedSteps();
  m_total.newton = s.newtonIterations;
  m_total.krylov = s.linearIterations;
  m_total.setups = s.tangentRefreshes;
  m_total.steps = s.steps;
}

long CvodeBdf::countRejected() const {
  long errorTests = 0, convergence = 0;
  CVodeGetNumErrTestFails(m_mem, &errorTests);
  CVodeGetNumNonlinSolvConvFails(m_mem, &convergence);
  return errorTests + convergence;
}

IntegratorStatistics CvodeBdf::statistics() const {
  IntegratorStatistics s{m_total.newton, m_total.setups, m_total.krylov, m_total.steps};
  if (!m_mem) return s;
  long newton = 0, krylov = 0, setups = 0, steps = 0;
  CVodeGetNumSteps(m_mem, &steps);
  s.steps += steps;
  CVodeGetNumNonlinSolvIters(m_mem, &newton);
  CVodeGetNumLinIters(m_mem, &krylov);
  CVodeGetNumPrecEvals(m_mem, &setups);
  s.newtonIterations += newton;
  s.linearIterations += krylov;
  s.tangentRefreshes += setups;
  return s;
}

// BDF integrates the quaternions as four numbers each: their norms drift
// by the local error. Every evaluation, and the state given to the run,
// uses them normalised; CVODE keeps its own.
void CvodeBdf::normaliseRotations(Eigen::VectorXd& y) const {
  if (m_model.planar()) return;
  for (int i = 0; i < m_model.bodyCount(); ++i) y.segment<4>(7 * i).normalize();
}

void CvodeBdf::evaluate(double t, const double* y, Eigen::VectorXd& dy, SolverOutput& out, bool full) {
  m_yWork = Eigen::Map<const Eigen::VectorXd>(y, m_yLast.size());
  normaliseRotations(m_yWork);
  m_ode->evaluate(t, m_yWork, dy, out, full);
}

// A callback's exceptions may not cross CVODE's C frames: a state the
// solver refuses is a recoverable failure (CVODE tries a shorter step),
// anything else stops CVODE and is thrown again once it returns.
template <class F>
int CvodeBdf::guarded(F&& f) {
  try {
    f();
    return 0;
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::Input || e.kind() == ErrorKind::Solver) {
      m_message = e.what();
      return 1;
    }
    m_failure = std::current_exception();
  } catch (...) {
    m_failure = std::current_exception();
  }
  return -1;
}

int CvodeBdf::rhs(realtype t, N_Vector y, N_Vector ydot, void* self) {
  auto& me = *static_cast<CvodeBdf*>(self);
  return me.guarded([&] {
    me.evaluate(t, N_VGetArrayPointer(y), me.m_dyWork, me.m_outWork, false);
    std::copy(me.m_dyWork.data(), me.m_dyWork.data() + me.m_dyWork.size(), N_VGetArrayPointer(ydot));
  });
}

void CvodeBdf::errorHandler(int code, const char* module, const char* function, char* message, void* self) {
  (void)module, (void)function;
  if (code < 0) static_cast<CvodeBdf*>(self)->m_message = message;
}

int CvodeBdf::precSetup(realtype t, N_Vector y, N_Vector fy, booleantype jok, booleantype* jcur, realtype gamma, void* self) {
  (void)fy, (void)jok, (void)gamma;
  auto& me = *static_cast<CvodeBdf*>(self);
  *jcur = SUNTRUE;
  return me.guarded([&] { me.setUp(t, N_VGetArrayPointer(y)); });
}

int CvodeBdf::precSolve(realtype t, N_Vector y, N_Vector fy, N_Vector r, N_Vector z, realtype gamma, realtype delta, int lr, void* self) {
  (void)t, (void)y, (void)fy, (void)delta, (void)lr;
  auto& me = *static_cast<CvodeBdf*>(self);
  return me.guarded([&] { me.solve(N_VGetArrayPointer(r), N_VGetArrayPointer(z), gamma); });
}

// The local tangents k_j = -d tau/dq and c_j = -d tau/dq' and the hinge
// coordinates at the state the Newton iteration starts from.
void CvodeBdf::setUp(double t, const double* y) {
  m_tSetup = t;
  m_ySetup = Eigen::Map<const Eigen::VectorXd>(y, m_yLast.size());
  normaliseRotations(m_ySetup);
  m_gammaX0 = -1.0;
  if (!m_local) return;
  for (Ball& b : m_balls) b.tangent = ballTangent(m_model, m_ySetup, b.body, b.beamJoint);
  for (std::size_t j = 0; j < m_iterated.size(); ++j) {
    const int element = m_loads->elementRange(m_iterated[j]).first;
    m_tangent[j] = m_loads->tangentAt(element, t, m_ySetup.data());
    m_coordinate[j] = m_loads->coordinateAt(element, m_ySetup.data());
  }
}

// One sweep at the set-up state with the terms A_j = gamma c_j + gamma^2 k_j
// and the corrections now in m_operator.acceleration: (M + A)^-1 (f + A nu).
void CvodeBdf::sweepWithOperator(double gamma, Eigen::VectorXd& dy) {
  for (std::size_t j = 0; j < m_iterated.size(); ++j)
    m_operator.term[static_cast<std::size_t>(m_iterated[j])] = gamma * m_tangent[j].damping + gamma * gamma * m_tangent[j].stiffness;
  for (const Ball& b : m_balls)
    m_operator.rotationTerm[static_cast<std::size_t>(b.body)] = gamma * b.tangent.damping + gamma * gamma * b.tangent.stiffness;
  m_solver->setIterationOperator(&m_operator);
  try {
    m_ode->evaluate(m_tSetup, m_ySetup, dy, m_outWork, false);
  } catch (...) {
    m_solver->setIterationOperator(nullptr);
    throw;
  }
  m_solver->setIterationOperator(nullptr);
}

// z = (I - gamma J_local)^-1 r (equations.md §5.6). With the rates v and
// coordinates q of the state, q' = G(q) v (G = I, or a quaternion's rate
// for a spatial body), v' = M^-1 f:
//   z_v = r_v - w,   (M + A) w = A nu,   z_q = r_q + gamma G z_v,
// where each hinge j with a term has nu_j = r_v,j + k_j r_q,j / (c_j +
// gamma k_j) in its own coordinate (r_q,j, r_v,j: the change of its
// coordinate and rate along r). (M + A)^-1 A nu is the difference of two
// sweeps at the set-up state, with the correction nu and without (the
// second kept while gamma stays).
Vec3 CvodeBdf::turnOf(const Eigen::Ref<const Eigen::VectorXd>& r, int body) const {
  const Quat change = r.segment<4>(7 * body), p = m_ySetup.segment<4>(7 * body);
  const Quat conjugate(p[0], -p[1], -p[2], -p[3]);
  return 2.0 * quaternionProduct(change, conjugate).tail<3>();
}

void CvodeBdf::solve(const double* r, double* z, double gamma) {
  const Eigen::Index size = m_ySetup.size();
  Eigen::Map<const Eigen::VectorXd> rv(r, size);
  Eigen::Map<Eigen::VectorXd> zv(z, size);
  zv = rv;  // the energies W_in and E_diss, and the rates before the correction
  const double largest = rv.lpNorm<Eigen::Infinity>();
  if (m_local && largest > 0.0) {
    if (gamma != m_gammaX0) {
      std::fill(m_operator.acceleration.begin(), m_operator.acceleration.end(), 0.0);
      for (const Ball& b : m_balls) m_operator.rotationAcceleration[static_cast<std::size_t>(b.body)].setZero();
      sweepWithOperator(gamma, m_x0);
      m_gammaX0 = gamma;
    }
    // A ball: nu = r_v + (C + gamma K)^-1 K r_q on its relative rotation,
    // r_v = r_Omega,tip - r_Omega,root and r_q = dtheta_tip - dtheta_root,
    // dtheta = 2 vec(r_p (x) p*) the turn (world axes) of a quaternion's change.
    for (const Ball& b : m_balls) {
      const int parent = m_model.body(b.body).parent;
      const Vec3 rate = rv.segment<3>(7 * b.body + 4) - (parent >= 0 ? Vec3(rv.segment<3>(7 * parent + 4)) : Vec3::Zero());
      const Vec3 turn = turnOf(rv, b.body) - (parent >= 0 ? turnOf(rv, parent) : Vec3::Zero());
      const Mat3 d = b.tangent.damping + gamma * b.tangent.stiffness;
      m_operator.rotationAcceleration[static_cast<std::size_t>(b.body)] = rate + d.ldlt().solve(b.tangent.stiffness * turn);
    }
    const double epsilon = 1e-7 / largest;  // the hinge coordinates' change along r, by a difference
    m_perturbed = m_ySetup + epsilon * rv;
    for (std::size_t j = 0; j < m_iterated.size(); ++j) {
      const int element = m_loads->elementRange(m_iterated[j]).first;
      const HingeCoordinate c = m_loads->coordinateAt(element, m_perturbed.data());
      const double rq = (c.q - m_coordinate[j].q) / epsilon, rRate = (c.rate - m_coordinate[j].rate) / epsilon;
      const double k = m_tangent[j].stiffness, d = m_tangent[j].damping + gamma * k;
      m_operator.acceleration[static_cast<std::size_t>(m_iterated[j])] = d != 0.0 ? rRate + k * rq / d : 0.0;
    }
    sweepWithOperator(gamma, m_x1);
    const int n = m_model.bodyCount();
    for (int i = 0; i < n; ++i) {
      const int v = m_model.planar() ? 2 * i + 1 : 7 * i + 4, count = m_model.planar() ? 1 : 3;
      for (int c = 0; c < count; ++c) zv[v + c] -= m_x1[v + c] - m_x0[v + c];
    }
    for (int k = 0, at = slideOffset(m_model); k < m_model.sliderCount(); ++k, at += 2) zv[at + 1] -= m_x1[at + 1] - m_x0[at + 1];
  }
  // z_q = r_q + gamma G(q) z_v.
  for (int i = 0; i < m_model.bodyCount(); ++i) {
    if (m_model.planar()) {
      zv[2 * i] = rv[2 * i] + gamma * zv[2 * i + 1];
      continue;
    }
    const Quat p = m_ySetup.segment<4>(7 * i);
    const Quat rate = quaternionRate(p, Vec3(zv[7 * i + 4], zv[7 * i + 5], zv[7 * i + 6]));
    for (int c = 0; c < 4; ++c) zv[7 * i + c] = rv[7 * i + c] + gamma * rate[c];
  }
  for (int k = 0, at = slideOffset(m_model); k < m_model.sliderCount(); ++k, at += 2) zv[at] = rv[at] + gamma * zv[at + 1];
}

// Each of CVODE's own steps is a state the hinge angles are unwrapped
// against (AppliedLoads::acceptState: less than half a turn between two),
// in the solver's loads and the preconditioner's.
void CvodeBdf::acceptInternal() {
  m_yWork = Eigen::Map<const Eigen::VectorXd>(N_VGetArrayPointer(m_y), m_yLast.size());
  normaliseRotations(m_yWork);
  m_solver->acceptState(m_yWork);
  if (m_loads) m_loads->acceptState(m_yWork.data());
}

double CvodeBdf::step(OdeSystem& ode, double t, Eigen::VectorXd& y, Eigen::VectorXd& dy, SolverOutput& out, double hMax) {
  m_ode = &ode;
  // The run's time is the sum of the steps; CVODE's, where they ended.
  const bool moved = std::abs(t - m_tLast) > 1e-9 * std::max(1.0, std::abs(t));
  if (!m_mem || moved || m_yLast.size() != y.size() || m_yLast != y) {
    m_yLast = y;
    start(t, y);
  }
  m_failure = nullptr;
  m_message.clear();
  // CVODE steps past the run's next instant and interpolates back to it
  // (its own order), so that the output spacing does not cut its steps.
  // A run with inputs (a live run's pull, sliders) changes the equations
  // at each instant: there BDF stops at it, not beyond.
  const double end = t + hMax;
  if (m_model.takesRunInputs()) check(CVodeSetStopTime(m_mem, end), "CVodeSetStopTime");
  realtype reached = t;  // where CVODE's own steps have come: past `end` already, when one step passed several instants
  check(CVodeGetCurrentTime(m_mem, &reached), "CVodeGetCurrentTime");
  int flag = CV_SUCCESS;
  for (long k = 0; reached < end && flag >= 0; ++k) {
    if (k == kMaxStepsBetweenInstants) {
      m_message = "more than " + std::to_string(kMaxStepsBetweenInstants) + " steps between two output instants";
      flag = CV_TOO_MUCH_WORK;
      break;
    }
    flag = CVode(m_mem, end, m_y, &reached, CV_ONE_STEP);
    if (m_failure) std::rethrow_exception(m_failure);
    if (flag >= 0) acceptInternal();
    if (flag >= 0 && reached < end && m_cancel && m_cancel->load(std::memory_order_relaxed)) break;  // y is CVODE's at `reached`
  }
  const bool cutShort = flag >= 0 && reached < end;  // cancelled: the run stops where CVODE's steps came
  if (flag >= 0 && reached > end) flag = CVodeGetDky(m_mem, end, 0, m_y);  // y at the instant, by CVODE's interpolant
  if (flag < 0)
    throw Error(ErrorKind::Divergence, "bdf: CVODE stopped (" + std::string(CVodeGetReturnFlagName(flag)) + "): " + m_message +
                                           (flag == CV_CONV_FAILURE || flag == CV_REPTD_RHSFUNC_ERR || flag == CV_TOO_CLOSE
                                                ? std::string("; the solver refused the states CVODE tried even at small steps")
                                                : std::string()));
  if (!cutShort) reached = end;  // exactly, for the run's output instants
  y = Eigen::Map<const Eigen::VectorXd>(N_VGetArrayPointer(m_y), y.size());
  normaliseRotations(y);
  ode.evaluate(reached, y, dy, out);  // the recorded loads and accelerations at the step's end
  m_yLast = y;
  m_tLast = reached;
  return reached - t;
}

std::unique_ptr<Integrator> makeCvodeBdf(const SimulationSettings& settings, const Model& model) {
  return std::make_unique<CvodeBdf>(settings, model);
}

}  // namespace

void installCvodeBdf() { installBdfIntegrator(&makeCvodeBdf); }

}  // namespace mstmm
