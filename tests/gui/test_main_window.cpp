// The real main window: opens the paper's demo, runs it to the end and saves
// a screenshot (build/artifacts/main-window-demo.png, an artefact to look at);
// the title shows the file and the unsaved-changes mark; saving is atomic and
// makes the document clean; a failed load leaves the current model untouched;
// the menus hold what the issue lists.

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QUndoStack>
#include <QContextMenuEvent>
#include <QScatterSeries>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QMenuBar>
#include <QTimer>
#include <QDockWidget>
#include <QGraphicsView>
#include <QScrollArea>
#include <QScrollBar>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QFileDialog>
#include <QElapsedTimer>
#include <QtTest>
#include <limits>

#include "core/generate/generators.hpp"
#include "core/model/beam_step.hpp"
#include "core/model/model.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "core/sim/interpolation.hpp"
#include "core/io/model_json.hpp"
#include "tests/core/test_support.hpp"
#include "core/math/rotation.hpp"
#include "gui/dialogs/urdf_import_dialog.hpp"
#include "interchange/model_import.hpp"
#include "gui/document/commands.hpp"
#include "gui/run/live_actions.hpp"
#include "gui/run/run_results.hpp"
#include "gui/document/model_actions.hpp"
#include "gui/main/main_window.hpp"
#include "gui/editor/graph_items.hpp"
#include "gui/editor/topology_scene.hpp"
#include "gui/editor/topology_view.hpp"
#include "gui/exports/export_actions.hpp"
#include "gui/main/studio_setup.hpp"
#include "gui/main/studio_workspace.hpp"
#include "gui/playback/playback_clock.hpp"
#include "gui/plots/plot_pane.hpp"
#include "gui/plots/plots_panel.hpp"
#include "gui/view3d/view_panel.hpp"
#include "render/offscreen_renderer.hpp"
#include "render/view_widget.hpp"
#include "gui/panels/messages_panel.hpp"
#include "gui/properties/properties_panel.hpp"
#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"
#include "gui/study/study_actions.hpp"
#include "gui/study/study_dialog.hpp"
#include "tests/gui/studio_support.hpp"

using namespace mstmm;
using namespace mstmm::gui;

namespace {

using test::showStudio;

/// Runs the open model and waits until the run has ended.
/// Writes `text` to `path` and returns the path.
QString writeFile(const QString& path, const QByteArray& text) {
  QFile f(path);
  f.open(QIODevice::WriteOnly);
  f.write(text);
  return path;
}

bool runToTheEnd(MainWindow& window) {
  QSignalSpy finished(window.simulation(), &SimulationController::finished);
  window.action("run")->trigger();
  return finished.wait(30000);
}

}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QApplication::setOrganizationName("MSTMM Studio Tests");  // keep the user's settings out of it
    QApplication::setApplicationName("test_main_window");
  }

  void demoRunsToTheEndAndIsPhotographed() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("riccati-demo-planar"));
    QVERIFY(runToTheEnd(window));
    QCOMPARE(window.simulation()->lastOutcome().status, RunOutcome::Status::Completed);
    QCOMPARE(window.simulation()->lastOutcome().time, 2.0);
    QVERIFY(window.statusText().startsWith("done: t = 2 s"));
    QTest::qWait(300);
    const QString dir = QString(MSTMM_BINARY_DIR) + "/artifacts";
    QDir().mkpath(dir);
    QVERIFY(saveWindowScreenshot(window, dir + "/main-window-demo.png"));
    QImage shot(dir + "/main-window-demo.png");
    QCOMPARE(shot.size(), window.size());
    // The 3-D view's pixels made it into the screenshot: its area shows the
    // bodies' colours, not only the plain background.
    auto* workspace = window.findChild<StudioWorkspace*>();
    render::ViewWidget* view = workspace->viewPanel()->view();
    const QRect area(view->mapTo(&window, QPoint(0, 0)), view->size());
    const QColor background = shot.pixelColor(area.topLeft() + QPoint(5, 5));
    int coloured = 0;
    for (int y = area.top(); y < area.bottom(); y += 2)
      for (int x = area.left(); x < area.right(); x += 2) {
        const QColor c = shot.pixelColor(x, y);
        coloured += std::abs(c.red() - background.red()) + std::abs(c.green() - background.green()) + std::abs(c.blue() - background.blue()) > 60;
      }
    QVERIFY2(coloured > 30, qPrintable(QString::number(coloured)));
  }

  void playbackAndPlotsFollowTheRun() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("riccati-demo-planar"));
    QVERIFY(runToTheEnd(window));
    auto* workspace = window.findChild<StudioWorkspace*>();
    PlaybackClock* clock = workspace->clock();
    const int frames = window.simulation()->results()->frameCount();
    QCOMPARE(clock->sampleCount(), frames);
    QCOMPARE(clock->endTime(), 2.0);
    QVERIFY(!clock->isLive());
    // The keyboard drives the clock (Home, Right, End, Space).
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.graphView()->setFocus();
    clock->setTime(1.0);
    QTest::keyClick(window.graphView(), Qt::Key_Home);
    QCOMPARE(clock->time(), 0.0);
    QTest::keyClick(window.graphView(), Qt::Key_Right);
    QCOMPARE(clock->time(), clock->sampleTimes()[1]);
    QTest::keyClick(window.graphView(), Qt::Key_End);
    QCOMPARE(clock->time(), 2.0);
    QTest::keyClick(window.graphView(), Qt::Key_Space);
    QVERIFY(clock->isPlaying());
    QTest::keyClick(window.graphView(), Qt::Key_Space);
    QVERIFY(!clock->isPlaying());
    // The plot cursor and the 3-D view follow the clock.
    clock->setTime(1.234);
    PlotPane* pane = workspace->plots()->currentPane();
    QCOMPARE(pane->cursorTime(), 1.234);
    const long drawn = workspace->viewPanel()->view()->framesRendered();
    clock->setTime(0.5);
    QTRY_VERIFY(workspace->viewPanel()->view()->framesRendered() > drawn);
    // The 3-D view shows the bodies where the results have them at the clock's
    // time, also after any redraw an earlier edit had scheduled (300 ms later).
    QTest::qWait(300);
    clock->setTime(1.234);
    const std::shared_ptr<RunResults> results = window.simulation()->results();
    const Results recorded = results->read([](const Results& r) { return r; });
    const std::vector<render::BodyState> shown = workspace->viewPanel()->view()->states();
    const SampleLocation at = locateTime(recorded.times(), 1.234);
    for (int slot = 0; slot < recorded.recordedBodyCount(); ++slot) {
      const InterpolatedBody expected = interpolateBody(recorded, at, slot);
      const render::BodyState& s = shown[static_cast<std::size_t>(recorded.recordedBody(slot))];
      QVERIFY((s.input - expected.input).norm() < 1e-12);
      QVERIFY(std::min((s.orientation - expected.orientation).norm(), (s.orientation + expected.orientation).norm()) < 1e-12);
    }
  }

  void playbackAndPlotsFollowARunWhileItComputes() {
    QTemporaryDir tmp;
    ModelSpec spec = generateBranch({3000, false});  // a few ms per step: the run lasts
    spec.simulation.endTime = 20.0;
    spec.simulation.outputEvery = 5;
    saveModel(spec, tmp.filePath("branch.json").toStdString());
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openFile(tmp.filePath("branch.json")));
    auto* workspace = window.findChild<StudioWorkspace*>();
    PlaybackClock* clock = workspace->clock();
    window.action("run")->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(clock->sampleCount() >= 4, 30000);
    QVERIFY(window.simulation()->isRunning());
    QVERIFY(clock->isLive());
    QVERIFY(clock->endTime() > 0.0 && clock->endTime() < 20.0);
    QCOMPARE(clock->time(), clock->endTime());  // an untouched clock shows the newest result
    PlotPane* pane = workspace->plots()->currentPane();
    QTRY_VERIFY_WITH_TIMEOUT(pane->curveCount() > 0 && pane->curveTimes(0).size() >= 4, 10000);  // the curves grow live
    const int seen = clock->sampleCount();
    QTRY_VERIFY_WITH_TIMEOUT(clock->sampleCount() > seen, 30000);
    QSignalSpy finished(window.simulation(), &SimulationController::finished);
    window.action("cancel")->trigger();
    QVERIFY(finished.wait(5000));
    QVERIFY(!clock->isLive());
    // Issue 55 point 9: the user's own stop is logged as information, not a warning.
    QVERIFY(window.messages()->texts().filter("Run cancelled at").size() == 1);
    QCOMPARE(window.messages()->levelOf("Run cancelled at"), MessagesPanel::Level::Info);
    QCOMPARE(clock->sampleCount(), window.simulation()->results()->frameCount());  // every recorded instant reached the clock
  }

  void selectionIsSharedBetweenGraphAndView() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("riccati-demo-planar"));
    render::ViewWidget* view = window.findChild<StudioWorkspace*>()->viewPanel()->view();
    QTRY_VERIFY(view->model() != nullptr);
    const ModelSpec& spec = window.document()->spec();
    auto compiledOf = [&](int specIndex) { return view->model()->compiledIndexOfSpecBody(specIndex); };
    // Graph -> view.
    Selection graph;
    graph.bodies = {spec.bodies[0].id.value, spec.bodies[2].id.value};
    window.document()->setSelection(graph);
    std::vector<int> expected{compiledOf(0), compiledOf(2)};
    std::sort(expected.begin(), expected.end());
    QCOMPARE(view->selection(), expected);
    // View -> graph: a click replaces the selection, Ctrl+click adds to it, a click on empty space clears it.
    emit view->bodyClicked(compiledOf(1), Qt::NoModifier);
    QCOMPARE(window.document()->selection().bodies, (QSet<quint32>{spec.bodies[1].id.value}));
    emit view->bodyClicked(compiledOf(3), Qt::ControlModifier);
    QCOMPARE(window.document()->selection().bodies, (QSet<quint32>{spec.bodies[1].id.value, spec.bodies[3].id.value}));
    emit view->bodyClicked(-1, Qt::NoModifier);
    QVERIFY(window.document()->selection().isEmpty());
    QVERIFY(view->selection().empty());
  }

  // A beam is one body to the user (issue 28): selecting it in the graph
  // outlines every piece in 3-D, and a click on any piece selects the beam.
  void aBeamIsSelectedAsOneBody() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("flexible-arm"));
    render::ViewWidget* view = window.findChild<StudioWorkspace*>()->viewPanel()->view();
    QTRY_VERIFY(view->model() != nullptr);
    QVERIFY(!view->model()->beams().empty());
    const CompiledBeam& beam = view->model()->beams().front();
    const ModelSpec& spec = window.document()->spec();
    const BodySpec* user = nullptr;
    for (const BodySpec& b : spec.bodies)
      if (b.beam) user = &b;
    QVERIFY(user && user->name == beam.layout.name);
    Selection graph;
    graph.bodies = {user->id.value};
    window.document()->setSelection(graph);
    std::vector<int> pieces = beam.pieces;
    std::sort(pieces.begin(), pieces.end());
    QCOMPARE(view->selection(), pieces);
    QVERIFY(pieces.size() == static_cast<std::size_t>(user->beam->segments) + 1);
    const int farPiece = beam.pieces.back() == beam.pieces[static_cast<std::size_t>(beam.layout.rootPiece)] ? beam.pieces.front() : beam.pieces.back();
    emit view->bodyClicked(-1, Qt::NoModifier);
    QVERIFY(window.document()->selection().isEmpty());
    emit view->bodyClicked(farPiece, Qt::NoModifier);
    QCOMPARE(window.document()->selection().bodies, (QSet<quint32>{user->id.value}));
    QCOMPARE(view->selection(), pieces);
  }

  // Issue 13.6: the view toolbar's Shadows toggle reaches the view and the
  // exports copied from it; on by default.
  void shadowsToggleFromTheViewToolbar() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("chain-5-spatial"));
    ViewPanel* panel = window.findChild<StudioWorkspace*>()->viewPanel();
    render::ViewWidget* view = panel->view();
    QTRY_VERIFY(view->model() != nullptr);
    QAction* shadows = panel->action("shadows");
    QVERIFY(shadows && shadows->isCheckable() && shadows->isChecked());
    QVERIFY(view->shadows());
    shadows->trigger();
    QVERIFY(!view->shadows());
    render::OffscreenRenderer exported;
    exported.copySceneFrom(*view);
    QVERIFY(!exported.shadows());
    shadows->trigger();
    QVERIFY(view->shadows());
  }

  // Issue 15.3: a one-parameter sweep started from the context menu of a
  // hinge's damping field plots the decay rate against the damping (each
  // point the closed form c / (2 J) of the damped rod pendulum), and
  // double-clicking a point makes that run the open model and runs it.
  void studyFromThePropertyContextMenu() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openFile(QString(MSTMM_SOURCE_DIR) + "/resources/studies/damped-rod-pendulum.json"));
    Selection hinge;
    hinge.hinges = {window.document()->spec().hinges[0].id.value};
    window.document()->setSelection(hinge);
    QuantityBox* damping = nullptr;
    QTRY_VERIFY((damping = window.properties()->hingePage()->findChild<QuantityBox*>("springDamping")) && damping->isVisible());
    QTimer::singleShot(200, [] {  // pick "Vary in a Study…" in the menu the right-click opens
      auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
      if (QAction* vary = menu ? menu->findChild<QAction*>("varyInStudy") : nullptr) vary->trigger();
      if (menu) menu->close();
    });
    QContextMenuEvent click(QContextMenuEvent::Mouse, QPoint(5, 5), damping->mapToGlobal(QPoint(5, 5)));
    QApplication::sendEvent(damping, &click);
    StudyDialog* dialog = window.findChild<StudyActions*>()->dialog();
    QVERIFY2(dialog, "the context menu opened no study");
    QCOMPARE(dialog->findChild<QLineEdit*>("address")->text(), QString("hinge:h1/spring/damping"));
    QVERIFY(dialog->findChild<QComboBox*>("chooseParameter")->currentText().startsWith("hinge 'h1': spring/damping [N m s/rad]"));
    dialog->setRange(0.05, 0.35, 4);
    dialog->setMetric("1.theta", "decay-rate", M_PI / 2);
    QSignalSpy finished(dialog, &StudyDialog::finished);
    QVERIFY(dialog->start());
    QVERIFY(finished.wait(30000));
    const auto points = dialog->points();
    QCOMPARE(points.size(), std::size_t(4));
    for (const StudyDialog::Point& p : points) {
      const double c = p.values[0], rate = p.metric;
      qInfo("damping %.2f N m s/rad: decay %.5f 1/s, closed form %.5f", c, rate, 1.5 * c);
      QVERIFY(std::abs(rate - 1.5 * c) < 3e-3 * 1.5 * c);
    }
    // A double-click on the third point, where the chart draws it.
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    auto* view = dialog->findChild<QChartView*>();
    QScatterSeries* dots = nullptr;
    for (QAbstractSeries* series : view->chart()->series())
      if (auto* s = qobject_cast<QScatterSeries*>(series)) dots = s;
    QVERIFY(dots && dots->count() == 4);
    QDir().mkpath(QString(MSTMM_BINARY_DIR) + "/artifacts");
    dialog->grab().save(QString(MSTMM_BINARY_DIR) + "/artifacts/study-dialog.png");  // to be looked at
    const QPoint at = view->mapFromScene(view->chart()->mapToScene(view->chart()->mapToPosition(dots->at(2), dots)));
    QSignalSpy ran(window.simulation(), &SimulationController::finished);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(window.document()->spec().hinges[0].loads.spring->damping, points[2].values[0]);
    QCOMPARE(window.document()->undoStack()->undoText(), QString("Study run: hinge:h1/spring/damping = 0.25"));
    QVERIFY(ran.wait(30000));
    QVERIFY(window.simulation()->results() && window.simulation()->results()->frameCount() > 1);
    window.document()->undoStack()->undo();  // back to the model the study varies
    // Two parameters: damping and the rod's mass, every combination, each a
    // dot coloured by its decay rate, c / (2 J) with J = m l^2 / 3.
    dialog->setSecondParameter("body:1/shape/mass", 1.0, 2.0, 2);
    QVERIFY(dialog->start());
    QVERIFY(finished.wait(30000));
    QCOMPARE(dialog->points().size(), std::size_t(8));
    for (const StudyDialog::Point& p : dialog->points()) {
      const double expected = 1.5 * p.values[0] / p.values[1];
      QVERIFY2(std::abs(p.metric - expected) < 3e-3 * expected, qPrintable(QString("c %1, m %2: %3 vs %4").arg(p.values[0]).arg(p.values[1]).arg(p.metric).arg(expected)));
    }
    QTest::qWait(100);  // the chart lays its new titles out
    dialog->grab().save(QString(MSTMM_BINARY_DIR) + "/artifacts/study-dialog-two-parameters.png");  // to be looked at
    QCOMPARE(dots->count(), 8);
    const QPoint last = view->mapFromScene(view->chart()->mapToScene(view->chart()->mapToPosition(dots->at(7), dots)));
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, last);
    QCOMPARE(window.document()->spec().bodies[0].shape.mass, 2.0);
    QCOMPARE(window.document()->spec().hinges[0].loads.spring->damping, dialog->points()[7].values[0]);
    QVERIFY(ran.wait(30000));
  }

  // Issue 30.5: the study dialog offers the model's own numbers with their
  // units, defaults its metric to an angle, and shows angles as the studio
  // does (degrees) with units on both axes.
  void studyDialogChoosesTheParameterAndShowsUnits() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openFile(QString(MSTMM_SOURCE_DIR) + "/resources/studies/damped-rod-pendulum.json"));
    StudyDialog* dialog = window.findChild<StudyActions*>()->openStudy();
    QVERIFY(dialog);
    QCOMPARE(dialog->findChild<QComboBox*>("chooseParameter")->count(), static_cast<int>(dialog->offered().size()) + 1);
    int damper = -1;
    for (std::size_t k = 0; k < dialog->offered().size(); ++k)
      if (dialog->offered()[k].address == "hinge:h1/spring/damping") damper = static_cast<int>(k);
    QVERIFY(damper >= 0);
    dialog->choose(damper);
    QCOMPARE(dialog->findChild<QLineEdit*>("address")->text(), QString("hinge:h1/spring/damping"));
    auto* quantity = dialog->findChildren<QComboBox*>().back();
    for (QComboBox* box : dialog->findChildren<QComboBox*>())
      if (box->isEditable()) quantity = box;
    QCOMPARE(quantity->currentText(), QString("1.theta"));  // an angle, not "1.x"
    dialog->setRange(0.1, 0.3, 3);
    dialog->setMetric("1.theta", "max");
    QSignalSpy finished(dialog, &StudyDialog::finished);
    QVERIFY(dialog->start());
    QVERIFY(finished.wait(30000));
    QCOMPARE(dialog->metricUnit().unit, QString("deg"));
    QCOMPARE(dialog->axisTitle(Qt::Horizontal), QString("hinge 'h1': spring/damping [N m s/rad]"));
    QCOMPARE(dialog->axisTitle(Qt::Vertical), QString("max of 1.theta [deg]"));
    QScatterSeries* dots = nullptr;
    for (QAbstractSeries* series : dialog->findChild<QChartView*>()->chart()->series())
      if (auto* d = qobject_cast<QScatterSeries*>(series)) dots = d;
    QVERIFY(dots && dots->count() == 3);
    for (int k = 0; k < 3; ++k) QCOMPARE(dots->at(k).y(), dialog->points()[static_cast<std::size_t>(k)].metric * 180.0 / M_PI);
  }

  void exportsFromTheWindowWriteTheirFiles() {
    MainWindow window;
    QVERIFY(showStudio(window));
    auto* exports = window.findChild<ExportActions*>();
    QTemporaryDir tmp;
    // Before a run there is nothing to export, and the user is told so.
    QVERIFY(exports->exportParaView(tmp.filePath("none.pvd")).contains("run the simulation first"));
    QVERIFY(window.openExample("riccati-demo-planar"));
    QVERIFY(runToTheEnd(window));
    QCOMPARE(exports->exportViewImage(tmp.filePath("view.png"), QSize(2400, 1500)), QString());
    QCOMPARE(QImage(tmp.filePath("view.png")).size(), QSize(2400, 1500));
    QCOMPARE(exports->exportPlot(tmp.filePath("plot.svg"), QSize(800, 400)), QString());
    QVERIFY(QFile(tmp.filePath("plot.svg")).size() > 1000);
    // Images replace an older file whole and keep its mode (docs/reliability.md
    // R1); a failure names the reason and leaves it as it was.
    QFile::setPermissions(tmp.filePath("view.png"), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QCOMPARE(exports->exportViewImage(tmp.filePath("view.png"), QSize(320, 200)), QString());
    QCOMPARE(QImage(tmp.filePath("view.png")).size(), QSize(320, 200));
    QCOMPARE(QFile::permissions(tmp.filePath("view.png")) & 0x7077, QFileDevice::ReadOwner | QFileDevice::WriteOwner);  // owner, group, others
    QCOMPARE(exports->exportPlot(tmp.filePath("plot.png"), QSize(800, 400)), QString());
    const QString full = exports->exportViewImage("/dev/full", QSize(320, 200));
    QVERIFY2(full.contains("No space left on device"), qPrintable(full));
    const QStringList left = QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden);
    QVERIFY2(left.filter(".~").isEmpty(), qPrintable(left.join(" ")));
    QCOMPARE(exports->exportPlottedCsv(tmp.filePath("plotted.csv")), QString());
    QVERIFY(QFile(tmp.filePath("plotted.csv")).size() > 1000);
    QCOMPARE(exports->exportParaView(tmp.filePath("pv/demo.pvd")), QString());
    QCOMPARE(QDir(tmp.filePath("pv")).entryList({"demo_*.vtp"}).size(), window.simulation()->results()->frameCount());
    // Issue 13.11: a frame stride for ParaView (201 recorded: 0, 10, ..., 200),
    // and the extra CSV columns.
    QCOMPARE(exports->exportParaView(tmp.filePath("pv10/demo.pvd"), 10), QString());
    QCOMPARE(QDir(tmp.filePath("pv10")).entryList({"demo_*.vtp"}).size(), (window.simulation()->results()->frameCount() - 1) / 10 + 1);
    window.exportResultsCsvTo(tmp.filePath("all.csv"), {true, true});
    QFile all(tmp.filePath("all.csv"));
    QVERIFY(all.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(all.readAll());
    QVERIFY(text.contains(",1.wz,") && text.contains(",7.hinge_my,"));
    render::AnimationOptions options;
    options.width = 160;
    options.height = 120;
    options.fps = 5;
    QCOMPARE(exports->exportAnimationFrames(tmp.filePath("frames"), options), QString());
    QCOMPARE(QDir(tmp.filePath("frames")).entryList({"frame_*.png"}).size(), 11);
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", tmp.path().toLocal8Bit());  // no ffmpeg here
    const QString why = exports->exportAnimationVideo(tmp.filePath("video.mp4"), options);
    qputenv("PATH", path);
    QVERIFY2(why.contains("ffmpeg program is not installed"), qPrintable(why));
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
    const QString bad = writeFile(tmp.filePath("bad.json"), "{ \"bodies\": [ { \"name\": \"x\" } ], \"hinges\": [] }");
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

  // Issue 16: the bundled MJCF arm, imported as a file dropped on the window
  // is (File > Import reads it the same way), shows in the graph and the 3-D
  // view and runs, and Messages lists what the import did not take; a file
  // MuJoCo refuses leaves the open model as it was.
  void importedMjcfShowsRunsAndNamesWhatItDidNotTake() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.action("import"));
    QVERIFY(window.acceptDrops());
    const QString arm = QString::fromStdString(test::sourcePath("resources/interchange/arm.xml"));
    QVERIFY(window.openOrImport(arm));  // what a drop of the file does (a synthetic QDropEvent does not reach the window)
    QCOMPARE(window.document()->spec().bodies.size(), std::size_t(6));
    QCOMPARE(window.document()->spec().name, std::string("arm"));
    auto* scene = window.findChild<TopologyScene*>();
    int nodes = 0;
    for (QGraphicsItem* item : scene->items()) nodes += dynamic_cast<BodyItem*>(item) != nullptr;
    QCOMPARE(nodes, 6);
    bool listed = false;
    for (const QString& m : window.messages()->texts()) listed = listed || m.contains("actuator 'yaw motor': imported as an actuator on 'yaw'");
    QVERIFY(listed);
    QVERIFY(runToTheEnd(window));
    QCOMPARE(window.simulation()->lastOutcome().status, RunOutcome::Status::Completed);
    auto* workspace = window.findChild<StudioWorkspace*>();
    QTRY_VERIFY(workspace->viewPanel()->view()->model() != nullptr);
    QCOMPARE(workspace->viewPanel()->view()->model()->bodyCount(), 6);
    QTemporaryDir tmp;
    const QString bad = writeFile(tmp.filePath("bad.xml"), "<mujoco><worldbody><body><geom type=\"spere\"/></body></worldbody></mujoco>");
    const std::string before = modelToJson(window.document()->specForSaving());
    QVERIFY(!window.importFile(bad));
    QCOMPARE(modelToJson(window.document()->specForSaving()), before);
    listed = false;
    for (const QString& m : window.messages()->texts()) listed = listed || (m.contains("Could not import 'bad.xml'") && m.contains("spere"));
    QVERIFY(listed);
  }

  // Issue 16: Import of the bundled URDF arm shows it in the graph and the
  // 3-D view with its meshes, runs, and Export As MJCF writes a file that
  // MuJoCo loads (read back through MuJoCo's compiler, the same arm).
  void importedUrdfShowsMeshesRunsAndExportsToMjcf() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.action("exportModelAs"));
    QVERIFY(window.openOrImport(QString::fromStdString(test::sourcePath("resources/interchange/arm.urdf"))));
    QCOMPARE(window.document()->spec().bodies.size(), std::size_t(6));
    QList<QPointF> nodes;  // laid out automatically: no two nodes on one another
    for (QGraphicsItem* item : window.findChild<TopologyScene*>()->items())
      if (dynamic_cast<BodyItem*>(item)) nodes.push_back(item->sceneBoundingRect().center());
    QCOMPARE(nodes.size(), 6);
    for (int a = 0; a < nodes.size(); ++a)
      for (int b = a + 1; b < nodes.size(); ++b) QVERIFY(QLineF(nodes[a], nodes[b]).length() > 20.0);
    auto* workspace = window.findChild<StudioWorkspace*>();
    QTRY_VERIFY(workspace->viewPanel()->view()->model() != nullptr);
    QCOMPARE(workspace->viewPanel()->view()->meshCount(), std::size_t(5));
    QVERIFY(runToTheEnd(window));
    QCOMPARE(window.simulation()->lastOutcome().status, RunOutcome::Status::Completed);
    QTemporaryDir tmp;
    const QString mjcf = tmp.filePath("arm-export.xml");
    QVERIFY(window.exportModelTo(mjcf));
    const ImportResult back = importModelFile(mjcf.toStdString());
    QCOMPARE(back.spec.bodies.size(), std::size_t(6));
    int meshes = 0;
    for (const BodySpec& b : back.spec.bodies)
      for (const VisualSpec& v : b.visuals) meshes += v.type == VisualType::Mesh;
    QCOMPARE(meshes, 5);
    bool listed = false;
    for (const QString& m : window.messages()->texts()) listed = listed || m.contains("Export to 'arm-export.xml': hinge 'yaw': its actuator is written as a motor");
    QVERIFY(listed);
    QVERIFY(window.openOrImport(QString::fromStdString(test::sourcePath("resources/interchange/arm.xml"))));
    ModelSpec ball = window.document()->spec();
    ball.hinges[2].type = HingeType::Ball;  // URDF has no ball joint: refused, nothing written
    window.document()->newModel(ball);
    QVERIFY(!window.exportModelTo(tmp.filePath("ball.urdf")));
    QVERIFY(!QFile::exists(tmp.filePath("ball.urdf")));
  }

  // A URDF import takes the package root and floating base last given in
  // its dialog (a window that does not ask, or a drop, uses them): the
  // package:// mesh is found under the root, and the base floats.
  void urdfImportUsesTheStoredPackageRootAndFloatingBase() {
    QTemporaryDir tmp;
    QDir(tmp.path()).mkpath("packages/arm_description/meshes");
    QFile::copy(QString::fromStdString(test::sourcePath("resources/interchange/meshes/hand.stl")), tmp.filePath("packages/arm_description/meshes/hand.stl"));
    const QString urdf = writeFile(tmp.filePath("hand.urdf"),
                                   "<robot name='hand'><link name='palm'><inertial><mass value='0.3'/>"
                                   "<inertia ixx='0.001' ixy='0' ixz='0' iyy='0.001' iyz='0' izz='0.001'/></inertial>"
                                   "<visual><geometry><mesh filename='package://arm_description/meshes/hand.stl'/></geometry></visual></link></robot>");
    QSettings().setValue("urdfImport/packageRoot", tmp.filePath("packages"));
    QSettings().setValue("urdfImport/floatingBase", true);
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.importFile(urdf));
    const ModelSpec& spec = window.document()->spec();
    QCOMPARE(spec.hinges.front().type, HingeType::Free);
    QCOMPARE(spec.bodies.front().visuals.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(spec.bodies.front().visuals.front().mesh), QFileInfo(tmp.filePath("packages/arm_description/meshes/hand.stl")).absoluteFilePath());
    QSettings().remove("urdfImport");
    QVERIFY(window.importFile(urdf));
    QCOMPARE(window.document()->spec().hinges.front().type, HingeType::Weld);
    QVERIFY(window.document()->spec().bodies.front().visuals.empty());  // the package is not above the file
    UrdfImportDialog dialog(urdf);
    QVERIFY(dialog.findChild<QLineEdit*>("packageRoot") && dialog.findChild<QCheckBox*>("floatingBase"));
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

  // Issue 13.1: after opening, generating or creating another model, no view
  // shows the previous run (its curves, its bodies, its clock), also when
  // that run was still computing; an edit keeps them, marked as stale.
  void anotherModelLeavesNoResultsOfThePrevious() {
    MainWindow window;
    QVERIFY(showStudio(window));
    auto* workspace = window.findChild<StudioWorkspace*>();
    auto noResultsShown = [&] {
      PlotsPanel* plots = workspace->plots();
      int curves = 0;
      for (const PlotsPanel::PaneView& v : plots->panes()) curves += v.pane->curveCount();
      return !window.simulation()->results() && curves == 0 && plots->plottedBodies().empty() && workspace->clock()->sampleCount() == 0 &&
             !workspace->viewPanel()->showsResults() && !window.resultsStale();
    };
    QVERIFY(window.openExample("chain-5-spatial"));
    QVERIFY(runToTheEnd(window));
    QVERIFY(!noResultsShown());
    QVERIFY(window.openExample("riccati-demo-planar"));
    QVERIFY(noResultsShown());
    // New, after a run of the demo.
    QVERIFY(runToTheEnd(window));
    QVERIFY(!noResultsShown());
    window.action("new")->trigger();
    QVERIFY(noResultsShown());
    // A run still computing when another model is opened: it stops, and
    // nothing of it reaches the views afterwards.
    QVERIFY(window.openExample("chain-1000"));
    QSignalSpy finished(window.simulation(), &SimulationController::finished);
    window.action("run")->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(window.simulation()->results() && window.simulation()->results()->frameCount() > 2, 30000);
    QVERIFY(window.openExample("four-bar"));
    QVERIFY(noResultsShown());
    QVERIFY(finished.wait(30000));
    QVERIFY(window.simulation()->lastOutcome().discarded);
    QTest::qWait(200);
    QVERIFY(noResultsShown());
    // A planar/spatial conversion rebuilds everything but is an edit: the
    // results stay, marked as from before it.
    QVERIFY(runToTheEnd(window));
    QVERIFY(setModelKind(window.document(), ModelKind::Spatial).isEmpty());
    QVERIFY(window.simulation()->results());
    QVERIFY(window.resultsStale());
  }

  // Issue 30.1: a live run of the demo paused (held), stepped (to the next
  // recorded instant, and no further), resumed, reset (a new recording from
  // t = 0) and stopped (cancelled, its recording kept as any run's). Its
  // speed is "as fast as possible" so that nothing here waits on the clock.
  void aLiveRunPausesStepsResetsAndKeepsItsRecording() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("riccati-demo-planar"));
    auto* live = window.findChild<LiveActions*>();
    QVERIFY(live && window.action("runLive") && window.findChild<QComboBox*>("liveSpeed"));
    live->setSpeed(std::numeric_limits<double>::infinity());
    SimulationController* sim = window.simulation();
    QVERIFY(live->runLive());
    QVERIFY(sim->isLive() && window.action("livePause")->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(sim->results() && sim->results()->frameCount() > 20, 20000);
    window.action("livePause")->trigger();
    QVERIFY(live->pacer().paused());
    QTest::qWait(200);
    const int held = sim->results()->frameCount();
    QTest::qWait(200);
    QCOMPARE(sim->results()->frameCount(), held);
    for (int k = 1; k <= 3; ++k) {
      window.action("liveStep")->trigger();
      QTRY_COMPARE(sim->results()->frameCount(), held + k);
      QTest::qWait(100);
      QCOMPARE(sim->results()->frameCount(), held + k);
    }
    window.action("livePause")->trigger();  // resume
    QVERIFY(!live->pacer().paused());
    QTRY_VERIFY_WITH_TIMEOUT(sim->results()->frameCount() > held + 20, 20000);
    const RunResults* first = sim->results().get();
    window.action("liveReset")->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(sim->isLive() && sim->results() && sim->results().get() != first && sim->results()->frameCount() > 2, 20000);
    const double start = sim->results()->read([](const Results& r) { return r.time(0); });
    QCOMPARE(start, 0.0);
    QSignalSpy finished(sim, &SimulationController::finished);
    window.action("cancel")->trigger();
    QVERIFY(finished.wait(10000));
    QCOMPARE(sim->lastOutcome().status, RunOutcome::Status::Cancelled);
    QVERIFY(!sim->isLive() && !window.action("livePause")->isEnabled());
    QVERIFY(sim->results()->frameCount() > 2);  // kept, as a cancelled run's
    QVERIFY(window.action("run")->isEnabled());
  }

  // Issue 30.7: the results are stale after an edit and current again when
  // it is undone (or redone back to what was run): the label goes and the
  // 3-D view shows the run's motion again, not the model's initial state.
  // After New, the status bar no longer tells of the previous model's run.
  // Issue 30: a live run was seen only at its recorded instants, which a
  // large model's memory budget spaces far apart (10 frames/s for 500
  // bodies). The view now shows where the run is between them: with a
  // recording every 5 s, the bodies move while no new instant comes, and
  // they stand where the run's newest state puts them.
  void aLiveRunIsSeenBetweenItsRecordedInstants() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("riccati-demo-planar"));
    ModelSpec spec = window.document()->spec();
    spec.simulation.outputEvery = 5000;  // 5 s of the 1e-3 s steps between recorded instants
    window.document()->undoStack()->push(new ReplaceModelCommand(window.document(), spec, window.document()->positions(), "sparse recording"));
    auto* live = window.findChild<LiveActions*>();
    live->setSpeed(1.0);
    SimulationController* sim = window.simulation();
    QVERIFY(live->runLive());
    QTRY_VERIFY_WITH_TIMEOUT(sim->results() && sim->results()->frameCount() >= 1, 20000);  // the initial instant
    ViewPanel* panel = window.findChild<StudioWorkspace*>()->viewPanel();
    const int frames = sim->results()->frameCount();
    const std::vector<render::BodyState> before = panel->view()->states();
    auto moved = [&] {
      const std::vector<render::BodyState> now = panel->view()->states();
      double most = 0.0;
      for (std::size_t i = 0; i < now.size() && i < before.size(); ++i) most = std::max(most, (now[i].input - before[i].input).norm());
      return most;
    };
    QTRY_VERIFY_WITH_TIMEOUT(moved() > 1e-3, 4000);  // well within the 5 s to the next instant, even on a busy machine
    QCOMPARE(sim->results()->frameCount(), frames);
    RunResults::Latest latest;
    QVERIFY(sim->results()->latestAfter(-1.0, latest));
    // Drawn now, what is drawn is the run's newest state (or one the worker
    // replaced a moment later: it does so every 15 ms at most).
    panel->updateFrame();
    const std::vector<render::BodyState> drawn = panel->view()->states();
    QVERIFY(sim->results()->latestAfter(-1.0, latest));
    // (The newest state is at most one 15 ms update older than an instant recorded meanwhile.)
    QVERIFY(latest.time > sim->results()->read([](const Results& r) { return r.times().back(); }) - 0.05);
    double apart = 0.0;
    for (std::size_t i = 0; i < drawn.size(); ++i) apart = std::max(apart, (drawn[i].input - latest.inputs[i]).norm());
    QVERIFY2(apart < 0.2, qPrintable(QString::number(apart)));  // the demo's tips move under 5 m/s: 0.04 s of the run is 0.2 m
    window.action("cancel")->trigger();
  }

  void undoingAnEditMakesTheResultsCurrentAgain() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("riccati-demo-planar"));
    QVERIFY(runToTheEnd(window));
    ViewPanel* panel = window.findChild<StudioWorkspace*>()->viewPanel();
    QVERIFY(panel->showsResults() && !window.resultsStale());
    const std::vector<render::BodyState> atEnd = panel->view()->states();
    ModelDocument* doc = window.document();
    BodySpec before = doc->spec().bodies[0], after = before;
    after.shape.mass *= 2.0;
    doc->undoStack()->push(new EditBodyCommand(doc, before, after, "mass"));
    QVERIFY(window.resultsStale());
    QTRY_VERIFY(!panel->showsResults());  // the edited model, in its initial state
    doc->undoStack()->undo();
    QVERIFY(!window.resultsStale());
    QTRY_VERIFY(panel->showsResults());
    const std::vector<render::BodyState> again = panel->view()->states();
    QCOMPARE(again.size(), atEnd.size());
    for (std::size_t i = 0; i < again.size(); ++i) QVERIFY((again[i].input - atEnd[i].input).norm() < 1e-12);
    doc->undoStack()->redo();
    QVERIFY(window.resultsStale());
    doc->undoStack()->undo();
    QVERIFY(!window.resultsStale());
    QVERIFY(!window.statusText().isEmpty());
    window.action("new")->trigger();
    QVERIFY2(window.statusText().isEmpty(), qPrintable(window.statusText()));
  }

  // Issue 13.5: at 1280x800 the 3-D view has the largest share and keeps it
  // after Add Plot (panes scroll instead of squeezing), Messages takes a few
  // lines, no page of Properties scrolls sideways, and View > Reset Window
  // Layout brings the docks back after the user moved them.
  void defaultLayoutFits1280x800() {
    QSettings().remove("mainWindow");
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("damped-double-pendulum"));
    QVERIFY(runToTheEnd(window));
    QTest::qWait(100);
    auto* workspace = window.findChild<StudioWorkspace*>();
    const QWidget* view = workspace->viewPanel()->view();
    auto* messages = window.findChild<QDockWidget*>("messagesDock");
    auto* graph = window.findChild<QDockWidget*>("graphDock");
    qInfo("3-D view %dx%d, messages dock %d px high, graph dock %d px wide", view->width(), view->height(), messages->height(), graph->width());
    QVERIFY(view->width() >= 600 && view->height() >= 290);
    QVERIFY(view->width() * view->height() > 2 * workspace->plots()->width() * workspace->plots()->height() / 3);
    QVERIFY(messages->height() <= 130);
    for (QScrollArea* area : window.findChild<QDockWidget*>("propertiesDock")->findChildren<QScrollArea*>())
      if (area->isVisible()) QVERIFY(!area->horizontalScrollBar()->isVisible());
    const int viewHeight = view->height();
    window.action("addPlot")->trigger();
    window.action("addPlot")->trigger();
    QTest::qWait(100);
    qInfo("after two more plots: 3-D view %dx%d", view->width(), view->height());
    QVERIFY(view->height() >= viewHeight - 40);
    for (const PlotsPanel::PaneView& v : workspace->plots()->panes()) QVERIFY(v.pane->height() >= 180);
    const QString dir = QString(MSTMM_BINARY_DIR) + "/artifacts";
    QDir().mkpath(dir);
    QVERIFY(saveWindowScreenshot(window, dir + "/main-window-three-plots.png"));
    // Moved docks come back.
    window.resizeDocks({graph}, {520}, Qt::Horizontal);
    messages->setFloating(true);
    QTest::qWait(50);
    window.action("resetLayout")->trigger();
    QTest::qWait(100);
    QVERIFY(!messages->isFloating());
    QVERIFY2(std::abs(graph->width() - 260) <= 30, qPrintable(QString::number(graph->width())));
  }

  // Issue 13.9: Save As never starts over the bundled examples, even after
  // one was opened from them; it starts in the model's own folder otherwise.
  void saveStartsOutsideTheBundledExamples() {
    MainWindow window;
    window.setInteractive(false);
    const QString examples = QString(MSTMM_SOURCE_DIR) + "/resources/examples";
    QVERIFY(window.openFile(examples + "/four-bar.json"));
    QVERIFY(window.saveDirectory() != QDir(examples).absolutePath());
    QCOMPARE(window.saveDirectory(), QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));
    QTemporaryDir own;
    QVERIFY(window.saveFile(own.path() + "/mine.json"));
    QCOMPARE(window.saveDirectory(), QFileInfo(own.path()).absoluteFilePath());
  }

  // Issue 13.3 (Find): in the 500-body branch system, Find selects body
  // '251' and brings it into view: in the graph at a readable scale (its node
  // inside the viewport), in the 3-D view framed (its ends project inside
  // the view and more than 40 px apart). A hinge is found by its name too.
  void findBringsAnElementIntoView() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("branch-999"));
    QTest::qWait(100);
    QVERIFY(!window.findElement("no such body"));
    QVERIFY(window.findElement("251"));
    ModelDocument* doc = window.document();
    BodyId found;
    for (const BodySpec& b : doc->spec().bodies)
      if (b.name == "251") found = b.id;
    QCOMPARE(doc->selection().bodies, QSet<quint32>{found.value});
    QGraphicsView* graph = window.graphView();
    const QPoint node = graph->mapFromScene(window.graphScene()->bodyItem(found.value)->pos());
    QVERIFY(graph->viewport()->rect().contains(node));
    QVERIFY(graph->transform().m11() >= 1.0);
    auto* workspace = window.findChild<StudioWorkspace*>();
    render::ViewWidget* view = workspace->viewPanel()->view();
    const auto model = view->model();
    const int i = model->bodyByName("251");
    const render::BodyState s = view->states()[static_cast<std::size_t>(i)];
    const Vec3 a = view->projectToPixel(s.input, view->width(), view->height());
    const Vec3 b = view->projectToPixel(s.input + rotationFromQuaternion(s.orientation) * model->body(i).output, view->width(), view->height());
    qInfo("body 251 in the 3-D view: (%.0f, %.0f) to (%.0f, %.0f) of %dx%d", a.x(), a.y(), b.x(), b.y(), view->width(), view->height());
    for (const Vec3& p : {a, b}) QVERIFY(p.x() >= 0 && p.x() < view->width() && p.y() >= 0 && p.y() < view->height());
    QVERIFY((a - b).head<2>().norm() > 40.0);
    QVERIFY(window.findElement("250"));  // a hinge of the branch system
    QCOMPARE(doc->selection().hinges.size(), qsizetype(1));
  }

  // Issue 55 pt 9: Attach to Ground (Ctrl+J) asks with which hinge, in
  // the menu a connecting drag opens, instead of making a ball hinge
  // unasked; the menu closed without a choice attaches nothing.
  void attachToGroundAsksWhichHinge() {
    MainWindow window;
    QVERIFY(showStudio(window));
    ModelDocument* doc = window.document();
    ModelSpec empty;
    empty.kind = ModelKind::Spatial;
    doc->newModel(empty);
    window.action("addBody")->trigger();
    QCOMPARE(doc->spec().bodies.size(), std::size_t(1));
    QCOMPARE(doc->selection().bodies.size(), qsizetype(1));
    auto pick = [](const QString& name) {
      QTimer::singleShot(200, [name] {
        auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        QAction* choice = menu ? menu->findChild<QAction*>(name) : nullptr;
        if (choice) choice->trigger();
        if (menu) menu->close();
      });
    };
    pick("none");  // no such entry: the menu is closed unanswered
    window.action("attachGround")->trigger();
    QVERIFY(doc->spec().hinges.empty());
    QStringList offered;
    QTimer::singleShot(200, [&offered] {
      if (auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget()))
        for (QAction* a : menu->actions())
          if (!a->objectName().isEmpty()) offered << a->objectName();
    });
    pick("hinge-revolute");
    window.action("attachGround")->trigger();
    QCOMPARE(doc->spec().hinges.size(), std::size_t(1));
    QCOMPARE(doc->spec().hinges.front().type, HingeType::Revolute);
    QVERIFY(doc->spec().hinges.front().isGround());
    QVERIFY2(offered.contains("hinge-ball") && offered.contains("hinge-free") && offered.contains("hinge-screw"), qPrintable(offered.join(", ")));
    doc->undoStack()->undo();
    QVERIFY(doc->spec().hinges.empty());
  }

  // Issue 55.9: a beam added with the defaults failed its first run, and
  // the step it needs was written only beside the time step. Built as a
  // newcomer builds it (a new planar model, Add Body, its shape made an
  // elastic beam, attached to the ground by a pin), Run offers that step:
  // taken, it is one undo step and the run ends well; the model page offers
  // it too, as a button beside its hint.
  void aBeamsFirstRunOffersTheStepItNeeds() {
    MainWindow window;
    QVERIFY(showStudio(window));
    ModelDocument* doc = window.document();
    window.action("new")->trigger();
    window.action("addBody")->trigger();
    QCOMPARE(doc->selection().bodies.size(), qsizetype(1));
    const BodyId id{*doc->selection().bodies.begin()};
    const char* pinType = doc->spec().kind == ModelKind::Planar ? "hinge-pin" : "hinge-revolute";
    auto* shape = window.properties()->bodyPage()->findChildren<QComboBox*>().front();
    const int beamItem = shape->findText("elastic beam");
    QVERIFY(beamItem >= 0);
    shape->setCurrentIndex(beamItem);
    emit shape->activated(beamItem);
    QVERIFY(doc->body(id)->beam.has_value());
    QTimer::singleShot(200, [pinType] {
      if (auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget())) {
        if (QAction* pin = menu->findChild<QAction*>(pinType)) pin->trigger();
        menu->close();
      }
    });
    window.action("attachGround")->trigger();
    QCOMPARE(doc->spec().hinges.size(), std::size_t(1));
    QVERIFY(doc->isValid());
    const double limit = beamStepLimit(doc->spec());
    const double step = doc->spec().simulation.timeStep;
    QVERIFY2(step > limit, qPrintable(QString("the defaults' step %1 s, the beam's limit %2 s").arg(step).arg(limit)));

    // The model page offers it beside the hint.
    doc->setSelection({});
    auto* use = window.properties()->modelPage()->findChild<QPushButton*>("useOfferedStep");
    QVERIFY(use && use->isVisible());
    const double offered = use->property("step").toDouble();
    QVERIFY(offered <= limit && offered >= 0.9 * limit);
    QVERIFY2(use->text() == QString("Use %1 s").arg(offered, 0, 'g', 2), qPrintable(use->text()));

    // Run offers it as well; cancelled, nothing runs and nothing changes.
    window.setInteractive(true);
    auto answer = [](const char* button) {
      QTimer::singleShot(300, [button] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()); box && box->objectName() == "stepOffer") {
          if (QString(button) == "cancel") box->reject();
          else if (auto* b = box->findChild<QPushButton*>(button)) b->click();
        }
      });
    };
    const int steps = doc->undoStack()->count();
    answer("cancel");
    window.action("run")->trigger();
    QVERIFY(!window.simulation()->isRunning());
    QCOMPARE(doc->spec().simulation.timeStep, step);
    answer("useOfferedStep");
    QSignalSpy finished(window.simulation(), &SimulationController::finished);
    window.action("run")->trigger();
    window.setInteractive(false);
    QCOMPARE(doc->spec().simulation.timeStep, offered);
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QVERIFY(finished.wait(120000));
    const RunOutcome& outcome = window.simulation()->lastOutcome();
    QVERIFY2(outcome.status == RunOutcome::Status::Completed, qPrintable(outcome.message));
    QCOMPARE(outcome.time, doc->spec().simulation.endTime);
    QVERIFY(!use->isVisible());
  }

  // Issue 55: a newcomer's path, driven by mouse and keyboard alone, from a
  // first start to a triple pendulum run with its angle plot exported:
  // Ctrl+N, Ctrl+B three times, a click and Ctrl+J with the pin clicked in
  // its menu, two Shift+drags each answered with a pin, F5, then File >
  // Export > Plotted Series as CSV clicked in the menus and a name typed
  // into the file dialog. Timed and reported (not asserted: speed is the
  // benchmarks' to measure); the file holds the bodies' angles of the run.
  void aNewcomerBuildsRunsAndExportsATriplePendulumByMouseAndKeyboard() {
    QElapsedTimer clock;
    clock.start();
    MainWindow window;
    QVERIFY(showStudio(window));
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    ModelDocument* doc = window.document();
    QTest::keyClick(&window, Qt::Key_N, Qt::ControlModifier);
    QVERIFY(doc->spec().bodies.empty());
    for (int k = 0; k < 3; ++k) QTest::keyClick(&window, Qt::Key_B, Qt::ControlModifier);
    QCOMPARE(doc->spec().bodies.size(), std::size_t(3));
    const BodyId b1 = doc->spec().bodies[0].id, b2 = doc->spec().bodies[1].id, b3 = doc->spec().bodies[2].id;
    TopologyView* view = window.graphView();
    QWidget* viewport = view->viewport();
    auto at = [&](BodyId id) { return view->mapFromScene(window.graphScene()->bodyItem(id.value)->pos()); };
    // The hinge-type menu that pops up: its pin entry clicked (a revolute
    // hinge in a spatial model, what File > New makes).
    const QString pinType = doc->spec().kind == ModelKind::Planar ? "hinge-pin" : "hinge-revolute";
    auto clickPinWhenAsked = [pinType] {
      QTimer::singleShot(250, [pinType] {
        auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        if (!menu) return;
        QAction* pin = menu->findChild<QAction*>(pinType);
        if (pin) QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(pin).center());
        if (menu->isVisible()) menu->close();
      });
    };
    QTest::mouseClick(viewport, Qt::LeftButton, {}, at(b1));
    QCOMPARE(doc->selection().bodies.size(), qsizetype(1));
    clickPinWhenAsked();
    QTest::keyClick(&window, Qt::Key_J, Qt::ControlModifier);
    QCOMPARE(doc->spec().hinges.size(), std::size_t(1));
    for (const auto& [tip, root] : {std::pair{b2, b1}, std::pair{b3, b2}}) {
      QTest::mousePress(viewport, Qt::LeftButton, Qt::ShiftModifier, at(tip));
      QTest::mouseMove(viewport, (at(tip) + at(root)) / 2);
      QTest::mouseMove(viewport, at(root));
      clickPinWhenAsked();
      QTest::mouseRelease(viewport, Qt::LeftButton, Qt::ShiftModifier, at(root));
    }
    QCOMPARE(doc->spec().hinges.size(), std::size_t(3));
    QVERIFY2(doc->isValid(), "the triple pendulum passes the model check");
    QCOMPARE(doc->spec().hinges[1].type, doc->spec().kind == ModelKind::Planar ? HingeType::Pin : HingeType::Revolute);

    QSignalSpy finished(window.simulation(), &SimulationController::finished);
    QTest::keyClick(&window, Qt::Key_F5);
    QVERIFY(finished.wait(60000));
    QVERIFY(window.simulation()->lastOutcome().status == RunOutcome::Status::Completed);
    PlotPane* pane = window.findChild<StudioWorkspace*>()->plots()->panes().front().pane;
    const int angles = doc->spec().kind == ModelKind::Planar ? 3 : 9;  // each body's angle (spatial: its three Cardan angles)
    QCOMPARE(pane->curveCount(), angles);  // plotted without being asked

    // File > Export > Plotted Series as CSV, by the mouse; the name typed.
    QTemporaryDir dir;
    const QString out = dir.filePath("triple-pendulum-angles.csv");
    window.setInteractive(true);
    QTimer::singleShot(400, [out] {
      auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
      if (!dialog) return;
      auto* name = dialog->findChild<QLineEdit*>("fileNameEdit");
      if (!name) return dialog->reject();
      name->selectAll();
      QTest::keyClicks(name, out);
      QTest::keyClick(name, Qt::Key_Return);
    });
    QMenuBar* bar = window.menuBar();
    QAction* fileAction = nullptr;
    for (QAction* a : bar->actions())
      if (a->text().remove('&') == "File") fileAction = a;
    QVERIFY(fileAction);
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(fileAction).center());
    QMenu* file = fileAction->menu();
    QTRY_VERIFY(file->isVisible());
    QAction* exportAction = nullptr;
    for (QAction* a : file->actions())
      if (a->text().remove('&') == "Export") exportAction = a;
    QVERIFY(exportAction && exportAction->menu());
    QTest::mouseClick(file, Qt::LeftButton, {}, file->actionGeometry(exportAction).center());
    QMenu* exports = exportAction->menu();
    QTRY_VERIFY(exports->isVisible());
    QAction* plotted = window.findChild<QAction*>("exportPlottedCsv");
    QVERIFY(plotted);
    QTest::mouseClick(exports, Qt::LeftButton, {}, exports->actionGeometry(plotted).center());
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(out), 10000);
    window.setInteractive(false);
    QFile csv(out);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().split('\n');
    QVERIFY2(lines.size() > 100, qPrintable(QString::number(lines.size())));
    int header = 0;
    while (header < lines.size() && lines[header].startsWith('#')) ++header;  // the file's comment lines
    QVERIFY(header < lines.size());
    QCOMPARE(lines[header].count(','), angles);  // time and the angles
    QVERIFY2(lines[header].startsWith("t"), lines[header].constData());
    qInfo("a newcomer's path, start to exported plot: %.1f s (%lld lines written)", clock.elapsed() / 1000.0, static_cast<long long>(lines.size()));
  }

  // Issue 52: a screw built by hand in a new spatial model (a body, a hinge
  // to the ground made a screw on its page, its pitch typed in with its
  // unit), run in the studio, and its slide plotted: the curve is the
  // recorded slide, and the run equals one of the same model in core.
  void aScrewIsBuiltByHandRunAndPlotted() {
    MainWindow window;
    QVERIFY(showStudio(window));
    ModelDocument* doc = window.document();
    ModelSpec empty;
    empty.kind = ModelKind::Spatial;
    doc->newModel(empty);
    const BodyId nut = mstmm::gui::addBody(doc, QPointF(100, 100));
    QCOMPARE(attachToGround(doc, nut, HingeType::Ball), QString());
    Selection s;
    s.hinges.insert(doc->spec().hinges.front().id.value);
    doc->setSelection(s);
    HingePage* page = window.properties()->hingePage();
    auto* type = page->findChildren<QComboBox*>().at(0);
    const int screw = type->findData(static_cast<int>(HingeType::Screw));
    QVERIFY(screw >= 0);
    QCOMPARE(type->itemText(screw), QString("Screw (helical: turns and slides along one axis)"));
    type->setCurrentIndex(screw);
    emit type->activated(screw);
    QCOMPARE(doc->spec().hinges.front().type, HingeType::Screw);
    auto* pitch = page->findChild<QuantityBox*>("pitch");
    QVERIFY(pitch && pitch->isVisibleTo(page));
    QCOMPARE(pitch->suffix().trimmed(), QString("m/rad"));
    emit pitch->siChanged(0.05);
    QCOMPARE(doc->spec().hinges.front().pitch, 0.05);
    QVERIFY2(doc->isValid(), "the hand-built screw passes the model check");
    const int steps = doc->undoStack()->count();
    QVERIFY(steps >= 3);  // body, hinge, type, pitch: one step each
    QVERIFY(runToTheEnd(window));
    QCOMPARE(window.simulation()->lastOutcome().status, RunOutcome::Status::Completed);
    auto* workspace = window.findChild<StudioWorkspace*>();
    PlotPane* pane = workspace->plots()->currentPane();
    workspace->plots()->setPaneQuantity(pane, Quantity::Slide, -1);
    QCOMPARE(pane->curveCount(), 1);
    QVERIFY(pane->yAxisTitle().contains("[m]"));
    const Results shown = window.simulation()->results()->read([](const Results& r) { return r; });
    Results alone(*compile(doc->spec()));
    QCOMPARE(simulate(compile(doc->spec()), doc->spec().simulation, alone).status, RunStatus::Completed);
    QCOMPARE(shown.frameCount(), alone.frameCount());
    for (int f = 0; f < shown.frameCount(); ++f) {
      QCOMPARE(pane->curveValues(0)[static_cast<std::size_t>(f)], shown.slide(f, 0));
      QCOMPARE(shown.slide(f, 0), alone.slide(f, 0));
    }
    QVERIFY(shown.slide(shown.frameCount() - 1, 0) != 0.0);  // it turned, so it slid
  }

  // Issue 53: generalized-alpha chosen on the model page with its rho_inf
  // (each one undo step), the spinning beam run at 50 times RK4's stable
  // step, and the run's Newton statistics in Messages.
  void generalizedAlphaIsChosenRunAndReported() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("spinning-beam"));
    ModelDocument* doc = window.document();
    ModelPage* page = window.properties()->modelPage();
    doc->setSelection(Selection{});
    auto* rho = page->findChild<QuantityBox*>("spectralRadius");
    QVERIFY(rho && !rho->isVisibleTo(page));  // RK4: no rho_inf row
    QComboBox* integrator = nullptr;
    for (QComboBox* c : page->findChildren<QComboBox*>())
      if (c->findText("Generalized-α, implicit") >= 0) integrator = c;
    QVERIFY(integrator);
    const int alpha = integrator->findData(static_cast<int>(IntegratorKind::GeneralizedAlpha));
    integrator->setCurrentIndex(alpha);
    emit integrator->activated(alpha);
    QCOMPARE(doc->spec().simulation.integrator, IntegratorKind::GeneralizedAlpha);
    QVERIFY(rho->isVisibleTo(page));
    QCOMPARE(rho->si(), 0.9);
    emit rho->siChanged(0.8);
    QCOMPARE(doc->spec().simulation.spectralRadius, 0.8);
    ModelSpec faster = doc->spec();
    faster.simulation.timeStep = 0.05;
    faster.simulation.outputEvery = 1;
    faster.simulation.endTime = 5.0;
    doc->newModel(faster);
    QVERIFY(runToTheEnd(window));
    QCOMPARE(window.simulation()->lastOutcome().status, RunOutcome::Status::Completed);
    QCOMPARE(window.simulation()->lastOutcome().steps, 100L);
    QVERIFY(window.simulation()->lastOutcome().newtonIterations >= 100);
    bool reported = false;
    for (const QString& m : window.messages()->texts()) reported = reported || (m.contains("Generalized-α:") && m.contains("Newton iterations"));
    QVERIFY(reported);
  }

  // Issue 53 pt 2: BDF chosen on the model page shows the tolerances (and
  // not rho_inf), runs the damped double pendulum, and Messages report its
  // own steps, Newton and Krylov iterations.
  void bdfIsChosenRunAndReported() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("damped-double-pendulum"));
    ModelDocument* doc = window.document();
    ModelPage* page = window.properties()->modelPage();
    doc->setSelection(Selection{});
    auto* rtol = page->findChild<QuantityBox*>("relativeTolerance");
    auto* rho = page->findChild<QuantityBox*>("spectralRadius");
    QVERIFY(rtol && rho && !rtol->isVisibleTo(page));
    QComboBox* integrator = nullptr;
    for (QComboBox* c : page->findChildren<QComboBox*>())
      if (c->findText("BDF, stiff, adaptive") >= 0) integrator = c;
    QVERIFY(integrator);
    const int bdf = integrator->findData(static_cast<int>(IntegratorKind::Bdf));
    integrator->setCurrentIndex(bdf);
    emit integrator->activated(bdf);
    QCOMPARE(doc->spec().simulation.integrator, IntegratorKind::Bdf);
    QVERIFY(rtol->isVisibleTo(page) && !rho->isVisibleTo(page));
    emit rtol->siChanged(1e-7);
    QCOMPARE(doc->spec().simulation.relativeTolerance, 1e-7);
    ModelSpec shorter = doc->spec();
    shorter.simulation.endTime = 2.0;
    shorter.simulation.outputEvery = 10;  // instants 0.01 s apart: BDF's longest step
    doc->newModel(shorter);
    QVERIFY(runToTheEnd(window));
    const RunOutcome& outcome = window.simulation()->lastOutcome();
    QCOMPARE(outcome.status, RunOutcome::Status::Completed);
    QCOMPARE(outcome.steps, 200L);
    QVERIFY(outcome.methodSteps >= 200 && outcome.methodSteps < 1000);  // RK4 takes 2000 at the model's 1e-3 s
    QVERIFY(outcome.krylovIterations > 0);
    bool reported = false;
    for (const QString& m : window.messages()->texts()) reported = reported || (m.contains("BDF:") && m.contains("Krylov iterations"));
    QVERIFY(reported);
  }

  // Issue 55, point 2: on a 1280 x 800 screen the first window was given a
  // client area of the whole screen, so a window manager's title bar pushed
  // the status bar (the run's progress) below it. It opens maximised there;
  // 1280 x 800 only where the frame fits around it.
  void theFirstWindowFitsTheScreenWithItsFrame() {
    const MainWindow::DefaultSize laptop = MainWindow::defaultSizeFor(QRect(0, 0, 1280, 800));
    QVERIFY(laptop.maximised);
    QVERIFY(laptop.client.width() + MainWindow::kFrameAllowance.width() <= 1280);
    QVERIFY(laptop.client.height() + MainWindow::kFrameAllowance.height() <= 800);
    const MainWindow::DefaultSize panel = MainWindow::defaultSizeFor(QRect(0, 27, 1366, 741));  // a 1366 x 768 screen with a panel
    QVERIFY(panel.maximised);
    const MainWindow::DefaultSize large = MainWindow::defaultSizeFor(QRect(0, 0, 1920, 1080));
    QVERIFY(!large.maximised);
    QCOMPARE(large.client, QSize(1280, 800));
    QSettings().remove("mainWindow/geometry");
    MainWindow window;
    const QRect available = window.screen()->availableGeometry();
    QCOMPARE(window.isMaximized() || window.windowState().testFlag(Qt::WindowMaximized), MainWindow::defaultSizeFor(available).maximised);
    QVERIFY(window.width() <= available.width() && window.height() <= available.height());
  }

  // Issue 55, point 6: Add Body put every new body on the last one in the
  // graph. Three in a row now get three places at least a grid step apart,
  // the first at the view's centre.
  void addBodyPlacesEachNewBodyApart() {
    MainWindow window;
    QVERIFY(showStudio(window));
    ModelDocument* doc = window.document();
    doc->newModel(ModelSpec{});
    for (int k = 0; k < 3; ++k) window.action("addBody")->trigger();
    QCOMPARE(doc->spec().bodies.size(), std::size_t(3));
    for (std::size_t i = 0; i < 3; ++i)
      for (std::size_t j = i + 1; j < 3; ++j)
        QVERIFY(QLineF(doc->position(doc->spec().bodies[i].id), doc->position(doc->spec().bodies[j].id)).length() >= kFreeSpotStep - 1e-9);
    QCOMPARE(doc->undoStack()->count(), 3);  // one step each
  }

  // Issue 55 point 1: after File > New the 3-D view no longer draws the
  // model before it (which stayed, even after Fit, until the new model
  // passed the check), and Add Body never shows that model's body of the
  // same name selected.
  void fileNewClearsTheViewOfTheModelBefore() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("riccati-demo-planar"));
    render::ViewWidget* view = window.findChild<StudioWorkspace*>()->viewPanel()->view();
    QTRY_VERIFY(view->model() != nullptr);
    QCOMPARE(view->model()->bodyCount(), 4);
    window.action("new")->trigger();
    QVERIFY(!window.document()->isValid());
    QTRY_VERIFY(view->model() == nullptr);
    window.action("addBody")->trigger();
    QTest::qWait(400);  // past the view's redraw after an edit
    QVERIFY(view->model() == nullptr || view->model()->bodyCount() == 1);
    // An edit that breaks a model of the same file keeps its last valid state in view.
    QVERIFY(window.openExample("riccati-demo-planar"));
    QTRY_VERIFY(view->model() != nullptr && view->model()->bodyCount() == 4);
    ModelSpec broken = window.document()->spec();
    broken.bodies[0].shape.mass = -1.0;
    window.document()->replaceSpec(broken, {});
    QVERIFY(!window.document()->isValid());
    QTest::qWait(400);
    QVERIFY(view->model() != nullptr);
    QCOMPARE(view->model()->bodyCount(), 4);
  }

  // Issue 55 point 9: an example opens under its own name (it opened as
  // "untitled.json"), an imported file under the file's; both unsaved, and
  // New is "untitled.json" again.
  void examplesAndImportsOpenUnderTheirOwnNames() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("vehicle"));
    QCOMPARE(window.document()->displayName(), QString("vehicle.json"));
    QVERIFY(window.windowTitle().startsWith("vehicle.json"));
    QVERIFY(window.document()->filePath().isEmpty());  // Save asks where
    QVERIFY(window.openExample("branch-999"));  // generated, not bundled
    QCOMPARE(window.document()->displayName(), QString("branch-999.json"));
    QVERIFY(window.openOrImport(QString::fromStdString(test::sourcePath("resources/interchange/arm.urdf"))));
    QCOMPARE(window.document()->displayName(), QString("arm.json"));
    QVERIFY(window.document()->filePath().isEmpty());
    window.action("new")->trigger();
    QCOMPARE(window.document()->displayName(), QString("untitled.json"));
  }

  // Issue 55 point 9: every bundled example file is in Open Example
  // (Newton's cradle was not) and opens from there.
  void everyBundledExampleIsInOpenExample() {
    QStringList listed;
    for (const Example& e : MainWindow::examples()) listed << e.id;
    const QDir dir(QString::fromStdString(test::sourcePath("resources/examples")));
    const QStringList files = dir.entryList({"*.json"}, QDir::Files);
    QVERIFY(files.size() >= 31);
    MainWindow window;
    window.setInteractive(false);
    for (const QString& file : files) {
      const QString id = QFileInfo(file).completeBaseName();
      QVERIFY2(listed.contains(id), qPrintable(id + " is not in Open Example"));
      QVERIFY2(window.openExample(id), qPrintable(id));
    }
  }

  // Issue 55 point 3: at 1280 x 800 the Properties dock shows its pages
  // whole: no horizontal scroll bar, and every number field's text (value
  // and unit) fits its box ("-9.81 m/" was cut) on the pages the newcomer
  // met: the vehicle's model page with its contacts, a beam, a hinge.
  void propertyPagesFitTheDockAt1280x800() {
    MainWindow window;
    QVERIFY(showStudio(window));
    window.resize(1280, 800);
    QDockWidget* dock = window.findChild<QDockWidget*>("propertiesDock");
    QVERIFY(dock);
    auto check = [&](const QString& page) {
      QTest::qWait(50);
      QApplication::processEvents();
      for (QScrollArea* area : dock->findChildren<QScrollArea*>()) {
        if (!area->isVisible()) continue;
        QVERIFY2(!area->horizontalScrollBar()->isVisible(), qPrintable(page + ": a horizontal scroll bar"));
        for (QuantityBox* box : area->findChildren<QuantityBox*>()) {
          if (!box->isVisible()) continue;
          const QLineEdit* edit = box->findChild<QLineEdit*>();
          const int needed = edit->fontMetrics().horizontalAdvance(box->text()) + 4;
          QVERIFY2(needed <= edit->width(), qPrintable(page + ": '" + box->text() + "' needs " + QString::number(needed) + " px, has " + QString::number(edit->width())));
        }
      }
    };
    QVERIFY(window.openExample("vehicle"));
    check("vehicle, model");
    ModelDocument* doc = window.document();
    doc->setSelection(Selection{{doc->spec().bodies[0].id.value}, {}, {}});
    check("vehicle, chassis");
    doc->setSelection(Selection{{}, {doc->spec().hinges[0].id.value}, {}});
    check("vehicle, first hinge");
    QVERIFY(window.openExample("flexible-arm"));
    for (const BodySpec& b : window.document()->spec().bodies)
      if (b.beam) window.document()->setSelection(Selection{{b.id.value}, {}, {}});
    check("flexible arm, beam");
    QVERIFY(window.openExample("newtons-cradle"));
    check("Newton's cradle, model");
  }

  // Issue 55 point 9: save and export dialogs start in a folder that exists
  // and can be written (they opened in "/" with no folder remembered, or in
  // a read-only one after an import); Open starts in the last folder if it
  // is still there, else in the documents folder.
  void fileDialogsStartInAUsableFolder() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("riccati-demo-planar"));  // no file: no folder of its own
    QSettings settings;
    const QVariant before = settings.value("lastDirectory");
    for (const QString& last : {QString(), QString("/no/such/folder")}) {
      settings.setValue("lastDirectory", last);
      const QFileInfo start(QFileInfo(window.savePathFor("results.csv")).absolutePath());
      QVERIFY2(start.isDir() && start.isWritable() && start.absoluteFilePath() != "/", qPrintable(start.absoluteFilePath()));
      QVERIFY(QFileInfo(window.openDirectory()).isDir());
      QVERIFY(window.openDirectory() != last);
    }
    QTemporaryDir tmp;
    const QString model = tmp.filePath("pendulum.json");
    QVERIFY(window.document()->save(model).isEmpty());
    QCOMPARE(QFileInfo(window.savePathFor("results.csv")).absolutePath(), QFileInfo(model).absolutePath());  // beside the model
    settings.setValue("lastDirectory", before);
  }

  void menusHoldWhatTheyShould() {
    MainWindow window;
    QStringList menus;
    for (QAction* a : window.menuBar()->actions()) menus << a->text().remove('&');
    QCOMPARE(menus, (QStringList{"File", "Edit", "Simulate", "View", "Help"}));
    setUpStudio(window);
    menus.clear();
    for (QAction* a : window.menuBar()->actions()) menus << a->text().remove('&');
    QCOMPARE(menus, (QStringList{"File", "Edit", "Simulate", "View", "Playback", "Analysis", "Help"}));
    QStringList exportEntries;
    for (QAction* a : window.exportMenu()->actions())
      if (!a->isSeparator()) exportEntries << a->text().remove('&');
    QCOMPARE(exportEntries, (QStringList{"All Results as CSV…", "Plotted Series as CSV…", "Plot as PNG or SVG…", "3-D View as PNG…",
                                         "Animation as PNG Frames…", "Animation as MP4 Video…", "Results for ParaView…",
                                         "Live Run for Replay…"}));
    const QList<QPair<QString, QKeySequence>> shortcuts{
        {"new", QKeySequence("Ctrl+N")}, {"open", QKeySequence("Ctrl+O")}, {"save", QKeySequence("Ctrl+S")},
        {"saveAs", QKeySequence("Ctrl+Shift+S")}, {"undo", QKeySequence("Ctrl+Z")}, {"redo", QKeySequence("Ctrl+Y")},
        {"delete", QKeySequence(Qt::Key_Delete)}, {"run", QKeySequence(Qt::Key_F5)}, {"cancel", QKeySequence(Qt::Key_Escape)},
        {"playPause", QKeySequence(Qt::Key_Space)}, {"stepForward", QKeySequence(Qt::Key_Right)}, {"stepBack", QKeySequence(Qt::Key_Left)},
        {"toStart", QKeySequence(Qt::Key_Home)}, {"toEnd", QKeySequence(Qt::Key_End)}};
    for (const auto& [name, key] : shortcuts) QVERIFY2(window.action(name)->shortcuts().contains(key), qPrintable(name));
    for (const char* name : {"cut", "copy", "paste", "selectAll", "preferences", "settings", "about", "shortcuts", "generate", "import"})
      QVERIFY2(window.action(name), name);
  }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
