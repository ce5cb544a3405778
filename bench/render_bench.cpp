// mstmm-render-bench: frames per second of the 3-D view, as a user sees it:
// a 1280 x 800 ViewWidget on screen (Xvfb and Mesa llvmpipe in CI), playing
// back recorded results of the paper's branch system. Each frame
// interpolates every body's state, rewrites the glyph instances and paints
// (VTK render, blit into the window's back buffer, swap). Reports
// frames/s and the share spent updating the scene, with the drop shadows on
// and off (floor grid and lights always on); asserts nothing.
//
//   xvfb-run -a -s "-screen 0 1920x1080x24" build/bench/mstmm-render-bench [--bodies 500,33334] [--seconds 4]
//       [--shadows on,off] [--csv FILE]

#include <QApplication>
#include <QElapsedTimer>
#include <QStringList>
#include <QtTest/QTest>
#include <cstdio>
#include <fstream>

#include "core/generate/generators.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "render/result_states.hpp"
#include "render/view_widget.hpp"

using namespace mstmm;

namespace {

struct Measurement {
  int bodies = 0;
  bool shadows = true;
  std::size_t glyphs = 0;
  int frames = 0;
  double seconds = 0.0, updateSeconds = 0.0;
  double fps() const { return frames / seconds; }
};

/// 0.1 s of motion of the branch system with `bodies` bodies, every 10th step.
std::pair<std::shared_ptr<const Model>, std::unique_ptr<Results>> recordBranch(int bodies) {
  BranchOptions options;
  options.bodies = bodies;
  auto model = compile(generateBranch(options));
  SimulationSettings settings;
  settings.endTime = 0.1;
  settings.timeStep = 1e-3;
  settings.outputEvery = 10;
  auto results = std::make_unique<Results>(*model, RecordOptions{{}, true});
  simulate(model, settings, *results);
  return {model, std::move(results)};
}

Measurement measure(const std::shared_ptr<const Model>& model, const Results& results, bool shadows, double seconds, QSize size) {
  render::ViewWidget view;
  view.resize(size);
  view.setModel(model);
  view.setShadows(shadows);
  view.show();
  if (!QTest::qWaitForWindowExposed(&view)) std::fprintf(stderr, "the view was never shown\n");
  view.fit();
  view.renderNow();  // the first frame builds the GL resources; not counted
  std::vector<render::BodyState> states;
  std::vector<char> visible;
  Measurement m;
  m.bodies = model->bodyCount();
  m.shadows = shadows;
  m.glyphs = view.glyphCount();
  const double span = results.times().back();
  QElapsedTimer clock, update;
  clock.start();
  while (clock.nsecsElapsed() < seconds * 1e9) {
    const double t = std::fmod(m.frames * 0.004, span);  // playback at 1/4 of real time at 60 Hz
    update.start();
    render::statesAt(*model, results, t, states, visible);
    view.setStates(states);
    m.updateSeconds += update.nsecsElapsed() * 1e-9;
    view.renderNow();
    QApplication::processEvents();
    ++m.frames;
  }
  m.seconds = clock.nsecsElapsed() * 1e-9;
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QList<int> sizes{500, 33334};
  QList<bool> shadowModes{true, false};
  double seconds = 4.0;
  QString csv;
  const QStringList args = app.arguments();
  for (int i = 1; i + 1 < args.size(); i += 2) {
    if (args[i] == "--bodies") {
      sizes.clear();
      for (const QString& s : args[i + 1].split(',')) sizes.append(s.toInt());
    } else if (args[i] == "--seconds") seconds = args[i + 1].toDouble();
    else if (args[i] == "--csv") csv = args[i + 1];
    else if (args[i] == "--shadows") {
      shadowModes.clear();
      for (const QString& s : args[i + 1].split(',')) shadowModes.append(s == "on");
    }
  }
  const QSize size(1280, 800);
  std::printf("3-D view playback at %dx%d\n%8s %8s %8s %8s %10s %12s\n", size.width(), size.height(), "bodies", "glyphs", "shadows", "frames",
              "frames/s", "update share");
  std::ofstream out;
  if (!csv.isEmpty()) {
    out.open(csv.toStdString());
    out << "bodies,glyphs,shadows,frames,seconds,frames_per_second,update_seconds\n";
  }
  for (int n : sizes) {
    const auto [model, results] = recordBranch(n);
    for (bool shadows : shadowModes) {
      const Measurement m = measure(model, *results, shadows, seconds, size);
      std::printf("%8d %8zu %8s %8d %10.1f %11.0f%%\n", m.bodies, m.glyphs, m.shadows ? "on" : "off", m.frames, m.fps(),
                  100.0 * m.updateSeconds / m.seconds);
      std::fflush(stdout);
      if (out)
        out << m.bodies << ',' << m.glyphs << ',' << (m.shadows ? "on" : "off") << ',' << m.frames << ',' << m.seconds << ',' << m.fps() << ','
            << m.updateSeconds << '\n';
    }
  }
  return 0;
}
