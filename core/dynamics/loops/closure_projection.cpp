#include "core/dynamics/loops/closure_projection.hpp"

#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

#include "core/error.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/model/validation.hpp"
#include "core/message_text.hpp"

namespace mstmm {

ClosureProjector::ClosureProjector(const Model& model) : m_model(model), m_constraints(model), m_solve(1e-13, RankRevealingSolve::kLostPivot) {
  // A prescribed tree coordinate (a drive) is the drive's: the projection
  // moves the others. Its column among its hinge's, slides first, is the
  // coordinate's index (hingeCoordinateIndex), as in hingeDirections.
  for (const HingeElements& e : model.loads().hinges)
    if (e.prescribed && e.cut < 0) m_held.push_back(m_constraints.coordinateOf(e.body) + std::max(e.column, 0));
}

ClosureReport ClosureProjector::measure(const Eigen::VectorXd& y) {
  if (!m_model.hasLoops()) return {};
  computePoses(m_model, y, m_poses);
  m_constraints.directions(m_poses, m_rows);
  m_constraints.measure(m_poses, m_rows, m_time, m_g, m_gDot);
  return closureReport(m_rows, m_g, m_gDot);
}

// A column-pivoted QR of J^T takes independent rows first; the rows it
// leaves after its rank repeat the ones before.
int ClosureProjector::repeatedRows(const Eigen::VectorXd& y, int* cut) {
  if (cut) *cut = -1;
  if (!m_model.hasLoops()) return 0;
  measure(y);
  m_constraints.jacobian(m_poses, m_rows, m_j);
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(m_j.cols(), m_j.rows());
  qr.setThreshold(RankRevealingSolve::kRepeatedRow);
  qr.compute(m_j.transpose());
  const Eigen::Index repeated = m_j.rows() - qr.rank();
  if (cut && repeated > 0) *cut = m_rows[static_cast<std::size_t>(qr.colsPermutation().indices()[qr.rank()])].cut;
  return static_cast<int>(repeated);
}

void ClosureProjector::requireClosed(const Eigen::VectorXd& y) {
  const ClosureReport r = measure(y);
  const bool positionOk = r.position <= kPositionTolerance;
  if (positionOk && r.velocity <= kVelocityTolerance) return;
  const int c = positionOk ? r.velocityCut : r.positionCut;
  const CompiledCut& cut = m_model.cuts()[static_cast<std::size_t>(c)];
  const std::string what = positionOk ? "its two ends move apart at " + formatNumber(r.velocity) + " m/s (or rad/s)"
                                      : "its two ends are " + formatNumber(r.position) + " m (or rad) apart";
  throw Error(ErrorKind::Validation,
              "hinge " + quoted(cut.name) + " (cut to close a loop): the initial state does not close the loop: " + what +
                  "; set the initial angles and angular velocities of the loop's bodies consistently, or turn on "
                  "'project the initial state onto the loop constraints'",
              {ErrorSubject::Kind::Hinge, cut.specIndex});
}

void ClosureProjector::project(Eigen::VectorXd& y, bool positions) {
  if (!m_model.hasLoops()) return;
  // Gauss-Newton: quadratic convergence from a nearby state; a few steps
  // suffice after an integration step, more from a hand-set initial state.
  // The loop ends with g, g' measured at the final positions.
  // It also stops once rounding holds the error (below 1e-11 and no longer
  // halving): the error of a large model's far ends cannot reach 1e-14 m.
  double previous = std::numeric_limits<double>::infinity();
  for (int iteration = 0;; ++iteration) {
    measure(y);
    const double error = m_g.lpNorm<Eigen::Infinity>();
    if (!positions || error < 1e-14 || (error < 1e-11 && error > 0.5 * previous)) break;
    previous = error;
    if (iteration == 49)
      throw Error(ErrorKind::Solver, "the loop constraints cannot be met from this state (projection did not converge; largest error " + formatNumber(m_g.lpNorm<Eigen::Infinity>()) + ")");
    solveLeastNorm(m_g, "position");
    applyRotations(y);
  }
  solveLeastNorm(m_gDot, "velocity");
  applyRates(y);
}

// joint = -J^T (J J^T)^-1 residual: the smallest joint-coordinate change
// that removes the residual to first order. Rows that repeat others (a
// singular position, a redundant cut) are left out as long as the residual
// asks nothing of them.
void ClosureProjector::solveLeastNorm(const Eigen::VectorXd& residual, const char* level) {
  m_constraints.jacobian(m_poses, m_rows, m_j);
  for (int c : m_held) m_j.col(c).setZero();  // the least-norm change leaves a zero column's coordinate alone
  m_minus = -residual;
  // Only the velocities are a linear problem: at position level what the
  // lost rows leave is second order, and the next Gauss-Newton step (or the
  // iteration's limit) settles it.
  const bool met = m_solve.solveRows(m_j, m_minus, m_joint);
  if (!met && std::string_view(level) == "velocity") throwSingular(level);
}

void ClosureProjector::applyRotations(Eigen::VectorXd& y) {
  m_constraints.absoluteIncrements(m_poses, m_joint, m_perBody);
  const int per = statePerBody(m_model);
  for (int i = 0; i < m_model.bodyCount(); ++i) {
    const Vec3& phi = m_perBody[static_cast<std::size_t>(i)];
    if (m_model.planar()) {
      y[per * i] += phi.z();
      continue;
    }
    const double angle = phi.norm();
    if (angle == 0.0) continue;
    const Quat turn = quaternionFromAxisAngle(phi / angle, angle);
    const Quat p = quaternionProduct(turn, y.segment<4>(per * i));
    y.segment<4>(per * i) = p / p.norm();
  }
  applySlides(y, 0);
}

// The slide coordinates are joint coordinates themselves: s (level 0) or s' (level 1).
void ClosureProjector::applySlides(Eigen::VectorXd& y, int level) const {
  for (int k = 0; k < m_model.sliderCount(); ++k) {
    const int body = m_model.sliderBody(k);
    const CompiledHinge& hinge = m_model.hinge(body);
    const double* coordinates = m_joint.data() + m_constraints.coordinateOf(body);
    double slide = coordinates[k - hinge.slider];
    if (const JointModel& joint = jointModel(hinge.type); joint.slidesOf) {  // a screw's slide moves with its turn
      double slides[3];
      joint.slidesOf(hinge, coordinates, slides);
      slide = slides[k - hinge.slider];
    }
    y[slideOffset(m_model) + 2 * k + level] += slide;
  }
}

void ClosureProjector::applyRates(Eigen::VectorXd& y) {
  m_constraints.absoluteIncrements(m_poses, m_joint, m_perBody);
  const int per = statePerBody(m_model);
  for (int i = 0; i < m_model.bodyCount(); ++i) {
    const Vec3& w = m_perBody[static_cast<std::size_t>(i)];
    if (m_model.planar()) y[per * i + 1] += w.z();
    else y.segment<3>(per * i + 4) += w;
  }
  applySlides(y, 1);
}

// The cut whose rows weigh most in the direction that lost rank.
void ClosureProjector::throwSingular(const char* level) const {
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(m_j * m_j.transpose(), Eigen::ComputeFullU);
  const Eigen::Index last = svd.singularValues().size() - 1;
  Eigen::Index row = 0;
  svd.matrixU().col(last).cwiseAbs().maxCoeff(&row);
  const CompiledCut& cut = m_model.cuts()[static_cast<std::size_t>(m_rows[static_cast<std::size_t>(row)].cut)];
  throw Error(ErrorKind::Solver,
              "hinge " + quoted(cut.name) + " (cut to close a loop): the loop constraints are singular at " + level +
                  " level here and cannot be met: the loop is at a dead point (its bodies line up so that they cannot move it), or this cut contradicts a constraint the others already impose",
              {ErrorSubject::Kind::Hinge, cut.specIndex});
}

}  // namespace mstmm
