#include "gui/main/studio_setup.hpp"

#include <QScreen>
#include <QTimer>
#include <QPainter>
#include <QWindow>

#include "gui/analysis/analysis_actions.hpp"
#include "gui/exports/export_actions.hpp"
#include "gui/main/studio_workspace.hpp"
#include "gui/run/compare_solvers_actions.hpp"
#include "gui/run/live_actions.hpp"
#include "gui/run/live_inputs_actions.hpp"
#include "gui/study/study_actions.hpp"
#include "render/view_widget.hpp"

namespace mstmm::gui {

void setUpStudio(MainWindow& window) {
  auto* workspace = new StudioWorkspace(&window);
  window.setCentralArea(workspace);
  new ExportActions(&window, workspace);
  new StudyActions(&window);
  new AnalysisActions(&window);
  new LiveActions(&window);
  new LiveInputsActions(&window, workspace);
  new CompareSolversActions(&window);
}

bool saveWindowScreenshot(MainWindow& window, const QString& path) {
  window.repaint();
  QApplication::processEvents();
  QPixmap shot = window.grab();
  // The 3-D view draws into a native OpenGL window that grab() cannot see:
  // paint what it shows into its place.
  QPainter painter(&shot);
  for (render::ViewWidget* view : window.findChildren<render::ViewWidget*>()) {
    if (!view->isVisible()) continue;
    const QImage frame = view->grabFrame();
    if (!frame.isNull()) painter.drawImage(QRect(view->mapTo(&window, QPoint(0, 0)), view->size()), frame);
  }
  painter.end();
  return shot.save(path, "PNG");
}

int runStudio(QApplication& app, MainWindow& window, bool run, const QString& screenshotPath) {
  if (screenshotPath.isEmpty()) {
    if (run) QTimer::singleShot(0, &window, [&window] { window.runSimulation(); });
    return app.exec();
  }
  auto finishWith = [&app, &window, screenshotPath] {
    QTimer::singleShot(300, &window, [&app, &window, screenshotPath] {  // let the views draw the last frame
      const bool saved = saveWindowScreenshot(window, screenshotPath);
      if (!saved) qCritical("mstmm-studio: could not write the screenshot %s", qPrintable(screenshotPath));
      app.exit(saved ? 0 : 1);
    });
  };
  if (run) {
    QObject::connect(window.simulation(), &SimulationController::finished, &window, finishWith);
    // A model the check refuses does not start: the window (with its
    // message) is shot at once rather than waiting for a run that never ends.
    QTimer::singleShot(0, &window, [&window, finishWith] {
      window.runSimulation();
      if (!window.simulation()->isRunning()) finishWith();
    });
  } else {
    finishWith();
  }
  return app.exec();
}

}  // namespace mstmm::gui
