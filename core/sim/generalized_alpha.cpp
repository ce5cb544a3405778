#include "core/sim/generalized_alpha.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/sim/local_terms.hpp"

namespace mstmm {

// Chung and Hulbert (1993), Eq. 25 for alpha_m and alpha_f from rho_inf;
// Eqs. 17 and 20 for gamma (second order) and beta (largest high-frequency
// dissipation). rho_inf = 1: the trapezoidal rule; 0: asymptotic annihilation.
GeneralizedAlphaConstants GeneralizedAlphaConstants::fromSpectralRadius(double rho) {
  if (!(rho >= 0.0 && rho <= 1.0))
    throw Error(ErrorKind::Input, "generalized-alpha: the spectral radius rho_inf must be in [0, 1], not " + formatNumber(rho));
  GeneralizedAlphaConstants c;
  c.alphaM = (2.0 * rho - 1.0) / (rho + 1.0);
  c.alphaF = rho / (rho + 1.0);
  c.gamma = 0.5 - c.alphaM + c.alphaF;
  const double b = 1.0 - c.alphaM + c.alphaF;
  c.beta = 0.25 * b * b;
  return c;
}

GeneralizedAlpha::GeneralizedAlpha(const Model& model, double rho) : m_model(model), m_c(GeneralizedAlphaConstants::fromSpectralRadius(rho)) {
  const int n = model.bodyCount();
  for (int i = 0; i < n; ++i)
    m_coordinates.push_back(model.planar() ? Coordinate{2 * i, 2 * i + 1, false} : Coordinate{7 * i, 7 * i + 4, true});
  for (int k = 0; k < model.sliderCount(); ++k) m_coordinates.push_back({slideOffset(model) + 2 * k, slideOffset(model) + 2 * k + 1, false});
  if (model.hasLoads()) m_energy = energyOffset(model);
  const auto count = static_cast<std::size_t>(n);
  m_beamJointOf = beamJointOfBody(model);
  m_operator.iterated.assign(count, 0);
  m_operator.term.assign(count, 0.0);
  m_operator.acceleration.assign(count, 0.0);
  m_operator.rotationTerm.assign(count, Mat3::Zero());
  m_operator.rotationAcceleration.assign(count, Vec3::Zero());
  for (int i = 0; i < n; ++i) m_operator.iterated[static_cast<std::size_t>(i)] = localTerm(model, i, m_beamJointOf);
  if (std::any_of(m_operator.iterated.begin(), m_operator.iterated.end(), [](char c) { return c != 0; })) m_loads = std::make_unique<AppliedLoads>(model);
}

void GeneralizedAlpha::prepare(DynamicsSolver& solver) {
  if (!m_loads) return;  // nothing local to the hinges: the iteration is on f alone
  m_local = solver.setIterationOperator(&m_operator);
  solver.setIterationOperator(nullptr);  // applied only within a step's iterations
  m_solver = m_local ? &solver : nullptr;
}

// A_j = gamma' c_j + beta' k_j for every hinge that takes one, at the step's
// start (equations.md §5.4).
void GeneralizedAlpha::refreshTangents(double t, const Eigen::VectorXd& y, double gammaPrime, double betaPrime) {
  for (int i = 0; i < m_model.bodyCount(); ++i) {
    const auto at = static_cast<std::size_t>(i);
    if (m_operator.iterated[at] == IterationOperator::kBall) {
      m_operator.rotationTerm[at] = ballTerm(i, y, gammaPrime, betaPrime);
      continue;
    }
    if (!m_operator.iterated[at]) continue;
    const CoordinateTangent tangent = m_loads->tangentAt(m_loads->elementRange(i).first, t, y.data());
    m_operator.term[at] = gammaPrime * tangent.damping + betaPrime * tangent.stiffness;
  }
  ++m_refreshes;
}

// A ball's term: gamma' C + beta' K of its tangent (local_terms.hpp).
Mat3 GeneralizedAlpha::ballTerm(int body, const Eigen::VectorXd& y, double gammaPrime, double betaPrime) const {
  const BallTangent t = ballTangent(m_model, y, body, m_beamJointOf[static_cast<std::size_t>(body)]);
  return gammaPrime * t.damping + betaPrime * t.stiffness;
}

// q_{n+1} = q_n + h q'_n + h^2 ((1/2 - beta) a'_n + beta a'_{n+1}) and
// q'_{n+1} = q'_n + h ((1 - gamma) a'_n + gamma a'_{n+1}) (equations.md
// §5.4); a rotation's quaternion turns by exp of that rotation vector
// (world axes, as Omega is inertial: p_{n+1} = exp(dtheta) p_n).
void GeneralizedAlpha::moveTo(double h, const Eigen::VectorXd& auxNext, Eigen::VectorXd& y) const {
  const double a = h * h * (0.5 - m_c.beta), b = h * h * m_c.beta, c = h * (1.0 - m_c.gamma), d = h * m_c.gamma;
  for (const Coordinate& q : m_coordinates) {
    const int v = q.velocity;
    if (!q.rotation) {
      y[q.position] = m_yStart[q.position] + h * m_yStart[v] + a * m_aux[v] + b * auxNext[v];
      y[v] = m_yStart[v] + c * m_aux[v] + d * auxNext[v];
      continue;
    }
    const Vec3 omega = m_yStart.segment<3>(v), auxStart = m_aux.segment<3>(v), auxEnd = auxNext.segment<3>(v);
    const Vec3 turn = h * omega + a * auxStart + b * auxEnd;
    const double angle = turn.norm();
    const Quat start = m_yStart.segment<4>(q.position);
    y.segment<4>(q.position) = angle > 0.0 ? quaternionProduct(quaternionFromAxisAngle(turn / angle, angle), start) : start;
    y.segment<3>(v) = omega + c * auxStart + d * auxEnd;
  }
}

// The iterate's distance from the fixed point, from the contraction
// rate theta = |d_k| / |d_{k-1}|: |d_k| theta / (1 - theta) (Hairer and
// Wanner, Solving ODEs II, §IV.8); the correction itself on the first
// iteration or while the iteration does not contract (equations.md §5.4).
double GeneralizedAlpha::remainingError(double correction, double previous) {
  if (!(previous > 0.0) || correction >= previous) return correction;
  const double theta = correction / previous;
  return correction * theta / (1.0 - theta);
}

// max |q''_{k+1} - q''_k| over the coordinates (and which moved most), and
// max |q''_{k+1}| in `acceleration`, in one pass.
double GeneralizedAlpha::largestCorrection(const Eigen::VectorXd& dy, const Eigen::VectorXd& acc, double& acceleration) {
  double largest = 0.0;
  acceleration = 0.0;
  for (std::size_t c = 0; c < m_coordinates.size(); ++c) {
    const Coordinate& q = m_coordinates[c];
    for (int r = 0; r < (q.rotation ? 3 : 1); ++r) {
      const double d = std::abs(dy[q.velocity + r] - acc[q.velocity + r]);
      if (!(d <= largest)) largest = d, m_worstCoordinate = static_cast<int>(c);
      acceleration = std::max(acceleration, std::abs(dy[q.velocity + r]));
    }
  }
  return largest;
}

// Where the iteration moved most when it gave up: a body, or the hinge
// whose slide it is.
std::string GeneralizedAlpha::worstPlace() const {
  const int n = m_model.bodyCount();
  if (m_worstCoordinate < n) return "body " + quoted(m_model.body(m_worstCoordinate).name);
  const int slide = m_worstCoordinate - n;
  for (int i = 0; i < n; ++i)
    if (const CompiledHinge& h = m_model.hinge(i); h.slider >= 0 && slide >= h.slider && slide < h.slider + h.slides) return "hinge " + quoted(h.name) + "'s slide";
  return "a slide";
}

// One step of size h from (t, y, dy); false, with y, dy and the hinges'
// accelerations as they were, when Newton's iteration does not converge or
// meets a state the solver refuses.
bool GeneralizedAlpha::attempt(OdeSystem& ode, double t, double h, Eigen::VectorXd& y, Eigen::VectorXd& dy, SolverOutput& out) {
  const double kappa = (1.0 - m_c.alphaF) / (1.0 - m_c.alphaM);  // d a'_{n+1} / d q''_{n+1}
  const double betaPrime = m_c.beta * h * h * kappa, gammaPrime = m_c.gamma * h * kappa;
  m_yStart = y;
  m_dyStart = dy;
  m_hingeStart = out.hingeAcceleration;
  m_ballStart = m_operator.rotationAcceleration;
  if (m_local) {
    refreshTangents(t, y, gammaPrime, betaPrime);
    m_operator.acceleration = out.hingeAcceleration;
    m_solver->setIterationOperator(&m_operator);
  }
  m_acc = dy;  // the predictor: q''_{n+1} = q''_n
  bool converged = false;
  double previous = 0.0;  // the last iteration's correction
  for (int k = 0; k < kMaxIterations && !converged; ++k) {
    // (1 - alpha_m) a'_{n+1} + alpha_m a'_n = (1 - alpha_f) q''_{n+1} + alpha_f q''_n
    m_auxNext = (m_c.alphaF * m_dyStart - m_c.alphaM * m_aux + (1.0 - m_c.alphaF) * m_acc) / (1.0 - m_c.alphaM);
    moveTo(h, m_auxNext, y);
    try {
      ode.evaluate(t + h, y, dy, out);
    } catch (const Error& e) {
      if (e.kind() != ErrorKind::Input && e.kind() != ErrorKind::Solver) throw;
      break;  // a state the iteration should not have reached: a shorter step
    }
    ++m_iterations;
    double acceleration = 0.0;
    const double correction = largestCorrection(dy, m_acc, acceleration);
    m_acc = dy;
    if (m_local) m_operator.acceleration = out.hingeAcceleration;
    if (!std::isfinite(correction)) break;
    converged = remainingError(correction, k > 0 ? previous : 0.0) <= kAccelerationTolerance * (acceleration + 1.0);
    previous = correction;
  }
  if (m_local) m_solver->setIterationOperator(nullptr);
  if (!converged) {
    y = m_yStart;
    dy = m_dyStart;
    out.hingeAcceleration = m_hingeStart;
    m_operator.rotationAcceleration = m_ballStart;
    return false;
  }
  if (m_energy >= 0)  // W_in and E_diss by the trapezoidal rule, second order as the step
    for (int e = m_energy; e < m_energy + 2; ++e) y[e] = m_yStart[e] + 0.5 * h * (m_dyStart[e] + dy[e]);
  m_aux = m_auxNext;
  return true;
}

double GeneralizedAlpha::step(OdeSystem& ode, double t, Eigen::VectorXd& y, Eigen::VectorXd& dy, SolverOutput& out, double hMax) {
  if (!m_started || m_yEnd.size() != y.size() || m_yEnd != y) {
    m_aux = dy;  // a'_0 = q''_0 (Chung and Hulbert's start), and again after the state was moved
    m_started = true;
  }
  if (m_local && out.hingeAcceleration.size() != static_cast<std::size_t>(m_model.bodyCount())) {
    out.hingeAcceleration.assign(static_cast<std::size_t>(m_model.bodyCount()), 0.0);
    ode.evaluate(t, y, dy, out);  // the hinges' nu' at the start, once
  }
  // Halves on failure, depth first: [t, t + h] as two steps of h / 2, each of those as two more...
  struct Span {
    double t, h;
    int depth;
  };
  Span stack[kMaxHalvings + 2];
  int top = 0;
  stack[top++] = {t, hMax, 0};
  while (top > 0) {
    const Span s = stack[--top];
    if (attempt(ode, s.t, s.h, y, dy, out)) {
      // Quaternions stay unit by the exponential; a loop's projection
      // (LoopStabilisation::Projection) moves y, and f is evaluated there.
      if (ode.normalise(y, 1e-12)) ode.evaluate(s.t + s.h, y, dy, out);
      if (m_loads) m_loads->acceptState(y.data());
      continue;
    }
    if (s.depth >= kMaxHalvings)
      throw Error(ErrorKind::Divergence, "generalized-alpha: Newton's iteration did not converge to " + formatNumber(kAccelerationTolerance) + " of the accelerations in " +
                                             std::to_string(kMaxIterations) + " iterations even at a step of " + formatNumber(s.h) + " s (" +
                                             std::to_string(kMaxHalvings) + " halvings of " + formatNumber(hMax) +
                                             " s), moving " + worstPlace() +
                                             " most: a stiffness the sweep's operator does not hold (a strut, a contact, a loop) or a motion too abrupt for this step; give a smaller time step");
    ++m_halved;
    stack[top++] = {s.t + 0.5 * s.h, 0.5 * s.h, s.depth + 1};
    stack[top++] = {s.t, 0.5 * s.h, s.depth + 1};
  }
  m_yEnd = y;
  return hMax;
}

}  // namespace mstmm
