#include "gui/analysis/frequency_response_dialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>

#include "core/analysis/linear_io.hpp"
#include "core/error.hpp"
#include "core/io/analysis_csv.hpp"
#include "core/io/model_json.hpp"
#include "gui/analysis/worker.hpp"
#include "gui/plots/plot_pane.hpp"

namespace mstmm::gui {

namespace {

/// What the combo boxes offer: core's list of the model's channels.
QStringList channels(const ModelSpec& spec, bool input) {
  QStringList list;
  for (const std::string& name : linearChannelNames(spec, input)) list << QString::fromStdString(name);
  return list;
}

QComboBox* channelBox(const QStringList& items, QWidget* parent) {
  auto* box = new QComboBox(parent);
  box->setEditable(true);  // names the list does not hold (a free hinge's ry) can be typed
  box->addItems(items);
  return box;
}

}  // namespace

FrequencyResponseDialog::FrequencyResponseDialog(ModelSpec spec, QWidget* parent) : QDialog(parent), m_spec(std::move(spec)) {
  setWindowTitle(tr("Frequency Response"));
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  m_input = channelBox(channels(m_spec, true), this);
  m_output = channelBox(channels(m_spec, false), this);
  // A transfer from a channel to itself is rarely the question: the output
  // starts on the first channel that is not the input.
  for (int k = 0; k < m_output->count() && m_output->currentText() == m_input->currentText(); ++k) m_output->setCurrentIndex(k);
  m_from = new QDoubleSpinBox(this);
  m_to = new QDoubleSpinBox(this);
  for (QDoubleSpinBox* box : {m_from, m_to}) {
    box->setDecimals(4);
    box->setRange(1e-4, 1e5);
    box->setSuffix(" Hz");
  }
  m_from->setValue(0.1);
  m_to->setValue(10.0);
  m_points = new QSpinBox(this);
  m_points->setRange(2, 100000);
  m_points->setValue(200);
  form->addRow(tr("Input"), m_input);
  form->addRow(tr("Output"), m_output);
  form->addRow(tr("From"), m_from);
  form->addRow(tr("To"), m_to);
  form->addRow(tr("Points (logarithmic)"), m_points);
  layout->addLayout(form);
  m_status = new QLabel(tr("Choose an input and an output, then Compute."), this);
  m_status->setWordWrap(true);
  layout->addWidget(m_status);
  m_magnitude = new PlotPane(this);
  m_phase = new PlotPane(this);
  for (PlotPane* pane : {m_magnitude, m_phase}) pane->setLogarithmicX(true);
  m_magnitude->setAxisTitles(tr("frequency [Hz], logarithmic"), tr("magnitude [dB]"));
  m_phase->setAxisTitles(tr("frequency [Hz], logarithmic"), tr("phase [deg]"));
  layout->addWidget(m_magnitude, 1);
  layout->addWidget(m_phase, 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  QPushButton* run = buttons->addButton(tr("Compute"), QDialogButtonBox::ActionRole);
  QPushButton* save = buttons->addButton(tr("Export…"), QDialogButtonBox::ActionRole);
  connect(run, &QPushButton::clicked, this, [this] { compute(); });
  connect(save, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Frequency Response"), "frf.csv", tr("CSV (*.csv);;PNG (*.png);;SVG (*.svg)"));
    if (path.isEmpty()) return;
    if (const QString why = exportTo(path); !why.isEmpty()) QMessageBox::warning(this, tr("Export Frequency Response"), why);
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  resize(900, 760);
}

void FrequencyResponseDialog::setChannels(const QString& input, const QString& output) {
  m_input->setCurrentText(input);
  m_output->setCurrentText(output);
}

void FrequencyResponseDialog::setRange(double from, double to, int points) {
  m_from->setValue(from);
  m_to->setValue(to);
  m_points->setValue(points);
}

QString FrequencyResponseDialog::compute() {
  FrequencyRange range;
  range.from = m_from->value();
  range.to = m_to->value();
  range.points = m_points->value();
  const std::string input = m_input->currentText().toStdString(), output = m_output->currentText().toStdString();
  try {
    const ModelSpec spec = m_spec;
    m_report = aside(this, tr("Computing the frequency response…"), [&](const std::atomic<bool>* cancel) {
      AnalysisRequest request;
      request.cancel = cancel;
      return computeResponse(compile(spec), request, input, output, range);
    });
  } catch (const Error& e) {
    m_status->setText(QString::fromStdString(e.what()));
    return m_status->text();
  }
  m_status->setText(QString::fromStdString(m_report.description));
  plot();
  return {};
}

void FrequencyResponseDialog::plot() {
  const FrequencyResponse& r = m_report.response;
  std::vector<double> x, db, phase;
  for (std::size_t k = 0; k < r.frequency.size(); ++k) {
    x.push_back(std::log10(r.frequency[k]));
    db.push_back(r.decibels(k));
    phase.push_back(r.phaseDegrees(k));
  }
  const QString name = QString::fromStdString(r.output + " / " + r.input);
  const QString unit = QString::fromStdString(r.outputUnit + "/" + r.inputUnit);
  m_magnitude->clearCurves();
  m_phase->clearCurves();
  m_phase->setTitle(tr("%1: phase").arg(name));
  m_magnitude->setCurveData(m_magnitude->addCurve(name), x, db);
  m_phase->setCurveData(m_phase->addCurve(name), x, phase);
  // The cursor marks the peak (it follows no playback clock here).
  std::size_t peak = 0;
  for (std::size_t k = 1; k < r.frequency.size(); ++k)
    if (r.magnitude(k) > r.magnitude(peak)) peak = k;
  m_magnitude->setCursorTime(x[peak]);
  m_phase->setCursorTime(x[peak]);
  m_magnitude->setTitle(tr("%1: magnitude (dB re 1 %2); peak %3 dB at %4 Hz")
                            .arg(name, unit)
                            .arg(db[peak], 0, 'f', 1)
                            .arg(r.frequency[peak], 0, 'g', 4));
  m_status->setText(m_status->text() + "\n" + tr("Peak: %1 dB at %2 Hz.").arg(db[peak], 0, 'f', 1).arg(r.frequency[peak], 0, 'g', 4));
}

QString FrequencyResponseDialog::exportTo(const QString& path) const {
  if (m_report.response.frequency.empty()) return tr("nothing computed yet");
  if (path.endsWith(".csv", Qt::CaseInsensitive)) {
    try {
      writeFileAtomically(path.toStdString(), frequencyResponseCsv(m_report.response));
    } catch (const Error& e) {
      return QString::fromStdString(e.what());
    }
    return {};
  }
  if (!path.endsWith(".png", Qt::CaseInsensitive) && !path.endsWith(".svg", Qt::CaseInsensitive)) return tr("the file must end in .csv, .png or .svg");
  return PlotPane::saveStacked({m_magnitude, m_phase}, path, QSize(900, 360)) ? QString() : tr("could not write %1").arg(path);
}

}  // namespace mstmm::gui
