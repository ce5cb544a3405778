#include "core/dynamics/dynamics_solver.hpp"

#include "core/dynamics/reference/classical_tmm_solver.hpp"
#include "core/dynamics/reference/mass_matrix_solver.hpp"
#include "core/dynamics/reference/newton_euler_solver.hpp"
#include "core/dynamics/riccati/riccati_solver.hpp"

namespace mstmm {

std::unique_ptr<DynamicsSolver> makeSolver(SolverKind kind, std::shared_ptr<const Model> model) {
  const bool planar = model->planar();
  switch (kind) {
    case SolverKind::Riccati:
      if (planar) return std::make_unique<RiccatiSolver<PlanarDim>>(std::move(model));
      return std::make_unique<RiccatiSolver<SpatialDim>>(std::move(model));
    case SolverKind::NewtonEuler:
      if (planar) return std::make_unique<NewtonEulerSolver<PlanarDim>>(std::move(model));
      return std::make_unique<NewtonEulerSolver<SpatialDim>>(std::move(model));
    case SolverKind::MassMatrix: return std::make_unique<MassMatrixSolver>(std::move(model));
    case SolverKind::ClassicalTmm: return std::make_unique<ClassicalTmmSolver>(std::move(model));
  }
  return nullptr;
}

}  // namespace mstmm
