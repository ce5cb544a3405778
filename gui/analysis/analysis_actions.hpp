#pragma once
// Where the studio meets the vibration analyses (docs/vibration.md): the
// Analysis menu. Find Equilibrium makes the model's equilibrium its initial
// state (one undo step); Natural Frequencies opens the table of modes;
// Frequency Response the Bode plot of an input to an output; Campbell
// Diagram a rotor's modes over its speeds (docs/rotors.md). The
// analyses run on a worker thread while a progress dialog waits (the GUI
// thread computes no physics); a model without a rest says why in Messages.

#include <QObject>
#include <QPointer>

#include "gui/analysis/campbell_dialog.hpp"
#include "gui/analysis/frequency_response_dialog.hpp"
#include "gui/analysis/modes_dialog.hpp"

namespace mstmm::gui {

class MainWindow;

class AnalysisActions : public QObject {
  Q_OBJECT

 public:
  explicit AnalysisActions(MainWindow* window);

  /// Each returns whether it succeeded (the reason is in Messages otherwise).
  bool findEquilibrium();
  /// The lowest modes, as many as last asked (10 at first).
  ModesDialog* naturalFrequencies() { return listModes(m_modeCount); }
  /// The lowest `count` modes, in a new list.
  ModesDialog* listModes(int count);
  ModesDialog* dialog() const { return m_dialog; }
  FrequencyResponseDialog* frequencyResponse();
  /// Shows mode `row` of the table as motion in the 3-D view, in a loop.
  bool animateMode(int row, double amplitude);
  CampbellDialog* campbellDiagram();
  CampbellDialog* campbellDialog() const { return m_campbell; }
  /// Shows line `line`'s mode at the diagram's speed `speed` whirling in the
  /// 3-D view (its largest joint coordinate swinging by 2 cm or 20 mrad).
  bool animateWhirl(int line, int speed);

 private:
  MainWindow* m_window;
  QPointer<ModesDialog> m_dialog;
  int m_announcedMode = -1;  // the mode whose animation Messages last announced
  int m_modeCount = 10;      // modes asked for last
  QPointer<FrequencyResponseDialog> m_response;
  QPointer<CampbellDialog> m_campbell;
};

}  // namespace mstmm::gui
