#pragma once
// The Riccati sweep of the linearised tree (equations.md §10.6): solves
//
//   A x = f,   A = K - sigma M   (modes: sigma a real shift)
//          or  A = K + i w C - w^2 M   (frequency response at w),
//
// in O(N) without forming A, M or K. In world Plucker coordinates (motion
// [omega; v_O], loads [moment about O; force], O the world origin) every
// entry of A between a joint coordinate i and a coordinate j on the tip side
// of it has the form s_i^T Y_j s_j, with s the motion subspace columns and
// Y_j the sum over the bodies of j's subtree of
//
//   Y_b = G_b - sigma I_b,   I_b = [J_C - m c~ c~, m c~; -m c~, m I],
//                            G_b = [-m g~ c~, m g~; 0, 0]   (gravity's Hessian),
//
// plus the hinges' own spring and damper on their coordinates. Gaussian
// elimination from the tips towards the root keeps that form: eliminating
// hinge j turns its subtree's Y into the articulated
//
//   Y^A_j = Y_j - (Y_j S_j) D_j^-1 (Y_j S_j)^T,   D_j = S_j^T Y_j S_j + K_j,
//
// the Riccati step of the linearised system, and the root-to-tip sweep back
// gives x. factor() depends on the shift only; each solve() is two passes of
// 6 x f products per body. The pivots D_j also count A's negative eigenvalues
// (Sylvester's law of inertia): how many modes lie below the shift.
//
// Taken: gravity, linear springs, dampers and PD servos on hinge coordinates
// (a ball's spring at rest). Refused, by name (use the dense path): loops,
// struts, contacts, external loads, stops, characteristic tables, a ball's
// spring away from rest.

#include <complex>
#include <memory>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/analysis/linearisation.hpp"

namespace mstmm {

using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

/// What the sweep cannot take in this model (empty: it takes all of it).
std::string linearSweepRefusal(const Model& model);

/// The linearised tree at a state, ready for sweeps (its free coordinates
/// are those of Linearisation: tree coordinates without the driven ones).
class LinearTree {
 public:
  /// Throws mstmm::Error (kind Input) naming what linearSweepRefusal() finds.
  LinearTree(std::shared_ptr<const Model> model, const Eigen::VectorXd& state);

  int size() const { return m_size; }
  const Model& model() const { return *m_model; }

  struct Joint {
    int parent = -1;                      // compiled body index, -1: the ground
    int first = 0;                        // first free coordinate (minimal index)
    int count = 0;                        // free coordinates
    bool symmetric = false;               // a ball's rotations: D takes their symmetric part
    int slides = 0;                       // free coordinates that slide (they come first)
    Eigen::Matrix<double, 6, Eigen::Dynamic> s;  // motion subspace, world Plucker
    Eigen::MatrixXd stiffness, damping;   // the hinge's own, on its free coordinates
    Eigen::MatrixXd armature;             // its rotors' inertia on them (equations.md §3.8)
  };
  const Joint& joint(int body) const { return m_joints[static_cast<std::size_t>(body)]; }
  const Mat6& inertia(int body) const { return m_inertia[static_cast<std::size_t>(body)]; }
  const Mat6& gravity(int body) const { return m_gravity[static_cast<std::size_t>(body)]; }

  /// M x in O(N): twists from the root, momenta back (no mass matrix).
  Eigen::VectorXd massTimes(const Eigen::VectorXd& x) const;
  /// Each body's twist (world Plucker) for the coordinate motion x.
  std::vector<Vec6> twists(const Eigen::VectorXd& x) const;
  /// Each body's share of the kinetic energy 1/2 V^T I V of the motion x.
  std::vector<double> kineticShares(const Eigen::VectorXd& x) const;

 private:
  void addBeamJoints(const Eigen::VectorXd& state, const JointChart& chart, const std::vector<int>& local);

  std::shared_ptr<const Model> m_model;
  std::vector<Joint> m_joints;
  std::vector<Mat6> m_inertia, m_gravity;
  int m_size = 0;
};

/// factor() for a shift (real) or a frequency (complex), then solve() as often as needed.
template <typename Scalar>
class LinearSweep {
 public:
  using Vector = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;
  explicit LinearSweep(const LinearTree& tree);

  /// A = K - sigma M (+ i w C for a complex sweep: sigma = w^2, damping = w).
  /// Throws mstmm::Error (kind Solver) naming the hinge whose pivot is singular.
  void factor(double sigma, double dampingFrequency = 0.0);
  /// x = A^-1 f.
  void solve(const Vector& f, Vector& x) const;
  /// The eigenvalues of A below zero (real sweeps): modes below the shift.
  int negativeCount() const { return m_negative; }

 private:
  using Mat6S = Eigen::Matrix<Scalar, 6, 6>;
  using Vec6S = Eigen::Matrix<Scalar, 6, 1>;
  using Mat6X = Eigen::Matrix<Scalar, 6, Eigen::Dynamic>;
  using MatX = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;
  const LinearTree& m_tree;
  std::vector<Mat6X> m_ys;    // Y_j S_j
  std::vector<MatX> m_dInv;   // D_j^-1
  std::vector<Mat6S> m_y;     // factor's accumulators
  mutable std::vector<Vec6S> m_beta, m_twist;
  mutable std::vector<Vector> m_u;
  int m_negative = 0;
};

extern template class LinearSweep<double>;
extern template class LinearSweep<std::complex<double>>;

}  // namespace mstmm
