#pragma once
// The mass-matrix method in relative (joint) coordinates, the kind of
// formulation the papers compare against: the joint-space mass matrix M by
// the composite-rigid-body algorithm, the bias forces C by the recursive
// Newton-Euler algorithm (equivalent to Kane's equations, 001), and
// M u' = -C solved by a dense Cholesky factorisation: O(N^3).
//
// Generalised speeds are the relative angular velocities of the hinges in
// world axes (ball: 3, pin/revolute: 1 along the axis, weld: 0), so
// u' = Omega'_tip - Omega'_root for a ball. Everything is expressed in one
// frame, world axes with the origin at the root's anchor, in Plucker
// coordinates (Featherstone, Rigid Body Dynamics Algorithms, ch. 2):
// motion [omega; v_O], force [n_O; f]. With one frame, forces need no
// transformation between bodies.
//
// Load elements (docs/loads.md): a hinge's spring, damper, stops and
// actuator are its generalised force S^T w; external loads and struts enter
// each body's equation as given wrenches; a prescribed hinge's u' is given,
// so M is partitioned into free and driven speeds,
//     M_ff u'_f = Q_f - C_f - M_fd u'_d,   tau_d = M_df u'_f + M_dd u'_d + C_d - Q_d.

#include <memory>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/applied_loads.hpp"

namespace mstmm {

class MassMatrixSolver final : public DynamicsSolver {
 public:
  /// Refuses (mstmm::Error, Input) models above kMaxDof degrees of freedom:
  /// the dense mass matrix would not fit, nor finish.
  explicit MassMatrixSolver(std::shared_ptr<const Model> model);
  static constexpr int kMaxDof = 15000;
  const char* name() const override { return "mass-matrix"; }
  void setInputs(const RunInputs* inputs) override {
    if (m_applied) m_applied->setInputs(inputs);
  }
  void acceptState(const Eigen::VectorXd& y) override {
    if (m_applied) m_applied->acceptState(y.data());
  }
  int degreesOfFreedom() const { return m_dof; }


 protected:
  void compute(const Eigen::VectorXd& y, SolverOutput& out) override;

 private:
  [[noreturn]] void throwSingular(const Eigen::MatrixXd& free) const;
  std::vector<int> m_offset;  // first generalised speed of each body's output hinge
  int m_dof = 0;
  std::unique_ptr<AppliedLoads> m_applied;  // null without load elements
  std::vector<int> m_free, m_driven;        // generalised speeds that are free, and prescribed (driven order)
};

}  // namespace mstmm
