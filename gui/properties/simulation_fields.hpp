#pragma once
// The editors of a model's simulation settings (end time, step, integrator,
// tolerances, output interval, solver), made and checked in one place for
// the model page of the properties panel and for Simulate ▸ Settings.

#include <QString>
#include <vector>

#include "core/spec/model_spec.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QWidget;
class QFormLayout;
class QSpinBox;

namespace mstmm::gui {

class QuantityBox;

struct SimulationFields {
  QuantityBox *endTime, *timeStep, *rtol, *atol;
  /// Generalized-alpha's spectral radius rho_inf, 0 to 1 (equations.md §5.4).
  QuantityBox* rhoInf;
  QComboBox *integrator, *solver;
  QSpinBox* every;
  /// Under the time step: the longest step the model's beams take with RK4
  /// (beamStepLimit), in the warning's colour when the step is longer.
  QLabel* stepHint;
  /// Beside the hint, when the step is too long: "Use 4.3e-05 s", the
  /// step offered (offeredStep) in its "step" property; what it does is the
  /// page's or the dialog's. stepRow holds both: the form's row.
  QPushButton* useStep;
  QWidget* stepRow;
  /// Why the "Record every" value cannot be taken (0), or empty.
  QString everyRefusal() const;
  // Closed loops (equations.md §6): drift control and the initial state.
  QComboBox* loopStabilisation;
  QuantityBox *alpha, *beta;
  QCheckBox* projectInitial;

  /// New widgets without a parent: addRows() hands them to a form.
  SimulationFields();
  void addRows(QFormLayout* form) const;
  /// Shows `s` (the caller blocks signals if it must).
  void show(const SimulationSettings& s) const;
  SimulationSettings settings() const;
  /// Writes the beams' step limit (seconds) into stepHint; false when there
  /// is none to show (no beams, or the adaptive integrator): hide its row.
  bool showStepLimit(double limit, const SimulationSettings& s) const;
  std::vector<QuantityBox*> quantities() const { return {endTime, timeStep, rtol, atol, rhoInf, alpha, beta}; }
};

}  // namespace mstmm::gui
