#include "gui/exports/export_actions.hpp"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QStatusBar>

#include "core/error.hpp"
#include "core/io/table_csv.hpp"
#include "gui/exports/atomic_save.hpp"
#include "gui/exports/export_dialogs.hpp"
#include "gui/main/main_window.hpp"
#include "gui/main/studio_workspace.hpp"
#include "gui/panels/messages_panel.hpp"
#include "gui/playback/playback_clock.hpp"
#include "gui/plots/plot_pane.hpp"
#include "gui/plots/plots_panel.hpp"
#include "gui/view3d/view_panel.hpp"
#include "render/paraview_export.hpp"
#include "render/view_widget.hpp"

namespace mstmm::gui {
namespace {

const char* representationName(AngleRepresentation r) {
  switch (r) {
    case AngleRepresentation::Cardan: return "Cardan angles";
    case AngleRepresentation::AxisAngle: return "rotation angle about an axis";
    case AngleRepresentation::Quaternion: return "quaternion components";
  }
  return "";
}

}  // namespace

ExportActions::ExportActions(MainWindow* window, StudioWorkspace* workspace) : QObject(window), m_window(window), m_workspace(workspace) {
  createActions();
}

void ExportActions::createActions() {
  QMenu* menu = m_window->exportMenu();
  auto add = [&](const QString& name, const QString& text, auto slot) {
    auto* a = new QAction(text, m_window);
    connect(a, &QAction::triggered, this, slot);
    m_window->registerAction(name, a);
    menu->addAction(a);
  };
  m_window->action("exportCsv")->setText(tr("All Results as &CSV…"));
  add("exportPlottedCsv", tr("&Plotted Series as CSV…"), [this] {
    const QString path = askSavePath(tr("Export Plotted Series"), "plotted.csv", tr("CSV files (*.csv)"));
    if (!path.isEmpty()) exportPlottedCsv(path);
  });
  menu->addSeparator();
  add("exportPlotImage", tr("Plot as PNG or &SVG…"), [this] {
    PlotPane* pane = m_workspace->plots()->currentPane();
    ImageSizeDialog size(pane ? pane->size() : QSize(1200, 600), m_window);
    if (size.exec() != QDialog::Accepted) return;
    const QString path = askSavePath(tr("Export Plot"), "plot.svg", tr("SVG drawings (*.svg);;PNG images (*.png)"));
    if (!path.isEmpty()) exportPlot(path, size.imageSize());
  });
  add("exportViewImage", tr("3-D &View as PNG…"), [this] {
    ImageSizeDialog size(m_workspace->viewPanel()->view()->size(), m_window);
    size.offerCurrentCamera();
    if (size.exec() != QDialog::Accepted) return;
    const QString path = askSavePath(tr("Export 3-D View"), "view.png", tr("PNG images (*.png)"));
    if (!path.isEmpty()) exportViewImage(path, size.imageSize(), size.currentCamera());
  });
  menu->addSeparator();
  add("exportFrames", tr("Animation as PNG &Frames…"), [this] {
    render::AnimationOptions options = animationDefaults();
    if (!askAnimation(options)) return;
    const QString dir = QFileDialog::getExistingDirectory(m_window, tr("Folder for the Frames"), m_window->saveDirectory());
    if (!dir.isEmpty()) exportAnimationFrames(dir, options);
  });
  add("exportVideo", tr("Animation as &MP4 Video…"), [this] {
    if (!render::ffmpegMissingReason().empty()) {  // say so before asking for anything
      exportAnimationVideo({}, animationDefaults());
      return;
    }
    render::AnimationOptions options = animationDefaults();
    if (!askAnimation(options)) return;
    const QString path = askSavePath(tr("Export Video"), "animation.mp4", tr("MP4 videos (*.mp4)"));
    if (!path.isEmpty()) exportAnimationVideo(path, options);
  });
  menu->addSeparator();
  add("exportParaView", tr("Results for Para&View…"), [this] {
    const std::shared_ptr<RunResults> results = m_workspace->results();
    const int frames = results ? results->frameCount() : 0;
    bool ok = false;
    // About 500 files by default, however long the run: enough for ParaView's
    // animation, not a folder of thousands.
    const int every = QInputDialog::getInt(m_window, tr("Export for ParaView"),
                                           tr("%1 recorded frames. Write every how many-th (the last is always written)?").arg(frames),
                                           std::max(1, (frames + 499) / 500), 1, std::max(1, frames), 1, &ok);
    if (!ok) return;
    const QString path = askSavePath(tr("Export for ParaView"), "results.pvd", tr("ParaView collections (*.pvd)"));
    if (!path.isEmpty()) exportParaView(path, every);
  });
}

QString ExportActions::askSavePath(const QString& title, const QString& fileName, const QString& filter) {
  if (!m_window->isInteractive()) return {};
  QSettings settings;
  const QString path = QFileDialog::getSaveFileName(m_window, title, m_window->savePathFor(fileName), filter);
  if (!path.isEmpty()) settings.setValue("lastDirectory", QFileInfo(path).absolutePath());
  return path;
}

render::AnimationOptions ExportActions::animationDefaults() const {
  render::AnimationOptions options;
  const ViewPanel* view = m_workspace->viewPanel();
  options.trails = view->trailsShown();
  options.trailWindow = view->trailWindow();
  options.trailBodies = view->view()->selection();
  return options;
}

bool ExportActions::askAnimation(render::AnimationOptions& options) {
  const PlaybackClock* clock = m_workspace->clock();
  AnimationDialog dialog(m_workspace->viewPanel()->view()->size(), clock->startTime(), clock->endTime(), options.trails, options.trailWindow,
                         m_window);
  if (dialog.exec() != QDialog::Accepted) return false;
  const std::vector<int> bodies = options.trailBodies;
  options = dialog.options();
  options.trailBodies = bodies;
  return true;
}

QString ExportActions::fail(const QString& what, const QString& why) {
  const QString text = tr("Could not export %1: %2").arg(what, why);
  m_window->messages()->addMessage(MessagesPanel::Level::Error, text);
  m_window->statusBar()->showMessage(text, 8000);
  if (m_window->isInteractive()) QMessageBox::warning(m_window, tr("Export"), text);
  return why;
}

void ExportActions::succeeded(const QString& target) {
  m_window->messages()->addMessage(MessagesPanel::Level::Info, tr("Exported %1").arg(target));
  m_window->statusBar()->showMessage(tr("Exported %1").arg(target), 5000);
}

QString ExportActions::runReported(const QString& what, const QString& target,
                                   const std::function<void(const std::function<bool(int, int)>&)>& work) {
  const std::shared_ptr<RunResults> results = m_workspace->results();
  if (!results || results->frameCount() == 0) return fail(what, tr("there are no results yet; run the simulation first"));
  std::unique_ptr<QProgressDialog> dialog;
  if (m_window->isInteractive()) {
    dialog = std::make_unique<QProgressDialog>(tr("Exporting %1…").arg(what), tr("Stop"), 0, 100, m_window);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
  }
  auto progress = [&dialog](int done, int total) {
    if (!dialog) return true;
    dialog->setMaximum(total);
    dialog->setValue(done);
    QApplication::processEvents();
    return !dialog->wasCanceled();
  };
  try {
    work(progress);
  } catch (const Error& e) {
    return fail(what, QString::fromStdString(e.what()));
  }
  succeeded(target);
  return {};
}

QString ExportActions::exportPlottedCsv(const QString& path) {
  const QString what = tr("the plotted series");
  std::vector<double> times;
  const std::vector<TableColumn> columns = m_workspace->plots()->plottedColumns(times);
  if (columns.empty()) return fail(what, tr("no curves are plotted"));
  const PlotSettings settings = m_workspace->plots()->settings();
  const QString model = m_window->document()->filePath().isEmpty() ? QString::fromStdString(m_window->document()->spec().name)
                                                                   : m_window->document()->filePath();
  const std::vector<std::string> comments = {"MSTMM Studio: plotted series", "model: " + model.toStdString(),
                                             std::string("spatial angles as ") + representationName(settings.representation)};
  try {
    writeTableCsv(path.toStdString(), comments, times, columns);
  } catch (const Error& e) {
    return fail(what, QString::fromStdString(e.what()));
  }
  succeeded(path);
  return {};
}

QString ExportActions::exportPlot(const QString& path, const QSize& size) {
  const QString what = tr("the plot");
  const PlotPane* pane = m_workspace->plots()->currentPane();
  if (!pane) return fail(what, tr("there is no plot pane"));
  const bool svg = path.endsWith(".svg", Qt::CaseInsensitive);
  if (!svg && !path.endsWith(".png", Qt::CaseInsensitive)) return fail(what, tr("%1 is neither .png nor .svg").arg(path));
  const bool saved = svg ? pane->saveSvg(path, size, QFileInfo(path).completeBaseName()) : pane->savePng(path, size);
  if (!saved) return fail(what, tr("cannot write %1").arg(path));
  succeeded(path);
  return {};
}

QString ExportActions::exportViewImage(const QString& path, const QSize& size, bool currentCamera) {
  const QString what = tr("the 3-D view");
  try {
    const QImage image = m_workspace->viewPanel()->view()->renderImage(size.width(), size.height(), currentCamera);
    if (const QString why = savePngAtomically(image, path); !why.isEmpty()) return fail(what, why);
  } catch (const Error& e) {
    return fail(what, QString::fromStdString(e.what()));
  }
  succeeded(path);
  return {};
}

QString ExportActions::exportAnimationFrames(const QString& directory, const render::AnimationOptions& options) {
  const std::shared_ptr<RunResults> results = m_workspace->results();
  return runReported(tr("the animation frames"), directory, [&](const auto& progress) {
    results->read([&](const Results& r) {
      return render::exportAnimationFrames(results->model(), r, options, m_workspace->viewPanel()->view(), directory.toStdString(), progress);
    });
  });
}

QString ExportActions::exportAnimationVideo(const QString& path, const render::AnimationOptions& options) {
  const QString what = tr("the video");
  const std::string missing = render::ffmpegMissingReason();  // said before any rendering starts
  if (!missing.empty()) return fail(what, QString::fromStdString(missing));
  const std::shared_ptr<RunResults> results = m_workspace->results();
  return runReported(what, path, [&](const auto& progress) {
    results->read([&](const Results& r) {
      return render::exportAnimationVideo(results->model(), r, options, m_workspace->viewPanel()->view(), path.toStdString(), progress);
    });
  });
}

QString ExportActions::exportParaView(const QString& pvdPath, int every) {
  const std::shared_ptr<RunResults> results = m_workspace->results();
  const QFileInfo info(pvdPath);
  return runReported(tr("the ParaView time series"), pvdPath, [&](const auto& progress) {
    results->read([&](const Results& r) {
      return render::exportParaView(*results->model(), r, info.absolutePath().toStdString(), info.completeBaseName().toStdString(), progress, every);
    });
  });
}

}  // namespace mstmm::gui
