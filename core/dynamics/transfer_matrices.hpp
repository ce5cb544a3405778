#pragma once
// Element transfer matrices of MSTMM as dense matrices, exactly as 000 writes
// them: the rigid body (Eqs. 3-5), the multi-input body (Eqs. 6-9; the
// missing Eq. 8 from equations.md §2.2), the literal smooth-hinge matrix
// (Eq. 10), the planar reduction (Eqs. 35-37, 49) and the generic Riccati
// step (Eqs. 20-30). The fast solver does not use these; tests check it and
// the paper's printed matrices against them, and the classical TMM builds on
// them.
//
// State order z = [r'' (3), Omega' (3), m (3), q (3), 1] (000 Eq. 1); the
// multi-input input state adds [m_Ik, q_Ik] for k = 2..L before the "1"
// (Eq. 6).

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace mstmm {

/// U_{I1-IL} of 000 Eq. 8 (Eq. 4 when L = 1): 13 x (13 + 6(L-1)).
/// `rotation` is A (body to inertial), `omega` the inertial Omega, f_C = m g, m_C = 0.
Eigen::MatrixXd bodyTransferMatrix(const CompiledBody& body, const Mat3& rotation, const Vec3& omega, const Vec3& gravity);

/// The paper's smooth ball-and-socket hinge matrix (000 Eq. 10), built from
/// the m-row of the root-side body's single-input U: spatial 13 x 13, or the
/// reduced planar 7 x 7 (reduce first: a thin rod's spatial u_{3,2} is singular).
/// Kept for tests and the classical TMM only: inside the Riccati recursion it
/// makes the system singular (equations.md §3.2).
Eigen::MatrixXd literalHingeTransferMatrix(const Eigen::MatrixXd& rootSideBodyU);

/// The planar reduction of a spatial transfer matrix (equations.md §1.4):
/// rows 1, 2, 6, 9, 10, 11, 13 and the matching columns (with 3 columns per
/// extra input end).
Eigen::MatrixXd reducePlanar(const Eigen::MatrixXd& spatial);

/// The partition of 000 Eq. 20 of a square transfer matrix (spatial 13 x 13 or
/// planar 7 x 7) into known z_a = [m; q] and unknown z_b = [r''; Omega'].
struct TransferBlocks {
  Eigen::MatrixXd t11, t12, t21, t22;
  Eigen::VectorXd fa, fb;
};
TransferBlocks partition(const Eigen::MatrixXd& u);

/// One Riccati step (000 Eqs. 24, 29, 30): from z_a = S z_b + e at the
/// element input to the relation at its output.
struct RiccatiStep {
  Eigen::MatrixXd p, sNext;
  Eigen::VectorXd q, eNext;
};
RiccatiStep riccatiStep(const TransferBlocks& t, const Eigen::MatrixXd& s, const Eigen::VectorXd& e);

}  // namespace mstmm
