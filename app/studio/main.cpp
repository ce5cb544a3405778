// mstmm-studio: the desktop application.
//
//   mstmm-studio [MODEL.json] [--example ID] [--run] [--screenshot FILE] [--size WxH]
//
// --run starts a simulation once the model is open; --screenshot saves the
// window to FILE (after the run, if --run) and quits, which makes the
// application usable headless (under xvfb-run) for checks and demos.

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#include "core/version.hpp"
#include "gui/main/main_window.hpp"
#include "gui/main/studio_setup.hpp"

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName("MSTMM Studio");
  QApplication::setApplicationName("MSTMM Studio");
  QApplication::setApplicationVersion(mstmm::kVersion);
  QCommandLineParser parser;
  parser.setApplicationDescription("MSTMM Studio: multibody systems with the Riccati transfer matrix method");
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("model", "A model file to open.", "[MODEL.json]");
  const QCommandLineOption example("example", "Open a bundled example (e.g. riccati-demo-planar).", "id");
  const QCommandLineOption run("run", "Start a simulation once the model is open.");
  const QCommandLineOption screenshot("screenshot", "Save the window to FILE (after the run with --run) and quit.", "file");
  const QCommandLineOption size("size", "Window size, e.g. 1280x800.", "WxH");
  parser.addOptions({example, run, screenshot, size});
  parser.process(app);

  mstmm::gui::MainWindow window;
  mstmm::gui::setUpStudio(window);
  const QStringList wh = parser.value(size).split('x');
  if (wh.size() == 2) window.resize(wh[0].toInt(), wh[1].toInt());
  const bool batch = parser.isSet(screenshot);
  window.setInteractive(!batch);
  window.show();
  bool opened = true;
  if (!parser.positionalArguments().isEmpty()) opened = window.openFile(parser.positionalArguments().first());
  else if (parser.isSet(example)) opened = window.openExample(parser.value(example));
  if (batch && !opened) {
    qCritical("mstmm-studio: could not open the model");
    return 1;
  }
  return mstmm::gui::runStudio(app, window, parser.isSet(run), parser.value(screenshot));
}
