#include "gui/study/study_dialog.hpp"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMouseEvent>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QSpinBox>
#include <QStandardPaths>
#include <QUuid>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>
#include <limits>
#include <tuple>

#include "core/error.hpp"
#include "core/io/results_csv.hpp"
#include "core/study/study_json.hpp"
#include "core/model/model.hpp"
#include "core/sim/result_columns.hpp"
#include "core/study/study_runner.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

namespace {

const char* const kStats[] = {"max", "min", "final", "mean", "rms", "energy-drift", "first-crossing", "decay-rate"};

QDoubleSpinBox* numberBox() {
  auto* box = new QDoubleSpinBox;
  box->setRange(-1e12, 1e12);
  box->setDecimals(6);
  return box;
}

/// The parameters and the metric of each row of a summary (run order; NaN: none).
std::vector<StudyDialog::Point> summaryPoints(const QString& path, int parameters) {
  QFile file(path);
  std::vector<StudyDialog::Point> points;
  if (!file.open(QIODevice::ReadOnly)) return points;
  bool header = true;
  while (!file.atEnd()) {
    const QString line = QString::fromUtf8(file.readLine()).trimmed();
    if (line.startsWith('#') || line.isEmpty()) continue;
    if (header) {
      header = false;
      continue;
    }
    const QStringList f = line.split(',');  // run, values..., status, metric, message
    if (f.size() < parameters + 3) continue;
    StudyDialog::Point p;
    for (int k = 0; k < parameters; ++k) p.values.push_back(f[1 + k].toDouble());
    bool ok = false;
    const double metric = f[parameters + 2].toDouble(&ok);
    p.metric = ok ? metric : std::numeric_limits<double>::quiet_NaN();
    points.push_back(p);
  }
  return points;
}

}  // namespace

StudyDialog::StudyDialog(ModelSpec model, QWidget* parent)
    : QDialog(parent),
      m_model(std::move(model)),
      m_choose(new QComboBox),
      m_choose2(new QComboBox),
      m_address(new QLineEdit),
      m_address2(new QLineEdit),
      m_from(numberBox()),
      m_to(numberBox()),
      m_from2(numberBox()),
      m_to2(numberBox()),
      m_level(numberBox()),
      m_count(new QSpinBox),
      m_count2(new QSpinBox),
      m_scale(new QLabel),
      m_quantity(new QComboBox),
      m_stat(new QComboBox),
      m_run(new QPushButton(tr("Run Study"))),
      m_cancel(new QPushButton(tr("Cancel"))),
      m_progress(new QProgressBar),
      m_status(new QLabel),
      m_chartView(new QChartView),
      m_line(new QLineSeries),
      m_dots(new QScatterSeries) {
  setWindowTitle(tr("Parameter Study — %1").arg(QString::fromStdString(m_model.name)));
  m_address->setObjectName("address");
  m_address->setToolTip(tr("A number of the model file: body:NAME/shape/mass, hinge:NAME/spring/damping, simulation/time_step, gravity/1 …"));
  m_count->setRange(2, 10000);
  m_count->setValue(11);
  m_address2->setObjectName("address2");
  m_address2->setPlaceholderText(tr("optional: a second parameter, every combination is run"));
  m_count2->setRange(2, 1000);
  m_count2->setValue(5);
  for (const char* s : kStats) m_stat->addItem(s);
  m_quantity->setEditable(true);
  try {  // the results columns the model has (docs/results-format.md)
    m_compiled = compile(m_model);
    int angle = -1;
    for (const std::string& name : CsvLayout(*m_compiled, {}, CsvPrecision::Double, {true, true}).columnNames()) {
      if (name == "t") continue;
      const std::string unit = resultColumnUnit(*m_compiled, name);
      if (angle < 0 && unit == "rad") angle = m_quantity->count();  // the first angle: what a study of a mechanism watches first
      m_quantity->addItem(QString::fromStdString(name), QString::fromStdString(unit));
    }
    if (angle >= 0) m_quantity->setCurrentIndex(angle);
  } catch (const Error&) {
    // An invalid model: the study will say why when it starts.
  }
  m_offered = studyAddresses(m_model);
  for (QComboBox* box : {m_choose, m_choose2}) {
    box->addItem(box == m_choose ? tr("Choose a number of the model…") : tr("Choose a second number (optional)…"));
    for (const StudyAddress& a : m_offered)
      box->addItem(QString("%1 [%2] = %3").arg(QString::fromStdString(a.label), QString::fromStdString(a.unit)).arg(a.value, 0, 'g', 6));
    connect(box, &QComboBox::activated, this, [this, box](int index) {
      if (index > 0) choose(index - 1, box == m_choose2);
    });
  }
  m_choose->setObjectName("chooseParameter");
  m_choose2->setObjectName("chooseParameter2");
  auto* form = new QFormLayout;
  form->addRow(tr("Parameter:"), m_choose);
  form->addRow(tr("Its address:"), m_address);
  auto range = [](QDoubleSpinBox* from, QDoubleSpinBox* to, QSpinBox* count, const QString& unit) {
    auto* row = new QHBoxLayout;
    for (QWidget* w : {static_cast<QWidget*>(from), static_cast<QWidget*>(new QLabel(tr("to"))), static_cast<QWidget*>(to),
                       static_cast<QWidget*>(new QLabel(tr("in"))), static_cast<QWidget*>(count), static_cast<QWidget*>(new QLabel(unit))})
      row->addWidget(w);
    return row;
  };
  form->addRow(tr("Values:"), range(m_from, m_to, m_count, tr("runs")));
  form->addRow(tr("Second parameter:"), m_choose2);
  form->addRow(tr("Its address:"), m_address2);
  form->addRow(tr("Its values:"), range(m_from2, m_to2, m_count2, tr("steps")));
  auto* metric = new QHBoxLayout;
  metric->addWidget(m_stat);
  metric->addWidget(new QLabel(tr("of")));
  metric->addWidget(m_quantity, 1);
  form->addRow(tr("Record:"), metric);
  form->addRow(tr("Threshold or centre:"), m_level);
  m_level->setToolTip(tr("first-crossing: the level to cross; decay-rate: the value the oscillation is about"));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_progress, 1);
  buttons->addWidget(m_run);
  buttons->addWidget(m_cancel);
  m_cancel->setEnabled(false);
  auto* chart = new QChart;
  chart->legend()->hide();
  chart->addSeries(m_line);
  chart->addSeries(m_dots);
  m_dots->setMarkerSize(9);
  auto* x = new QValueAxis, *y = new QValueAxis;
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  for (auto* s : {static_cast<QAbstractSeries*>(m_line), static_cast<QAbstractSeries*>(m_dots)}) s->attachAxis(x), s->attachAxis(y);
  m_chartView->setChart(chart);
  m_chartView->setMinimumSize(480, 280);
  m_chartView->viewport()->installEventFilter(this);
  m_chartView->setToolTip(tr("Double-click a point to open that run in the main views"));
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addLayout(buttons);
  layout->addWidget(m_status);
  layout->addWidget(m_scale);
  layout->addWidget(m_chartView, 1);
  connect(m_run, &QPushButton::clicked, this, [this] { start(); });
  connect(m_cancel, &QPushButton::clicked, this, &StudyDialog::cancel);
  connect(this, &StudyDialog::progressed, this, [this](int done, int total) {
    m_progress->setMaximum(total);
    m_progress->setValue(done);
  });
}

StudyDialog::~StudyDialog() {
  m_stop = true;
  if (m_worker.joinable()) m_worker.join();
  if (!m_folder.isEmpty()) QDir(m_folder).removeRecursively();
}

namespace {

/// The chooser's entry of an address (0, its prompt, when it offers none).
int entryOf(const std::vector<StudyAddress>& offered, const QString& address) {
  for (std::size_t k = 0; k < offered.size(); ++k)
    if (QString::fromStdString(offered[k].address) == address) return static_cast<int>(k) + 1;
  return 0;
}

}  // namespace

void StudyDialog::setParameter(const QString& address, double value) {
  m_address->setText(address);
  m_choose->setCurrentIndex(entryOf(m_offered, address));
  const double span = value != 0.0 ? std::abs(value) : 1.0;
  setRange(value - 0.5 * span, value + 0.5 * span, m_count->value());
}

void StudyDialog::choose(int k, bool second) {
  if (k < 0 || k >= static_cast<int>(m_offered.size())) return;
  const StudyAddress& a = m_offered[static_cast<std::size_t>(k)];
  const double span = a.value != 0.0 ? std::abs(a.value) : 1.0;
  if (second) setSecondParameter(QString::fromStdString(a.address), a.value - 0.5 * span, a.value + 0.5 * span, m_count2->value());
  else setParameter(QString::fromStdString(a.address), a.value);
}

StudyDialog::ShownUnit StudyDialog::metricUnit() const {
  MetricStat stat = MetricStat::Max;
  for (int k = 0; k < static_cast<int>(std::size(kStats)); ++k)
    if (m_stat->currentText() == kStats[k]) stat = static_cast<MetricStat>(k);
  if (stat == MetricStat::EnergyDrift) return {1.0, "J"};
  if (stat == MetricStat::FirstCrossing) return {1.0, "s"};
  if (stat == MetricStat::DecayRate) return {1.0, "1/s"};
  const std::string unit = m_compiled ? resultColumnUnit(*m_compiled, m_quantity->currentText().toStdString()) : "";
  const AnglePreference& angles = AnglePreference::instance();
  if (unit == "rad") return {angles.factor(), angles.degrees() ? QStringLiteral("deg") : QStringLiteral("rad")};
  if (unit == "rad/s") return {angles.factor(), angles.degrees() ? QStringLiteral("deg/s") : QStringLiteral("rad/s")};
  return {1.0, QString::fromStdString(unit)};
}

QString StudyDialog::parameterTitle(const QString& address) const {
  for (const StudyAddress& a : m_offered)
    if (QString::fromStdString(a.address) == address) return QString("%1 [%2]").arg(QString::fromStdString(a.label), QString::fromStdString(a.unit));
  return address;
}

QString StudyDialog::axisTitle(Qt::Orientation orientation) const { return m_chartView->chart()->axes(orientation).front()->titleText(); }

void StudyDialog::setRange(double from, double to, int count) {
  m_from->setValue(from);
  m_to->setValue(to);
  m_count->setValue(count);
}

void StudyDialog::setSecondParameter(const QString& address, double from, double to, int count) {
  m_address2->setText(address);
  m_choose2->setCurrentIndex(entryOf(m_offered, address));
  m_from2->setValue(from);
  m_to2->setValue(to);
  m_count2->setValue(count);
}

QStringList StudyDialog::addresses() const {
  QStringList list{m_address->text().trimmed()};
  if (!m_address2->text().trimmed().isEmpty()) list << m_address2->text().trimmed();
  return list;
}

void StudyDialog::setMetric(const QString& quantity, const QString& stat, double level) {
  m_quantity->setCurrentText(quantity);
  m_stat->setCurrentText(stat);
  m_level->setValue(level);
}

QString StudyDialog::status() const { return m_status->text(); }

bool StudyDialog::start() {
  if (running()) return false;
  if (m_worker.joinable()) m_worker.join();
  StudySpec study;
  study.model = m_model;
  study.modelFile = m_model.name;
  const QDoubleSpinBox* from[] = {m_from, m_from2};
  const QDoubleSpinBox* to[] = {m_to, m_to2};
  const QSpinBox* count[] = {m_count, m_count2};
  for (int k = 0; k < static_cast<int>(addresses().size()); ++k) {
    StudyParameter p;
    p.address = addresses()[k].toStdString();
    p.name = p.address;
    const int n = count[k]->value();
    for (int i = 0; i < n; ++i) p.values.push_back(from[k]->value() + (to[k]->value() - from[k]->value()) * i / (n - 1));
    study.parameters.push_back(p);
  }
  StudyMetric m;
  m.stat = MetricStat::Max;
  for (int k = 0; k < static_cast<int>(std::size(kStats)); ++k)
    if (m_stat->currentText() == kStats[k]) m.stat = static_cast<MetricStat>(k);
  m.quantity = m.stat == MetricStat::EnergyDrift ? "" : m_quantity->currentText().toStdString();
  m.threshold = m.about = m_level->value();
  m.name = m_stat->currentText().toStdString();
  study.metrics = {m};
  try {
    std::vector<std::string> addresses;
    std::vector<double> firsts;
    for (const StudyParameter& p : study.parameters) addresses.push_back(p.address), firsts.push_back(p.values.front());
    withParameters(m_model, addresses, firsts);  // the addresses name numbers of the model
  } catch (const Error& e) {
    m_status->setText(tr("Cannot start: %1").arg(QString::fromStdString(e.what())));
    return false;
  }
  if (m_folder.isEmpty())
    m_folder = QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation)).filePath("mstmm-study-" + QUuid::createUuid().toString(QUuid::Id128));
  QDir(m_folder).removeRecursively();
  m_points.clear();
  m_line->clear();
  m_dots->clear();
  m_dots->clearPointsConfiguration();
  m_dots->setMarkerSize(9);
  m_stop = false;
  m_done = false;
  m_error.clear();
  m_run->setEnabled(false);
  m_cancel->setEnabled(true);
  m_status->setText(tr("Running %1 runs…").arg(studyRuns(study).size()));
  m_worker = std::thread([this, study, folder = m_folder.toStdString()] {
    StudyOptions options;
    options.threads = std::max(1u, std::thread::hardware_concurrency());
    options.cancel = &m_stop;
    options.progress = [this](int done, int total) { emit progressed(done, total); };  // queued to the dialog's thread
    try {
      runStudy(study, folder, options);
    } catch (const std::exception& e) {
      m_error = QString::fromStdString(e.what());
    }
    m_done = true;
    QMetaObject::invokeMethod(this, [this] { finish(); }, Qt::QueuedConnection);
  });
  return true;
}

void StudyDialog::cancel() { m_stop = true; }

void StudyDialog::finish() {
  if (m_worker.joinable()) m_worker.join();
  m_run->setEnabled(true);
  m_cancel->setEnabled(false);
  m_points = summaryPoints(QDir(m_folder).filePath("summary.csv"), static_cast<int>(addresses().size()));
  int failed = 0;
  for (const Point& p : m_points) failed += std::isnan(p.metric);
  if (!m_error.isEmpty()) m_status->setText(tr("The study stopped: %1").arg(m_error));
  else if (m_stop) m_status->setText(tr("Cancelled after %1 runs.").arg(m_points.size()));
  else m_status->setText(tr("%1 runs, %2 without a value (failed runs, or no value of the metric).").arg(m_points.size()).arg(failed));
  if (addresses().size() == 2) {
    plotPairs();
  } else {
    plot();
  }
  emit finished();
}

void StudyDialog::plot() {
  m_scale->clear();
  double xlo = 1e300, xhi = -1e300, ylo = 1e300, yhi = -1e300;
  for (const Point& p : m_points) {
    const double x = p.values.front(), y = shown(p.metric);
    if (std::isnan(y)) continue;
    m_line->append(x, y);
    m_dots->append(x, y);
    xlo = std::min(xlo, x), xhi = std::max(xhi, x), ylo = std::min(ylo, y), yhi = std::max(yhi, y);
  }
  if (xlo > xhi) return;
  const double dx = std::max(1e-12, 0.05 * (xhi - xlo)), dy = std::max(1e-12, 0.05 * (yhi - ylo));
  // Round tick values (Qt's nice numbers), as the studio's plots have.
  for (auto [axis, lo, hi] : {std::tuple{m_chartView->chart()->axes(Qt::Horizontal).front(), xlo - dx, xhi + dx},
                              std::tuple{m_chartView->chart()->axes(Qt::Vertical).front(), ylo - dy, yhi + dy}}) {
    auto* value = static_cast<QValueAxis*>(axis);
    value->setRange(lo, hi);
    value->setTickCount(5);
    value->applyNiceNumbers();
    value->setLabelFormat("%g");
  }
  m_chartView->chart()->axes(Qt::Horizontal).front()->setTitleText(parameterTitle(m_address->text().trimmed()));
  const ShownUnit unit = metricUnit();
  const QString of = m_stat->currentText() == "energy-drift" ? QString() : tr(" of %1").arg(m_quantity->currentText());
  m_chartView->chart()->axes(Qt::Vertical).front()->setTitleText(m_stat->currentText() + of + (unit.unit.isEmpty() ? QString() : " [" + unit.unit + "]"));
}

/// Two parameters: a dot per run at its pair of values, blue (lowest metric) to red (highest).
void StudyDialog::plotPairs() {
  double lo = 1e300, hi = -1e300;
  for (const Point& p : m_points)
    if (!std::isnan(p.metric)) lo = std::min(lo, p.metric), hi = std::max(hi, p.metric);
  double xlo = 1e300, xhi = -1e300, ylo = 1e300, yhi = -1e300;
  for (std::size_t k = 0; k < m_points.size(); ++k) {
    const Point& p = m_points[k];
    m_dots->append(p.values[0], p.values[1]);
    xlo = std::min(xlo, p.values[0]), xhi = std::max(xhi, p.values[0]), ylo = std::min(ylo, p.values[1]), yhi = std::max(yhi, p.values[1]);
    const double u = std::isnan(p.metric) ? -1.0 : hi > lo ? (p.metric - lo) / (hi - lo) : 0.5;
    const QColor colour = u < 0 ? QColor(160, 160, 160) : QColor::fromHsvF(0.66 * (1.0 - u), 0.85, 0.9);  // blue .. red; grey: no value
    m_dots->setPointConfiguration(static_cast<int>(k), QXYSeries::PointConfiguration::Color, colour);
  }
  m_dots->setMarkerSize(14);
  if (xlo > xhi) return;
  const double dx = std::max(1e-12, 0.08 * (xhi - xlo)), dy = std::max(1e-12, 0.08 * (yhi - ylo));
  for (auto [axis, a, b, title] : {std::tuple{m_chartView->chart()->axes(Qt::Horizontal).front(), xlo - dx, xhi + dx, parameterTitle(addresses()[0])},
                                   std::tuple{m_chartView->chart()->axes(Qt::Vertical).front(), ylo - dy, yhi + dy, parameterTitle(addresses()[1])}}) {
    auto* value = static_cast<QValueAxis*>(axis);
    value->setRange(a, b);
    value->setTickCount(5);
    value->applyNiceNumbers();
    value->setLabelFormat("%g");
    value->setTitleText(title);
  }
  const ShownUnit unit = metricUnit();
  m_scale->setText(tr("Colour: %1 %2 from %3 (blue) to %4 (red) %5; grey: no value")
                       .arg(m_stat->currentText(), m_quantity->currentText())
                       .arg(shown(lo), 0, 'g', 6)
                       .arg(shown(hi), 0, 'g', 6)
                       .arg(unit.unit));
}

void StudyDialog::openRun(int index) {
  if (index < 0 || index >= static_cast<int>(m_points.size())) return;
  const Point& p = m_points[static_cast<std::size_t>(index)];
  emit runRequested(addresses(), QList<double>(p.values.begin(), p.values.end()));
}

bool StudyDialog::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_chartView->viewport() && event->type() == QEvent::MouseButtonDblClick) {
    const QPointF at = static_cast<QMouseEvent*>(event)->position();
    int best = -1;
    double nearest = 20.0;  // pixels
    const bool pairs = addresses().size() == 2;
    for (std::size_t k = 0; k < m_points.size(); ++k) {
      const Point& point = m_points[k];
      if (!pairs && std::isnan(point.metric)) continue;
      const QPointF drawn(point.values[0], pairs ? point.values[1] : shown(point.metric));
      const QPointF p = m_chartView->mapFromScene(m_chartView->chart()->mapToScene(m_chartView->chart()->mapToPosition(drawn, m_dots)));
      const double d = std::hypot(p.x() - at.x(), p.y() - at.y());
      if (d < nearest) nearest = d, best = static_cast<int>(k);
    }
    openRun(best);
    return best >= 0;
  }
  return QDialog::eventFilter(watched, event);
}

}  // namespace mstmm::gui
