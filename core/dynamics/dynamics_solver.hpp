#pragma once
// The common face of every formulation that turns a state into
// accelerations and hinge loads. Each implementation owns its workspace,
// allocated once; evaluate() reads the model and the state and allocates
// nothing (for the Riccati solver; the reference solvers are allowed to).

#include <memory>

#include "core/dynamics/state.hpp"

namespace mstmm {

class DynamicsSolver {
 public:
  virtual ~DynamicsSolver() = default;
  /// Accelerations and hinge loads for the state y. Throws mstmm::Error
  /// (kind Solver, naming the hinge) on a singular or ill-conditioned step.
  virtual void evaluate(const Eigen::VectorXd& y, SolverOutput& out) = 0;
  virtual const char* name() const = 0;
  const Model& model() const { return *m_model; }

 protected:
  explicit DynamicsSolver(std::shared_ptr<const Model> model) : m_model(std::move(model)) {}
  std::shared_ptr<const Model> m_model;
};

std::unique_ptr<DynamicsSolver> makeSolver(SolverKind kind, std::shared_ptr<const Model> model);

}  // namespace mstmm
