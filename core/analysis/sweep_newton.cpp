#include "core/analysis/sweep_newton.hpp"

#include <cmath>

#include "core/error.hpp"

namespace mstmm {

SweepNewtonIteration::SweepNewtonIteration(std::shared_ptr<const Model> model, const Eigen::VectorXd& state, const LinearisationOptions& options)
    : m_lin(model, state, options), m_model(model), m_tree(model, state), m_sweep(m_tree) {
  const Eigen::VectorXd zero = Eigen::VectorXd::Zero(m_lin.size());
  m_acceleration = m_lin.accelerations(zero, zero);
  m_load = m_lin.generalisedLoads(state);
  m_sweep.factor(-1.0);
  Eigen::VectorXd x;
  const Eigen::VectorXd f = Eigen::VectorXd::LinSpaced(m_tree.size(), 1.0, 2.0);
  m_sweep.solve(f, x);
  const double mass = x.dot(m_tree.massTimes(x));
  m_scale = std::max(std::abs((x.dot(f) - mass) / mass), 1e-12);
}

double SweepNewtonIteration::tryStep(double mu, Eigen::VectorXd& state, Eigen::VectorXd& reached) {
  try {
    m_sweep.factor(-mu);
  } catch (const Error&) {
    return 0.0;  // a pivot vanished at this mu (a spin without inertia or stiffness): more damping
  }
  Eigen::VectorXd step;
  m_sweep.solve(m_load, step);
  // K + mu M may be indefinite (a thin rod's spin has almost no inertia and
  // gravity may curve it down); the step must still go down the potential.
  if (!(m_load.dot(step) > 0.0)) return 0.0;
  const double longest = step.lpNorm<Eigen::Infinity>();
  if (!(longest > 0.0) || !step.allFinite()) return 0.0;
  if (longest > 1.0) step /= longest;  // at most a radian or a metre at a time
  // K dz = (K + mu M) dz - mu M dz, and (K + mu M) dz = Q before the cap.
  const Eigen::VectorXd m = m_tree.massTimes(step);
  const double curvature = (longest > 1.0 ? m_load.dot(step) / longest : m_load.dot(step)) - mu * step.dot(m);
  const double predicted = m_load.dot(step) - 0.5 * curvature;
  Eigen::VectorXd middle, trial;
  m_lin.state(0.5 * step, Eigen::VectorXd::Zero(m_lin.size()), middle);
  m_lin.state(step, Eigen::VectorXd::Zero(m_lin.size()), trial);
  const double drop = (m_load.dot(step) + 4.0 * m_lin.loadPower(middle, step) + m_lin.loadPower(trial, step)) / 6.0;
  reached = m_lin.accelerationsAt(trial);
  const double ratio = predicted > 0.0 ? drop / predicted : 0.0;
  if (ratio > 0.1) state = trial;
  return ratio;
}

}  // namespace mstmm
