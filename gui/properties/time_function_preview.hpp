#pragma once
// A small plot of a time function over the run (0 to the end time), drawn
// from the core's own evaluation (TimeCurve), so the user sees exactly what
// the solver will apply; a function the core refuses shows the reason instead.

#include <QWidget>

#include "core/spec/time_function.hpp"

namespace mstmm::gui {

class TimeFunctionPreview : public QWidget {
  Q_OBJECT
 public:
  explicit TimeFunctionPreview(QWidget* parent = nullptr);
  /// `motion`: checked as a prescribed motion (acceleration defined everywhere);
  /// values are shown times `factor` in `unit` (degrees for angles, if preferred).
  void setFunction(const TimeFunction& f, double endTime, bool motion, const QString& unit, double factor = 1.0);
  QSize sizeHint() const override { return {260, 96}; }
  QSize minimumSizeHint() const override { return {160, 72}; }

  /// What the preview shows: the reason it refuses the function, or empty.
  QString refusal() const { return m_refusal; }
  /// The plotted range of values, SI (tests).
  double lowest() const { return m_low; }
  double highest() const { return m_high; }

 protected:
  void paintEvent(QPaintEvent*) override;

 private:
  std::vector<QPointF> m_samples;  // (t, value)
  QString m_refusal, m_unit;
  double m_end = 1.0, m_low = 0.0, m_high = 0.0, m_factor = 1.0;
};

}  // namespace mstmm::gui
