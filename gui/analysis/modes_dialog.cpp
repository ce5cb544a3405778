#include "gui/analysis/modes_dialog.hpp"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/io/analysis_csv.hpp"
#include "core/io/model_json.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"

namespace mstmm::gui {

namespace {

QTableWidgetItem* cell(const QString& text) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  return item;
}

}  // namespace

ModesDialog::ModesDialog(ModesReport report, int asked, QWidget* parent) : QDialog(parent), m_report(std::move(report)) {
  setWindowTitle(tr("Natural Frequencies"));
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(countRow(asked));
  QString text = QString::fromStdString(m_report.description);
  for (const std::string& note : m_report.notes) text += "\n" + QString::fromStdString(note);  // e.g. a beam divided too coarsely for the modes listed
  auto* about = new QLabel(text, this);
  about->setWordWrap(true);
  layout->addWidget(about);
  // How the main body moves, then the bodies, before the coordinates: which
  // part moves and how (the chassis along y, or about z) is what tells
  // bounce from pitch, and it stays on screen.
  m_table = new QTableWidget(static_cast<int>(m_report.rows.size()), kColumns, this);
  m_table->setObjectName("modes");
  m_table->setHorizontalHeaderLabels({tr("Mode"), tr("Frequency (Hz)"), tr("Damped (Hz)"), tr("Damping ratio"), tr("Kind"), tr("Motion"), tr("Bodies"), tr("Coordinates")});
  m_table->horizontalHeaderItem(kMotion)->setToolTip(tr("How the body that moves most moves: its kinetic energy along the world axes and about its principal axes "
                                                        "(along the vertical: bounce; about the lateral axis: pitch)"));
  m_table->horizontalHeaderItem(kFrequency)->setToolTip(tr("Undamped natural frequency"));
  m_table->horizontalHeaderItem(kDamped)->setToolTip(tr("Frequency of the damped motion (the damped eigenvalue's imaginary part); none where the mode is overdamped (zeta >= 1)"));
  m_table->verticalHeader()->hide();
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  for (int r = 0; r < m_table->rowCount(); ++r) {
    const ModeRow& row = m_report.rows[static_cast<std::size_t>(r)];
    const bool vibration = row.kind == ModeKind::Vibration;
    const bool overdamped = vibration && row.dampingRatio >= 1.0;
    m_table->setItem(r, kNumber, cell(QString::number(row.number)));
    m_table->setItem(r, kFrequency, cell(vibration ? QString::fromStdString(formatNumber(row.frequency)) : "–"));
    m_table->setItem(r, kDamped, cell(!vibration ? "–" : overdamped ? tr("none (overdamped)") : QString::fromStdString(formatNumber(row.dampedFrequency))));
    m_table->setItem(r, kDamping, cell(!vibration ? "–" : overdamped ? tr("≥ 1") : QString::fromStdString(formatNumber(row.dampingRatio))));
    m_table->setItem(r, kKind, cell(toString(row.kind)));
    m_table->setItem(r, kMotion, cell(QString::fromStdString(describeMotion(*m_report.model, row))));
    m_table->setItem(r, kBodies, cell(QString::fromStdString(describeBodies(*m_report.model, row))));
    m_table->setItem(r, kCoordinates, cell(QString::fromStdString(describeCoordinates(row))));
  }
  // The first vibration is current (a rigid mode at 0 Hz shows nothing
  // moving), and nothing is animated before the user picks a mode.
  for (int r = 0; r < m_table->rowCount(); ++r)
    if (m_report.rows[static_cast<std::size_t>(r)].kind == ModeKind::Vibration) {
      m_table->setCurrentCell(r, 0);
      break;
    }
  if (m_showRigid) showRigidRows(m_showRigid->isChecked());
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->horizontalHeader()->setStretchLastSection(true);
  layout->addWidget(m_table);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  buttons->addButton(tr("Animate"), QDialogButtonBox::ActionRole)->setObjectName("animate");
  layout->addLayout(amplitudeRow());
  connect(buttons->findChild<QPushButton*>("animate"), &QPushButton::clicked, this, [this] { animate(m_table->currentRow()); });
  connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { animate(row); });
  // Selecting a mode shows it, as the users expect from a mode table.
  connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row, int, int previous, int) {
    if (row != previous) animate(row);
  });
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

namespace {

// The slider spans the spin box's range logarithmically, 1e-4 to 0.5:
// half a radian, or half a metre, is as far as a linear mode means
// anything (at 3 the vehicle's bounce sank the chassis through the floor).
constexpr double kLeast = 1e-4, kMost = 0.5;
constexpr int kSteps = 1000;

int sliderPosition(double amplitude) { return static_cast<int>(std::lround(kSteps * std::log(amplitude / kLeast) / std::log(kMost / kLeast))); }
double sliderAmplitude(int position) { return kLeast * std::pow(kMost / kLeast, static_cast<double>(position) / kSteps); }

}  // namespace

// As many modes as the model has coordinates (the dense path lists them
// all); the list is computed again when the count is let go of.
QHBoxLayout* ModesDialog::countRow(int asked) {
  m_count = new QSpinBox(this);
  m_count->setObjectName("modeCount");
  const int most = std::max(1, m_report.model ? m_report.model->degreesOfFreedom() : asked);
  m_count->setRange(1, most);
  m_count->setValue(std::min(asked, most));
  m_count->setKeyboardTracking(false);  // typing "25" asks once, for 25
  m_count->setToolTip(tr("How many modes to list, the lowest first (up to the model's degrees of freedom)"));
  connect(m_count, &QSpinBox::valueChanged, this, [this](int count) { emit countRequested(count); });
  auto* label = new QLabel(tr("Modes:"), this);
  label->setBuddy(m_count);
  auto* shown = new QLabel(tr("%1 listed of %2 degrees of freedom").arg(m_report.rows.size()).arg(most), this);
  shown->setObjectName("modesListed");
  auto* row = new QHBoxLayout;
  row->addWidget(label);
  row->addWidget(m_count);
  row->addWidget(shown);
  // Rigid-body modes (a vehicle's x, z, yaw and wheel spins) come first at
  // 0 Hz and pushed the vibrations below the fold: hidden unless asked for
  // when the list has vibrations too.
  const auto rigid = std::count_if(m_report.rows.begin(), m_report.rows.end(), [](const ModeRow& r) { return r.kind == ModeKind::Rigid; });
  if (rigid > 0) {
    m_showRigid = new QCheckBox(tr("show the %1 rigid-body modes").arg(rigid), this);
    m_showRigid->setObjectName("showRigidModes");
    m_showRigid->setToolTip(tr("Modes at 0 Hz, in which the model moves freely (a floating body's translations, a wheel's spin)"));
    m_showRigid->setChecked(rigid == static_cast<long>(m_report.rows.size()));
    connect(m_showRigid, &QCheckBox::toggled, this, &ModesDialog::showRigidRows);
    row->addWidget(m_showRigid);
  }
  row->addStretch(1);
  return row;
}

void ModesDialog::showRigidRows(bool show) {
  for (int r = 0; r < m_table->rowCount(); ++r)
    if (m_report.rows[static_cast<std::size_t>(r)].kind == ModeKind::Rigid) m_table->setRowHidden(r, !show);
}

QHBoxLayout* ModesDialog::amplitudeRow() {
  m_amplitude = new QDoubleSpinBox(this);
  m_amplitude->setObjectName("amplitude");
  m_amplitude->setRange(kLeast, kMost);
  m_amplitude->setDecimals(4);
  m_amplitude->setValue(0.2);
  m_amplitude->setPrefix(tr("amplitude "));
  m_amplitude->setSuffix(tr(" rad or m"));
  m_amplitude->setToolTip(tr("The largest joint coordinate's swing in the animation (rad or m)"));
  m_slider = new QSlider(Qt::Horizontal, this);
  m_slider->setObjectName("amplitudeSlider");
  m_slider->setRange(0, kSteps);
  m_slider->setValue(sliderPosition(m_amplitude->value()));
  m_slider->setTracking(false);  // a new animation when the handle is let go, not at every pixel
  m_slider->setToolTip(m_amplitude->toolTip());
  connect(m_slider, &QSlider::valueChanged, this, [this](int position) {
    const QSignalBlocker quiet(m_amplitude);
    m_amplitude->setValue(sliderAmplitude(position));
    animate(m_animated);
  });
  connect(m_amplitude, &QDoubleSpinBox::editingFinished, this, [this] {
    const QSignalBlocker quiet(m_slider);
    m_slider->setValue(sliderPosition(m_amplitude->value()));
    animate(m_animated);
  });
  auto* row = new QHBoxLayout;
  row->addWidget(m_amplitude);
  row->addWidget(m_slider, 1);
  return row;
}

void ModesDialog::animate(int row) {
  if (row < 0 || row >= m_table->rowCount()) return;
  m_animated = row;
  emit animateRequested(row, amplitude());
}

QString ModesDialog::exportCsv(const QString& path) const {
  try {
    writeFileAtomically(path.toStdString(), modesCsv(*m_report.lin, m_report.rows));
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace mstmm::gui
