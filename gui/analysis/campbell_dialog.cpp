#include "gui/analysis/campbell_dialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/error.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/rotor_csv.hpp"
#include "core/message_text.hpp"
#include "gui/analysis/worker.hpp"
#include "gui/plots/plot_pane.hpp"

namespace mstmm::gui {

namespace {

constexpr double kRpm = 30.0 / std::numbers::pi;  // rpm per rad/s

QDoubleSpinBox* rpmBox(double value, QWidget* parent) {
  auto* box = new QDoubleSpinBox(parent);
  box->setDecimals(0);
  box->setRange(0.0, 1e7);
  box->setSingleStep(500.0);
  box->setSuffix(" rpm");
  box->setValue(value);
  return box;
}

QSpinBox* countBox(int low, int high, int value, QWidget* parent) {
  auto* box = new QSpinBox(parent);
  box->setRange(low, high);
  box->setValue(value);
  return box;
}

// The response's peaks are narrow: ten speeds for each step of the
// diagram (at most 2,001), and the critical speeds themselves, where the
// peaks are.
std::vector<double> responseSpeeds(const std::vector<double>& diagram, const std::vector<CriticalSpeed>& critical) {
  const int steps = std::min(2000, 10 * static_cast<int>(diagram.size() - 1));
  std::vector<double> speeds;
  for (int i = 0; i <= steps; ++i) speeds.push_back(diagram.front() + (diagram.back() - diagram.front()) * i / std::max(steps, 1));
  for (const CriticalSpeed& c : critical) speeds.push_back(c.speed);
  std::sort(speeds.begin(), speeds.end());
  speeds.erase(std::unique(speeds.begin(), speeds.end()), speeds.end());
  return speeds;
}

}  // namespace

CampbellDialog::CampbellDialog(ModelSpec spec, QWidget* parent) : QDialog(parent), m_spec(std::move(spec)) {
  setWindowTitle(tr("Campbell Diagram"));
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  m_spin = new QComboBox(this);
  m_spin->setObjectName("campbellSpin");
  m_spin->addItems(spinChoices());
  for (const char* usual : {"spin*", "spin"})  // an elastic shaft's pieces, or a rigid rotor's hinge
    if (const int k = m_spin->findText(usual); k >= 0) {
      m_spin->setCurrentIndex(k);
      break;
    }
  m_spin->setToolTip(tr("The hinge the rotor turns on: driven at each speed, with everything beyond it turning along ('spin*': every hinge named 'spin …', an elastic shaft's pieces)"));
  m_from = rpmBox(0.0, this);
  m_to = rpmBox(10000.0, this);
  m_points = countBox(2, 100000, 41, this);
  m_modes = countBox(1, 100, 6, this);
  auto* range = new QHBoxLayout;
  range->addWidget(m_from);
  range->addWidget(new QLabel(tr("to"), this));
  range->addWidget(m_to);
  range->addWidget(new QLabel(tr("in"), this));
  range->addWidget(m_points);
  range->addWidget(new QLabel(tr("speeds"), this));
  range->addStretch();
  form->addRow(tr("Spin hinge"), m_spin);
  form->addRow(tr("Speeds"), range);
  form->addRow(tr("Modes followed"), m_modes);
  layout->addLayout(form);
  m_status = new QLabel(tr("Choose the spin hinge and the speeds, then Compute."), this);
  m_status->setObjectName("campbellStatus");
  m_status->setWordWrap(true);
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_status);
  m_tabs = new QTabWidget(this);
  m_campbell = new PlotPane(this);
  m_damping = new PlotPane(this);
  m_orbits = new PlotPane(this);
  m_campbell->setAxisTitles(tr("speed [rpm]"), tr("damped frequency [Hz]"));
  m_damping->setAxisTitles(tr("speed [rpm]"), tr("damping ratio [-]"));
  m_orbits->setAxisTitles(tr("speed [rpm]"), tr("orbit, major semi-axis [m]"));
  m_tabs->addTab(m_campbell, tr("Campbell"));
  m_tabs->addTab(m_damping, tr("Damping"));
  m_tabs->addTab(m_orbits, tr("Unbalance response"));
  layout->addWidget(m_tabs, 1);
  // Show a mode: line k at the computed speed nearest the one asked.
  auto* show = new QHBoxLayout;
  m_line = countBox(1, 100, 1, this);
  m_showAt = rpmBox(0.0, this);
  m_line->setObjectName("campbellLine");
  m_showAt->setObjectName("campbellShowAt");
  auto* animate = new QPushButton(tr("Show Whirl"), this);
  animate->setObjectName("campbellShowWhirl");
  animate->setToolTip(tr("Animate this line's mode at this speed in the 3-D view: every point of the rotor on its orbit"));
  show->addWidget(new QLabel(tr("Line"), this));
  show->addWidget(m_line);
  show->addWidget(new QLabel(tr("at"), this));
  show->addWidget(m_showAt);
  show->addWidget(animate);
  show->addStretch();
  layout->addLayout(show);
  connect(animate, &QPushButton::clicked, this, &CampbellDialog::requestAnimation);
  // The plots' cursor marks the speed whose whirl would be shown.
  connect(m_showAt, &QDoubleSpinBox::valueChanged, this, [this](double rpm) {
    for (PlotPane* pane : {m_campbell, m_damping, m_orbits}) pane->setCursorTime(rpm);
  });
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  QPushButton* run = buttons->addButton(tr("Compute"), QDialogButtonBox::ActionRole);
  run->setObjectName("campbellCompute");
  QPushButton* save = buttons->addButton(tr("Export…"), QDialogButtonBox::ActionRole);
  connect(run, &QPushButton::clicked, this, [this] { compute(); });
  connect(save, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Campbell Diagram"), "campbell.csv", tr("CSV (*.csv);;PNG (*.png);;SVG (*.svg)"));
    if (path.isEmpty()) return;
    if (const QString why = exportTo(path); !why.isEmpty()) QMessageBox::warning(this, tr("Export Campbell Diagram"), why);
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  resize(900, 700);
}

QStringList CampbellDialog::spinChoices() const {
  QStringList list;
  for (const std::string& name : mstmm::spinChoices(m_spec)) list << QString::fromStdString(name);
  return list;
}

void CampbellDialog::setSpin(const QString& spin) { m_spin->setCurrentText(spin); }

void CampbellDialog::setRange(double fromRpm, double toRpm, int points, int modes) {
  m_from->setValue(fromRpm);
  m_to->setValue(toRpm);
  m_points->setValue(points);
  m_modes->setValue(modes);
}

QString CampbellDialog::compute() {
  if (m_spin->currentText().isEmpty()) {
    m_status->setText(tr("The model has no hinge a rotor can spin on (a revolute or pin hinge, or a cylindrical or planar hinge's angle)."));
    return m_status->text();
  }
  if (!(m_to->value() > m_from->value())) {
    m_status->setText(tr("The speeds must go up: %1 to %2 rpm.").arg(m_from->value()).arg(m_to->value()));
    return m_status->text();
  }
  CampbellOptions options;
  for (int i = 0; i < m_points->value(); ++i)
    options.speeds.push_back((m_from->value() + (m_to->value() - m_from->value()) * i / (m_points->value() - 1)) / kRpm);
  options.modes = m_modes->value();
  try {
    const ModelSpec spec = m_spec;
    const std::vector<SpinCoordinate> spins = parseSpins(m_spin->currentText().toStdString());
    struct Result {
      RotorAtSpeed rotor;
      CampbellDiagram diagram;
      std::vector<CriticalSpeed> critical;
      std::optional<StabilityThreshold> threshold;
      UnbalanceResponse unbalance;
    };
    Result r = aside(this, tr("Computing the Campbell diagram…"), [&](const std::atomic<bool>* cancel) {
      options.cancel = cancel;
      RotorAtSpeed rotor = RotorAtSpeed::spinningOn(spec, spins);
      CampbellDiagram d = campbellDiagram(rotor, options);
      std::vector<CriticalSpeed> critical = mstmm::criticalSpeeds(rotor, d, 1.0, cancel);
      std::optional<StabilityThreshold> threshold = stabilityThreshold(rotor, d, cancel);
      UnbalanceResponse u;
      std::vector<OrbitPoint> points = bearingPoints(spec);
      if (points.empty())
        for (const UnbalanceSpec& b : spec.unbalances) points.push_back({b.body, b.centre, "body " + quoted(b.body)});
      if (!rotor.unbalances().empty()) u = unbalanceResponse(rotor, responseSpeeds(options.speeds, critical), points, cancel);
      return Result{std::move(rotor), std::move(d), std::move(critical), threshold, std::move(u)};
    });
    m_rotor.emplace(std::move(r.rotor));
    m_diagram = std::move(r.diagram);
    m_critical = std::move(r.critical);
    m_threshold = r.threshold;
    m_unbalance = std::move(r.unbalance);
  } catch (const Error& e) {
    m_status->setText(QString::fromStdString(e.what()));
    return m_status->text();
  }
  m_line->setMaximum(static_cast<int>(m_diagram.lines.size()));
  m_status->setText(summary());
  plot();
  return {};
}

QString CampbellDialog::summary() const {
  QStringList critical;
  for (const CriticalSpeed& c : m_critical)
    critical << tr("%1 rpm (line %2, %3)").arg(c.speed * kRpm, 0, 'f', 0).arg(c.line + 1).arg(toString(c.whirl));
  QString text = critical.isEmpty() ? tr("No critical speed (1x) in the range.") : tr("Critical speeds (1x): %1.").arg(critical.join(", "));
  text += " " + (m_threshold ? tr("Unstable from %1 rpm (line %2, %3 whirl).").arg(m_threshold->speed * kRpm, 0, 'f', 0).arg(m_threshold->line + 1).arg(toString(m_threshold->whirl))
                             : tr("Stable over the range."));
  if (m_unbalance.points.empty()) text += " " + tr("No unbalance: no response to plot.");
  return text;
}

void CampbellDialog::plot() {
  for (PlotPane* pane : {m_campbell, m_damping, m_orbits}) pane->clearCurves();
  std::vector<double> rpm;
  for (double w : m_diagram.speeds) rpm.push_back(w * kRpm);
  for (std::size_t k = 0; k < m_diagram.lines.size(); ++k) {
    const auto& line = m_diagram.lines[k];
    std::vector<double> f, zeta;
    for (const RotorMode& m : line) {
      f.push_back(m.frequency);
      zeta.push_back(m.dampingRatio);
    }
    const QString name = tr("line %1 (%2)").arg(k + 1).arg(toString(line.back().whirl));
    m_campbell->setCurveData(m_campbell->addCurve(name), rpm, f);
    m_damping->setCurveData(m_damping->addCurve(name), rpm, zeta);
  }
  std::vector<double> once;
  for (double r : rpm) once.push_back(r / 60.0);
  m_campbell->setCurveData(m_campbell->addCurve(tr("1x (the spin)")), rpm, once);
  m_campbell->setTitle(tr("Campbell diagram, spin on '%1'; the critical speeds are where a line crosses 1x").arg(m_spin->currentText()));
  std::vector<double> responseRpm;
  for (double w : m_unbalance.speeds) responseRpm.push_back(w * kRpm);
  for (std::size_t p = 0; p < m_unbalance.points.size(); ++p) {
    std::vector<double> major;
    for (const Orbit& o : m_unbalance.orbits[p]) major.push_back(o.major());
    const OrbitPoint& point = m_unbalance.points[p];
    m_orbits->setCurveData(m_orbits->addCurve(QString::fromStdString(point.label.empty() ? "body " + quoted(point.body) : point.label)), responseRpm, major);
  }
  m_orbits->setTitle(m_unbalance.points.empty() ? tr("No unbalance in the model") : tr("Orbits driven by the unbalances"));
  for (PlotPane* pane : {m_campbell, m_damping, m_orbits}) pane->setCursorTime(m_showAt->value());
}

void CampbellDialog::requestAnimation() {
  if (m_diagram.speeds.empty()) {
    m_status->setText(tr("Compute the diagram first."));
    return;
  }
  std::size_t nearest = 0;
  for (std::size_t i = 1; i < m_diagram.speeds.size(); ++i)
    if (std::abs(m_diagram.speeds[i] * kRpm - m_showAt->value()) < std::abs(m_diagram.speeds[nearest] * kRpm - m_showAt->value())) nearest = i;
  emit animateRequested(m_line->value() - 1, static_cast<int>(nearest));
}

QString CampbellDialog::exportTo(const QString& path) const {
  if (m_diagram.speeds.empty()) return tr("nothing computed yet");
  const bool response = m_tabs->currentWidget() == m_orbits;
  if (path.endsWith(".csv", Qt::CaseInsensitive)) {
    if (response && m_unbalance.points.empty()) return tr("the model has no unbalance: there is no response to export");
    try {
      writeFileAtomically(path.toStdString(), response ? unbalanceCsv(m_unbalance) : campbellCsv(m_diagram));
    } catch (const Error& e) {
      return QString::fromStdString(e.what());
    }
    return {};
  }
  if (!path.endsWith(".png", Qt::CaseInsensitive) && !path.endsWith(".svg", Qt::CaseInsensitive)) return tr("the file must end in .csv, .png or .svg");
  const auto* pane = static_cast<const PlotPane*>(m_tabs->currentWidget());
  return PlotPane::saveStacked({pane}, path, QSize(900, 500)) ? QString() : tr("could not write %1").arg(path);
}

}  // namespace mstmm::gui
