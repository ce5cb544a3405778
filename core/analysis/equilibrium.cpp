#include "core/analysis/equilibrium.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>
#include <algorithm>
#include <cmath>

#include "core/analysis/modes.hpp"
#include "core/analysis/sweep_newton.hpp"
#include "core/dynamics/loops/closure_projection.hpp"
#include "core/error.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

namespace {

/// The hinge of a minimal coordinate, for messages.
ErrorSubject subjectOf(const Linearisation& lin, Eigen::Index coordinate) {
  const int body = lin.chart().bodyOf(lin.dominantTreeCoordinate(static_cast<int>(coordinate)));
  return {ErrorSubject::Kind::Hinge, lin.chart().model().hinge(body).specIndex};
}

std::string nameOf(const Linearisation& lin, Eigen::Index coordinate) {
  return lin.chart().coordinateName(lin.dominantTreeCoordinate(static_cast<int>(coordinate)));
}

/// Moving changes nothing: some motion has no restoring load. The
/// generalised load's part in K's left null space names its coordinate.
[[noreturn]] void throwUnheld(const Linearisation& lin, const Eigen::MatrixXd& k, const Eigen::VectorXd& load, const Eigen::VectorXd& acceleration) {
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(k, Eigen::ComputeFullU);
  const Eigen::VectorXd& sigma = svd.singularValues();
  Eigen::Index rank = 0;
  while (rank < sigma.size() && sigma[rank] > 1e-8 * sigma[0]) ++rank;
  const Eigen::MatrixXd null = svd.matrixU().rightCols(k.rows() - rank);
  const Eigen::VectorXd unheld = null * (null.transpose() * load);
  Eigen::Index at = 0;
  unheld.cwiseAbs().maxCoeff(&at);
  const bool friction = !lin.chart().model().loads().contacts.empty() || !lin.chart().model().loads().bodyContacts.empty();
  throw Error(ErrorKind::Solver,
              "no equilibrium: nothing holds " + nameOf(lin, at) + " against the loads (it accelerates at " + formatNumber(acceleration[at]) +
                  " whatever the pose: a free body with nothing to rest on, or a hinge without a spring under a constant load" +
                  (friction ? "; contact friction acts only while a body slides (docs/contact.md), so at rest it holds nothing)" : ")"),
              subjectOf(lin, at));
}

}  // namespace

Eigen::VectorXd restingState(const Model& model, const Eigen::VectorXd& y) {
  const JointChart chart(model, y);
  Eigen::VectorXd u;
  chart.rates(y, u);
  const std::vector<bool> driven = drivenCoordinates(model, chart);
  for (int k = 0; k < chart.coordinates(); ++k)
    if (!driven[static_cast<std::size_t>(k)]) u[k] = 0.0;
  Eigen::VectorXd rest;
  chart.state(Eigen::VectorXd::Zero(chart.coordinates()), u, rest);
  return rest;
}

namespace {

/// One iteration of the damped Newton method (Levenberg-Marquardt in the
/// metric of M): at the current state the generalised loads Q = M z'', the
/// stiffness K = -M dz''/dz, and steps (|K| + mu M) dz = Q. |K| is K's
/// symmetric part with its eigenvalues taken by magnitude, so every step goes
/// down the potential, towards a stable rest rather than a chain balanced
/// upside down; mu -> 0 is Newton's step, a large mu a step along the
/// accelerations, the way the model would move from rest (where gravity's
/// stiffness vanishes, at a horizontal pendulum, that is the only way).
class NewtonIteration {
 public:
  NewtonIteration(std::shared_ptr<const Model> model, const Eigen::VectorXd& state, const LinearisationOptions& options, ClosureProjector& projector,
                  bool conservative)
      : m_lin(std::move(model), state, options), m_projector(projector), m_conservative(conservative) {
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(m_lin.size());
    m_acceleration = m_lin.accelerations(zero, zero);
    m_mass = m_lin.massMatrix();
    m_load = m_mass * m_acceleration;
  }

  const Linearisation& linearisation() const { return m_lin; }
  const Eigen::VectorXd& acceleration() const { return m_acceleration; }
  const Eigen::MatrixXd& stiffness() const { return m_jacobian; }  // K, before |.|
  const Eigen::MatrixXd& mass() const { return m_mass; }
  const Eigen::VectorXd& load() const { return m_load; }
  double residual() const { return m_acceleration.size() ? m_acceleration.lpNorm<Eigen::Infinity>() : 0.0; }

  /// K by central differences (Newton needs no more), and |K|. At rest
  /// K = -dQ/dz, the potential's Hessian (M dz''/dz differs from it by
  /// (dM/dz) z'', which is large far from the rest); with drives moving
  /// there is no potential, and K = -M dz''/dz.
  void linearise() {
    const int n = m_lin.size();
    m_stiffness.resize(n, n);
    const double h = 1e-6;
    for (int c = 0; c < n; ++c) {
      if (!m_conservative) {
        m_stiffness.col(c) = -m_mass * m_lin.accelerationDerivative(false, Eigen::VectorXd::Unit(n, c), false);
        continue;
      }
      Eigen::VectorXd plus, minus;
      m_lin.state(h * Eigen::VectorXd::Unit(n, c), Eigen::VectorXd::Zero(n), plus);
      m_lin.state(-h * Eigen::VectorXd::Unit(n, c), Eigen::VectorXd::Zero(n), minus);
      m_stiffness.col(c) = -(m_lin.generalisedLoads(plus) - m_lin.generalisedLoads(minus)) / (2.0 * h);
    }
    m_jacobian = m_stiffness;
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(0.5 * (m_stiffness + m_stiffness.transpose()));
    m_stiffness = eigen.eigenvectors() * eigen.eigenvalues().cwiseAbs().asDiagonal() * eigen.eigenvectors().transpose();
    m_scale = eigen.eigenvalues().cwiseAbs().maxCoeff() / m_mass.diagonal().maxCoeff();
  }
  /// A useful first mu: a thousandth of the stiffest motion's w^2.
  double initialDamping() const { return std::max(1e-3 * m_scale, 1e-12); }
  /// The least mu: K's smallest eigenvalues are the differences' noise
  /// (relative 1e-10 at their step), and a motion stiff only by noise must
  /// not take a step of noise's size.
  double leastDamping() const { return std::max(1e-8 * m_scale, 1e-15); }

  /// Tries the step for mu; on success moves `state` and returns the ratio of
  /// the potential's actual to predicted drop, else returns a ratio <= 0.1.
  double tryStep(double mu, Eigen::VectorXd& state, Eigen::VectorXd& reached) {
    const Eigen::MatrixXd a = m_stiffness + mu * m_mass;
    Eigen::VectorXd step = a.ldlt().solve(m_load);
    const double longest = step.lpNorm<Eigen::Infinity>();
    if (!(longest > 0.0) || !step.allFinite()) return 0.0;
    // At most about a radian or a metre at a time, measured in the kinetic
    // metric: the heaviest motion a radian, light ones (a rod's spin) more.
    const double size = std::sqrt(step.dot(m_mass * step) / m_mass.diagonal().maxCoeff());
    if (size > 1.0) step /= size;
    const double predicted = m_load.dot(step) - 0.5 * step.dot(m_stiffness * step);
    Eigen::VectorXd trial;
    const double actual = drop(step, trial, reached);
    const double ratio = predicted > 0.0 ? actual / predicted : 0.0;
    if (ratio > 0.1) state = trial;
    return ratio;
  }

 private:
  /// The potential's drop along the step by the work of the loads
  /// (Simpson's rule on Q . step, Q from loadPower: the loads need no
  /// potential of their own). With drives moving there is no potential,
  /// and the drop of z''^T M z'' (this iteration's M) is used.
  double drop(const Eigen::VectorXd& step, Eigen::VectorXd& trial, Eigen::VectorXd& reached) {
    Eigen::VectorXd middle;
    if (!m_conservative) {
      reached = m_lin.accelerationsAt(movedBy(step, trial));
      return 0.5 * (m_acceleration.dot(m_load) - reached.dot(m_mass * reached));
    }
    const double halfway = m_lin.loadPower(movedBy(0.5 * step, middle), step);
    const double end = m_lin.loadPower(movedBy(step, trial), step);
    reached = m_lin.accelerationsAt(trial);
    return (m_load.dot(step) + 4.0 * halfway + end) / 6.0;
  }

  /// The state displaced by dz from this iteration's, back on the loops' constraints.
  const Eigen::VectorXd& movedBy(const Eigen::VectorXd& dz, Eigen::VectorXd& y) {
    m_lin.state(dz, Eigen::VectorXd::Zero(m_lin.size()), y);
    m_projector.project(y);
    return y;
  }

  Linearisation m_lin;
  ClosureProjector& m_projector;
  bool m_conservative;
  Eigen::VectorXd m_acceleration, m_load;  // z'', Q = M z''
  Eigen::MatrixXd m_mass, m_jacobian, m_stiffness;
  double m_scale = 0.0;
};

// The rigid modes at the rest found (modes.cpp's test: no stiffness meets
// them), from one more Newton iteration's K and M (central differences: a
// Newton step's cost, not the full linearisation's): directions of rest,
// each named by the joint coordinate that carries most of it.
std::vector<std::string> neutralDirections(NewtonIteration& newton) {
  std::vector<std::string> names;
  const int n = newton.linearisation().size();
  if (n == 0) return names;
  newton.linearise();
  LinearSystem system;
  system.mass = newton.mass();
  system.stiffness = newton.stiffness();
  system.damping = Eigen::MatrixXd::Zero(n, n);
  for (const UndampedMode& m : denseModes(system).undamped) {
    if (!m.rigid) continue;
    const Eigen::VectorXd q = newton.linearisation().toTree(m.shape);
    Eigen::Index k = 0;
    q.cwiseAbs().maxCoeff(&k);
    names.push_back(newton.linearisation().chart().coordinateName(static_cast<int>(k)));
  }
  return names;
}

[[noreturn]] void throwNoProgress(const Linearisation& lin, const Eigen::VectorXd& r, const std::string& why) {
  Eigen::Index k = 0;
  r.cwiseAbs().maxCoeff(&k);
  throw Error(ErrorKind::Solver,
              "no equilibrium found from the initial state: " + why + "; " + nameOf(lin, k) + " still accelerates at " + formatNumber(r[k]) +
                  " (the loads may have no state of rest near it)",
              subjectOf(lin, k));
}

}  // namespace

namespace {

/// The damped Newton loop, for either iteration (dense, or the sweep's).
template <class Iteration, class Make>
EquilibriumResult iterate(EquilibriumResult result, const EquilibriumOptions& options, Make make) {
  double mu = -1.0;
  EquilibriumResult best;
  int stalled = 0;  // iterations in a row that did not halve the accelerations
  for (result.iterations = 0;; ++result.iterations) {
    Iteration newton = make(result.state);
    const double previous = result.residual;
    result.residual = newton.residual();
    if (result.iterations == 0) result.startResidual = result.residual;
    if (result.residual <= options.tolerance) return result;
    if (result.iterations == 0 || result.residual < best.residual) best = result;
    // Rounding's floor: a stiff model (a steel beam's joints) cannot get its
    // accelerations below the tolerance, and steps that still lower the
    // potential by noise then change nothing. Far below the start and stalled: done.
    stalled = result.iterations > 0 && result.residual > 0.5 * previous ? stalled + 1 : 0;
    if (stalled >= 3 && best.residual <= 1e-6 * std::max(result.startResidual, 1.0)) return best.iterations = result.iterations, best;
    if (result.iterations == options.maxIterations)
      throwNoProgress(newton.linearisation(), newton.acceleration(), "after " + std::to_string(options.maxIterations) + " iterations");
    if constexpr (std::is_same_v<Iteration, NewtonIteration>) newton.linearise();
    if (mu < 0.0) mu = newton.initialDamping();
    mu = std::max(mu, newton.leastDamping());
    Eigen::VectorXd reached;
    double ratio = 0.0;
    for (int attempt = 0; attempt < 40 && ratio <= 0.1; ++attempt) {
      ratio = newton.tryStep(mu, result.state, reached);
      mu *= ratio > 0.75 ? 0.1 : ratio > 0.1 ? 1.0 : 8.0;
    }
    if (ratio <= 0.1) {
      // The potential's drop is below rounding: a large model's accelerations
      // stop there (3e-8 rad/s^2 for 3,334 bodies), far below where they started.
      if (result.residual <= 1e-6 * std::max(result.startResidual, 1.0)) return result;
      throwNoProgress(newton.linearisation(), newton.acceleration(), "no step lowers the potential any more");
    }
    // Moved far from the rest, and nothing changed: nothing will ever hold it.
    if (result.residual > 1e-3 * result.startResidual && (reached - newton.acceleration()).norm() <= 1e-6 * newton.acceleration().norm()) {
      if constexpr (std::is_same_v<Iteration, NewtonIteration>) throwUnheld(newton.linearisation(), newton.stiffness(), newton.load(), newton.acceleration());
      else throwNoProgress(newton.linearisation(), newton.acceleration(), "moving changes nothing: nothing holds it against the loads");
    }
  }
}

// A state of rest where the loops' rows repeat more of one another than at
// the start (the folded crank-slider: crank and rod on one line) is a
// singular position (equations.md §6.1): the linkage's freedom changes
// there, so vibration about it, the reason to look for it, is not defined.
void requireRegularPosition(const Model& model, ClosureProjector& projector, int repeatedAtStart, const Eigen::VectorXd& state) {
  int cut = -1;
  if (projector.repeatedRows(state, &cut) <= repeatedAtStart || cut < 0) return;
  const CompiledCut& c = model.cuts()[static_cast<std::size_t>(cut)];
  throw Error(ErrorKind::Solver,
              "the state of rest found puts hinge " + quoted(c.name) +
                  " (cut to close a loop) at a singular position: its loop's bodies line up, so the linkage's freedom changes there and vibration about it is not "
                  "defined; start from a state nearer the rest you are after",
              {ErrorSubject::Kind::Hinge, c.specIndex});
}

}  // namespace

std::string describeNeutral(const EquilibriumResult& result) {
  const std::size_t n = result.neutral.size();
  if (n == 0) return {};
  std::vector<std::string> distinct;  // several directions may lie mostly on one coordinate
  for (const std::string& name : result.neutral)
    if (std::find(distinct.begin(), distinct.end(), name) == distinct.end()) distinct.push_back(name);
  std::string names;
  for (std::size_t k = 0; k < std::min<std::size_t>(distinct.size(), 5); ++k) names += (k ? ", " : "") + distinct[k];
  if (distinct.size() > 5) names += ", ...";
  return "the equilibrium is not isolated: " + std::to_string(n) + (n == 1 ? " direction meets" : " directions meet") + " no stiffness (" + names +
         "), so every pose along " + (n == 1 ? "it" : "them") +
         " is at rest too, and the frequencies may differ from one to the next; hold " + (n == 1 ? "it" : "them") + " (a spring, a stop or a weld) to pick one";
}

EquilibriumResult findEquilibrium(std::shared_ptr<const Model> model, const Eigen::VectorXd& start, const EquilibriumOptions& options) {
  if (start.size() != stateSize(*model) || !start.allFinite()) throw Error(ErrorKind::Input, "equilibrium: the start state has the wrong size or is not finite");
  if (!std::isfinite(options.time) || options.time < 0.0)
    throw Error(ErrorKind::Input, "equilibrium: the time of the drives must be a number of seconds >= 0 (got " + formatNumber(options.time) + ")");
  LinearisationOptions lo;
  lo.solver = options.solver;
  lo.time = options.time;
  lo.step = 1e-6;
  lo.cancel = options.cancel;
  ClosureProjector projector(*model);
  projector.setTime(options.time);
  EquilibriumResult result;
  result.state = restingState(*model, start);
  projector.project(result.state);
  Eigen::VectorXd rates;
  JointChart(*model, result.state).rates(result.state, rates);
  const bool conservative = rates.lpNorm<Eigen::Infinity>() == 0.0;  // no drive moving
  const int size = Linearisation(model, result.state, lo).size();
  if (size > options.denseLimit) {
    // Large: the sweep's Newton, for what it takes.
    const std::string refusal = linearSweepRefusal(*model);
    if (!refusal.empty() || !conservative)
      throw Error(ErrorKind::Input, "equilibrium: the model has " + std::to_string(size) + " free coordinates, more than the dense Newton takes (" +
                                        std::to_string(options.denseLimit) + "), and the O(N) sweep does not take it: " + (refusal.empty() ? "a drive moves" : refusal));
    return iterate<SweepNewtonIteration>(result, options, [&](const Eigen::VectorXd& y) { return SweepNewtonIteration(model, y, lo); });
  }
  int cut = -1;
  const int repeatedAtStart = projector.repeatedRows(result.state, &cut);
  if (repeatedAtStart > 0) {
    // Off its path an overconstrained linkage (Bricard's) closes only at
    // isolated, locked assemblies, and the projection of a Newton step
    // lands on one: the search would report a rest that is not on the
    // linkage's motion.
    const CompiledCut& c = model->cuts()[static_cast<std::size_t>(cut)];
    throw Error(ErrorKind::Input,
                "equilibrium: hinge " + quoted(c.name) + " closes a loop whose constraints repeat one another (an overconstrained linkage, as Bricard's); "
                "the search for a state of rest does not take such linkages yet (a run does; vibration about the initial state does)",
                {ErrorSubject::Kind::Hinge, c.specIndex});
  }
  result = iterate<NewtonIteration>(result, options, [&](const Eigen::VectorXd& y) { return NewtonIteration(model, y, lo, projector, conservative); });
  requireRegularPosition(*model, projector, repeatedAtStart, result.state);
  NewtonIteration atRest(model, result.state, lo, projector, conservative);
  result.neutral = neutralDirections(atRest);
  return result;
}

}  // namespace mstmm
