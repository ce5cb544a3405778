#include "gui/main/main_window.hpp"

#include <QScreen>
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>

#include "core/version.hpp"
#include "gui/analysis/analysis_status.hpp"
#include "gui/dialogs/simulation_settings_dialog.hpp"
#include "gui/dialogs/small_dialogs.hpp"
#include "gui/document/model_actions.hpp"
#include "gui/editor/topology_scene.hpp"
#include "gui/editor/topology_view.hpp"
#include "gui/panels/messages_panel.hpp"
#include "gui/properties/properties_panel.hpp"
#include "gui/help/user_guide.hpp"

// Resources in a static library are registered explicitly, at global scope
// as Q_INIT_RESOURCE requires.
static void initialiseExampleResources() { Q_INIT_RESOURCE(examples); }

namespace mstmm::gui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      m_document(new ModelDocument(this)),
      m_simulation(new SimulationController(this)),
      m_autosave(new Autosave(m_document, std::make_unique<RecoveryStore>(), this)) {
  initialiseExampleResources();
  setObjectName("MainWindow");
  setAcceptDrops(true);
  m_scene = new TopologyScene(m_document, this);
  m_view = new TopologyView(m_document, m_scene);
  m_properties = new PropertiesPanel(m_document);
  m_messages = new MessagesPanel(m_document);
  auto* placeholder = new QLabel(tr("3-D view and plots"));
  placeholder->setAlignment(Qt::AlignCenter);
  setCentralWidget(placeholder);
  createActions();
  createMenus();
  createToolBar();
  createDocks();
  createStatusBar();

  connect(m_autosave, &Autosave::failed, this, [this](const QString& message) { report(message, false); });
  connect(m_document, &ModelDocument::modifiedChanged, this, &MainWindow::updateTitle);
  connect(m_document, &ModelDocument::filePathChanged, this, &MainWindow::updateTitle);
  connect(m_document, &ModelDocument::selectionChanged, this, &MainWindow::updateActions);
  connect(m_document, &ModelDocument::changed, this, [this](Change change) {
    if (m_simulation->results() && change != Change::Layout) {
      // Whether the results still describe the model on screen: not after
      // an edit, again once it is undone (or redone back to what was run).
      m_stale = !m_simulation->results()->describe(m_document->spec());
      m_staleLabel->setVisible(m_stale);
    }
    if (change == Change::Everything) m_view->fitAll();
    updateActions();
  });
  // Another model: no view keeps showing the previous one's results.
  connect(m_document, &ModelDocument::modelReplaced, this, [this] {
    m_simulation->discardResults();
    m_stale = false;
    m_staleLabel->setVisible(false);
    m_runLabel->clear();  // "failed at t = 10 s" was the previous model's
    m_progress->setVisible(false);
    emit resultsChanged(nullptr);
    updateActions();
  });
  connect(m_view, &TopologyView::message, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
  connect(m_simulation, &SimulationController::progress, this, &MainWindow::onProgress);
  connect(m_simulation, &SimulationController::finished, this, &MainWindow::onRunFinished);
  connect(m_simulation, &SimulationController::note, this, [this](const QString& text) { report(text, false); });
  connect(m_simulation, &SimulationController::resultsReady, this, &MainWindow::resultsChanged);
  updateTitle();
  updateActions();
  restoreLayout();
}

// The views talk to the document until they are gone (a focused line edit
// reports editingFinished while it is destroyed), so they go first; the
// document, the window's first child, would otherwise be deleted before them.
MainWindow::~MainWindow() {
  // The document is deleted with the children after this body: its undo
  // stack's last signals must not reach this half-destroyed window (UBSan).
  m_document->blockSignals(true);
  m_simulation->cancel();
  delete m_graphDock;
  delete m_propertiesDock;
  delete m_messagesDock;
  delete takeCentralWidget();
  delete m_scene;
}

QAction* MainWindow::addAction(const QString& name, const QString& text, const QKeySequence& shortcut, const std::function<void()>& slot,
                               const QString& icon) {
  auto* action = new QAction(text, this);
  action->setObjectName(name);
  if (!shortcut.isEmpty()) action->setShortcut(shortcut);
  if (!icon.isEmpty()) action->setIcon(QIcon::fromTheme(icon));
  connect(action, &QAction::triggered, this, slot);
  m_actions.insert(name, action);
  return action;
}

void MainWindow::createActions() {
  QStyle* s = style();
  addAction("new", tr("&New"), QKeySequence(Qt::CTRL | Qt::Key_N), [this] { newModel(); })->setIcon(s->standardIcon(QStyle::SP_FileIcon));
  addAction("open", tr("&Open…"), QKeySequence(Qt::CTRL | Qt::Key_O), [this] { open(); })->setIcon(s->standardIcon(QStyle::SP_DialogOpenButton));
  addAction("generate", tr("&Generate…"), QKeySequence(Qt::CTRL | Qt::Key_G), [this] { generate(); });
  addAction("import", tr("&Import…"), QKeySequence(Qt::CTRL | Qt::Key_I), [this] { importModel(); })
      ->setToolTip(tr("Read a model of another tool: URDF (through urdfdom) or MJCF (MuJoCo's XML, through MuJoCo's own compiler)"));
  addAction("save", tr("&Save"), QKeySequence(Qt::CTRL | Qt::Key_S), [this] { save(); })->setIcon(s->standardIcon(QStyle::SP_DialogSaveButton));
  addAction("saveAs", tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), [this] { saveAs(); });
  addAction("exportModelAs", tr("Export &As URDF or MJCF…"), {}, [this] { exportModelAs(); })
      ->setToolTip(tr("Write the model for other tools: URDF (ROS) or MJCF (MuJoCo); what the format cannot hold is listed in Messages"));
  addAction("exportCsv", tr("Results as &CSV…"), {}, [this] { exportResultsCsv(); });
  addAction("quit", tr("&Quit"), QKeySequence(Qt::CTRL | Qt::Key_Q), [this] { close(); });
  QAction* undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
  undo->setIcon(s->standardIcon(QStyle::SP_ArrowBack));
  m_actions.insert("undo", undo);
  QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
  redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Y), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)});
  redo->setIcon(s->standardIcon(QStyle::SP_ArrowForward));
  m_actions.insert("redo", redo);
  addAction("cut", tr("Cu&t"), QKeySequence::Cut, [this] {
    copy();
    deleteSelection(m_document);
  });
  addAction("copy", tr("&Copy"), QKeySequence::Copy, [this] { copy(); });
  addAction("paste", tr("&Paste"), QKeySequence::Paste, [this] { paste(); });
  addAction("delete", tr("&Delete"), QKeySequence(Qt::Key_Delete), [this] { deleteSelection(m_document); });
  addAction("find", tr("&Find Body or Hinge…"), QKeySequence::Find, [this] { askFind(); });
  addAction("selectAll", tr("Select &All"), QKeySequence::SelectAll, [this] {
    Selection all;
    for (const BodySpec& b : m_document->spec().bodies) all.bodies.insert(b.id.value);
    for (const HingeSpec& h : m_document->spec().hinges) all.hinges.insert(h.id.value);
    m_document->setSelection(all);
  });
  addAction("addBody", tr("Add &Body"), QKeySequence(Qt::CTRL | Qt::Key_B), [this] {
    const QPointF centre = m_view->mapToScene(m_view->viewport()->rect().center());
    const BodyId id = addBody(m_document, freeSpotNear(m_document, centre));
    Selection s;
    s.bodies.insert(id.value);
    m_document->setSelection(s);
  });
  addAction("attachGround", tr("Attach to &Ground…"), QKeySequence(Qt::CTRL | Qt::Key_J), [this] { m_view->attachSelectionToGround(); });
  addAction("layout", tr("Automatic &Layout"), QKeySequence(Qt::CTRL | Qt::Key_L), [this] {
    applyAutoLayout(m_document);
    m_view->fitAll();
  });
  addAction("preferences", tr("Pre&ferences…"), QKeySequence::Preferences, [this] { PreferencesDialog(this).exec(); });
  addAction("run", tr("&Run"), QKeySequence(Qt::Key_F5), [this] { runSimulation(); })->setIcon(s->standardIcon(QStyle::SP_MediaPlay));
  addAction("cancel", tr("&Cancel Run"), QKeySequence(Qt::Key_Escape), [this] { cancelSimulation(); })->setIcon(s->standardIcon(QStyle::SP_MediaStop));
  addAction("settings", tr("&Settings…"), {}, [this] { SimulationSettingsDialog(m_document, this).exec(); });
  addAction("fit", tr("&Fit Graph"), QKeySequence(Qt::Key_F), [this] { m_view->fitAll(); });
  addAction("resetLayout", tr("&Reset Window Layout"), {}, [this] {
    applyDefaultSize();
    applyDefaultLayout();
  });
  addAction("about", tr("&About MSTMM Studio"), {}, [this] {
    QMessageBox::about(this, tr("About MSTMM Studio"),
                       tr("<h3>MSTMM Studio %1</h3><p>Modelling and simulation of multibody systems with the Riccati transfer "
                          "matrix method (Rui, Bestle et al., Multibody Syst Dyn 49, 2020).</p>")
                           .arg(kVersion));
  });
  addAction("shortcuts", tr("&Keyboard Shortcuts"), {}, [this] { ShortcutsDialog(allActions(), this).exec(); });
  // F1: the page of what has the focus (guidePage properties, set in createDocks and on the workspace's docks).
  addAction("userGuide", tr("&User Guide"), QKeySequence::HelpContents, [this] { showUserGuide(guidePageFor(QApplication::focusWidget())); })
      ->setIcon(s->standardIcon(QStyle::SP_DialogHelpButton));
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(action("new"));
  file->addAction(action("open"));
  m_exampleMenu = file->addMenu(tr("Open &Example"));
  QHash<QString, QMenu*> submenus;
  for (const Example& e : examples()) {
    QMenu* menu = m_exampleMenu;
    if (!e.menu.isEmpty()) {
      if (!submenus.contains(e.menu)) submenus.insert(e.menu, m_exampleMenu->addMenu(e.menu));
      menu = submenus.value(e.menu);
    }
    const QString id = e.id;
    menu->addAction(e.title, this, [this, id] {
      if (maybeSave()) openExample(id);
    })->setObjectName("example:" + id);
  }
  m_recentMenu = file->addMenu(tr("Open &Recent"));
  file->addAction(action("generate"));
  file->addAction(action("import"));
  file->addSeparator();
  file->addAction(action("save"));
  file->addAction(action("saveAs"));
  file->addAction(action("exportModelAs"));
  m_exportMenu = file->addMenu(tr("&Export"));
  m_exportMenu->addAction(action("exportCsv"));
  file->addSeparator();
  file->addAction(action("quit"));
  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  for (const char* name : {"undo", "redo"}) edit->addAction(action(name));
  edit->addSeparator();
  for (const char* name : {"cut", "copy", "paste", "delete", "selectAll", "find"}) edit->addAction(action(name));
  edit->addSeparator();
  for (const char* name : {"addBody", "attachGround", "layout"}) edit->addAction(action(name));
  edit->addSeparator();
  edit->addAction(action("preferences"));
  QMenu* simulate = m_simulateMenu = menuBar()->addMenu(tr("&Simulate"));
  for (const char* name : {"run", "cancel", "settings"}) simulate->addAction(action(name));
  m_viewMenu = menuBar()->addMenu(tr("&View"));
  m_helpMenu = menuBar()->addMenu(tr("&Help"));
  m_helpMenu->addAction(action("userGuide"));
  m_helpMenu->addAction(action("about"));
  m_helpMenu->addAction(action("shortcuts"));
  rebuildRecentMenu();
}

void MainWindow::createToolBar() {
  QToolBar* bar = addToolBar(tr("Main"));
  bar->setObjectName("mainToolBar");
  for (const char* name : {"new", "open", "save"}) bar->addAction(action(name));
  bar->addSeparator();
  for (const char* name : {"undo", "redo"}) bar->addAction(action(name));
  bar->addSeparator();
  for (const char* name : {"addBody", "attachGround", "layout", "fit"}) bar->addAction(action(name));
  bar->addSeparator();
  for (const char* name : {"run", "cancel"}) bar->addAction(action(name));
}

void MainWindow::createDocks() {
  auto dock = [this](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(name);
    d->setWidget(widget);
    addDockWidget(area, d);
    m_viewMenu->addAction(d->toggleViewAction());
    return d;
  };
  m_graphDock = dock(tr("Topology Graph"), "graphDock", m_view, Qt::LeftDockWidgetArea);
  m_propertiesDock = dock(tr("Properties"), "propertiesDock", m_properties, Qt::RightDockWidgetArea);
  m_messagesDock = dock(tr("Messages"), "messagesDock", m_messages, Qt::BottomDockWidgetArea);
  m_guide = new UserGuide;
  m_guideDock = dock(tr("User Guide"), "guideDock", m_guide, Qt::RightDockWidgetArea);
  m_guideDock->hide();
  m_view->setProperty("guidePage", "building-a-model.md");
  m_properties->setProperty("guidePage", "fields.md");
  m_messages->setProperty("guidePage", "running-and-watching.md");
  m_viewMenu->addSeparator();
  m_viewMenu->addAction(action("fit"));
  m_viewMenu->addAction(action("resetLayout"));
  // The side docks run the full height; Messages sits under the central
  // area only, a few lines high (the status bar repeats the newest line).
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
  applyDefaultLayout();
}

void MainWindow::applyDefaultLayout() {
  for (QDockWidget* d : {m_graphDock, m_propertiesDock, m_messagesDock}) {
    d->setFloating(false);
    d->show();
  }
  addDockWidget(Qt::LeftDockWidgetArea, m_graphDock);
  addDockWidget(Qt::RightDockWidgetArea, m_propertiesDock);
  addDockWidget(Qt::BottomDockWidgetArea, m_messagesDock);
  resizeDocks({m_graphDock, m_propertiesDock}, {240, 380}, Qt::Horizontal);  // three-number rows whole at 1280 px
  resizeDocks({m_messagesDock}, {96}, Qt::Vertical);
}

void MainWindow::showUserGuide(const QString& page) {
  if (m_guideDock->isHidden()) {
    // In the Properties' place, as a tab: the graph, the 3-D view and the
    // plots stay in view beside it at 1280 px (split beside the Properties
    // it left the 3-D view a third of its width).
    m_guideDock->setFloating(false);
    if (!m_propertiesDock->isHidden() && !m_propertiesDock->isFloating()) tabifyDockWidget(m_propertiesDock, m_guideDock);
    m_guideDock->show();
  }
  m_guideDock->raise();
  m_guide->showPage(page);
}

void MainWindow::createStatusBar() {
  m_runLabel = new QLabel;
  m_progress = new QProgressBar;
  m_progress->setRange(0, 1000);
  m_progress->setMaximumWidth(220);
  m_progress->setVisible(false);
  m_staleLabel = new QLabel(tr("results are from before the last edit"));
  m_staleLabel->setStyleSheet("color: #a05a00;");
  m_staleLabel->setVisible(false);
  statusBar()->addPermanentWidget(m_staleLabel);
  statusBar()->addPermanentWidget(m_runLabel);
  statusBar()->addPermanentWidget(m_progress);
  new AnalysisStatus(this);  // long analyses show and are cancelled here too
}

QString MainWindow::statusText() const { return m_runLabel->text(); }

void MainWindow::updateTitle() {
  setWindowTitle(QString("%1[*] — MSTMM Studio").arg(m_document->displayName()));
  setWindowModified(m_document->isModified());
}

void MainWindow::updateActions() {
  const bool running = m_simulation->isRunning();
  const Selection& s = m_document->selection();
  action("run")->setEnabled(!running);
  action("cancel")->setEnabled(running);
  action("delete")->setEnabled(!s.isEmpty());
  action("cut")->setEnabled(!s.bodies.isEmpty());
  action("copy")->setEnabled(!s.bodies.isEmpty());
  action("attachGround")->setEnabled(!s.bodies.isEmpty());
  action("exportCsv")->setEnabled(m_simulation->results() != nullptr);
}

void MainWindow::report(const QString& text, bool error, ErrorSubject subject) {
  m_messages->addMessage(error ? MessagesPanel::Level::Error : MessagesPanel::Level::Info, text, subject);
  statusBar()->showMessage(text.section('\n', 0, 0), 10000);
  if (error && m_interactive) QMessageBox::warning(this, tr("MSTMM Studio"), text);
}

// 1280 x 800 where the screen has room for it and a window manager's title
// bar and panels; on a smaller screen (a 1280 x 800 laptop) maximised, so
// that the frame fits and the status bar with the run's progress stays on
// screen (issue 55, point 2).
MainWindow::DefaultSize MainWindow::defaultSizeFor(const QRect& available) {
  const QSize wanted(1280, 800);
  if (available.width() >= wanted.width() + kFrameAllowance.width() && available.height() >= wanted.height() + kFrameAllowance.height())
    return {wanted, false};
  return {wanted.boundedTo(available.size() - kFrameAllowance), true};
}

void MainWindow::applyDefaultSize() {
  const QScreen* s = screen();
  const DefaultSize size = defaultSizeFor(s ? s->availableGeometry() : QRect(0, 0, 1920, 1080));
  resize(size.client);
  setWindowState(size.maximised ? windowState() | Qt::WindowMaximized : windowState() & ~Qt::WindowMaximized);
}

void MainWindow::restoreLayout() {
  QSettings settings;
  if (!restoreGeometry(settings.value("mainWindow/geometry").toByteArray())) applyDefaultSize();
  restoreState(settings.value("mainWindow/state").toByteArray());
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  m_simulation->cancel();
  m_autosave->finish();  // saved or discarded: nothing to recover
  QSettings settings;
  settings.setValue("mainWindow/geometry", saveGeometry());
  settings.setValue("mainWindow/state", saveState());
  event->accept();
}

void MainWindow::registerAction(const QString& name, QAction* action) {
  action->setObjectName(name);
  m_actions.insert(name, action);
  QWidget::addAction(action);
}

QMenu* MainWindow::addMenuBeforeHelp(const QString& title) {
  auto* menu = new QMenu(title, this);
  menuBar()->insertMenu(m_helpMenu->menuAction(), menu);
  return menu;
}

void MainWindow::setCentralArea(QWidget* widget) {
  delete takeCentralWidget();
  setCentralWidget(widget);
}

}  // namespace mstmm::gui
