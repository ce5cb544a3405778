#include "gui/analysis/modes_dialog.hpp"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/error.hpp"
#include "core/io/analysis_csv.hpp"
#include "core/io/model_json.hpp"
#include "core/model/validation.hpp"

namespace mstmm::gui {

namespace {

QTableWidgetItem* cell(const QString& text) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  return item;
}

}  // namespace

ModesDialog::ModesDialog(ModesReport report, QWidget* parent) : QDialog(parent), m_report(std::move(report)) {
  setWindowTitle(tr("Natural Frequencies"));
  auto* layout = new QVBoxLayout(this);
  auto* about = new QLabel(QString::fromStdString(m_report.description), this);
  about->setWordWrap(true);
  layout->addWidget(about);
  m_table = new QTableWidget(static_cast<int>(m_report.rows.size()), 6, this);
  m_table->setObjectName("modes");
  m_table->setHorizontalHeaderLabels({tr("Mode"), tr("Frequency (Hz)"), tr("Damping ratio"), tr("Kind"), tr("Coordinates"), tr("Bodies")});
  m_table->verticalHeader()->hide();
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  for (int r = 0; r < m_table->rowCount(); ++r) {
    const ModeRow& row = m_report.rows[static_cast<std::size_t>(r)];
    const bool vibration = row.kind == ModeKind::Vibration;
    m_table->setItem(r, 0, cell(QString::number(row.number)));
    m_table->setItem(r, 1, cell(vibration ? QString::fromStdString(formatNumber(row.frequency)) : "–"));
    m_table->setItem(r, 2, cell(vibration ? QString::fromStdString(formatNumber(row.dampingRatio)) : "–"));
    m_table->setItem(r, 3, cell(toString(row.kind)));
    m_table->setItem(r, 4, cell(QString::fromStdString(describeCoordinates(row))));
    m_table->setItem(r, 5, cell(QString::fromStdString(describeBodies(*m_report.model, row))));
  }
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setStretchLastSection(true);
  layout->addWidget(m_table);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  m_amplitude = new QDoubleSpinBox(this);
  m_amplitude->setObjectName("amplitude");
  m_amplitude->setRange(1e-4, 3.0);
  m_amplitude->setDecimals(4);
  m_amplitude->setValue(0.2);
  m_amplitude->setPrefix(tr("amplitude "));
  m_amplitude->setToolTip(tr("The largest joint coordinate's swing in the animation (rad or m)"));
  buttons->addButton(tr("Animate"), QDialogButtonBox::ActionRole)->setObjectName("animate");
  layout->addWidget(m_amplitude);
  connect(buttons->findChild<QPushButton*>("animate"), &QPushButton::clicked, this, [this] {
    if (m_table->currentRow() >= 0) emit animateRequested(m_table->currentRow(), amplitude());
  });
  connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { emit animateRequested(row, amplitude()); });
  QPushButton* csv = buttons->addButton(tr("Export CSV…"), QDialogButtonBox::ActionRole);
  connect(csv, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Modes"), "modes.csv", tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    if (const QString why = exportCsv(path); !why.isEmpty()) QMessageBox::warning(this, tr("Export Modes"), why);
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  resize(900, 420);
}

double ModesDialog::amplitude() const { return m_amplitude->value(); }

QString ModesDialog::exportCsv(const QString& path) const {
  try {
    writeFileAtomically(path.toStdString(), modesCsv(*m_report.lin, m_report.rows));
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace mstmm::gui
