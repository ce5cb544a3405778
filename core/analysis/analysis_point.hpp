#pragma once
// Where a model is linearised (equations.md §10.2): at its static
// equilibrium, at its initial state, or at the state a run reaches at a
// time T, as the CLI's --at, Python's `at` and the studio's analyses give it.

#include <memory>
#include <string>

#include "core/analysis/equilibrium.hpp"

namespace mstmm {

struct AnalysisPoint {
  enum class Kind { Equilibrium, Initial, Time } kind = Kind::Equilibrium;
  double time = 0.0;  // Time: the instant; Equilibrium: the drives' time
};

/// "equilibrium", "initial" or a time in seconds (>= 0); throws mstmm::Error
/// (kind Input) naming the text otherwise.
AnalysisPoint parseAnalysisPoint(const std::string& text);
std::string describe(const AnalysisPoint& point);

/// The state there, and the time its drives and loads are taken at. A run
/// to T uses the model's own simulation settings (RK4, its step).
struct PointState {
  Eigen::VectorXd state;
  double time = 0.0;
  EquilibriumResult equilibrium;  // for Kind::Equilibrium: iterations and residual
};
PointState stateAt(std::shared_ptr<const Model> model, const AnalysisPoint& point, SolverKind solver = SolverKind::Riccati,
                   const std::atomic<bool>* cancel = nullptr);

}  // namespace mstmm
