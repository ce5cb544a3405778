#pragma once
// Analysis ▸ Campbell Diagram (docs/rotors.md): the hinge the rotor spins on,
// a speed range in rpm and how many modes to follow; then, computed on a
// worker thread, the Campbell diagram (each line's damped frequency against
// the speed, with the 1x line), each line's damping ratio, and, when the
// model has unbalances, the orbit they drive at each bearing; the critical
// speeds and the stability threshold listed. A line's mode at a speed can be
// shown whirling in the 3-D view. Exported as CSV, PNG or SVG.

#include <QDialog>
#include <optional>

#include "core/analysis/rotor/campbell.hpp"
#include "core/analysis/rotor/unbalance_response.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTabWidget;

namespace mstmm::gui {

class PlotPane;

class CampbellDialog : public QDialog {
  Q_OBJECT

 public:
  CampbellDialog(ModelSpec spec, QWidget* parent);

  /// The hinges a rotor can spin on, as the spin box lists them ("hinge" or "hinge.angle").
  QStringList spinChoices() const;
  void setSpin(const QString& spin);
  void setRange(double fromRpm, double toRpm, int points, int modes);
  /// Computes everything; the reason when it cannot, else an empty string.
  QString compute();
  const CampbellDiagram& diagram() const { return m_diagram; }
  const std::vector<CriticalSpeed>& criticalSpeeds() const { return m_critical; }
  const std::optional<StabilityThreshold>& threshold() const { return m_threshold; }
  const UnbalanceResponse& unbalance() const { return m_unbalance; }
  PlotPane* campbellPlot() const { return m_campbell; }
  PlotPane* dampingPlot() const { return m_damping; }
  PlotPane* unbalancePlot() const { return m_orbits; }
  QTabWidget* tabs() const { return m_tabs; }
  QString summary() const;
  /// The diagram (…campbell….csv or any .csv while the Campbell tab is up)
  /// or the unbalance response (the Unbalance tab) as CSV; PNG or SVG of the
  /// tab shown. The reason when it cannot.
  QString exportTo(const QString& path) const;

 signals:
  /// Show line `line`'s mode at speed index `speed` whirling in the 3-D view.
  void animateRequested(int line, int speed);

 public:
  /// The rotor of the last computation (null before one): the animation
  /// takes its model at a speed from it.
  const RotorAtSpeed* rotor() const { return m_rotor ? &*m_rotor : nullptr; }

 private:
  void plot();
  void requestAnimation();

  ModelSpec m_spec;
  std::optional<RotorAtSpeed> m_rotor;
  CampbellDiagram m_diagram;
  std::vector<CriticalSpeed> m_critical;
  std::optional<StabilityThreshold> m_threshold;
  UnbalanceResponse m_unbalance;
  QComboBox* m_spin;
  QDoubleSpinBox *m_from, *m_to, *m_showAt;
  QSpinBox *m_points, *m_modes, *m_line;
  QLabel* m_status;
  QTabWidget* m_tabs;
  PlotPane *m_campbell, *m_damping, *m_orbits;
};

}  // namespace mstmm::gui
