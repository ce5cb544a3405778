#pragma once
// The classical (non-Riccati) transfer matrix method for chains (000 Eqs.
// 18-19): the state at every point is carried as an affine function of the
// unknown tip accelerations x by multiplying element transfer matrices, body
// (Eq. 4) and smooth hinge (Eq. 10) in turn, and the boundary conditions are
// solved at the end. Eq. 10 imposes m = 0 at the output of the body after
// each hinge (equations.md §2.3), so the conditions are m = 0 at the tip body's
// output end and r'' = 0 at the pinned root:
//
//   z_{1,I} = [x; 0; 1],  z_{k,O} = U_k z_{k,I},  z_{k+1,I} = H_k z_{k,O}
//   [ m-rows of z_{1,O} ; r''-rows of z_{n,O} ] = 0   (T + R equations).
//
// Long products accumulate rounding error, which is the paper's reason for
// the Riccati form; this solver exists to show that, side by side.
// Chains only (each body holds at most one tip-side body, at I_1), ball or
// pin hinges, a pinned root.

#include <memory>

#include "core/dynamics/dynamics_solver.hpp"

namespace mstmm {

class ClassicalTmmSolver final : public DynamicsSolver {
 public:
  /// Throws mstmm::Error (Input) if the model is not a ball/pin chain with a pinned root.
  explicit ClassicalTmmSolver(std::shared_ptr<const Model> model);
  const char* name() const override { return "classical-tmm"; }
  /// It computes no load elements, so it takes no run inputs either.
  void setInputs(const RunInputs* inputs) override;

 protected:
  void compute(const Eigen::VectorXd& y, SolverOutput& out) override;

 private:
  void requireTipInertia() const;
  Eigen::MatrixXd bodyMatrix(const Eigen::VectorXd& y, int i) const;
  std::vector<Eigen::MatrixXd> m_inputPhi;  // z_{k,I} = Phi [x; 1]
  std::vector<Eigen::MatrixXd> m_outputPhi; // z_{k,O} = Phi [x; 1]
};

}  // namespace mstmm
