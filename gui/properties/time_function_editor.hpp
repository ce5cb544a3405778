#pragma once
// Editor of one time function (docs/loads.md: constant, step, ramp, sine,
// table): the kind, the fields of that kind with their units, a table's
// points imported from a two-column CSV, and a preview of the function over
// the run. Each change is handed on as one edit of the function (the page
// makes it one undo step); nothing is changed here.

#include <QWidget>
#include <functional>

#include "core/spec/time_function.hpp"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QPushButton;

namespace mstmm::gui {

class QuantityBox;
class TimeFunctionPreview;

class TimeFunctionEditor : public QWidget {
  Q_OBJECT
 public:
  /// `unit` of the values (N m, N, rad, m); `angle`: shown in the angle
  /// preference; `motion`: a prescribed motion (its acceleration must exist).
  TimeFunctionEditor(const QString& unit, bool angle, bool motion, QWidget* parent = nullptr);
  /// Shows `f` (and previews it to `endTime`) without emitting anything.
  void show(const TimeFunction& f, double endTime);
  /// Reads a two-column CSV into the function's table (the Import button's
  /// work, without its dialog); a file it cannot read is refused with the reason.
  void importTable(const QString& path);
  const TimeFunctionPreview* preview() const { return m_preview; }

 signals:
  void edited(const QString& field, const std::function<void(TimeFunction&)>& edit);
  void refused(const QString& reason);

 private:
  QuantityBox* addBox(const QString& label, const QString& unit, const QString& name, bool nonNegative, std::function<void(TimeFunction&, double)> set);
  void showKind(TimeFunctionKind kind);

  QFormLayout* m_form = nullptr;
  QComboBox* m_kind = nullptr;
  QuantityBox *m_value = nullptr, *m_to = nullptr, *m_start = nullptr, *m_duration = nullptr, *m_slope = nullptr;
  QuantityBox *m_amplitude = nullptr, *m_frequency = nullptr, *m_phase = nullptr;
  QLabel* m_points = nullptr;
  QCheckBox* m_smooth = nullptr;
  QPushButton* m_import = nullptr;
  TimeFunctionPreview* m_preview = nullptr;
  QString m_unit;
  bool m_motion = false, m_angle = false, m_loading = false;
};

}  // namespace mstmm::gui
