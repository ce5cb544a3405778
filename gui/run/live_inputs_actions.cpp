#include "gui/run/live_inputs_actions.hpp"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenu>
#include <QSettings>
#include <Eigen/Eigenvalues>
#include <cmath>
#include <limits>

#include "core/analysis/move_within_joints.hpp"
#include "core/io/live_recording.hpp"
#include "gui/main/main_window.hpp"
#include "gui/main/studio_workspace.hpp"
#include "gui/panels/controls_panel.hpp"
#include "gui/panels/messages_panel.hpp"
#include "gui/run/live_actions.hpp"
#include "gui/run/simulation_controller.hpp"
#include "gui/view3d/view_panel.hpp"
#include "render/view_widget.hpp"

namespace mstmm::gui {

LiveInputsActions::LiveInputsActions(MainWindow* window, StudioWorkspace* workspace)
    : QObject(window), m_window(window), m_workspace(workspace), m_controls(new ControlsPanel) {
  m_dock = new QDockWidget(tr("Controls"), window);
  m_dock->setObjectName("controlsDock");
  m_dock->setWidget(m_controls);
  window->addDockWidget(Qt::RightDockWidgetArea, m_dock);
  window->viewMenu()->addAction(m_dock->toggleViewAction());
  m_dock->hide();
  // Another model: none of the previous one's sliders (issue 55).
  connect(window->document(), &ModelDocument::modelReplaced, this, [this] {
    release();
    m_controls->clear(ControlsPanel::idleNote());
    m_controls->setEnabled(false);
  });

  for (int k = 0; k <= 9; ++k) {
    auto* action = new QAction(k == 0 ? tr("Give Every Control Back to the Model") : tr("Control %1").arg(k), window);
    action->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_0 + k)));
    connect(action, &QAction::triggered, this, [this, k] {
      if (k == 0) m_controls->releaseAll();
      else m_controls->focusControl(k - 1);
    });
    window->registerAction(QString("control%1").arg(k), action);
  }
  auto* save = new QAction(tr("&Live Run for Replay…"), window);
  save->setToolTip(tr("Keep the last live run with the pulls, torques and control values given, to replay it exactly (mstmm replay)"));
  connect(save, &QAction::triggered, this, &LiveInputsActions::saveRecordingAs);
  window->registerAction("saveLiveRecording", save);
  window->exportMenu()->addSeparator();
  window->exportMenu()->addAction(save);

  render::ViewWidget* view = workspace->viewPanel()->view();
  connect(view, &render::ViewWidget::pullStarted, this, &LiveInputsActions::startPull);
  connect(view, &render::ViewWidget::pullMoved, this, &LiveInputsActions::movePull);
  connect(view, &render::ViewWidget::pullEnded, this, &LiveInputsActions::release);
  connect(view, &render::ViewWidget::turnStarted, this, &LiveInputsActions::startTurn);
  connect(view, &render::ViewWidget::turnMoved, this, &LiveInputsActions::moveTurn);
  connect(view, &render::ViewWidget::turnEnded, this, &LiveInputsActions::release);
  m_line.setInterval(16);
  connect(&m_line, &QTimer::timeout, this, &LiveInputsActions::drawPull);

  SimulationController* simulation = window->simulation();
  connect(simulation, &SimulationController::resultsReady, this, &LiveInputsActions::liveRunStarted);
  connect(simulation, &SimulationController::finished, this, [this, save](const RunOutcome& outcome) {
    release();
    m_controls->setEnabled(false);
    save->setEnabled(outcome.recording != nullptr);  // only a stopped live run has one to keep
  });
  connect(simulation, &SimulationController::started, save, [save] { save->setEnabled(false); });
  save->setEnabled(false);
}

bool LiveInputsActions::takesInputs() const {
  const SimulationController* simulation = m_window->simulation();
  return simulation->isLive() && simulation->results() && simulation->results()->model()->takesRunInputs();
}

void LiveInputsActions::liveRunStarted() {
  if (!takesInputs()) {
    m_controls->clear(m_window->simulation()->isLive()
                          ? tr("The classical TMM computes no actuators or pulls: choose another solver to control this model live.")
                          : ControlsPanel::idleNote());
    return;
  }
  const Model& model = *m_window->simulation()->results()->model();
  const std::vector<ControlChannel> channels = controlChannels(model);
  m_controls->setChannels(channels, m_window->simulation()->liveInputs());
  m_controls->setEnabled(true);
  if (channels.empty() || m_dock->isVisible()) return;
  m_dock->show();
  // Room for up to four sliders under the properties (each row ~70 px).
  if (auto* properties = m_window->findChild<QDockWidget*>("propertiesDock"))
    m_window->resizeDocks({properties, m_dock}, {std::max(200, m_window->height() - 420), 90 + 70 * std::min<int>(4, static_cast<int>(channels.size()))}, Qt::Vertical);
}

void LiveInputsActions::startPull(int body, const Vec3& grabbed) {
  if (!takesInputs()) {
    m_window->messages()->addMessage(MessagesPanel::Level::Info, tr("Pulling a body works in a live run: Simulate ▸ Run Live, then Ctrl+drag the body."));
    return;
  }
  const std::vector<render::BodyState> states = m_workspace->viewPanel()->view()->states();
  if (body < 0 || body >= static_cast<int>(states.size())) return;
  const render::BodyState& s = states[static_cast<std::size_t>(body)];
  // The grabbed point in the body's frame, from the pose the view shows.
  const Vec3 local = rotationFromQuaternion(s.orientation.normalized()).transpose() * (grabbed - s.input);
  const Model& model = *m_window->simulation()->results()->model();
  m_perturbation = massScaledPull(model, body, local, grabbed);
  m_moving = paused();
  if (m_moving) {  // paused: the body is moved by hand instead of pulled
    if (model.bodyCount() > kMostBodiesMovedByHand || model.hasLoops() || !m_window->simulation()->results()->latestState(m_moveFrom, m_moveTime)) {
      m_window->messages()->addMessage(MessagesPanel::Level::Info,
                                       model.hasLoops() ? tr("Bodies of a model with closed loops cannot be moved by hand while paused; resume and pull them.")
                                                        : tr("Moving bodies by hand while paused works for models of up to %1 bodies; resume and pull them.").arg(kMostBodiesMovedByHand));
      m_perturbation = Perturbation{};
      m_moving = false;
    }
    return;
  }
  m_window->simulation()->liveInputs()->setPerturbation(m_perturbation);
  m_line.start();
}

// Held, not only asked to pause: until the run's thread waits, it may
// finish a step and show a state newer than the one moved from.
bool LiveInputsActions::paused() const {
  const auto* live = m_window->findChild<LiveActions*>();
  return live && live->pacer().holding();
}

// The grabbed point toward the cursor within the hinges' freedom, from the
// state the run paused in; the view shows the result at once, the run goes
// on from it when resumed or stepped.
void LiveInputsActions::moveByHand(const Vec3& target) {
  const std::shared_ptr<RunResults> results = m_window->simulation()->results();
  const Model& model = *results->model();
  JointMove move;
  try {
    move = moveWithinJoints(model, m_moveFrom, m_perturbation.body, m_perturbation.point, target);
  } catch (const Error& e) {
    m_window->messages()->addMessage(MessagesPanel::Level::Error, QString::fromStdString(e.what()));
    return;
  }
  m_window->simulation()->liveInputs()->moveTo(move.state);
  std::vector<BodyPose> poses;
  // Newer than the instant recorded where it paused, so that the view shows it.
  results->setLatest(RunResults::latestOf(model, move.state, std::nextafter(m_moveTime, std::numeric_limits<double>::infinity()), poses));
  m_workspace->viewPanel()->updateFrame();
}

void LiveInputsActions::movePull(const Vec3& target) {
  if (!m_perturbation.active() || !takesInputs()) return;
  if (m_moving) {
    moveByHand(target);
    return;
  }
  m_perturbation.target = target;
  m_window->simulation()->liveInputs()->setPerturbation(m_perturbation);
  drawPull();
}

void LiveInputsActions::startTurn(int body) {
  if (!takesInputs()) {
    m_window->messages()->addMessage(MessagesPanel::Level::Info, tr("Turning a body works in a live run: Simulate ▸ Run Live, then Ctrl+right-drag the body."));
    return;
  }
  m_perturbation = Perturbation{};
  m_perturbation.body = body;
  m_turn.setZero();
  m_line.start();
}

void LiveInputsActions::moveTurn(const Vec3& rotation) {
  if (!m_perturbation.active() || !takesInputs()) return;
  m_perturbation.torque = turnStiffness(*m_window->simulation()->results()->model(), m_perturbation.body) * rotation;
  m_turn = rotation;
  m_window->simulation()->liveInputs()->setPerturbation(m_perturbation);
  drawPull();
}

void LiveInputsActions::release() {
  m_line.stop();
  m_workspace->viewPanel()->view()->setPullLine({});
  if (!m_perturbation.active()) return;
  m_perturbation = Perturbation{};
  if (m_moving) {
    m_moving = false;
    return;
  }
  if (m_window->simulation()->isLive()) m_window->simulation()->liveInputs()->release();
}

double LiveInputsActions::turnStiffness(const Model& model, int body, double omega) {
  const Mat3& j = model.body(body).inertiaAtCom;
  const double largest = Eigen::SelfAdjointEigenSolver<Mat3>(j, Eigen::EigenvaluesOnly).eigenvalues().maxCoeff();
  return std::max(largest, 1e-9) * omega * omega;
}

// The line from the grabbed point, where the view now shows it, to the
// cursor; for a turn, from the body's centre of mass along the torque's
// axis, a body length per radian of drag.
void LiveInputsActions::drawPull() {
  if (!m_perturbation.active() || m_moving) return;
  render::ViewWidget* view = m_workspace->viewPanel()->view();
  const std::vector<render::BodyState> states = view->states();
  const std::shared_ptr<RunResults> results = m_window->simulation()->results();
  if (!results || m_perturbation.body >= static_cast<int>(states.size())) return;
  const render::BodyState& s = states[static_cast<std::size_t>(m_perturbation.body)];
  const Mat3 r = rotationFromQuaternion(s.orientation.normalized());
  if (m_perturbation.stiffness > 0.0) {
    view->setPullLine(std::vector<Vec3>{s.input + r * m_perturbation.point, m_perturbation.target});
    return;
  }
  const CompiledBody& body = results->model()->body(m_perturbation.body);
  const Vec3 com = s.input + r * body.com;
  const double length = std::max(0.1, body.output.norm());
  view->setPullLine(m_turn.isZero() ? std::vector<Vec3>{} : std::vector<Vec3>{com, com + length * m_turn});
}

bool LiveInputsActions::saveRecording(const QString& path) {
  const std::shared_ptr<const LiveRecording> recording = m_window->simulation()->lastOutcome().recording;
  if (!recording || m_window->simulation()->isRunning()) {
    m_window->messages()->addMessage(MessagesPanel::Level::Error, tr("There is no stopped live run to save: Simulate ▸ Run Live, then Cancel Run."));
    return false;
  }
  try {
    saveLiveRecording(*recording, path.toStdString());
  } catch (const Error& e) {
    m_window->messages()->addMessage(MessagesPanel::Level::Error, QString::fromStdString(e.what()));
    return false;
  }
  m_window->messages()->addMessage(MessagesPanel::Level::Info, tr("Saved the live run (%1 steps, %2 inputs) to %3; mstmm replay runs it again exactly.")
                                                                     .arg(recording->steps)
                                                                     .arg(recording->inputs.size())
                                                                     .arg(path));
  return true;
}

void LiveInputsActions::saveRecordingAs() {
  if (!m_window->isInteractive()) return;
  QSettings settings;
  const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Live Run for Replay"), m_window->savePathFor("live-run.json"),
                                                    tr("Live recordings (*.json)"));
  if (path.isEmpty()) return;
  settings.setValue("lastDirectory", QFileInfo(path).absolutePath());
  saveRecording(path);
}

}  // namespace mstmm::gui
