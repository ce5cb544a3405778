#pragma once
// Simulate ▸ Compare Solvers (issue 30.6): the model run with two or more
// of the solvers (Riccati, Newton–Euler, mass matrix, classical TMM) under
// its own settings; the largest difference in orientation and in
// centre-of-mass position against the first chosen solver, over time, on a
// logarithmic scale; and each run's cost side by side. The runs are core's
// compareSolvers() on a worker thread while a progress dialog waits.

#include <QDialog>
#include <vector>

#include "core/spec/model_spec.hpp"
#include "core/sim/solver_comparison.hpp"

class QCheckBox;
class QLabel;
class QTableWidget;

namespace mstmm::gui {

class PlotPane;

class CompareSolversDialog : public QDialog {
  Q_OBJECT

 public:
  CompareSolversDialog(ModelSpec spec, QWidget* parent);

  /// Ticks exactly these solvers (the first one ticked is the reference).
  void setSolvers(const std::vector<SolverKind>& solvers);
  /// Runs the ticked solvers; false (the reason in the status line) when
  /// fewer than two are ticked, the model has problems, or it was cancelled.
  bool compare();

  const SolverComparison& comparison() const { return m_comparison; }
  PlotPane* orientationPlot() const { return m_orientation; }
  PlotPane* positionPlot() const { return m_position; }
  QTableWidget* costTable() const { return m_costs; }
  QString status() const;

 private:
  std::vector<SolverKind> ticked() const;
  void display(const SolverComparison& c);

  ModelSpec m_spec;
  std::vector<std::pair<SolverKind, QCheckBox*>> m_boxes;
  QLabel* m_status = nullptr;
  PlotPane* m_orientation = nullptr;
  PlotPane* m_position = nullptr;
  QTableWidget* m_costs = nullptr;
  SolverComparison m_comparison;
};

}  // namespace mstmm::gui
