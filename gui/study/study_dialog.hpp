#pragma once
// Simulate ▸ Parameter Study: one or two parameters of the open model (an
// address of its file, "hinge:h1/spring/damping") varied over evenly
// spaced values (two: every combination), chosen from the model's own
// numbers (with their units) or typed; one metric recorded per run; the
// runs go on in the background (all cores, core runStudy) with progress
// and Cancel. One parameter: the metric plotted against it; two: each run a
// dot at its pair of values, coloured by the metric from blue (lowest) to
// red (highest). Double-clicking a dot asks for that run in the main views
// (runRequested). Scriptable for tests: set the fields, start(), wait for
// finished(), read points().

#include <QDialog>
#include <atomic>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "core/study/study_json.hpp"
#include "core/model/model.hpp"
#include "core/spec/model_spec.hpp"

class QChart;
class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QLineSeries;
class QScatterSeries;

namespace mstmm::gui {

class StudyDialog : public QDialog {
  Q_OBJECT

 public:
  StudyDialog(ModelSpec model, QWidget* parent = nullptr);
  ~StudyDialog() override;

  /// Prefills the parameter: its address, and a range around `value`.
  void setParameter(const QString& address, double value);
  void setRange(double from, double to, int count);
  /// A second parameter (an empty address: none).
  void setSecondParameter(const QString& address, double from, double to, int count);
  /// The recorded metric: a results column and a stat (max, min, final,
  /// mean, rms, energy-drift, first-crossing, decay-rate), with its threshold or centre.
  void setMetric(const QString& quantity, const QString& stat, double level = 0.0);
  /// Runs the study; false (and the reason in the status line) if the fields are not valid.
  bool start();
  void cancel();
  bool running() const { return m_worker.joinable() && !m_done; }
  /// One per run, in run order: the parameter values and the metric (NaN: none).
  struct Point {
    std::vector<double> values;
    double metric = 0.0;
  };
  const std::vector<Point>& points() const { return m_points; }
  QString status() const;
  /// The numbers the choosers offer (core studyAddresses), and choosing
  /// entry k of them for the first (or second) parameter.
  const std::vector<StudyAddress>& offered() const { return m_offered; }
  void choose(int k, bool second = false);
  /// The metric as the plot shows it: values times `factor` in `unit`
  /// (angles in the studio's angle unit, degrees by default).
  struct ShownUnit {
    double factor = 1.0;
    QString unit;
  };
  ShownUnit metricUnit() const;
  /// The axis titles as now drawn (tests).
  QString axisTitle(Qt::Orientation orientation) const;
  /// As a double-click on point `index`.
  void openRun(int index);

 signals:
  void progressed(int done, int total);
  void finished();
  /// Show the run with its parameters at these values in the main views.
  void runRequested(const QStringList& addresses, const QList<double>& values);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void finish();
  void plot();
  void plotPairs();
  QStringList addresses() const;
  QString parameterTitle(const QString& address) const;
  double shown(double metric) const { return metric * metricUnit().factor; }

  ModelSpec m_model;
  std::shared_ptr<const Model> m_compiled;  // the columns and their units (null: the model has problems)
  std::vector<StudyAddress> m_offered;
  QComboBox *m_choose, *m_choose2;
  QLineEdit *m_address, *m_address2;
  QDoubleSpinBox *m_from, *m_to, *m_from2, *m_to2, *m_level;
  QSpinBox *m_count, *m_count2;
  QLabel* m_scale;
  QComboBox *m_quantity, *m_stat;
  QPushButton *m_run, *m_cancel;
  QProgressBar* m_progress;
  QLabel* m_status;
  QChartView* m_chartView;
  QLineSeries* m_line;
  QScatterSeries* m_dots;
  std::thread m_worker;
  std::atomic<bool> m_stop{false};
  std::atomic<bool> m_done{false};
  QString m_folder, m_error;
  std::vector<Point> m_points;
};

}  // namespace mstmm::gui
