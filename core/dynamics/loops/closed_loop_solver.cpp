#include "core/dynamics/loops/closed_loop_solver.hpp"

#include <Eigen/SVD>
#include <algorithm>
#include <cstring>

#include "core/error.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/model/validation.hpp"
#include "core/message_text.hpp"

namespace mstmm {

ClosedLoopSolver::ClosedLoopSolver(std::unique_ptr<DynamicsSolver> tree, const SupplementTarget& target)
    : DynamicsSolver(tree->sharedModel()),
      m_tree(std::move(tree)),
      m_target(target),
      m_constraints(*m_model),
      m_loads(m_model->cuts().size()),
      m_w(m_model->cutRows(), m_model->cutRows()),
      m_solve(1e-12, RankRevealingSolve::kLostPivot) {
  m_column.resize(*m_model);
  m_rows.reserve(static_cast<std::size_t>(m_model->cutRows()));
}

void ClosedLoopSolver::compute(const Eigen::VectorXd& y, SolverOutput& out) {
  const int rows = m_model->cutRows();
  if (!out.fits(*m_model)) out.resize(*m_model);
  m_tree->setTime(m_time);
  m_closureKnown = false;  // until poses, rows and state agree again
  computePoses(*m_model, y, m_poses);
  m_constraints.directions(m_poses, m_rows);
  m_constraints.targets(m_poses, m_rows, m_time, m_target, m_g, m_gDot, m_rhs);
  m_closureState = y;
  m_closureTime = m_time;
  m_closureKnown = true;
  // a0: the tree with no cut loads; column j: with a unit load along row j.
  std::fill(m_loads.begin(), m_loads.end(), CutLoad{});
  m_column.angularOnly = false;
  m_tree->evaluate(y, m_loads, m_column);
  m_constraints.accelerations(m_poses, m_rows, m_column, m_a0);
  // The further sweeps differ only in the cut loads: the load elements'
  // loads of this state and time are kept, not computed n_lambda + 1 times more.
  struct ReuseLoads {
    DynamicsSolver& tree;
    explicit ReuseLoads(DynamicsSolver& t) : tree(t) { tree.setLoadsReused(true); }
    ~ReuseLoads() { tree.setLoadsReused(false); }
  } reuse(*m_tree);
  for (int j = 0; j < rows; ++j) {
    const ClosureRow& row = m_rows[static_cast<std::size_t>(j)];
    CutLoad& load = m_loads[static_cast<std::size_t>(row.cut)];
    (row.rotational ? load.moment : load.force) = row.direction;
    m_tree->evaluate(y, m_loads, m_column);
    m_constraints.accelerations(m_poses, m_rows, m_column, m_a);
    m_w.col(j) = m_a - m_a0;
    load = CutLoad{};
  }
  m_rhs -= m_a0;
  if (!m_solve.solveSquare(m_w, m_rhs, m_lambda)) throwSingular();
  loadsFromMultipliers(m_lambda);
  // A drive row's multiplier is its driving load; set before the final sweep,
  // which reads every driving load for the drivers' power.
  for (std::size_t j = 0; j < m_rows.size(); ++j)
    if (m_rows[j].drive >= 0)
      out.drivingLoad[static_cast<std::size_t>(m_model->loads().hinges[static_cast<std::size_t>(m_rows[j].drive)].driven)] = m_lambda[static_cast<Eigen::Index>(j)];
  m_tree->evaluate(y, m_loads, out);
  out.cutForce.resize(m_loads.size());
  out.cutMoment.resize(m_loads.size());
  for (std::size_t c = 0; c < m_loads.size(); ++c) {
    out.cutForce[c] = m_loads[c].force;
    out.cutMoment[c] = m_loads[c].moment;
  }
}

// The poses, rows and (with Baumgarte) g and g' stay as the last evaluation
// computed them: its further sweeps change only the cut loads. Without
// Baumgarte the evaluation did not need g and g', and they are measured
// here, once per check rather than in every evaluation.
std::optional<ClosureReport> ClosedLoopSolver::closureAt(double t, const Eigen::VectorXd& y) {
  const bool timed = std::any_of(m_rows.begin(), m_rows.end(), [](const ClosureRow& r) { return r.drive >= 0; });
  if (!m_closureKnown || y.size() != m_closureState.size() || (timed && t != m_closureTime)) return std::nullopt;
  const std::size_t bytes = sizeof(double) * static_cast<std::size_t>(y.size());
  if (std::memcmp(y.data(), m_closureState.data(), bytes) != 0) return std::nullopt;
  if (!m_target.baumgarte) m_constraints.measure(m_poses, m_rows, m_closureTime, m_g, m_gDot);
  return closureReport(m_rows, m_g, m_gDot);
}

void ClosedLoopSolver::loadsFromMultipliers(const Eigen::VectorXd& lambda) {
  std::fill(m_loads.begin(), m_loads.end(), CutLoad{});
  for (std::size_t j = 0; j < m_rows.size(); ++j) {
    const ClosureRow& row = m_rows[j];
    CutLoad& load = m_loads[static_cast<std::size_t>(row.cut)];
    (row.rotational ? load.moment : load.force) += lambda[static_cast<Eigen::Index>(j)] * row.direction;
  }
}

// Names the cut whose rows weigh most in the direction W cannot resolve.
void ClosedLoopSolver::throwSingular() const {
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(m_w, Eigen::ComputeFullV);
  const Eigen::VectorXd& sigma = svd.singularValues();
  const Eigen::Index last = sigma.size() - 1;
  Eigen::Index row = 0;
  svd.matrixV().col(last).cwiseAbs().maxCoeff(&row);
  const CompiledCut& cut = m_model->cuts()[static_cast<std::size_t>(m_rows[static_cast<std::size_t>(row)].cut)];
  const double condition = sigma[last] > 0.0 ? sigma[0] / sigma[last] : INFINITY;
  throw Error(ErrorKind::Solver,
              "hinge " + quoted(cut.name) + " (cut to close a loop): the supplement equations are singular (condition " +
                  (std::isfinite(condition) ? "estimate " + formatNumber(condition) : std::string("infinite")) +
                  ") and cannot be met: the loop is at a dead point it cannot pass (its bodies line up so that they cannot move it), or this cut contradicts a constraint the others already impose",
              {ErrorSubject::Kind::Hinge, cut.specIndex});
}

}  // namespace mstmm
