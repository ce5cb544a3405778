#pragma once
// File ▸ Export: the plotted series as CSV, the current plot as PNG or SVG,
// the 3-D view as a PNG of any size, the animation as PNG frames or an MP4
// video (through ffmpeg, when installed), and the results as a ParaView time
// series. (All results as CSV is the main window's own export.)
//
// Each export has a scriptable form taking the target path: it returns an
// empty string on success, or the reason it failed, which also goes to the
// messages panel. The menu actions ask for paths and options, then call them.

#include <QObject>
#include <QSize>
#include <functional>

#include "render/animation_export.hpp"

namespace mstmm::gui {

class MainWindow;
class StudioWorkspace;

class ExportActions : public QObject {
  Q_OBJECT

 public:
  ExportActions(MainWindow* window, StudioWorkspace* workspace);

  QString exportPlottedCsv(const QString& path);
  /// The current plot pane; the format follows the suffix (.png or .svg).
  QString exportPlot(const QString& path, const QSize& size);
  /// The 3-D view as a PNG, the whole motion framed for its size unless `currentCamera`.
  QString exportViewImage(const QString& path, const QSize& size, bool currentCamera = false);
  QString exportAnimationFrames(const QString& directory, const render::AnimationOptions& options);
  QString exportAnimationVideo(const QString& path, const render::AnimationOptions& options);
  /// Writes `pvdPath` and its .vtp frames next to it.
  /// Every `every`-th recorded frame (and the last) for ParaView.
  QString exportParaView(const QString& pvdPath, int every = 1);

 private:
  void createActions();
  QString askSavePath(const QString& title, const QString& fileName, const QString& filter);
  render::AnimationOptions animationDefaults() const;
  bool askAnimation(render::AnimationOptions& options);
  /// Runs a long export with a progress dialog (interactive) and reports the outcome.
  QString runReported(const QString& what, const QString& target, const std::function<void(const std::function<bool(int, int)>&)>& work);
  QString fail(const QString& what, const QString& why);
  void succeeded(const QString& target);

  MainWindow* m_window;
  StudioWorkspace* m_workspace;
};

}  // namespace mstmm::gui
