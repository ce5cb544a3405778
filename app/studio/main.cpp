// mstmm-studio: the desktop application.
//
//   mstmm-studio [MODEL.json] [--example ID] [--select NAME] [--follow] [--run] [--screenshot FILE] [--size WxH]
//
// --run starts a simulation once the model is open; --screenshot saves the
// window to FILE (after the run, if --run) and quits, which makes the
// application usable headless (under xvfb-run) for checks and demos;
// --select shows the properties of the body, hinge or strut of that name.

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTimer>
#include <cstring>
#include <memory>

#include "collision/fcl_shape_query.hpp"
#include "stiff/cvode_bdf.hpp"
#include "core/version.hpp"
#include "gui/document/model_document.hpp"
#include "gui/main/main_window.hpp"
#include "gui/main/studio_setup.hpp"
#include "gui/view3d/view_panel.hpp"

namespace {

bool selectByName(mstmm::gui::ModelDocument& doc, const std::string& name) {
  mstmm::gui::Selection s;
  for (const mstmm::BodySpec& b : doc.spec().bodies)
    if (b.name == name) s.bodies.insert(b.id.value);
  for (const mstmm::HingeSpec& h : doc.spec().hinges)
    if (h.name == name) s.hinges.insert(h.id.value);
  for (std::size_t k = 0; k < doc.spec().springs.size(); ++k)
    if (doc.spec().springs[k].name == name) s.struts.insert(static_cast<int>(k));
  if (s.isEmpty()) return false;
  doc.setSelection(s);
  return true;
}

/// --help and --version need no display: answered by a core application
/// before the GUI one (which aborts without a display) is made.
bool asksOnlyForText(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    for (const char* option : {"-h", "--help", "-?", "--help-all", "-v", "--version"})
      if (std::strcmp(argv[i], option) == 0) return true;
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  mstmm::installFclShapeQuery();  // contacts between bodies
  mstmm::installCvodeBdf();        // the stiff BDF integrator
  std::unique_ptr<QCoreApplication> app = asksOnlyForText(argc, argv) ? std::make_unique<QCoreApplication>(argc, argv) : std::make_unique<QApplication>(argc, argv);
  QCoreApplication::setOrganizationName("MSTMM Studio");
  QCoreApplication::setApplicationName("MSTMM Studio");
  QCoreApplication::setApplicationVersion(mstmm::kVersion);
  QCommandLineParser parser;
  parser.setApplicationDescription("MSTMM Studio: multibody systems with the Riccati transfer matrix method");
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("model", "A model file to open, or a URDF or MJCF file (.urdf, .xml) to import.", "[MODEL.json]");
  const QCommandLineOption example("example", "Open a bundled example (e.g. riccati-demo-planar).", "id");
  const QCommandLineOption run("run", "Start a simulation once the model is open.");
  const QCommandLineOption screenshot("screenshot", "Save the window to FILE (after the run with --run) and quit.", "file");
  const QCommandLineOption size("size", "Window size, e.g. 1280x800.", "WxH");
  const QCommandLineOption select("select", "Select the body, hinge or spring-damper of this name (its properties are shown).", "name");
  const QCommandLineOption follow("follow", "Let the 3-D view follow the selected body (with none, the system's centre of mass).");
  parser.addOptions({example, select, follow, run, screenshot, size});
  parser.process(*app);  // ends the process after --help or --version
  // The icon of the installed desktop entry (packaging/), from the theme
  // where it is installed, else the copy built in; the desktop file's name
  // lets Wayland compositors match windows to the entry.
  QGuiApplication::setWindowIcon(QIcon::fromTheme("mstmm-studio", QIcon(":/mstmm-studio.svg")));
  QGuiApplication::setDesktopFileName("mstmm-studio");

  mstmm::gui::MainWindow window;
  mstmm::gui::setUpStudio(window);
  const QStringList wh = parser.value(size).split('x');
  if (wh.size() == 2) window.resize(wh[0].toInt(), wh[1].toInt());
  const bool batch = parser.isSet(screenshot);
  window.setInteractive(!batch);
  window.show();
  bool opened = true;
  if (!parser.positionalArguments().isEmpty()) opened = window.openOrImport(parser.positionalArguments().first());
  else if (parser.isSet(example)) opened = window.openExample(parser.value(example));
  if (batch && !opened) {
    qCritical("mstmm-studio: could not open the model");
    return 1;
  }
  if (opened && parser.isSet(select) && !selectByName(*window.document(), parser.value(select).toStdString())) {
    qCritical("mstmm-studio: the model has no body, hinge or spring-damper named '%s'", qPrintable(parser.value(select)));
    if (batch) return 1;
  }
  if (parser.isSet(follow))
    for (mstmm::gui::ViewPanel* view : window.findChildren<mstmm::gui::ViewPanel*>()) view->setFollowSelection(true);
  // Models a crashed or killed session left unsaved (never in batch runs:
  // they are kept for the next interactive start).
  if (!batch)
    window.offerRecovery([&window] {
      auto* another = new mstmm::gui::MainWindow;
      another->setAttribute(Qt::WA_DeleteOnClose);
      mstmm::gui::setUpStudio(*another);
      another->resize(window.size());
      another->show();
      return another;
    });
  return mstmm::gui::runStudio(static_cast<QApplication&>(*app), window, parser.isSet(run), parser.value(screenshot));
}
