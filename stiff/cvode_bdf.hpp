#pragma once
// The stiff integrator with error control (equations.md §5.6): backward
// differentiation formulas of orders 1 to 5, variable step, from SUNDIALS
// CVODE. Its Newton iterations solve (I - gamma J) z = r by GMRES, with the
// Riccati sweep as the preconditioner: one sweep applies the inverse of
// I - gamma J_local, J_local holding the hinges' own springs, dampers,
// stops and servos (the hinge-local Jacobian of iteration_operator.hpp) and
// the mass matrix exactly; GMRES, on products J v by differences of f,
// takes in what is not local (struts, contacts, loops, gravity's
// stiffness). Nothing is assembled: the cost per iteration is linear in N.
// A program that runs it calls installCvodeBdf() once, at start.

namespace mstmm {

void installCvodeBdf();

}  // namespace mstmm
