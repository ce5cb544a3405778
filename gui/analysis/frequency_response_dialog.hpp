#pragma once
// Analysis ▸ Frequency Response: an input and an output by name (hinges'
// coordinates, bodies' loads and motions, docs/vibration.md), a frequency
// range, and the Bode plot — magnitude in dB over phase in degrees against
// log10 of the frequency — computed on a worker thread, exported as CSV or
// as one PNG or SVG of both plots.

#include <QDialog>

#include "core/analysis/vibration.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace mstmm::gui {

class PlotPane;

class FrequencyResponseDialog : public QDialog {
  Q_OBJECT

 public:
  FrequencyResponseDialog(ModelSpec spec, QWidget* parent);

  void setChannels(const QString& input, const QString& output);
  void setRange(double from, double to, int points);
  /// Computes the response; the reason when it cannot, else an empty string.
  QString compute();
  const FrequencyResponse& response() const { return m_report.response; }
  PlotPane* magnitudePlot() const { return m_magnitude; }
  PlotPane* phasePlot() const { return m_phase; }
  /// CSV, PNG or SVG by the file's suffix; the reason when it cannot.
  QString exportTo(const QString& path) const;

 private:
  void plot();

  ModelSpec m_spec;
  ResponseReport m_report;
  QComboBox *m_input, *m_output;
  QDoubleSpinBox *m_from, *m_to;
  QSpinBox* m_points;
  QLabel* m_status;
  PlotPane *m_magnitude, *m_phase;
};

}  // namespace mstmm::gui
