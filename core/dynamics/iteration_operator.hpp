#pragma once
// The hinge-local part of an implicit integrator's Newton iteration
// (equations.md §5.4). A step of generalized-alpha solves M(q) q'' = f(q, q')
// for q''_{n+1}, with q and q' moving with it: dq = beta' dq'', dq' = gamma' dq''.
// Its Newton operator is M + gamma' C + beta' K, C = -df/dq', K = -df/dq. The
// part of C and K that a hinge's own elements contribute (a spring, damper,
// stop or servo on its coordinate) acts on that coordinate alone: a term
// A_j = gamma' c_j + beta' k_j on its acceleration nu'_j. It enters the sweep
// exactly as an armature does (§3.8): D gains sigma A_j, and the hinge load
// gains A_j nu'_j at the iterate, so one sweep at the iterate's state solves
//   (M + A) q''_{k+1} = f(q_k, q'_k) + A q''_k,
// a Newton step with the local part of the Jacobian; what is not local
// (body loads, struts, contacts, gyroscopic terms) is iterated on, and the
// converged q'' satisfies M q'' = f exactly.
//
// A spatial ball's spring, or the bending and torsion of a spatial beam
// across its ball joint, acts on the ball's relative rotation: a 3 x 3 term
// on nu' = Omega'_tip - Omega'_root - Omega_root x Omega_tip (inertial axes,
// the coordinates of a ball released in the general form, §3.8).

#include <Eigen/Core>
#include <vector>

namespace mstmm {

struct IterationOperator {
  static constexpr char kCoordinate = 1, kBall = 2;
  /// Per body: whether its output hinge takes a term: kCoordinate (one
  /// coordinate: `term`), kBall (a spatial ball: `rotationTerm`), or 0.
  /// Read once, when the solver is prepared: such a hinge is released in a
  /// form that carries the term (a planar pin as a single axis, a ball in
  /// the general form, as for an armature).
  std::vector<char> iterated;
  /// Per body: A_j (kg m^2 for a rotation, kg for a slide), 0 where none.
  std::vector<double> term;
  /// Per body: nu'_j at the present iterate (what the last sweep gave,
  /// SolverOutput::hingeAcceleration).
  std::vector<double> acceleration;
  /// Per body (spatial models): a ball's 3 x 3 term, inertial axes.
  std::vector<Eigen::Matrix3d> rotationTerm;
  /// Per body: the ball's nu' at the present iterate. Each sweep leaves its
  /// own solution's nu' here for the next iteration.
  mutable std::vector<Eigen::Vector3d> rotationAcceleration;
};

}  // namespace mstmm
