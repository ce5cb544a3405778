#include "core/analysis/sweep_modes.hpp"

#include <Spectra/SymGEigsShiftSolver.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/error.hpp"
#include "core/loads/compiled_loads.hpp"

namespace mstmm {

namespace {

/// y = (K - sigma M)^-1 x by the sweep (Spectra's shift-and-invert operator).
class ShiftInvert {
 public:
  using Scalar = double;
  ShiftInvert(const LinearTree& tree, long& solves, const std::atomic<bool>* cancel) : m_tree(tree), m_sweep(tree), m_solves(solves), m_cancel(cancel) {}
  Eigen::Index rows() const { return m_tree.size(); }
  Eigen::Index cols() const { return m_tree.size(); }
  void set_shift(double sigma) { m_sweep.factor(sigma); }
  void perform_op(const double* in, double* out) const {
    checkCancelled(m_cancel);  // the error leaves Spectra's iteration as it is thrown
    m_f = Eigen::Map<const Eigen::VectorXd>(in, m_tree.size());
    m_sweep.solve(m_f, m_x);
    Eigen::Map<Eigen::VectorXd>(out, m_tree.size()) = m_x;
    ++m_solves;
  }

 private:
  const LinearTree& m_tree;
  LinearSweep<double> m_sweep;
  long& m_solves;
  const std::atomic<bool>* m_cancel;
  mutable Eigen::VectorXd m_f, m_x;
};

/// y = M x in one O(N) pass.
class MassProduct {
 public:
  using Scalar = double;
  MassProduct(const LinearTree& tree, long& products) : m_tree(tree), m_products(products) {}
  Eigen::Index rows() const { return m_tree.size(); }
  Eigen::Index cols() const { return m_tree.size(); }
  void perform_op(const double* in, double* out) const {
    Eigen::Map<Eigen::VectorXd>(out, m_tree.size()) = m_tree.massTimes(Eigen::Map<const Eigen::VectorXd>(in, m_tree.size()));
    ++m_products;
  }

 private:
  const LinearTree& m_tree;
  long& m_products;
};

/// The scale of the stiffest local motion, w^2 in 1/s^2: gravity over each
/// body's hinge-to-centre distance, and each hinge spring over its body's
/// inertia about the hinge (the highest of them). Shifts and the rigid-body
/// threshold are set against it, not against a Rayleigh quotient, which
/// the near-zero spins of thin rods would pull down.
double stiffScale(const LinearTree& tree) {
  const Model& model = tree.model();
  // A beam's joints are left out: their w^2 spread as n^4 (at 1,000
  // segments the fundamental lay 5e-10 below the stiffest, under the
  // shift, and was counted rigid: issue 51, point 9), and their stiffness
  // is exact, so it makes no rigid mode noisy.
  std::vector<bool> beamJoint(static_cast<std::size_t>(model.bodyCount()), false);
  for (const CompiledBeamJoint& j : model.loads().beamJoints) beamJoint[static_cast<std::size_t>(j.body)] = true;
  for (const CompiledBeam& beam : model.beams())
    for (int piece : beam.pieces)
      if (piece != beam.pieces[static_cast<std::size_t>(beam.layout.rootPiece)]) beamJoint[static_cast<std::size_t>(piece)] = true;
  double scale = 0.0;
  for (int b = 0; b < model.bodyCount(); ++b) {
    if (beamJoint[static_cast<std::size_t>(b)]) continue;
    const CompiledBody& body = model.body(b);
    const double arm = (body.com - body.output).norm();
    const double inertia = body.mass * arm * arm + body.inertiaAtCom.trace() / 3.0;
    if (arm > 0.0) scale = std::max(scale, model.gravity().norm() / arm);
    const LinearTree::Joint& j = tree.joint(b);
    if (j.count > 0 && inertia > 0.0) scale = std::max(scale, j.stiffness.diagonal().cwiseAbs().maxCoeff() / inertia);
  }
  return scale > 0.0 ? scale : 1.0;
}

/// The eigenvalues below sigma, by the pivots of one factorisation.
int countBelow(const LinearTree& tree, double sigma) {
  LinearSweep<double> sweep(tree);
  sweep.factor(sigma);
  return sweep.negativeCount();
}

}  // namespace

SweepModes sweepModes(const LinearTree& tree, const SweepModesOptions& options) {
  const int n = tree.size();
  if (options.count < 1 || options.count >= n)
    throw Error(ErrorKind::Input, "modes: the number of modes must be between 1 and " + std::to_string(n - 1) + " for the O(N) path (got " + std::to_string(options.count) + ")");
  SweepModes result;
  // Rigid-body modes (a free body's drift, each thin rod's spin: thousands
  // in a branch system of cylinders) sit at zero. The shift lies above them
  // and below the lowest vibration (at least 1e-9 of the stiffest local
  // w^2, within a decade of that vibration): the transformed values
  // nu = 1/(w^2 - sigma) of the vibrations are then the largest positive
  // ones and the zeros one huge negative cluster, which a Krylov space sees
  // as a single direction, so asking for the largest algebraic nu gives the
  // lowest vibrations without computing the rigid modes. The pivots count
  // those below the shift (and below -sigma, the unstable ones).
  const double scale = stiffScale(tree);
  result.shift = 1e-9 * scale;
  result.unstable = countBelow(tree, -result.shift);
  const int zeros = countBelow(tree, result.shift);
  result.rigid = zeros - result.unstable;
  // The cluster's nu = -1/sigma against the vibrations' 1/(w^2 - sigma):
  // rounding in the iteration grows with their ratio, so the shift moves up
  // by decades while no vibration falls below it (Sturm counts, O(N) each).
  for (double next = 10.0 * result.shift; next < scale && countBelow(tree, next) == zeros; next *= 10.0) result.shift = next;
  const int wanted = std::min(n - result.rigid - result.unstable - 1, options.count);
  if (wanted < 1) throw Error(ErrorKind::Input, "modes: the model has no vibration modes (" + std::to_string(result.rigid) + " rigid-body modes)");
  ShiftInvert op(tree, result.solves, options.cancel);
  MassProduct mass(tree, result.massProducts);
  const int ncv = std::min(n, std::max(2 * wanted + 1, wanted + 20));
  Spectra::SymGEigsShiftSolver<ShiftInvert, MassProduct, Spectra::GEigsMode::ShiftInvert> eigs(op, mass, wanted, ncv, result.shift);
  eigs.init();
  eigs.compute(Spectra::SortRule::LargestAlge, options.maxIterations, options.tolerance, Spectra::SortRule::SmallestAlge);
  if (eigs.info() != Spectra::CompInfo::Successful)
    throw Error(ErrorKind::Solver, "modes: the Lanczos iteration did not converge for " + std::to_string(wanted) + " modes in " + std::to_string(options.maxIterations) +
                                       " restarts (" + std::to_string(result.solves) + " sweeps)");
  const Eigen::VectorXd w2 = eigs.eigenvalues();
  const Eigen::MatrixXd shapes = eigs.eigenvectors();
  for (Eigen::Index k = 0; k < w2.size(); ++k) {
    UndampedMode m;
    m.omegaSquared = w2[k];
    m.frequency = std::sqrt(std::max(w2[k], 0.0)) / (2.0 * std::numbers::pi);
    m.shape = shapes.col(k);
    result.modes.push_back(std::move(m));
  }
  // Sturm's check: the pivots just above the highest mode found count the modes below it.
  // Just below the highest found (a repeated top value's partner may lie above it).
  const double top = w2.maxCoeff() * (1.0 - 1e-6);
  int listed = 0;
  for (Eigen::Index k = 0; k < w2.size(); ++k) listed += w2[k] < top;
  result.missing = std::max(0, countBelow(tree, top) - result.rigid - result.unstable - listed);
  return result;
}

}  // namespace mstmm
