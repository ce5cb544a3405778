#pragma once
// The common face of every formulation that turns a state into
// accelerations and hinge loads. Each implementation owns its workspace,
// allocated once; evaluate() reads the model and the state and allocates
// nothing (for the Riccati solver; the reference solvers are allowed to).

#include <memory>

#include "core/dynamics/state.hpp"
#include "core/math/finite.hpp"

namespace mstmm {

struct RunInputs;
struct IterationOperator;

/// A load applied at the two ends of a cut hinge, inertial axes: on the
/// tip-side body at its cut end, and the opposite on the root side.
struct CutLoad {
  Vec3 force = Vec3::Zero();
  Vec3 moment = Vec3::Zero();
};

class DynamicsSolver {
 public:
  virtual ~DynamicsSolver() = default;
  /// Accelerations and hinge loads for the state y, which must have
  /// stateSize(model()) entries, all finite (checked always: a wrong size
  /// or a NaN is an mstmm::Error of kind Input naming it, never a read past
  /// the end or a NaN passed on). Throws
  /// mstmm::Error (kind Solver, naming the hinge) on a singular or
  /// ill-conditioned step.
  void evaluate(const Eigen::VectorXd& y, SolverOutput& out) {
    if (y.size() != m_stateSize) throwWrongStateSize(y.size());
    if (!allFinite(y)) throwNotFinite(y);
    compute(y, out);
  }
  /// The same with given loads at the cut ends (one per Model::cuts()
  /// entry, equations.md §6): for tree solvers that appliesCutLoads(), driven
  /// by the closed-loop solver. The loads are read during this call only.
  void evaluate(const Eigen::VectorXd& y, const std::vector<CutLoad>& cutLoads, SolverOutput& out);
  virtual const char* name() const = 0;
  /// The time of the next evaluate(): actuators, drives and external loads depend on it.
  void setTime(double t) { m_time = t; }
  double time() const { return m_time; }
  const Model& model() const { return *m_model; }
  std::shared_ptr<const Model> sharedModel() const { return m_model; }

  /// Tells the solver the integrator kept state y: hinge angles read from
  /// orientations are unwrapped against the last kept state (AppliedLoads::
  /// acceptState), so stops and springs see them past +-pi. Without a
  /// call, an angle is read in (-pi, pi].
  virtual void acceptState(const Eigen::VectorXd& y) { (void)y; }

  /// An implicit integrator's local Newton operator (iteration_operator.hpp),
  /// applied by every later evaluate() until set again; null: none. The
  /// first non-null operator prepares the solver for its `iterated` hinges,
  /// so give it before the run's first evaluation. Returns false if this
  /// solver cannot apply one: the integrator then iterates without it.
  virtual bool setIterationOperator(const IterationOperator* op) {
    (void)op;
    return false;
  }

  /// Tree solvers that can apply given loads at the cut ends say so.
  virtual bool appliesCutLoads() const { return false; }
  /// While set, evaluate() takes the load elements' loads from its last
  /// evaluation instead of computing them again: for the closed-loop
  /// solver's further sweeps at the same state and time, which change only
  /// the cut loads. Solvers that ignore it compute them each time.
  void setLoadsReused(bool reused) { m_loadsReused = reused; }
  /// The run's inputs (core/loads/run_inputs.hpp) that every later
  /// evaluation applies, held by the caller; null: none. The model must be
  /// compiled to take them (CompileOptions::runInputs).
  virtual void setInputs(const RunInputs* inputs) = 0;

 protected:
  const std::vector<CutLoad>* m_cutLoads = nullptr;  // during evaluate(y, cutLoads, out) only
  bool m_loadsReused = false;
  double m_time = 0.0;
  explicit DynamicsSolver(std::shared_ptr<const Model> model);
  /// evaluate() with its arguments checked.
  virtual void compute(const Eigen::VectorXd& y, SolverOutput& out) = 0;
  std::shared_ptr<const Model> m_model;

 private:
  [[noreturn]] void throwWrongStateSize(Eigen::Index size) const;
  [[noreturn]] void throwNotFinite(const Eigen::VectorXd& y) const;
  Eigen::Index m_stateSize = 0;
};

/// The right-hand side of the supplement equations of closed loops
/// (equations.md §6): Baumgarte's b = -2 alpha g' - beta^2 g, or b = 0.
struct SupplementTarget {
  bool baumgarte = true;
  double alpha = 5.0;  // 1/s
  double beta = 5.0;   // 1/s
};
SupplementTarget supplementTarget(const SimulationSettings& settings);

/// The solver of the given kind. For a model with closed loops, Riccati is
/// the spanning tree's recursion inside ClosedLoopSolver and Newton-Euler
/// takes the cut constraints as extra rows; the other formulations handle
/// trees only and are refused (mstmm::Error).
/// `threads` > 1 lets the Riccati solver run independent subtrees of large
/// trees on a second thread (opt-in: a caller that runs several solvers at
/// once, a study say, keeps each on one); the results are the same to the bit.
std::unique_ptr<DynamicsSolver> makeSolver(SolverKind kind, std::shared_ptr<const Model> model,
                                           const SupplementTarget& target = {}, int threads = 1);

}  // namespace mstmm
