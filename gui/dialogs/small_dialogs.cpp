#include "gui/dialogs/small_dialogs.hpp"

#include <QAction>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QRadioButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

PreferencesDialog::PreferencesDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Preferences"));
  auto* degrees = new QRadioButton(tr("degrees"));
  auto* radians = new QRadioButton(tr("radians"));
  (AnglePreference::instance().degrees() ? degrees : radians)->setChecked(true);
  auto* form = new QFormLayout(this);
  form->addRow(tr("Show angles in"), degrees);
  form->addRow(QString(), radians);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(buttons, &QDialogButtonBox::accepted, this, [this, degrees] {
    AnglePreference::instance().setDegrees(degrees->isChecked());
    accept();
  });
}

ShortcutsDialog::ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Keyboard Shortcuts"));
  auto* table = new QTableWidget(0, 2);
  table->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut")});
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table->verticalHeader()->hide();
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  for (QAction* a : actions) {
    if (a->shortcut().isEmpty()) continue;
    const int row = table->rowCount();
    table->insertRow(row);
    table->setItem(row, 0, new QTableWidgetItem(a->text().remove('&')));
    table->setItem(row, 1, new QTableWidgetItem(a->shortcut().toString(QKeySequence::NativeText)));
  }
  table->setRowCount(table->rowCount());
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(table);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  resize(420, 480);
}

}  // namespace mstmm::gui
