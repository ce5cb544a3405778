// mstmm export: a run and its exports in one batch command, headless. Plots
// need no display (Qt's offscreen platform is used when there is none); the
// 3-D exports (image, frames, video) need an X display, e.g. xvfb-run.

#include <QApplication>
#include <QFileInfo>
#include <chrono>
#include <csignal>
#include <cmath>
#include <cstdlib>
#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/interrupt.hpp"
#include "app/cli/simulation_options.hpp"
#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/io/results_csv.hpp"
#include "core/io/table_csv.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"
#include "core/sim/simulation.hpp"
#include "gui/plots/plot_pane.hpp"
#include "core/plot/series_catalog.hpp"
#include "render/animation_export.hpp"
#include "render/offscreen_renderer.hpp"
#include "render/paraview_export.hpp"
#include "render/result_states.hpp"

namespace mstmm::cli {
namespace {


/// "1280x720" -> {1280, 720}.
std::pair<int, int> parseSize(const std::string& text) {
  const auto x = text.find('x');
  int w = 0, h = 0;
  try {
    if (x != std::string::npos) w = std::stoi(text.substr(0, x)), h = std::stoi(text.substr(x + 1));
  } catch (const std::exception&) {
  }
  if (w < 16 || h < 16 || w > 16384 || h > 16384) throw Error(ErrorKind::Input, "--size expects WIDTHxHEIGHT in 16..16384 pixels, not '" + text + "'");
  return {w, h};
}

/// The plotted series as the plot options choose them.
struct PlotChoice {
  Quantity quantity = Quantity::Angle;
  int component = -1;
  std::vector<int> bodies;
  PlotSettings settings;
};

/// --plot-component: a number from 1 (0: all) or a component's name as the
/// plots list it ("pitch (y)", "pitch"; a load channel's label or its
/// name "tyre.normal"). Anything else is refused with the list to choose from.
int plotComponent(const std::string& given, const std::string& quantity, const std::vector<std::string>& names, const std::vector<LoadChannel>& channels) {
  std::string list;
  for (std::size_t k = 0; k < names.size(); ++k) list += (k ? ", " : "") + std::to_string(k + 1) + " '" + names[k] + "'";
  const auto refuse = [&] {
    throw Error(ErrorKind::Input, "--plot-component: " + quantity + " has " + std::to_string(names.size()) + " components, not '" + given + "': 0 (all), " + list);
  };
  if (!given.empty() && given.find_first_not_of("0123456789") == std::string::npos) {
    if (given.size() > 9 || std::stol(given) > static_cast<long>(names.size())) refuse();
    return static_cast<int>(std::stol(given)) - 1;
  }
  for (std::size_t k = 0; k < names.size(); ++k) {
    const std::string& name = names[k];
    const bool channel = k < channels.size() && (channels[k].name == given || channels[k].label == given);
    if (name == given || channel || name.rfind(given + " (", 0) == 0) return static_cast<int>(k);
  }
  refuse();
  return -1;
}

/// Checked before the run, so a typo does not cost a simulation.
PlotChoice plotChoice(const Arguments& a, const Model& model) {
  PlotChoice c;
  const std::string quantity = a.value("plot-quantity", "angle");
  if (!quantityFromKeyword(quantity, c.quantity))
    throw Error(ErrorKind::Input, "--plot-quantity must be angle, angular-velocity, energy, hinge-force, hinge-moment, slide, slide-rate, loads, momentum, angular-momentum, centre-of-mass or measures, not '" + quantity + "'");
  const std::string angles = a.value("angles", "cardan");
  if (angles == "cardan") c.settings.representation = AngleRepresentation::Cardan;
  else if (angles == "axis") c.settings.representation = AngleRepresentation::AxisAngle;
  else if (angles == "quaternion") c.settings.representation = AngleRepresentation::Quaternion;
  else throw Error(ErrorKind::Input, "--angles must be cardan, axis or quaternion, not '" + angles + "'");
  const std::vector<std::string> axis = splitList(a.value("axis", "0,0,1"), ',');
  if (axis.size() != 3) throw Error(ErrorKind::Input, "--axis expects three numbers x,y,z");
  for (int i = 0; i < 3; ++i) c.settings.axis[i] = std::atof(axis[static_cast<std::size_t>(i)].c_str());
  if (!(c.settings.axis.norm() > 0.0)) throw Error(ErrorKind::Input, "--axis must not be zero");
  c.settings.axis.normalize();
  c.settings.degrees = !a.has("radians");
  const std::vector<std::string> names = componentNames(c.quantity, model, c.settings);
  if (names.empty())
    throw Error(ErrorKind::Input, "--plot-quantity " + quantity + ": model '" + model.name() + "' has nothing to plot for it (" +
                                      (c.quantity == Quantity::LoadElement ? "no load elements" : c.quantity == Quantity::Measure ? "no measures" : "no sliding hinges") + ")");
  c.component = plotComponent(a.value("plot-component", "0"), quantity, names, plottedChannels(c.quantity, model, c.settings));
  c.bodies = a.has("plot-bodies") ? selectBodies(model, a.value("plot-bodies")) : std::vector<int>{};
  return c;
}

/// The plotted bodies among the recorded ones (by default the first four, as the application ticks them).
void choosePlottedBodies(PlotChoice& c, const Model& model, const Results& results) {
  if (c.bodies.empty())
    for (int s = 0; s < results.recordedBodyCount() && s < 4; ++s) c.bodies.push_back(results.recordedBody(s));
  for (int b : c.bodies)
    if (results.slotOf(b) < 0) throw Error(ErrorKind::Input, "--plot-bodies: body '" + model.body(b).name + "' is not recorded (see --bodies)");
}

void writePlottedCsv(const std::string& path, const std::string& modelPath, const Model& model, const Results& results, const PlotChoice& c) {
  std::vector<TableColumn> columns;
  const std::string unit = unitOf(c.quantity, model, c.settings);
  const std::vector<LoadChannel> channels = plottedChannels(c.quantity, model, c.settings);
  for (const SeriesKey& key : seriesKeys(c.quantity, c.component, c.bodies, model, c.settings)) {
    // A load element's column carries its own unit, not the list of all of them.
    const bool own = key.component >= 0 && key.component < static_cast<int>(channels.size());
    columns.push_back({seriesName(key, model, c.settings), own ? channels[static_cast<std::size_t>(key.component)].unit : unit, seriesValues(results, model, key, c.settings)});
  }
  writeTableCsv(path, {"MSTMM Studio: plotted series", "model: " + modelPath}, results.times(), columns);
}

void writePlot(const std::string& path, const Model& model, const Results& results, const PlotChoice& c, std::pair<int, int> size) {
  gui::PlotPane pane;
  pane.resize(size.first, size.second);
  pane.setTitle(QString::fromStdString(model.name()));
  const std::vector<SeriesKey> keys = seriesKeys(c.quantity, c.component, c.bodies, model, c.settings);
  pane.setAxisTitles("t [s]", QString::fromStdString(axisTitle(c.quantity, model, c.settings, keys)));
  for (const SeriesKey& key : keys) {
    const int curve = pane.addCurve(QString::fromStdString(seriesName(key, model, c.settings)));
    pane.setCurveData(curve, results.times(), seriesValues(results, model, key, c.settings));
  }
  pane.setCursorTime(results.times().back());
  const QString file = QString::fromStdString(path);
  const QSize pixels(size.first, size.second);
  const bool svg = file.endsWith(".svg", Qt::CaseInsensitive);
  if (!svg && !file.endsWith(".png", Qt::CaseInsensitive)) throw Error(ErrorKind::Input, "--plot: " + path + " must end in .png or .svg");
  if (!(svg ? pane.saveSvg(file, pixels, QString::fromStdString(model.name())) : pane.savePng(file, pixels)))
    throw Error(ErrorKind::Io, "--plot: cannot write " + path);
}

render::CameraPreset presetOf(const std::string& name) {
  if (name == "front") return render::CameraPreset::Front;
  if (name == "top") return render::CameraPreset::Top;
  if (name == "side") return render::CameraPreset::Side;
  if (name == "isometric") return render::CameraPreset::Isometric;
  throw Error(ErrorKind::Input, "--view must be front, top, side or isometric, not '" + name + "'");
}

void writeImage(const std::string& path, std::shared_ptr<const Model> model, const Results& results, const render::SceneHandle& look, double t,
                std::pair<int, int> size) {
  render::OffscreenRenderer renderer;
  renderer.copySceneFrom(look);
  std::vector<render::BodyState> states;
  std::vector<char> visible;
  render::statesAt(*model, results, t, states, visible);
  renderer.setVisibleBodies(visible);
  renderer.setStates(states);
  if (!renderer.render(size.first, size.second).save(QString::fromStdString(path), "PNG")) throw Error(ErrorKind::Io, "--image: cannot write " + path);
}

/// Qt for the plots: a real display when there is one, else the offscreen platform.
std::unique_ptr<QApplication> startQt() {
  static int argc = 1;
  static char name[] = "mstmm";
  static char* argv[] = {name, nullptr};
  const bool display = std::getenv("DISPLAY") && *std::getenv("DISPLAY");
  if (!display && !std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
  return std::make_unique<QApplication>(argc, argv);
}

}  // namespace

int exportCommand(const std::vector<std::string>& args) {
  std::set<std::string> options = kSimulationOptions;
  options.insert({"csv", "plotted-csv", "plot", "plot-quantity", "plot-component", "plot-bodies", "angles", "axis", "plot-size", "image", "time",
                  "view", "size", "frames", "video", "fps", "speed", "from", "to", "paraview", "paraview-every", "trail-window"});
  const Arguments a(args, options, {"radians", "trails", "project-initial-state", "angular-velocities", "hinge-loads", "no-time-stamp", "no-shadows"});
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, "export needs exactly one model file (mstmm export MODEL.json ...)");
  const bool any = a.has("csv") || a.has("plotted-csv") || a.has("plot") || a.has("image") || a.has("frames") || a.has("video") || a.has("paraview");
  if (!any) throw Error(ErrorKind::Input, "export: say what to write (--csv, --plotted-csv, --plot, --image, --frames, --video, --paraview)");
  const std::string modelPath = a.positional()[0];
  ModelSpec spec = loadModel(modelPath);
  applyOverrides(a, spec.simulation);
  const std::shared_ptr<const Model> model = compile(spec);
  printWarnings(spec);
  // Options are checked before the run, so a typo does not cost a simulation.
  const auto imageSize = parseSize(a.value("size", "1280x720"));
  const auto plotSize = parseSize(a.value("plot-size", "1200x700"));
  const double paraViewEvery = a.number("paraview-every", 1.0);
  if (!(paraViewEvery >= 1.0) || paraViewEvery != std::floor(paraViewEvery) || paraViewEvery > 1e9)
    throw Error(ErrorKind::Input, "--paraview-every expects a whole number of recorded frames, 1 or more, not '" + a.value("paraview-every") + "'");
  render::AnimationOptions animation;
  animation.width = imageSize.first;
  animation.height = imageSize.second;
  animation.fps = a.number("fps", 30.0);
  animation.speed = a.number("speed", 1.0);
  animation.startTime = a.number("from", animation.startTime);
  animation.endTime = a.number("to", animation.endTime);
  animation.trails = a.has("trails");
  animation.timeStamp = !a.has("no-time-stamp");
  animation.trailWindow = a.number("trail-window", 1.0);
  const render::CameraPreset preset = presetOf(a.value("view", model->planar() ? "front" : "isometric"));
  const bool needs3d = a.has("image") || a.has("frames") || a.has("video");
  std::string why;
  if (needs3d && !render::OffscreenRenderer::available(&why)) throw Error(ErrorKind::Input, "export: " + why);
  if (const std::string missing = a.has("video") ? render::ffmpegMissingReason() : std::string(); !missing.empty())
    throw Error(ErrorKind::Input, "--video: " + missing);
  PlotChoice choice = plotChoice(a, *model);
  const auto qt = startQt();

  RecordOptions record;
  record.bodies = selectBodies(*model, a.value("bodies"));
  Results results(*model, record);
  const auto start = std::chrono::steady_clock::now();
  RunOptions run;
  run.cancel = &catchInterrupt();  // SIGINT and SIGTERM end the run, and then the export writes nothing
  const RunReport report = simulate(model, spec.simulation, results, run);
  if (report.status == RunStatus::Cancelled) {
    std::cerr << "mstmm: interrupted at t = " << formatNumber(report.time) << " s; nothing was exported\n";
    return 128 + (interruptSignal() ? interruptSignal() : SIGINT);
  }
  // Each export below stops between frames at a signal: images and videos
  // already written stay whole, a stopped video or frame series is not put in place.
  const auto going = [](int, int) { return !catchInterrupt().load(); };
  std::cerr << "mstmm: '" << model->name() << "' to t = " << formatNumber(report.time) << " s: " << report.steps << " steps, "
            << formatNumber(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()) << " s wall, "
            << results.frameCount() << " frames\n";
  if (report.error) std::cerr << "mstmm: error: " << report.error->what() << " (exporting the results up to this time)\n";
  if (results.frameCount() == 0) throw Error(ErrorKind::Solver, "export: the run recorded nothing");

  const auto wrote = [](const std::string& what) { std::cerr << "mstmm: wrote " << what << "\n"; };
  if (a.has("csv")) {
    writeResultsCsv(*model, results, a.value("csv"), {modelPath, describe(spec.simulation)}, {a.has("angular-velocities"), a.has("hinge-loads")});
    wrote(a.value("csv"));
  }
  if (a.has("plotted-csv") || a.has("plot")) {
    choosePlottedBodies(choice, *model, results);
    if (a.has("plotted-csv")) writePlottedCsv(a.value("plotted-csv"), modelPath, *model, results, choice), wrote(a.value("plotted-csv"));
    if (a.has("plot")) writePlot(a.value("plot"), *model, results, choice, plotSize), wrote(a.value("plot"));
  }
  render::OffscreenRenderer look;  // the camera every 3-D export uses
  if (needs3d) {
    look.setModel(model);
    look.setShadows(!a.has("no-shadows"));
    look.setPreset(preset);
    Vec3 lo, hi;  // frame the whole motion, not just the first instant
    render::motionBounds(*model, results, 0.03, lo, hi);
    look.fitBox(lo, hi, static_cast<double>(imageSize.first) / imageSize.second);
  }
  if (a.has("image")) {
    writeImage(a.value("image"), model, results, look, a.number("time", results.times().back()), imageSize);
    wrote(a.value("image"));
  }
  if (a.has("frames")) {
    const int n = render::exportAnimationFrames(model, results, animation, &look, a.value("frames"), going);
    wrote(std::to_string(n) + " frames into " + a.value("frames"));
  }
  if (a.has("video")) {
    const int n = render::exportAnimationVideo(model, results, animation, &look, a.value("video"), going);
    wrote(a.value("video") + " (" + std::to_string(n) + " frames)");
  }
  if (a.has("paraview")) {
    const QFileInfo pvd(QString::fromStdString(a.value("paraview")));
    const render::ParaViewExport out =
        render::exportParaView(*model, results, pvd.absolutePath().toStdString(), pvd.completeBaseName().toStdString(), going,
                               static_cast<int>(paraViewEvery));
    wrote(out.collectionPath + " (" + std::to_string(out.frames) + " frames)");
  }
  if (const int signal = interruptSignal()) return 128 + signal;
  return report.error ? 3 : 0;
}

}  // namespace mstmm::cli
