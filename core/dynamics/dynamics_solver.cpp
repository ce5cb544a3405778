#include "core/dynamics/dynamics_solver.hpp"

#include <cmath>

#include "core/dynamics/loops/closed_loop_solver.hpp"
#include "core/dynamics/reference/classical_tmm_solver.hpp"
#include "core/dynamics/reference/mass_matrix_solver.hpp"
#include "core/dynamics/reference/newton_euler_solver.hpp"
#include "core/dynamics/riccati/riccati_solver.hpp"
#include "core/error.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/message_text.hpp"

namespace mstmm {

DynamicsSolver::DynamicsSolver(std::shared_ptr<const Model> model) : m_model(std::move(model)) {
  if (!m_model) throw Error(ErrorKind::Input, "a solver needs a model");
  m_stateSize = stateSize(*m_model);
}

void DynamicsSolver::evaluate(const Eigen::VectorXd& y, const std::vector<CutLoad>& cutLoads, SolverOutput& out) {
  if (!appliesCutLoads()) throw Error(ErrorKind::Input, std::string("solver '") + name() + "' does not take loads at cut ends");
  if (cutLoads.size() != m_model->cuts().size())
    throw Error(ErrorKind::Input, std::to_string(cutLoads.size()) + " cut loads given; model '" + m_model->name() + "' has " +
                                      std::to_string(m_model->cuts().size()) + " cuts");
  struct During {  // the loads are borrowed for this call, never kept
    const std::vector<CutLoad>*& slot;
    ~During() { slot = nullptr; }
  } during{m_cutLoads};
  m_cutLoads = &cutLoads;
  evaluate(y, out);
}

void DynamicsSolver::throwNotFinite(const Eigen::VectorXd& y) const {
  Eigen::Index k = 0;
  while (k < y.size() && std::isfinite(y[k])) ++k;
  const int per = statePerBody(*m_model);
  const std::string where = k < static_cast<Eigen::Index>(per) * m_model->bodyCount()
                                ? "body " + quoted(m_model->body(static_cast<int>(k / per)).name)
                                : "entry " + std::to_string(k);
  throw Error(ErrorKind::Input, "the state vector holds a non-finite number (" + where + ")");
}

void DynamicsSolver::throwWrongStateSize(Eigen::Index size) const {
  throw Error(ErrorKind::Input, "the state vector has " + std::to_string(size) + " entries; model '" + m_model->name() + "' needs " +
                                    std::to_string(m_stateSize));
}

SupplementTarget supplementTarget(const SimulationSettings& settings) {
  SupplementTarget target;
  target.baumgarte = settings.loopStabilisation == LoopStabilisation::Baumgarte;
  target.alpha = settings.baumgarteAlpha;
  target.beta = settings.baumgarteBeta;
  return target;
}

namespace {

template <class D>
std::unique_ptr<DynamicsSolver> makeRiccati(std::shared_ptr<const Model> model, int threads) {
  auto solver = std::make_unique<RiccatiSolver<D>>(std::move(model));
  if (threads > 1) solver->setParallelism(threads);
  return solver;
}

std::unique_ptr<DynamicsSolver> makeTreeSolver(SolverKind kind, std::shared_ptr<const Model> model, const SupplementTarget& target, int threads) {
  const bool planar = model->planar();
  switch (kind) {
    case SolverKind::Riccati:
      if (planar) return makeRiccati<PlanarDim>(std::move(model), threads);
      return makeRiccati<SpatialDim>(std::move(model), threads);
    case SolverKind::NewtonEuler:
      if (planar) return std::make_unique<NewtonEulerSolver<PlanarDim>>(std::move(model), target);
      return std::make_unique<NewtonEulerSolver<SpatialDim>>(std::move(model), target);
    case SolverKind::MassMatrix: return std::make_unique<MassMatrixSolver>(std::move(model));
    case SolverKind::ClassicalTmm: return std::make_unique<ClassicalTmmSolver>(std::move(model));
  }
  return nullptr;
}

/// The first load element of a model, named as messages name it.
std::string loadElementNamed(const Model& model) {
  const CompiledLoads& l = model.loads();
  if (!l.hinges.empty()) return "hinge " + quoted(l.hinges.front().name);
  if (!l.springs.empty()) return "spring-damper " + quoted(l.springs.front().name);
  return "load " + quoted(l.bodyLoads.front().name) + " on body " + quoted(model.body(l.bodyLoads.front().body).name);
}

}  // namespace

std::unique_ptr<DynamicsSolver> makeSolver(SolverKind kind, std::shared_ptr<const Model> model, const SupplementTarget& target, int threads) {
  const bool loops = model->hasLoops();
  if (loops && (kind == SolverKind::MassMatrix || kind == SolverKind::ClassicalTmm))
    throw Error(ErrorKind::Validation, std::string("solver '") + toString(kind) +
                                           "' handles tree systems only, and this model has closed loops; use 'riccati' or 'newton-euler'");
  if (kind == SolverKind::MassMatrix || kind == SolverKind::ClassicalTmm)
    for (int i = 0; i < model->bodyCount(); ++i) {
      const CompiledHinge& h = model->hinge(i);
      if (h.slides == 0 && h.type != HingeType::Universal) continue;
      throw Error(ErrorKind::Validation, std::string("solver '") + toString(kind) + "' does not handle " + (h.slides > 0 ? "sliding" : "universal") +
                                             " hinges, and hinge '" + h.name + "' (" + toString(h.type) + ") is one; use 'riccati' or 'newton-euler'",
                  {ErrorSubject::Kind::Hinge, h.specIndex});
    }
  if (model->hasLoads() && kind == SolverKind::ClassicalTmm)
    throw Error(ErrorKind::Validation, std::string("solver '") + toString(kind) + "' does not handle springs, dampers, stops, actuators, armature, prescribed hinges or external loads yet, and " +
                                           loadElementNamed(*model) + " is one; use 'riccati' or 'newton-euler'");
  std::unique_ptr<DynamicsSolver> solver = makeTreeSolver(kind, std::move(model), target, threads);
  if (loops && solver->appliesCutLoads()) return std::make_unique<ClosedLoopSolver>(std::move(solver), target);
  return solver;
}

}  // namespace mstmm
