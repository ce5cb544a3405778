#pragma once
// Independent reference formulation: the augmentation method of
// 004 (Wijckmans, Eq. 2.24). Unknowns are every body's centre-of-mass
// acceleration and angular acceleration plus one Lagrange multiplier per
// constraint equation; each hinge is an acceleration-level constraint.
//
//   [ M  -G^T ] [ a      ]   [ f     ]     M: block-diagonal mass/inertia about C
//   [ G   0   ] [ lambda ] = [ gamma ]     G: hinge constraint Jacobian
//
// Solved as one sparse LU system. It shares no solver code with the Riccati
// path (only the rotation helpers), so agreement of the two is evidence.
// Closed loops need nothing special here: a cut hinge is one more set of
// constraint rows between its two bodies (or a body and the ground), with
// Baumgarte's drift term on the right-hand side when asked for.
// Load elements enter as given wrenches on the bodies (a hinge's spring,
// damper, stops and actuator as equal and opposite wrenches on its two
// bodies at the joint); a prescribed hinge is one more constraint row,
// relative acceleration along its axis = q''(t), whose multiplier is the
// driving load.

#include <Eigen/SparseCore>
#include <memory>
#include <vector>
#include <string>

#include "core/dynamics/dimension.hpp"
#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/applied_loads.hpp"

namespace mstmm {

/// The body-level quantities of one evaluation, inertial axes.
template <class D>
struct BodyFrame {
  Mat3 rotation;
  typename D::RVec omega;
  typename D::RR inertia;  // J_C
};

struct CoordinateRow;  // one hinge coordinate's acceleration over the body accelerations

template <class D>
class NewtonEulerSolver final : public DynamicsSolver {
 public:
  explicit NewtonEulerSolver(std::shared_ptr<const Model> model, const SupplementTarget& target = {});
  const char* name() const override { return "newton-euler"; }
  void setInputs(const RunInputs* inputs) override {
    if (m_applied) m_applied->setInputs(inputs);
  }
  void acceptState(const Eigen::VectorXd& y) override {
    if (m_applied) m_applied->acceptState(y.data());
  }


 protected:
  void compute(const Eigen::VectorXd& y, SolverOutput& out) override;

 private:
  [[noreturn]] void throwSingular(const Eigen::SparseMatrix<double>& a, const std::string& detail) const;
  int constraintRows(int body) const;
  void readSolution(const Eigen::VectorXd& x, const std::vector<BodyFrame<D>>& frames, SolverOutput& out) const;
  void readDrives(const Eigen::VectorXd& x, SolverOutput& out) const;
  void addRotorLoads(int element, const std::vector<CoordinateRow>& rows, const Eigen::VectorXd& x, SolverOutput& out) const;
  void readSlideAccelerations(const Eigen::VectorXd& y, const std::vector<BodyFrame<D>>& frames, SolverOutput& out) const;
  std::vector<int> m_rowOffset;  // first constraint row of each body's output hinge
  std::vector<int> m_driveRow;   // the row of a prescribed hinge's motion, or -1
  std::unique_ptr<AppliedLoads> m_applied;
  int m_cutRowOffset = 0;        // first row of the cut hinges' constraints
  int m_rows = 0;
  SupplementTarget m_target;
};

extern template class NewtonEulerSolver<PlanarDim>;
extern template class NewtonEulerSolver<SpatialDim>;

}  // namespace mstmm
