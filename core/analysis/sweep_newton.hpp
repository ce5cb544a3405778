#pragma once
// One damped Newton iteration of the static equilibrium for large trees
// (equations.md §10.4): the same steps as the dense one in equilibrium.cpp,
// (K + mu M) dz = Q, with K the potential's Hessian from the linearised
// Riccati sweep instead of a dense matrix: each trial step is one
// factorisation and one solve, O(N). mu grows until the step goes down the
// potential and the drop is as predicted.

#include <memory>

#include "core/analysis/linear_sweep.hpp"

namespace mstmm {

class ClosureProjector;

class SweepNewtonIteration {
 public:
  SweepNewtonIteration(std::shared_ptr<const Model> model, const Eigen::VectorXd& state, const LinearisationOptions& options);

  const Linearisation& linearisation() const { return m_lin; }
  const Eigen::VectorXd& acceleration() const { return m_acceleration; }
  double residual() const { return m_acceleration.size() ? m_acceleration.lpNorm<Eigen::Infinity>() : 0.0; }
  /// A first mu: the Rayleigh quotient of one inverse-iteration step (the low end of K's scale).
  double initialDamping() const { return m_scale; }
  double leastDamping() const { return 1e-10 * m_scale; }
  /// As NewtonIteration::tryStep: the ratio of actual to predicted drop of the potential.
  double tryStep(double mu, Eigen::VectorXd& state, Eigen::VectorXd& reached);

 private:
  Linearisation m_lin;
  std::shared_ptr<const Model> m_model;
  LinearTree m_tree;
  LinearSweep<double> m_sweep;
  Eigen::VectorXd m_acceleration, m_load;
  double m_scale = 1.0;
};

}  // namespace mstmm
