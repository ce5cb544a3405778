// The real main window: opens the paper's demo, runs it to the end and saves
// a screenshot (build/artifacts/main-window-demo.png, an artefact to look at);
// the title shows the file and the unsaved-changes mark; saving is atomic and
// makes the document clean; a failed load leaves the current model untouched;
// the menus hold what the issue lists.

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "core/generate/generators.hpp"
#include "core/io/model_json.hpp"
#include "gui/document/model_actions.hpp"
#include "gui/main/main_window.hpp"
#include "gui/main/studio_setup.hpp"
#include "gui/panels/messages_panel.hpp"

using namespace mstmm;
using namespace mstmm::gui;

class TestMainWindow : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QApplication::setOrganizationName("MSTMM Studio Tests");  // keep the user's settings out of it
    QApplication::setApplicationName("test_main_window");
  }

  void demoRunsToTheEndAndIsPhotographed() {
    MainWindow window;
    setUpStudio(window);
    window.setInteractive(false);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openExample("riccati-demo-planar"));
    QSignalSpy finished(window.simulation(), &SimulationController::finished);
    window.action("run")->trigger();
    QVERIFY(finished.wait(30000));
    QCOMPARE(window.simulation()->lastOutcome().status, RunOutcome::Status::Completed);
    QCOMPARE(window.simulation()->lastOutcome().time, 2.0);
    QVERIFY(window.statusText().startsWith("done: t = 2 s"));
    QTest::qWait(300);
    const QString dir = QString(MSTMM_BINARY_DIR) + "/artifacts";
    QDir().mkpath(dir);
    QVERIFY(saveWindowScreenshot(window, dir + "/main-window-demo.png"));
    QImage shot(dir + "/main-window-demo.png");
    QCOMPARE(shot.size(), window.size());
  }

  void titleShowsFileAndModifiedMark() {
    QTemporaryDir tmp;
    MainWindow window;
    window.setInteractive(false);
    const QString path = tmp.filePath("demo.json");
    saveModel(riccatiDemo(), path.toStdString());
    QVERIFY(window.openFile(path));
    QCOMPARE(window.windowTitle(), QString("demo.json[*] — MSTMM Studio"));
    QVERIFY(!window.isWindowModified());
    addBody(window.document(), QPointF(0, 0));
    QVERIFY(window.isWindowModified());
    QVERIFY(window.saveFile(path));
    QVERIFY(!window.isWindowModified());
    QCOMPARE(loadModel(path.toStdString()).bodies.size(), std::size_t(5));
    QCOMPARE(QDir(tmp.path()).entryList(QDir::Files), QStringList{"demo.json"});  // atomic: no temporary left
    window.action("undo")->trigger();
    QVERIFY(window.isWindowModified());
  }

  void failedLoadLeavesTheModelUntouched() {
    QTemporaryDir tmp;
    const QString bad = tmp.filePath("bad.json");
    QFile f(bad);
    f.open(QIODevice::WriteOnly);
    f.write("{ \"bodies\": [ { \"name\": \"x\" } ], \"hinges\": [] }");
    f.close();
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openExample("riccati-demo-planar"));
    const std::string before = modelToJson(window.document()->specForSaving());
    QVERIFY(!window.openFile(bad));
    QCOMPARE(modelToJson(window.document()->specForSaving()), before);
    bool listed = false;
    for (const QString& m : window.messages()->texts()) listed = listed || m.contains("body 'x': missing 'shape'");
    QVERIFY(listed);
  }

  void editingAfterARunMarksResultsStale() {
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openExample("riccati-demo-planar"));
    QSignalSpy finished(window.simulation(), &SimulationController::finished);
    window.runSimulation();
    QVERIFY(finished.wait(30000));
    QVERIFY(!window.resultsStale());
    addBody(window.document(), QPointF(0, 0));
    QVERIFY(window.resultsStale());
  }

  void menusHoldWhatTheyShould() {
    MainWindow window;
    QStringList menus;
    for (QAction* a : window.menuBar()->actions()) menus << a->text().remove('&');
    QCOMPARE(menus, (QStringList{"File", "Edit", "Simulate", "View", "Help"}));
    const QList<QPair<QString, QKeySequence>> shortcuts{
        {"new", QKeySequence("Ctrl+N")}, {"open", QKeySequence("Ctrl+O")}, {"save", QKeySequence("Ctrl+S")},
        {"saveAs", QKeySequence("Ctrl+Shift+S")}, {"undo", QKeySequence("Ctrl+Z")}, {"redo", QKeySequence("Ctrl+Y")},
        {"delete", QKeySequence(Qt::Key_Delete)}, {"run", QKeySequence(Qt::Key_F5)}, {"cancel", QKeySequence(Qt::Key_Escape)}};
    for (const auto& [name, key] : shortcuts) QVERIFY2(window.action(name)->shortcuts().contains(key), qPrintable(name));
    for (const char* name : {"cut", "copy", "paste", "selectAll", "preferences", "settings", "about", "shortcuts", "generate"})
      QVERIFY2(window.action(name), name);
  }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
