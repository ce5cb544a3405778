#include "gui/dialogs/simulation_settings_dialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

#include "core/model/beam_step.hpp"
#include "gui/document/commands.hpp"
#include "gui/properties/quantity_box.hpp"
#include "gui/properties/simulation_fields.hpp"

namespace mstmm::gui {

SimulationSettingsDialog::SimulationSettingsDialog(ModelDocument* document, QWidget* parent) : QDialog(parent), m_document(document) {
  setWindowTitle(tr("Simulation Settings"));
  const SimulationFields fields;
  fields.show(document->spec().simulation);
  auto* refusal = new QLabel;
  refusal->setStyleSheet("color: #c0392b;");
  for (QuantityBox* b : fields.quantities()) connect(b, &QuantityBox::refused, refusal, &QLabel::setText);
  auto* form = new QFormLayout(this);
  fields.addRows(form);
  const double limit = beamStepLimit(document->spec());
  form->setRowVisible(fields.stepRow, fields.showStepLimit(limit, document->spec().simulation));
  QObject::connect(fields.useStep, &QPushButton::clicked, this, [fields, limit] {
    fields.timeStep->setSi(fields.useStep->property("step").toDouble());
    fields.showStepLimit(limit, fields.settings());
  });
  form->addRow(refusal);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(buttons, &QDialogButtonBox::accepted, this, [=, this] {
    if (const QString why = fields.everyRefusal(); !why.isEmpty()) {  // refused with the reason, as on the model page
      refusal->setText(why);
      return;
    }
    const ModelProperties before = ModelProperties::of(m_document->spec());
    ModelProperties after = before;
    after.simulation = fields.settings();
    if (!(after.simulation == before.simulation))
      m_document->undoStack()->push(new EditModelCommand(m_document, before, after, tr("simulation settings")));
    accept();
  });
}

}  // namespace mstmm::gui
