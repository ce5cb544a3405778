#include "gui/main/studio_workspace.hpp"

#include "gui/run/simulation_controller.hpp"

#include <QAction>
#include <QMenu>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include "gui/main/main_window.hpp"
#include "gui/playback/playback_bar.hpp"
#include "gui/playback/playback_clock.hpp"
#include "gui/plots/plots_panel.hpp"
#include "gui/view3d/view_panel.hpp"
#include "render/view_widget.hpp"

namespace mstmm::gui {

StudioWorkspace::StudioWorkspace(MainWindow* window)
    : QWidget(window), m_window(window), m_clock(new PlaybackClock(this)), m_viewPanel(new ViewPanel(window->document(), m_clock)),
      m_bar(new PlaybackBar(m_clock)), m_plots(new PlotsPanel(m_clock)), m_live(new QTimer(this)) {
  auto* viewArea = new QWidget;
  auto* viewLayout = new QVBoxLayout(viewArea);
  viewLayout->setContentsMargins(0, 0, 0, 0);
  viewLayout->setSpacing(0);
  viewLayout->addWidget(m_viewPanel, 1);
  viewLayout->addWidget(m_bar);
  auto* split = new QSplitter(Qt::Vertical);
  split->setObjectName("viewPlotSplitter");
  split->addWidget(viewArea);
  split->addWidget(m_plots);
  // The 3-D view gets the larger share and keeps a useful height however
  // many plot panes there are (they scroll in their own area).
  viewArea->setMinimumHeight(260);
  m_plots->setMinimumHeight(220);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  split->setSizes({600, 400});
  split->setChildrenCollapsible(false);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);

  // While a run computes, new samples are pulled a few times per second:
  // often enough to look live, rarely enough to leave the worker alone.
  m_live->setInterval(100);
  connect(m_live, &QTimer::timeout, this, &StudioWorkspace::pullNewSamples);
  connect(window, &MainWindow::resultsChanged, this, &StudioWorkspace::showResults);
  connect(window, &MainWindow::focusOnSelection, m_viewPanel, &ViewPanel::frameSelection);
  connect(window->simulation(), &SimulationController::finished, this, &StudioWorkspace::runFinished);
  // A live run is watched as it happens: its samples are pulled at the
  // view's 60 Hz (the pacer already leaves the worker time to spare).
  connect(window->simulation(), &SimulationController::started, this, [this] { m_live->setInterval(m_window->simulation()->isLive() ? 16 : 100); });
  createPlaybackActions(window);
  createViewActions(window);
}

void StudioWorkspace::showResults(std::shared_ptr<RunResults> results) {
  m_results = std::move(results);
  m_knownFrames = 0;
  m_clock->reset();
  m_clock->setLive(m_results != nullptr);
  m_viewPanel->setResults(m_results);
  m_plots->setResults(m_results);
  if (m_results) m_live->start();
  pullNewSamples();
}

void StudioWorkspace::showAnimation(std::shared_ptr<RunResults> results) {
  showResults(std::move(results));
  m_live->stop();
  m_clock->setLive(false);
  pullNewSamples();
  m_viewPanel->frameMotion();  // the whole swing in view
  m_clock->setLoop(true);
  m_clock->toStart();
  m_clock->play();
}

void StudioWorkspace::pullNewSamples() {
  if (!m_results) return;
  const int frames = m_results->frameCount();
  if (frames == m_knownFrames) {
    // A live run between its recorded instants: the view shows where it is now.
    if (m_clock->isLive() && m_clock->time() >= m_clock->endTime()) m_viewPanel->updateFrame();
    return;
  }
  std::vector<double> times;
  m_results->read([&](const Results& r) {
    times.assign(r.times().begin() + m_knownFrames, r.times().begin() + r.frameCount());
    return 0;
  });
  m_knownFrames += static_cast<int>(times.size());
  // A user who has not moved the clock away from the newest result (or a
  // run just started) keeps seeing the newest result while the run computes.
  const bool atNewest = !m_clock->isPlaying() && (m_clock->sampleCount() == 0 || m_clock->time() >= m_clock->endTime());
  m_clock->appendSampleTimes(times);
  if (atNewest) m_clock->toEnd();
}

void StudioWorkspace::runFinished() {
  m_live->stop();
  pullNewSamples();
  m_clock->setLive(false);
  m_plots->refresh();
  m_viewPanel->frameMotion();
}

void StudioWorkspace::createPlaybackActions(MainWindow* window) {
  QMenu* menu = window->addMenuBeforeHelp(tr("&Playback"));
  auto add = [&](const QString& name, const QString& text, const QKeySequence& key, auto slot) {
    auto* a = new QAction(text, window);
    a->setShortcut(key);
    connect(a, &QAction::triggered, m_clock, slot);
    window->registerAction(name, a);
    menu->addAction(a);
    return a;
  };
  add("playPause", tr("&Play/Pause"), QKeySequence(Qt::Key_Space), &PlaybackClock::togglePlay);
  add("stepForward", tr("Step &Forward"), QKeySequence(Qt::Key_Right), &PlaybackClock::stepForward);
  add("stepBack", tr("Step &Back"), QKeySequence(Qt::Key_Left), &PlaybackClock::stepBack);
  add("toStart", tr("To &Start"), QKeySequence(Qt::Key_Home), &PlaybackClock::toStart);
  add("toEnd", tr("To &End"), QKeySequence(Qt::Key_End), &PlaybackClock::toEnd);
  menu->addSeparator();
  auto* loop = new QAction(tr("&Loop"), window);
  loop->setCheckable(true);
  connect(loop, &QAction::toggled, m_clock, &PlaybackClock::setLoop);
  connect(m_clock, &PlaybackClock::loopChanged, loop, &QAction::setChecked);
  window->registerAction("loop", loop);
  menu->addAction(loop);
}

void StudioWorkspace::createViewActions(MainWindow* window) {
  QMenu* view = window->viewMenu();
  view->addSeparator();
  QMenu* camera = view->addMenu(tr("3-D &Camera"));
  const struct {
    const char* name;
    QString text;
    QKeySequence key;
  } entries[] = {{"fit3d", tr("&Fit 3-D View"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F)},
                 {"front", tr("F&ront"), QKeySequence(Qt::CTRL | Qt::Key_1)},
                 {"top", tr("&Top"), QKeySequence(Qt::CTRL | Qt::Key_2)},
                 {"side", tr("&Side"), QKeySequence(Qt::CTRL | Qt::Key_3)},
                 {"isometric", tr("&Isometric"), QKeySequence(Qt::CTRL | Qt::Key_4)},
                 {"follow", tr("F&ollow Selected Body"), QKeySequence()},
                 {"trails", tr("T&rails"), QKeySequence()}};
  for (const auto& e : entries) {
    QAction* a = m_viewPanel->action(e.name);  // the view's toolbar action: one action, two places
    a->setIconText(a->text());
    a->setText(e.text);
    if (!e.key.isEmpty()) a->setShortcut(e.key);
    window->registerAction(e.name, a);
    camera->addAction(a);
  }
  QAction* addPlot = view->addAction(tr("Add &Plot Pane"), m_plots, [this] { m_plots->addPane(Quantity::Angle); });
  window->registerAction("addPlot", addPlot);
}

}  // namespace mstmm::gui
