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

#include <vector>

namespace mstmm {

struct IterationOperator {
  /// Per body: whether its output hinge's coordinate may take a term. Read
  /// once, when the solver is prepared: such a hinge is released in a form
  /// that carries the term (a planar pin as a single axis, as for an armature).
  std::vector<char> iterated;
  /// Per body: A_j (kg m^2 for a rotation, kg for a slide), 0 where none.
  std::vector<double> term;
  /// Per body: nu'_j at the present iterate (what the last sweep gave,
  /// SolverOutput::hingeAcceleration).
  std::vector<double> acceleration;
};

}  // namespace mstmm
