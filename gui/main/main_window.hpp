#pragma once
// The main window of MSTMM Studio: menus, toolbar, the docked topology graph,
// properties and messages, the central area (3-D view and plots), and the
// status bar with the run's progress.

#include <QHash>
#include <QMainWindow>
#include <functional>
#include <memory>

#include "core/io/results_csv.hpp"
#include "gui/document/autosave.hpp"
#include "gui/document/model_document.hpp"
#include "gui/document/recovery_store.hpp"
#include "gui/run/simulation_controller.hpp"

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QDockWidget;

namespace mstmm::gui {

class TopologyScene;
class TopologyView;
class PropertiesPanel;
class UserGuide;
class MessagesPanel;

/// An entry of File ▸ Open Example.
struct Example {
  QString id;     // stable name, e.g. "riccati-demo-planar"
  QString title;  // what the menu shows
  QString menu;   // submenu, or empty
};

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  /// The first window's size on a screen with this available area: 1280 x
  /// 800 where a window manager's frame fits around it, else maximised
  /// (the client area smaller by kFrameAllowance).
  struct DefaultSize {
    QSize client;
    bool maximised = false;
  };
  static DefaultSize defaultSizeFor(const QRect& available);
  /// What a window manager's frame and panels may take beyond the client area.
  static constexpr QSize kFrameAllowance{16, 64};

  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  ModelDocument* document() const { return m_document; }
  SimulationController* simulation() const { return m_simulation; }
  TopologyScene* graphScene() const { return m_scene; }
  /// Writes the current results as CSV, with the extra columns asked for.
  void exportResultsCsvTo(const QString& path, CsvColumns columns);
  /// Selects the body or hinge of that name and brings it into view in the
  /// graph and the 3-D view (Edit > Find); false if there is none.
  bool findElement(const QString& name);
  /// The folder Save As starts in (never the bundled examples).
  QString saveDirectory() const;
  /// Where a save or export dialog starts for `fileName`: in saveDirectory(),
  /// a folder that exists and can be written, never "/" or the read-only
  /// folder of an opened or imported example.
  QString savePathFor(const QString& fileName) const;
  /// Where Open and Import start: the last folder used if it is still
  /// there, else the user's documents.
  QString openDirectory() const;
  TopologyView* graphView() const { return m_view; }
  PropertiesPanel* properties() const { return m_properties; }
  /// The user guide's dock (hidden until Help ▸ User Guide or F1) and its page widget.
  QDockWidget* guideDock() const { return m_guideDock; }
  UserGuide* userGuide() const { return m_guide; }
  /// Shows the guide at `page` ("fields.md") beside the studio.
  void showUserGuide(const QString& page);
  MessagesPanel* messages() const { return m_messages; }
  QAction* action(const QString& name) const { return m_actions.value(name); }
  QList<QAction*> allActions() const { return m_actions.values(); }
  QString statusText() const;
  bool resultsStale() const { return m_stale; }

  /// Without interaction (tests, --screenshot) dialogs never block: prompts
  /// take their default and errors go to the messages panel only.
  void setInteractive(bool interactive) { m_interactive = interactive; }
  bool isInteractive() const { return m_interactive; }

  /// Models that crashed or killed sessions left unsaved: asks about each
  /// (restore, discard, later). The first restored replaces this window's
  /// model if it is empty and unmodified; others go to `newWindow()`.
  /// Without interaction they are kept for a later start. Returns how many
  /// were restored.
  int offerRecovery(const std::function<MainWindow*()>& newWindow = {});
  Autosave* autosave() const { return m_autosave; }

  static QList<Example> examples();
  bool openFile(const QString& path);
  /// Reads a model of another tool (MJCF) as a new, untitled model; what it
  /// does not take goes to the Messages panel, one line each. A file that
  /// does not load is reported and the open model is kept.
  bool importFile(const QString& path);
  /// A model file (.json) is opened, a URDF or MJCF file (.urdf, .xml, .mjcf) imported:
  /// what a file dropped on the window, or named on the command line, does.
  bool openOrImport(const QString& path);
  /// Writes the model as URDF (.urdf) or MJCF (.xml, .mjcf), by the file's
  /// extension; what the format cannot hold goes to Messages, one line each.
  /// A model the format cannot express is reported and nothing is written.
  bool exportModelTo(const QString& path);
  bool openExample(const QString& id);
  bool saveFile(const QString& path);
  /// Replaces the central placeholder (the 3-D view and plots live there).
  void setCentralArea(QWidget* widget);
  /// Adds an action made elsewhere (3-D view, playback, exports) to the
  /// window: its shortcut works window-wide and Help lists it.
  void registerAction(const QString& name, QAction* action);
  /// A top-level menu placed before Help.
  QMenu* addMenuBeforeHelp(const QString& title);
  QMenu* exportMenu() const { return m_exportMenu; }
  QMenu* viewMenu() const { return m_viewMenu; }
  QMenu* simulateMenu() const { return m_simulateMenu; }

 public slots:
  void newModel();
  void open();
  void importModel();
  void exportModelAs();
  bool save();
  bool saveAs();
  void generate();
  void runSimulation();
  /// Before a run with RK4 at a step too long for the model's beams: offers
  /// the step they take, or generalized-alpha at this step (each one undo
  /// step), or the run as it is. False when the user cancels. Asked only
  /// when the window is interactive.
  bool offerBeamStep();
  void cancelSimulation();
  void exportResultsCsv();

 signals:
  /// A run's results object, as soon as the model compiled (views follow it live).
  void resultsChanged(std::shared_ptr<mstmm::gui::RunResults> results);
  /// Find picked an element: the 3-D view brings the selection into view.
  void focusOnSelection();

 protected:
  void closeEvent(QCloseEvent* event) override;
  /// A model file (.json) dropped on the window opens; a URDF or MJCF file is imported.
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void createActions();
  void createMenus();
  void createToolBar();
  void createDocks();
  void askFind();
  void applyDefaultLayout();
  void createStatusBar();
  QAction* addAction(const QString& name, const QString& text, const QKeySequence& shortcut, const std::function<void()>& slot,
                     const QString& icon = {});
  bool maybeSave();
  void updateTitle();
  void updateActions();
  void addRecentFile(const QString& path);
  void rebuildRecentMenu();
  void copy();
  void paste();
  void onProgress(double time, double endTime, double stepsPerSecond, double secondsLeft, int frames);
  void onRunFinished(const RunOutcome& outcome);
  void report(const QString& text, bool error, ErrorSubject subject = {});
  void restoreLayout();
  void applyDefaultSize();

  ModelDocument* m_document;
  SimulationController* m_simulation;
  Autosave* m_autosave;  // owns the recovery store
  TopologyScene* m_scene;
  TopologyView* m_view;
  PropertiesPanel* m_properties;
  MessagesPanel* m_messages;
  QDockWidget *m_graphDock, *m_propertiesDock, *m_messagesDock, *m_guideDock = nullptr;
  UserGuide* m_guide = nullptr;
  QHash<QString, QAction*> m_actions;
  QMenu *m_recentMenu, *m_exampleMenu, *m_exportMenu, *m_viewMenu, *m_simulateMenu, *m_helpMenu;
  QProgressBar* m_progress;
  QLabel *m_runLabel, *m_staleLabel;
  bool m_interactive = true;
  bool m_stale = false;
  int m_pasteCount = 0;
};

}  // namespace mstmm::gui
