#pragma once
// The 3-D view: our own Qt 6 <-> VTK bridge. A native OpenGL QWindow with
// its own QOpenGLContext drives a vtkGenericOpenGLRenderWindow: VTK renders
// into its own framebuffer in that context, we blit the result into the
// window's back buffer and swap. The window sits in the widget tree through
// QWidget::createWindowContainer. (Debian's VTK Qt module is built for Qt 5
// and cannot be linked into a Qt 6 program.)
//
// Why a window and not a QOpenGLWidget: a QOpenGLWidget renders into a
// texture that Qt then composes with the rest of the top-level window on
// every frame; with Mesa's software rasteriser that composition alone costs
// about 14 ms at 1280 x 800 (an empty QOpenGLWidget repaints at ~70 frames/s),
// which rules out 60 frames/s. Drawing straight into a native window's
// back buffer costs a blit.
//
// Mouse: left drag orbits, middle drag or Shift+left drag pans, the wheel
// zooms toward the pointer, a click without dragging selects the body under the cursor.

#include <QImage>
#include <QWidget>
#include <memory>

#include "render/scene_handle.hpp"

class QMouseEvent;
class QWheelEvent;

namespace mstmm::render {

class ViewWidget final : public QWidget, public SceneHandle {
  Q_OBJECT

 public:
  explicit ViewWidget(QWidget* parent = nullptr);
  ~ViewWidget() override;

  /// Renders and shows a frame now (normally frames are requested and
  /// coalesced); false if the view is not on screen.
  bool renderNow();
  /// Renders a frame and returns exactly what the window shows (device pixels).
  QImage grabFrame();
  /// The view as an image of any size, rendered offscreen with this view's
  /// selection and trails, framed again for the image's own aspect (what
  /// the view last framed: the run's motion or the bodies), or with the
  /// view's camera as it is when `currentCamera`. Throws mstmm::Error if it
  /// cannot render.
  QImage renderImage(int width, int height, bool currentCamera = false) const;
  double viewAspect() const override;
  /// Frames rendered since the widget was created (tests, frame-rate display).
  long framesRendered() const { return m_frames; }
  /// The OpenGL renderer of the view's context (empty before the first frame).
  QString glRenderer() const { return m_glRenderer; }

 signals:
  /// A click on a body (-1: on empty space) with the keyboard modifiers held.
  void bodyClicked(int body, Qt::KeyboardModifiers modifiers);
  void cameraChanged();

 protected:
  void sceneChanged() override;
  void sceneReplaced(Scene* previous) override;

 private:
  class Surface;
  friend class Surface;
  struct Bridge;
  bool ensureContext();
  /// Asks for a frame at the window system's next update (requests coalesce).
  void requestFrame();
  void drawFrame();
  void pressed(QMouseEvent* event);
  void moved(QMouseEvent* event);
  void released(QMouseEvent* event);
  void wheeled(QWheelEvent* event);

  Surface* m_surface;
  std::unique_ptr<Bridge> m_bridge;
  QPoint m_pressAt, m_lastAt;
  bool m_dragging = false;
  bool m_dirty = false;
  long m_frames = 0;
  QString m_glRenderer;
};

}  // namespace mstmm::render
