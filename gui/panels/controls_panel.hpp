#pragma once
// The live run's controls (issue 30.3): one row per actuated hinge
// coordinate of the running model (core controlChannels()): a slider over
// its range, the value in its unit, and "Set", which says whether the value
// replaces the model's own function of time (unticked: the model's own
// again). Every change goes to the run's LiveInputs, which log it with the
// step it came before, so that the saved recording replays it exactly.
// Keyboard: Alt+1..9 puts the focus on control 1..9 (its slider then moves
// with the arrow keys and Page Up/Down), Alt+0 gives every control back to
// the model.

#include <QWidget>
#include <memory>
#include <vector>

#include "core/loads/run_inputs.hpp"
#include "core/sim/run_input_source.hpp"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QVBoxLayout;

namespace mstmm::gui {

class ControlsPanel final : public QWidget {
  Q_OBJECT

 public:
  explicit ControlsPanel(QWidget* parent = nullptr);

  /// The controls of a live run starting; `inputs` receives the changes.
  void setChannels(const std::vector<ControlChannel>& channels, std::shared_ptr<LiveInputs> inputs);
  /// No live run: the panel says how to get one.
  void clear(const QString& why);
  /// What the panel says with no live run: what it is for.
  static QString idleNote();
  int count() const { return static_cast<int>(m_rows.size()); }
  QSlider* slider(int control) const;
  /// Sets control k to a value (SI: rad, m, N m, N; within its range) as
  /// the user would. Angles show in the studio's angle unit.
  void setValue(int control, double value);
  /// Control k's value (SI), or NaN while it is the model's own.
  double value(int control) const;
  /// Control k back to the model's own function of time.
  void release(int control);
  void releaseAll();
  void focusControl(int control);

 private:
  struct Row {
    ControlChannel channel;
    QCheckBox* set = nullptr;
    QSlider* slider = nullptr;
    QDoubleSpinBox* spin = nullptr;
    double shownPerSi = 1.0;  // degrees per radian for a set-point angle shown in degrees
    double value = 0.0;       // SI, exactly as given (the boxes show it rounded)
  };
  void addRow(const ControlChannel& channel);
  /// Control k takes `value` (SI): the boxes follow, the run is told.
  void take(int control, double value);
  void send(int control);
  static constexpr int kSliderSteps = 1000;

  QVBoxLayout* m_rowsLayout;
  QLabel* m_note;
  QWidget* m_rowsWidget;
  std::vector<Row> m_rows;
  std::shared_ptr<LiveInputs> m_inputs;
  bool m_updating = false;
};

}  // namespace mstmm::gui
