#include "gui/main/studio_setup.hpp"

#include <QScreen>
#include <QTimer>
#include <QWindow>

namespace mstmm::gui {

void setUpStudio(MainWindow&) {}

bool saveWindowScreenshot(MainWindow& window, const QString& path) {
  window.repaint();
  QApplication::processEvents();
  return window.grab().save(path, "PNG");
}

int runStudio(QApplication& app, MainWindow& window, bool run, const QString& screenshotPath) {
  if (run) QTimer::singleShot(0, &window, [&window] { window.runSimulation(); });
  if (screenshotPath.isEmpty()) return app.exec();
  auto finishWith = [&app, &window, screenshotPath] {
    QTimer::singleShot(300, &window, [&app, &window, screenshotPath] {  // let the views draw the last frame
      const bool saved = saveWindowScreenshot(window, screenshotPath);
      if (!saved) qCritical("mstmm-studio: could not write the screenshot %s", qPrintable(screenshotPath));
      app.exit(saved ? 0 : 1);
    });
  };
  if (run) QObject::connect(window.simulation(), &SimulationController::finished, &window, finishWith);
  else finishWith();
  return app.exec();
}

}  // namespace mstmm::gui
