#include "gui/run/live_actions.hpp"

#include <QAction>
#include <QComboBox>
#include <QMenu>
#include <QToolBar>
#include <functional>
#include <limits>

#include "gui/main/main_window.hpp"
#include "gui/run/simulation_controller.hpp"

namespace mstmm::gui {

LiveActions::LiveActions(MainWindow* window) : QObject(window), m_window(window) {
  auto add = [&](const QString& name, const QString& text, const QKeySequence& key, const QString& tip, std::function<void()> slot) {
    auto* action = new QAction(text, window);
    action->setObjectName(name);
    action->setShortcut(key);
    action->setToolTip(tip);
    connect(action, &QAction::triggered, this, std::move(slot));
    window->registerAction(name, action);
    window->simulateMenu()->addAction(action);
    return action;
  };
  window->simulateMenu()->addSeparator();
  m_run = add("runLive", tr("Run &Live"), QKeySequence(Qt::CTRL | Qt::Key_F5),
              tr("Run without an end, at the chosen speed against the wall clock; Cancel Run stops it"), [this] { runLive(); });
  m_pause = add("livePause", tr("&Pause Live Run"), QKeySequence(Qt::Key_F6), tr("Pause the live run, or resume it"), [this] { togglePause(); });
  m_step = add("liveStep", tr("S&tep Live Run"), QKeySequence(Qt::Key_F7), tr("While paused: on to the next recorded instant"), [this] { step(); });
  m_reset = add("liveReset", tr("R&eset Live Run"), QKeySequence(Qt::Key_F8), tr("Start the live run again from the initial state"), [this] { reset(); });
  m_pause->setCheckable(true);
  m_run->setIconText(tr("Live"));
  m_pause->setIconText(tr("Pause"));
  m_step->setIconText(tr("Step"));
  m_reset->setIconText(tr("Reset"));

  m_speed = new QComboBox;
  m_speed->setObjectName("liveSpeed");
  m_speed->setToolTip(tr("Speed of live runs: simulated seconds per second"));
  for (double f : {0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0}) m_speed->addItem(f == 1.0 ? tr("1× (real time)") : tr("%1×").arg(f), f);
  m_speed->addItem(tr("as fast as possible"), std::numeric_limits<double>::infinity());
  m_speed->setCurrentIndex(m_speed->findData(1.0));
  connect(m_speed, &QComboBox::activated, this, [this] { setSpeed(m_speed->currentData().toDouble()); });
  if (auto* bar = window->findChild<QToolBar*>("mainToolBar")) {
    bar->addAction(m_run);
    bar->addAction(m_pause);
    bar->addAction(m_step);
    bar->addAction(m_reset);
    bar->addWidget(m_speed);
  }

  SimulationController* simulation = window->simulation();
  connect(simulation, &SimulationController::started, this, &LiveActions::updateActions);
  connect(simulation, &SimulationController::finished, this, [this] {
    updateActions();
    restartIfAsked();
  });
  updateActions();
}

bool LiveActions::runLive() {
  SimulationController* simulation = m_window->simulation();
  if (simulation->isRunning()) return false;
  simulation->runNextLive(m_pacer);
  m_window->action("run")->trigger();  // the model checked, the stale mark cleared, as for any run
  const bool started = simulation->isRunning();
  if (!started) simulation->runNextLive(nullptr);  // the model had problems: the next Run is a plain one
  updateActions();
  return started;
}

void LiveActions::togglePause() {
  if (m_pacer->paused()) m_pacer->resume();
  else m_pacer->pause();
  updateActions();
}

void LiveActions::step() {
  if (!m_pacer->paused()) m_pacer->pause();
  m_pacer->stepOnce();
  updateActions();
}

void LiveActions::reset() {
  SimulationController* simulation = m_window->simulation();
  if (!simulation->isLive()) return;
  m_restart = true;
  simulation->cancel();
}

void LiveActions::restartIfAsked() {
  if (!m_restart) return;
  m_restart = false;
  runLive();
}

void LiveActions::setSpeed(double factor) {
  m_pacer->setSpeed(factor);
  const int index = m_speed->findData(factor);
  if (index >= 0) m_speed->setCurrentIndex(index);
}

void LiveActions::updateActions() {
  const SimulationController* simulation = m_window->simulation();
  const bool live = simulation->isLive();
  m_run->setEnabled(!simulation->isRunning());
  m_pause->setEnabled(live);
  m_pause->setChecked(m_pacer->paused());
  m_pause->setText(m_pacer->paused() ? tr("&Resume Live Run") : tr("&Pause Live Run"));
  m_pause->setIconText(m_pacer->paused() ? tr("Resume") : tr("Pause"));
  m_step->setEnabled(live);
  m_reset->setEnabled(live);
}

}  // namespace mstmm::gui
