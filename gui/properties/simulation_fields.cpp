#include "gui/properties/simulation_fields.hpp"

#include <QHBoxLayout>
#include <QPushButton>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <cmath>

#include "core/model/beam_step.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {
namespace {

/// A check refusing non-positive values with `message`.
std::function<QString(double)> positive(const QString& message) {
  return [message](double v) { return v > 0 && std::isfinite(v) ? QString() : message; };
}

}  // namespace

SimulationFields::SimulationFields()
    : endTime(new QuantityBox("s")), timeStep(new QuantityBox("s")), rtol(new QuantityBox("")), atol(new QuantityBox("")), rhoInf(new QuantityBox("")),
      integrator(new QComboBox), solver(new QComboBox), every(new QSpinBox), stepHint(new QLabel), loopStabilisation(new QComboBox),
      alpha(new QuantityBox("1/s")), beta(new QuantityBox("1/s")),
      projectInitial(new QCheckBox(QObject::tr("project onto the loop constraints"))) {
  endTime->setCheck(positive(QObject::tr("end time must be a positive number of seconds")));
  timeStep->setDecimals(7);
  timeStep->setStudyAddress([] { return QStringLiteral("simulation/time_step"); });
  endTime->setStudyAddress([] { return QStringLiteral("simulation/end_time"); });
  timeStep->setSingleStep(1e-4);
  timeStep->setCheck(positive(QObject::tr("the time step must be a positive number of seconds")));
  integrator->addItem(QObject::tr("RK4 (constant step)"), static_cast<int>(IntegratorKind::Rk4));
  integrator->addItem(QObject::tr("Dormand–Prince 5(4), adaptive"), static_cast<int>(IntegratorKind::DormandPrince45));
  // Short: the longest entry sets the combo's width and with it the Properties dock's.
  integrator->addItem(QObject::tr("Generalized-α, implicit"), static_cast<int>(IntegratorKind::GeneralizedAlpha));
  integrator->setItemData(integrator->count() - 1, QObject::tr("Implicit, at a constant step: for stiff models (beams, stiff springs, servos)"), Qt::ToolTipRole);
  integrator->addItem(QObject::tr("BDF, stiff, adaptive"), static_cast<int>(IntegratorKind::Bdf));
  integrator->setItemData(integrator->count() - 1,
                          QObject::tr("Backward differentiation formulas of orders 1 to 5 with error control (SUNDIALS CVODE): "
                                      "for stiff models, at the steps the tolerances allow"),
                          Qt::ToolTipRole);
  rhoInf->setObjectName("spectralRadius");
  rtol->setObjectName("relativeTolerance");
  rhoInf->setDecimals(3);
  rhoInf->setSingleStep(0.05);
  rhoInf->setToolTip(QObject::tr("Generalized-α's spectral radius at infinite frequency: 1 keeps every vibration, "
                                 "lower values damp those the time step does not resolve (0.9 is usual)"));
  rhoInf->setCheck([](double v) { return v >= 0.0 && v <= 1.0 ? QString() : QObject::tr("ρ∞ must be between 0 and 1"); });
  for (QuantityBox* tol : {rtol, atol}) {
    tol->setDecimals(15);
    tol->setCheck(positive(QObject::tr("a tolerance must be positive")));
  }
  stepHint->setObjectName("beamStepHint");
  stepHint->setWordWrap(true);
  useStep = new QPushButton;
  useStep->setObjectName("useOfferedStep");
  useStep->setToolTip(QObject::tr("Set the time step to the longest RK4 takes with the model's beams (one undo step)"));
  stepRow = new QWidget;
  auto* row = new QHBoxLayout(stepRow);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(stepHint, 1);
  row->addWidget(useStep, 0, Qt::AlignTop);
  every->setRange(0, 1000000000);  // 0 is typed and refused with the reason, not clamped to 1 in silence (issue 30)
  every->setObjectName("recordEvery");
  every->setSuffix(QObject::tr(" steps"));
  solver->addItem(QObject::tr("Riccati MSTMM"), static_cast<int>(SolverKind::Riccati));
  solver->addItem(QObject::tr("Newton–Euler (reference)"), static_cast<int>(SolverKind::NewtonEuler));
  solver->addItem(QObject::tr("Mass matrix, O(N³)"), static_cast<int>(SolverKind::MassMatrix));
  solver->addItem(QObject::tr("Classical TMM (chains)"), static_cast<int>(SolverKind::ClassicalTmm));
  loopStabilisation->addItem(QObject::tr("Baumgarte"), static_cast<int>(LoopStabilisation::Baumgarte));
  loopStabilisation->addItem(QObject::tr("Projection after each step"), static_cast<int>(LoopStabilisation::Projection));
  loopStabilisation->addItem(QObject::tr("None"), static_cast<int>(LoopStabilisation::None));
  for (QuantityBox* gain : {alpha, beta})
    gain->setCheck([](double v) { return v >= 0 && std::isfinite(v) ? QString() : QObject::tr("a Baumgarte parameter must be zero or positive"); });
}

void SimulationFields::addRows(QFormLayout* form) const {
  form->addRow(QObject::tr("End time"), endTime);
  form->addRow(QObject::tr("Time step"), timeStep);
  form->addRow(QString(), stepRow);
  form->addRow(QObject::tr("Integrator"), integrator);
  form->addRow(QObject::tr("Rel. tolerance"), rtol);
  form->addRow(QObject::tr("Abs. tolerance"), atol);
  form->addRow(QObject::tr("Spectral radius ρ∞"), rhoInf);
  form->addRow(QObject::tr("Record every"), every);
  form->addRow(QObject::tr("Solver"), solver);
  form->addRow(QObject::tr("Loop drift control"), loopStabilisation);
  form->addRow(QObject::tr("Baumgarte α"), alpha);
  form->addRow(QObject::tr("Baumgarte β"), beta);
  form->addRow(QObject::tr("Initial state"), projectInitial);
}

void SimulationFields::show(const SimulationSettings& s) const {
  endTime->setSi(s.endTime);
  timeStep->setSi(s.timeStep);
  rtol->setSi(s.relativeTolerance);
  atol->setSi(s.absoluteTolerance);
  rhoInf->setSi(s.spectralRadius);
  every->setValue(s.outputEvery);
  integrator->setCurrentIndex(integrator->findData(static_cast<int>(s.integrator)));
  solver->setCurrentIndex(solver->findData(static_cast<int>(s.solver)));
  loopStabilisation->setCurrentIndex(loopStabilisation->findData(static_cast<int>(s.loopStabilisation)));
  alpha->setSi(s.baumgarteAlpha);
  beta->setSi(s.baumgarteBeta);
  projectInitial->setChecked(s.projectInitialState);
}

bool SimulationFields::showStepLimit(double limit, const SimulationSettings& s) const {
  const bool shown = std::isfinite(limit) && s.integrator == IntegratorKind::Rk4;
  if (!shown) return false;
  const bool tooLong = s.timeStep > limit;
  // The model check's rule (equations.md §11.4, Eq 11.7): w dt <= 1 for the beams' highest frequency.
  stepHint->setText(tooLong ? QObject::tr("Too long for its beams: at most %1 s with RK4 (see Messages), or Generalized-α at this step").arg(limit, 0, 'g', 3)
                            : QObject::tr("Its beams take at most %1 s with RK4").arg(limit, 0, 'g', 3));
  stepHint->setStyleSheet(tooLong ? QStringLiteral("color: #b35900;") : QStringLiteral("color: palette(mid);"));
  const double offered = offeredStep(limit);
  useStep->setText(QObject::tr("Use %1 s").arg(offered, 0, 'g', 2));
  useStep->setProperty("step", offered);
  useStep->setVisible(tooLong);
  return true;
}

QString SimulationFields::everyRefusal() const {
  return every->value() < 1 ? QObject::tr("record every: at least 1 step (1 records every step)") : QString();
}

SimulationSettings SimulationFields::settings() const {
  return {endTime->si(), timeStep->si(), static_cast<IntegratorKind>(integrator->currentData().toInt()), rtol->si(), atol->si(), every->value(),
          static_cast<SolverKind>(solver->currentData().toInt()), static_cast<LoopStabilisation>(loopStabilisation->currentData().toInt()),
          alpha->si(), beta->si(), projectInitial->isChecked(), rhoInf->si()};
}

}  // namespace mstmm::gui
