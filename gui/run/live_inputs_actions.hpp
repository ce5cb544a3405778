#pragma once
// The user's hands on a live run (issue 30.2, 30.3): Ctrl+left drag in the
// 3-D view pulls the body under the cursor toward it (a spring-damper
// scaled by the body's mass, drawn as a violet line from the grabbed point
// to the cursor), Ctrl+right drag turns it (a torque), and the Controls
// panel's sliders set actuators and servo set-points. All of it goes to the
// running SimulationController's LiveInputs, between steps, logged; File >
// Export > Live Run for Replay keeps a stopped live run so that `mstmm replay` runs
// it again bit for bit. Outside a live run a grab only says how to start one.

#include <QObject>
#include <QTimer>
#include <memory>

#include "core/loads/run_inputs.hpp"

class QDockWidget;

namespace mstmm::gui {

class ControlsPanel;
class MainWindow;
class StudioWorkspace;

class LiveInputsActions : public QObject {
  Q_OBJECT

 public:
  LiveInputsActions(MainWindow* window, StudioWorkspace* workspace);

  ControlsPanel* controls() const { return m_controls; }
  /// Writes the last live run's recording; false (with a message) when
  /// there is none or it cannot be written.
  bool saveRecording(const QString& path);

  /// The pull's and the turn's handlers (the 3-D view's signals; tests call them).
  void startPull(int body, const Vec3& grabbed);
  void movePull(const Vec3& target);
  void startTurn(int body);
  void moveTurn(const Vec3& rotation);
  void release();
  /// Moving by hand is offered up to this many bodies: each cursor move
  /// solves the kinematics on the GUI thread (a few ms at this size).
  static constexpr int kMostBodiesMovedByHand = 2000;
  /// The turn's stiffness for a body: its largest principal inertia about
  /// the centre of mass times omega^2 (N m/rad).
  static double turnStiffness(const Model& model, int body, double omega = 8.0);

 private:
  bool takesInputs() const;
  bool paused() const;
  void moveByHand(const Vec3& target);
  void liveRunStarted();
  void drawPull();
  void saveRecordingAs();

  MainWindow* m_window;
  StudioWorkspace* m_workspace;
  ControlsPanel* m_controls;
  QDockWidget* m_dock;
  QTimer m_line;  // redraws the pull's line as the body moves
  Perturbation m_perturbation;
  Vec3 m_turn = Vec3::Zero();   // the turn's rotation vector from the drag (rad), drawn along its axis
  bool m_moving = false;        // the grab moves the body by hand (the run is paused)
  Eigen::VectorXd m_moveFrom;   // the paused state the move starts from
  double m_moveTime = 0.0;
};

}  // namespace mstmm::gui
