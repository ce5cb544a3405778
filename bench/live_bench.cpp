// mstmm-live-bench: the studio's live mode as a user runs it (issue 30):
// the window at 1280 x 800 (Xvfb and Mesa llvmpipe here), a bundled system
// opened, Simulate > Run Live at 1x real time, and for a few seconds of wall
// time how far simulated time advanced against the wall clock and how many
// frames the 3-D view drew, with the camera still and with it turning as a
// user's drag turns it. Reports both; asserts nothing.
//
//   xvfb-run -a -s "-screen 0 1920x1080x24" build/bench/mstmm-live-bench [--examples branch-999,branch-66667] [--seconds 6]
//       [--integrator rk4|dopri5|generalized-alpha] [--step H]
//
// --integrator and --step change the opened example's simulation settings
// as a user does on its model page (one undoable edit) before Run Live.

#include <QApplication>
#include <QElapsedTimer>
#include <QStringList>
#include <QtTest/QTest>
#include <Eigen/Geometry>
#include <cstdio>
#include <optional>

#include "core/spec/model_spec.hpp"
#include "gui/document/commands.hpp"
#include "gui/document/model_document.hpp"
#include "gui/main/main_window.hpp"
#include "gui/main/studio_setup.hpp"
#include "gui/run/live_actions.hpp"
#include "gui/run/run_results.hpp"
#include "gui/run/simulation_controller.hpp"
#include "render/view_widget.hpp"

using namespace mstmm;
using namespace mstmm::gui;

namespace {

struct Measurement {
  int bodies = 0;
  double wall = 0.0, simulated = 0.0;
  long frames = 0;
  int samples = 0;  // recorded instants during the measurement
};

/// Lets the event loop run for `seconds` of wall time; with a view, turns
/// its camera a little every 16 ms as a user dragging it would (a frame is
/// then wanted even when the run has no new state to show).
void spin(double seconds, render::ViewWidget* orbit = nullptr) {
  QElapsedTimer clock, turn;
  clock.start();
  turn.start();
  while (clock.nsecsElapsed() < seconds * 1e9) {
    QApplication::processEvents(QEventLoop::AllEvents, 5);
    if (orbit && turn.nsecsElapsed() > 16e6) {
      render::CameraState c = orbit->camera();
      const Eigen::AngleAxisd step(0.002, c.viewUp.normalized());
      c.position = c.focalPoint + step * (c.position - c.focalPoint);
      orbit->setCamera(c);
      turn.restart();
    }
  }
}

/// The integrator and step a run is asked for; unset: the example's own.
struct Stepping {
  std::optional<IntegratorKind> integrator;
  double step = 0.0;
};

void applyStepping(MainWindow& window, const Stepping& stepping) {
  ModelDocument* document = window.document();
  const ModelProperties before = ModelProperties::of(document->spec());
  ModelProperties after = before;
  if (stepping.integrator) after.simulation.integrator = *stepping.integrator;
  if (stepping.step > 0.0) after.simulation.timeStep = stepping.step;
  document->undoStack()->push(new EditModelCommand(document, before, after, "integrator"));
}

Measurement measure(MainWindow& window, const QString& example, double seconds, bool orbit, const Stepping& stepping) {
  Measurement m;
  if (!window.openExample(example)) return m;
  applyStepping(window, stepping);
  m.bodies = static_cast<int>(window.document()->spec().bodies.size());
  auto* live = window.findChild<LiveActions*>();
  auto* view = window.findChild<render::ViewWidget*>();
  double reached = 0.0;
  const QMetaObject::Connection watch =
      QObject::connect(window.simulation(), &SimulationController::progress, [&reached](double t, double, double, double, int) { reached = t; });
  live->setSpeed(1.0);
  if (!live->runLive()) return m;
  spin(1.0);  // the run under way and the first frames drawn (GL resources built): not counted
  const double t0 = reached;
  const long frames0 = view->framesRendered();
  const int samples0 = window.simulation()->results() ? window.simulation()->results()->frameCount() : 0;
  QElapsedTimer clock;
  clock.start();
  spin(seconds, orbit ? view : nullptr);
  m.wall = clock.nsecsElapsed() * 1e-9;
  m.simulated = reached - t0;
  m.frames = view->framesRendered() - frames0;
  m.samples = (window.simulation()->results() ? window.simulation()->results()->frameCount() : 0) - samples0;
  window.simulation()->cancel();
  QObject::disconnect(watch);
  spin(0.5);
  return m;
}

int usage(const char* problem) {
  std::fprintf(stderr, "mstmm-live-bench: %s\nusage: mstmm-live-bench [--examples A,B] [--seconds S] [--integrator rk4|dopri5|generalized-alpha] [--step H]\n", problem);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QStringList examples{"branch-999", "branch-66667"};
  double seconds = 6.0;
  const QStringList args = app.arguments();
  Stepping stepping;
  for (int i = 1; i < args.size(); i += 2) {
    if (i + 1 >= args.size()) return usage(qPrintable(args[i] + " needs a value"));
    const QString& value = args[i + 1];
    if (args[i] == "--examples") examples = value.split(',');
    else if (args[i] == "--seconds") seconds = value.toDouble();
    else if (args[i] == "--step") stepping.step = value.toDouble();
    else if (args[i] == "--integrator") {
      for (IntegratorKind kind : {IntegratorKind::Rk4, IntegratorKind::DormandPrince45, IntegratorKind::GeneralizedAlpha})
        if (value == toString(kind)) stepping.integrator = kind;
      if (!stepping.integrator) return usage(qPrintable("--integrator " + value + ": rk4, dopri5 or generalized-alpha"));
    } else
      return usage(qPrintable("unknown option " + args[i]));
  }
  if (!(seconds > 0.0 && seconds <= 600.0)) return usage("--seconds must be in (0, 600]");
  if (!(stepping.step >= 0.0 && stepping.step <= 1.0)) return usage("--step must be in (0, 1] s");
  MainWindow window;
  setUpStudio(window);
  window.resize(1280, 800);
  window.setInteractive(false);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window)) std::fprintf(stderr, "the window was never shown\n");
  if (stepping.integrator || stepping.step > 0.0)
    std::printf("each example %s%s%s\n", stepping.integrator ? "with " : "at", stepping.integrator ? toString(*stepping.integrator) : "",
                stepping.step > 0.0 ? qPrintable(QString(" at a step of %1 s").arg(stepping.step)) : " at its own step");
  std::printf("live mode at 1x, window 1280x800, %.0f s of wall time each; the camera still, or turned as by a drag\n%-14s %8s %8s %12s %14s %10s %12s\n",
              seconds, "example", "bodies", "camera", "simulated/s", "(real time: 1)", "frames/s", "recorded/s");
  for (const QString& example : examples)
    for (const bool orbit : {false, true}) {
      const Measurement m = measure(window, example, seconds, orbit, stepping);
      std::printf("%-14s %8d %8s %12.3f %14s %10.1f %12.1f\n", qPrintable(example), m.bodies, orbit ? "turning" : "still", m.wall > 0 ? m.simulated / m.wall : 0.0,
                  m.wall > 0 && m.simulated / m.wall > 0.98 ? "kept" : "behind", m.wall > 0 ? m.frames / m.wall : 0.0, m.wall > 0 ? m.samples / m.wall : 0.0);
      std::fflush(stdout);
    }
  return 0;
}
