#include "core/analysis/equilibrium.hpp"

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

/// No step helps and the Jacobian is singular: some motion has no restoring
/// load. The residual's part in J's left null space names its coordinate.
[[noreturn]] void throwUnheld(const Linearisation& lin, const Eigen::MatrixXd& j, const Eigen::VectorXd& r) {
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(j, Eigen::ComputeFullU);
  const Eigen::VectorXd& sigma = svd.singularValues();
  Eigen::Index rank = 0;
  while (rank < sigma.size() && sigma[rank] > 1e-8 * sigma[0]) ++rank;
  const Eigen::MatrixXd null = svd.matrixU().rightCols(j.rows() - rank);
  const Eigen::VectorXd unheld = null * (null.transpose() * r);
  Eigen::Index k = 0;
  unheld.cwiseAbs().maxCoeff(&k);
  throw Error(ErrorKind::Solver,
              "no equilibrium: nothing holds " + nameOf(lin, k) + " against the loads (it accelerates at " + formatNumber(r[k]) +
                  " whatever the pose: a free body with nothing to rest on, or a hinge without a spring under a constant load)",
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
    // Newton in loads: K dz = M z'' with K = -M J, solved by a truncated
    // SVD, so that motions no load holds (a free body's drift, a wheel's
    // spin), which J has as zero directions up to the differences' noise,
    // are not moved at all.
    const Eigen::MatrixXd mass = lin.massMatrix();
    const Eigen::JacobiSVD<Eigen::MatrixXd> svd(-mass * j, Eigen::ComputeThinU | Eigen::ComputeThinV);
    const Eigen::VectorXd& sigma = svd.singularValues();
    Eigen::VectorXd coefficients = svd.matrixU().transpose() * (mass * current.acceleration);
    int rank = 0;
    for (Eigen::Index k = 0; k < sigma.size(); ++k) {
      const bool kept = sigma[k] > 1e-9 * sigma[0];
      rank += kept;
      coefficients[k] = kept ? coefficients[k] / sigma[k] : 0.0;
    }
    const bool regular = rank == j.rows();
    const Eigen::VectorXd newton = svd.matrixV() * coefficients;
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
    if (tryStep(newton)) continue;
    if (tryStep(current.acceleration / current.acceleration.lpNorm<Eigen::Infinity>())) continue;
    if (!regular) throwUnheld(lin, j, current.acceleration);
    Eigen::Index k = 0;
    current.acceleration.cwiseAbs().maxCoeff(&k);
    throw Error(ErrorKind::Solver,
                "no equilibrium found from the initial state: no step reduces the accelerations any more (" + nameOf(lin, k) + " accelerates at " +
                    formatNumber(current.acceleration[k]) + "; the loads may have no state of rest near it)",
                subjectOf(lin, k));
  }
}

}  // namespace mstmm
