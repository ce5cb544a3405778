#include "gui/dialogs/simulation_settings_dialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include "gui/document/commands.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

SimulationSettingsDialog::SimulationSettingsDialog(ModelDocument* document, QWidget* parent) : QDialog(parent), m_document(document) {
  setWindowTitle(tr("Simulation Settings"));
  const SimulationSettings& s = document->spec().simulation;
  auto positive = [](double v) { return v > 0 && std::isfinite(v) ? QString() : tr("must be positive"); };
  auto* endTime = new QuantityBox("s");
  endTime->setCheck(positive);
  endTime->setSi(s.endTime);
  auto* timeStep = new QuantityBox("s");
  timeStep->setDecimals(7);
  timeStep->setSingleStep(1e-4);
  timeStep->setCheck(positive);
  timeStep->setSi(s.timeStep);
  auto* integrator = new QComboBox;
  integrator->addItem(tr("RK4 (constant step)"), static_cast<int>(IntegratorKind::Rk4));
  integrator->addItem(tr("Dormand–Prince 5(4), adaptive"), static_cast<int>(IntegratorKind::DormandPrince45));
  integrator->setCurrentIndex(integrator->findData(static_cast<int>(s.integrator)));
  auto* rtol = new QuantityBox("");
  auto* atol = new QuantityBox("");
  for (QuantityBox* t : {rtol, atol}) {
    t->setDecimals(15);
    t->setCheck(positive);
  }
  rtol->setSi(s.relativeTolerance);
  atol->setSi(s.absoluteTolerance);
  auto* every = new QSpinBox;
  every->setRange(1, 1000000000);
  every->setValue(s.outputEvery);
  auto* solver = new QComboBox;
  for (SolverKind k : {SolverKind::Riccati, SolverKind::NewtonEuler, SolverKind::MassMatrix, SolverKind::ClassicalTmm})
    solver->addItem(QString::fromLatin1(toString(k)), static_cast<int>(k));
  solver->setCurrentIndex(solver->findData(static_cast<int>(s.solver)));
  auto* refusal = new QLabel;
  refusal->setStyleSheet("color: #c0392b;");
  for (QuantityBox* b : {endTime, timeStep, rtol, atol}) connect(b, &QuantityBox::refused, refusal, &QLabel::setText);
  auto* form = new QFormLayout(this);
  form->addRow(tr("End time"), endTime);
  form->addRow(tr("Time step"), timeStep);
  form->addRow(tr("Integrator"), integrator);
  form->addRow(tr("Relative tolerance (adaptive)"), rtol);
  form->addRow(tr("Absolute tolerance (adaptive)"), atol);
  form->addRow(tr("Record every"), every);
  form->addRow(tr("Solver"), solver);
  form->addRow(refusal);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(buttons, &QDialogButtonBox::accepted, this, [=, this] {
    const ModelProperties before = ModelProperties::of(m_document->spec());
    ModelProperties after = before;
    after.simulation = {endTime->si(), timeStep->si(), static_cast<IntegratorKind>(integrator->currentData().toInt()),
                        rtol->si(), atol->si(), every->value(), static_cast<SolverKind>(solver->currentData().toInt())};
    if (!(after.simulation == before.simulation))
      m_document->undoStack()->push(new EditModelCommand(m_document, before, after, tr("simulation settings")));
    accept();
  });
}

}  // namespace mstmm::gui
