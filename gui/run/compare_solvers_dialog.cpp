#include "gui/run/compare_solvers_dialog.hpp"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/model/model.hpp"
#include "gui/analysis/worker.hpp"
#include "gui/plots/plot_pane.hpp"

namespace mstmm::gui {

namespace {

/// Differences are drawn as log10; one of zero (the same to the last bit) at this floor.
constexpr double kFloor = 1e-17;

QString solverName(SolverKind kind) {
  switch (kind) {
    case SolverKind::Riccati: return QObject::tr("Riccati");
    case SolverKind::NewtonEuler: return QObject::tr("Newton–Euler");
    case SolverKind::MassMatrix: return QObject::tr("Mass matrix");
    case SolverKind::ClassicalTmm: return QObject::tr("Classical TMM");
  }
  return {};
}

/// log10 of the values that exist, with the times they belong to.
void logCurve(const std::vector<double>& times, const std::vector<double>& values, std::vector<double>& t, std::vector<double>& v) {
  for (std::size_t k = 0; k < times.size() && k < values.size(); ++k) {
    if (std::isnan(values[k])) continue;
    t.push_back(times[k]);
    v.push_back(std::log10(std::max(values[k], kFloor)));
  }
}

QString number(double v, int digits = 4) { return QString::number(v, 'g', digits); }

}  // namespace

CompareSolversDialog::CompareSolversDialog(ModelSpec spec, QWidget* parent) : QDialog(parent), m_spec(std::move(spec)) {
  setWindowTitle(tr("Compare Solvers — %1").arg(QString::fromStdString(m_spec.name)));
  auto* layout = new QVBoxLayout(this);
  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("Solvers (the first ticked is the reference):"), this));
  for (SolverKind kind : {SolverKind::Riccati, SolverKind::NewtonEuler, SolverKind::MassMatrix, SolverKind::ClassicalTmm}) {
    auto* box = new QCheckBox(solverName(kind), this);
    box->setObjectName(QString("solver-") + toString(kind));
    box->setChecked(kind == SolverKind::Riccati || kind == SolverKind::NewtonEuler);
    row->addWidget(box);
    m_boxes.emplace_back(kind, box);
  }
  row->addStretch(1);
  layout->addLayout(row);
  m_status = new QLabel(tr("%1 s of simulated time with the model's own settings; tick two solvers or more, then Compare.")
                            .arg(number(m_spec.simulation.endTime)),
                        this);
  m_status->setWordWrap(true);
  layout->addWidget(m_status);
  m_orientation = new PlotPane(this);
  m_position = new PlotPane(this);
  m_orientation->setTitle(tr("Largest difference in a body's orientation"));
  m_orientation->setAxisTitles(tr("time [s]"), tr("log10 angle [rad]"));
  m_position->setTitle(tr("Largest difference in a centre of mass's position"));
  m_position->setAxisTitles(tr("time [s]"), tr("log10 distance [m]"));
  layout->addWidget(m_orientation, 1);
  layout->addWidget(m_position, 1);
  m_costs = new QTableWidget(0, 6, this);
  m_costs->setHorizontalHeaderLabels({tr("Solver"), tr("Status"), tr("Wall time [s]"), tr("Evaluations"), tr("µs per evaluation"), tr("Cost against the reference")});
  m_costs->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_costs->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);  // a failure's message is elided; its tooltip holds it whole
  m_costs->setWordWrap(false);
  m_costs->verticalHeader()->hide();
  m_costs->setEditTriggers(QAbstractItemView::NoEditTriggers);
  layout->addWidget(m_costs);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  QPushButton* run = buttons->addButton(tr("Compare"), QDialogButtonBox::ActionRole);
  run->setObjectName("compare");
  connect(run, &QPushButton::clicked, this, [this] { compare(); });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  resize(900, 700);
}

void CompareSolversDialog::setSolvers(const std::vector<SolverKind>& solvers) {
  for (auto& [kind, box] : m_boxes) box->setChecked(std::find(solvers.begin(), solvers.end(), kind) != solvers.end());
}

std::vector<SolverKind> CompareSolversDialog::ticked() const {
  std::vector<SolverKind> kinds;
  for (const auto& [kind, box] : m_boxes)
    if (box->isChecked()) kinds.push_back(kind);
  return kinds;
}

QString CompareSolversDialog::status() const { return m_status->text(); }

bool CompareSolversDialog::compare() {
  const std::vector<SolverKind> solvers = ticked();
  if (solvers.size() < 2) {
    m_status->setText(tr("Tick two solvers or more: the first is the reference the others are measured against."));
    return false;
  }
  try {
    const ModelSpec spec = m_spec;
    SolverComparison c = aside(this, tr("Running the model with %1 solvers…").arg(solvers.size()), [spec, solvers](const std::atomic<bool>* cancel) {
      return compareSolvers(compile(spec), spec.simulation, solvers, cancel);
    });
    display(c);
    m_comparison = std::move(c);
    return m_comparison.runs.front().status == RunStatus::Completed;
  } catch (const Error& e) {
    m_status->setText(tr("Cannot compare: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
}

void CompareSolversDialog::display(const SolverComparison& c) {
  const SolverRunCost& reference = c.runs.front();
  m_orientation->clearCurves();
  m_position->clearCurves();
  double largest = 0.0;
  QString worst;
  for (std::size_t k = 1; k < c.runs.size(); ++k) {
    QString name = tr("%1 − %2").arg(solverName(c.runs[k].solver), solverName(reference.solver));
    if (c.runs[k].status == RunStatus::Failed) name += tr(" (failed)");
    std::vector<double> t, v;
    logCurve(c.times, c.orientationDifference[k - 1], t, v);
    m_orientation->setCurveData(m_orientation->addCurve(name), t, v);
    t.clear(), v.clear();
    logCurve(c.times, c.positionDifference[k - 1], t, v);
    m_position->setCurveData(m_position->addCurve(name), t, v);
    for (double d : c.orientationDifference[k - 1])
      if (!std::isnan(d) && d > largest) largest = d, worst = solverName(c.runs[k].solver);
  }
  m_costs->setRowCount(static_cast<int>(c.runs.size()));
  for (std::size_t k = 0; k < c.runs.size(); ++k) {
    const SolverRunCost& r = c.runs[k];
    const bool done = r.status == RunStatus::Completed;
    const QString state = done ? tr("completed") : (r.status == RunStatus::Cancelled ? tr("cancelled") : tr("failed: %1").arg(QString::fromStdString(r.message)));
    const double ratio = reference.secondsPerEvaluation() > 0.0 ? r.secondsPerEvaluation() / reference.secondsPerEvaluation() : 0.0;
    const bool evaluated = r.evaluations > 0;
    const QStringList cells{solverName(r.solver) + (k == 0 ? tr(" (reference)") : QString()), state, number(r.seconds), QString::number(r.evaluations),
                            evaluated ? number(1e6 * r.secondsPerEvaluation()) : QString("—"),
                            k == 0 ? QString("1×") : (ratio > 0.0 ? tr("%1×").arg(number(ratio, 3)) : QString("—"))};
    for (int col = 0; col < cells.size(); ++col) {
      auto* item = new QTableWidgetItem(cells[col]);
      item->setToolTip(cells[col]);
      m_costs->setItem(static_cast<int>(k), col, item);
    }
  }
  // All rows shown, no scroll bar: at most four solvers.
  m_costs->setFixedHeight(m_costs->horizontalHeader()->height() + m_costs->rowCount() * m_costs->verticalHeader()->defaultSectionSize() + 2 * m_costs->frameWidth());
  m_status->setText(reference.status != RunStatus::Completed
                        ? tr("The reference run did not complete: %1").arg(QString::fromStdString(reference.message))
                        : tr("%1 s simulated. Largest orientation difference: %2 rad (%3). Differences of zero are drawn at 1e-17.")
                              .arg(number(reference.reached), number(largest, 3), worst.isEmpty() ? tr("none") : worst));
}

}  // namespace mstmm::gui
