#pragma once
// The live mode (issue 30.1): Simulate > Run Live runs the model against the
// wall clock at a chosen speed (0.1x to 10x, or as fast as it goes) with no
// end time, the 3-D view and the plots following it as in any run; Pause
// and Resume, Step (to the next recorded instant), Reset (the initial state
// again, a new recording) and Stop (Cancel Run: what was recorded is kept
// and exports as any run's). The run is the SimulationController's, on its
// worker thread; the pace is a LivePacer (core/sim/live_pacer.hpp).

#include <QObject>
#include <memory>

#include "core/sim/live_pacer.hpp"

class QAction;
class QComboBox;

namespace mstmm::gui {

class MainWindow;

class LiveActions : public QObject {
  Q_OBJECT

 public:
  explicit LiveActions(MainWindow* window);

  /// Starts a live run of the document's model (false: one is running, or
  /// the model has problems, which Messages lists).
  bool runLive();
  void togglePause();
  void step();
  /// Ends the live run and starts another from the initial state.
  void reset();
  /// Simulated seconds per wall second (infinity: as fast as possible).
  void setSpeed(double factor);
  const LivePacer& pacer() const { return *m_pacer; }

 private:
  void updateActions();
  void restartIfAsked();

  MainWindow* m_window;
  std::shared_ptr<LivePacer> m_pacer = std::make_shared<LivePacer>();
  QAction *m_run, *m_pause, *m_step, *m_reset;
  QComboBox* m_speed;
  bool m_restart = false;
};

}  // namespace mstmm::gui
