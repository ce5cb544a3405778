#pragma once
// The table of modes (Analysis ▸ Natural Frequencies): number, frequency,
// damping ratio, kind, and the coordinates and bodies that carry each
// mode, from core's ModesReport; Export CSV writes the modes with their
// shapes (docs/vibration.md).

#include <QDialog>

#include "core/analysis/vibration.hpp"

class QDoubleSpinBox;
class QLabel;
class QTableWidget;

namespace mstmm::gui {

class ModesDialog : public QDialog {
  Q_OBJECT

 public:
  ModesDialog(ModesReport report, QWidget* parent);
  QTableWidget* table() const { return m_table; }
  const ModesReport& report() const { return m_report; }
  /// Writes the CSV; the reason when it cannot, else an empty string.
  QString exportCsv(const QString& path) const;
  /// The largest joint coordinate's swing of the animation (rad or m).
  double amplitude() const;

 signals:
  /// Animate (or a double-click) on a row.
  void animateRequested(int row, double amplitude);

 private:
  ModesReport m_report;
  QTableWidget* m_table = nullptr;
  QDoubleSpinBox* m_amplitude = nullptr;
};

}  // namespace mstmm::gui
