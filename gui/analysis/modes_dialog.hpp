#pragma once
// The table of modes (Analysis ▸ Natural Frequencies): number, frequency,
// damping ratio, kind, and the coordinates and bodies that carry each
// mode, from core's ModesReport. Selecting a mode animates it in the 3-D
// view, its amplitude on a slider; Export CSV writes the modes with their
// shapes (docs/vibration.md).

#include <QDialog>

#include "core/analysis/vibration.hpp"

class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;
class QHBoxLayout;
class QSlider;
class QLabel;
class QTableWidget;

namespace mstmm::gui {

class ModesDialog : public QDialog {
  Q_OBJECT

 public:
  /// `asked`: how many modes were asked for (the list may hold fewer).
  ModesDialog(ModesReport report, int asked, QWidget* parent);
  QTableWidget* table() const { return m_table; }
  const ModesReport& report() const { return m_report; }
  /// Writes the CSV; the reason when it cannot, else an empty string.
  QString exportCsv(const QString& path) const;
  /// The largest joint coordinate's swing of the animation (rad or m).
  double amplitude() const;
  /// The table's columns.
  enum Column { kNumber, kFrequency, kDamped, kDamping, kKind, kMotion, kBodies, kCoordinates, kColumns };

 signals:
  /// A row selected, Animate, a double-click, or a new amplitude while a
  /// mode is shown (the slider when let go, the spin box when edited).
  void animateRequested(int row, double amplitude);
  /// The user asked for another number of modes (the list is computed
  /// again, by whoever opened the dialog).
  void countRequested(int count);

 private:
  /// The amplitude's spin box beside a logarithmic slider over its range.
  QHBoxLayout* amplitudeRow();
  /// "Modes: [n]" and the list's own count, beside the description.
  QHBoxLayout* countRow(int asked);
  void animate(int row);
  void showRigidRows(bool show);

  ModesReport m_report;
  QTableWidget* m_table = nullptr;
  QDoubleSpinBox* m_amplitude = nullptr;
  QSlider* m_slider = nullptr;
  QSpinBox* m_count = nullptr;
  QCheckBox* m_showRigid = nullptr;  // none without rigid-body modes
  int m_animated = -1;  // the row last animated
};

}  // namespace mstmm::gui
