#include "core/analysis/equilibrium.hpp"

#include <Eigen/LU>
#include <Eigen/QR>
#include <Eigen/SVD>
#include <cmath>

#include "core/dynamics/loops/closure_projection.hpp"
#include "core/error.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

namespace {

struct Residual {
  Eigen::VectorXd acceleration;  // z''
  double merit = 0.0;            // z''^T M z''
};

/// The hinge of a minimal coordinate, for messages.
ErrorSubject subjectOf(const Linearisation& lin, Eigen::Index coordinate) {
  Eigen::Index k = 0;
  lin.basis().col(coordinate).cwiseAbs().maxCoeff(&k);
  const int body = lin.chart().bodyOf(static_cast<int>(k));
  return {ErrorSubject::Kind::Hinge, lin.chart().model().hinge(body).specIndex};
}

std::string nameOf(const Linearisation& lin, Eigen::Index coordinate) {
  Eigen::Index k = 0;
  lin.basis().col(coordinate).cwiseAbs().maxCoeff(&k);
  return lin.chart().coordinateName(static_cast<int>(k));
}

/// dz''/dz by plain central differences: Newton needs no more.
Eigen::MatrixXd newtonJacobian(Linearisation& lin) {
  Eigen::MatrixXd j(lin.size(), lin.size());
  for (int c = 0; c < lin.size(); ++c) j.col(c) = lin.accelerationDerivative(false, Eigen::VectorXd::Unit(lin.size(), c), false);
  return j;
}

/// A singular Jacobian whose range misses the residual: some motion has no
/// restoring load (its left null vector names the coordinate).
[[noreturn]] void throwUnheld(const Linearisation& lin, const Eigen::MatrixXd& j, const Eigen::VectorXd& r) {
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(j, Eigen::ComputeFullU);
  const Eigen::VectorXd left = svd.matrixU().col(svd.matrixU().cols() - 1);
  Eigen::Index k = 0;
  left.cwiseAbs().maxCoeff(&k);
  throw Error(ErrorKind::Solver,
              "no equilibrium: nothing holds " + nameOf(lin, k) + " against the loads (its acceleration is " + formatNumber(r[k]) +
                  " and does not change as the model moves: a free body with nothing to rest on, or a hinge without a spring under a constant load)",
              subjectOf(lin, k));
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

EquilibriumResult findEquilibrium(std::shared_ptr<const Model> model, const Eigen::VectorXd& start, const EquilibriumOptions& options) {
  if (start.size() != stateSize(*model) || !start.allFinite()) throw Error(ErrorKind::Input, "equilibrium: the start state has the wrong size or is not finite");
  LinearisationOptions lo;
  lo.solver = options.solver;
  lo.time = options.time;
  lo.step = 1e-6;
  ClosureProjector projector(*model);
  projector.setTime(options.time);
  EquilibriumResult result;
  result.state = restingState(*model, start);
  projector.project(result.state);
  auto residualAt = [&](const Eigen::VectorXd& y) {
    Linearisation at(model, y, lo);
    Residual r;
    r.acceleration = at.accelerations(Eigen::VectorXd::Zero(at.size()), Eigen::VectorXd::Zero(at.size()));
    r.merit = r.acceleration.dot(at.massMatrix() * r.acceleration);
    return r;
  };
  Residual current = residualAt(result.state);
  result.startResidual = current.acceleration.size() ? current.acceleration.lpNorm<Eigen::Infinity>() : 0.0;
  for (result.iterations = 0;; ++result.iterations) {
    result.residual = current.acceleration.size() ? current.acceleration.lpNorm<Eigen::Infinity>() : 0.0;
    if (result.residual <= options.tolerance) return result;
    Linearisation lin(model, result.state, lo);
    if (result.iterations == options.maxIterations) {
      Eigen::Index k = 0;
      current.acceleration.cwiseAbs().maxCoeff(&k);
      throw Error(ErrorKind::Solver,
                  "no equilibrium found from the initial state: after " + std::to_string(options.maxIterations) + " Newton iterations " + nameOf(lin, k) +
                      " still accelerates at " + formatNumber(current.acceleration[k]) + " (the model may have no state of rest near its initial state)",
                  subjectOf(lin, k));
    }
    const Eigen::MatrixXd j = newtonJacobian(lin);
    const Eigen::FullPivLU<Eigen::MatrixXd> lu(j);
    bool solvable = lu.rank() == j.rows();
    Eigen::VectorXd newton;
    if (solvable) {
      newton = lu.solve(-current.acceleration);
    } else {
      newton = j.completeOrthogonalDecomposition().solve(-current.acceleration);
      solvable = (j * newton + current.acceleration).norm() <= 1e-6 * current.acceleration.norm();
    }
    // Backtracking: halve the step until the merit falls enough.
    auto tryStep = [&](Eigen::VectorXd step) {
      const double longest = step.lpNorm<Eigen::Infinity>();
      if (longest > 1.0) step /= longest;  // at most a radian (or a metre) at a time
      for (double alpha = 1.0; alpha >= 1.0 / 1024.0; alpha *= 0.5) {
        Eigen::VectorXd trial;
        lin.state(alpha * step, Eigen::VectorXd::Zero(lin.size()), trial);
        projector.project(trial);
        const Residual next = residualAt(trial);
        if (next.merit <= (1.0 - 1e-4 * alpha) * current.merit) {
          result.state = trial;
          current = next;
          return true;
        }
      }
      return false;
    };
    // Where Newton has no step (gravity's stiffness vanishes at a horizontal
    // pendulum) or its step does not help, relax along the accelerations:
    // the way the model would move from rest.
    if (solvable && tryStep(newton)) continue;
    if (tryStep(current.acceleration / current.acceleration.lpNorm<Eigen::Infinity>())) continue;
    if (!solvable) throwUnheld(lin, j, current.acceleration);
    Eigen::Index k = 0;
    current.acceleration.cwiseAbs().maxCoeff(&k);
    throw Error(ErrorKind::Solver,
                "no equilibrium found from the initial state: no step reduces the accelerations any more (" + nameOf(lin, k) + " accelerates at " +
                    formatNumber(current.acceleration[k]) + "; the loads may have no state of rest near it)",
                subjectOf(lin, k));
  }
}

}  // namespace mstmm
