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
// Ctrl+left drag on a body pulls it (pullStarted/pullMoved/pullEnded: the
// grabbed point, then where the cursor holds it on the plane through that
// point facing the camera); Ctrl+right drag turns it (turnMoved: a
// rotation vector from the drag: in a spatial model its axis in the view
// plane across the drag, a radian per 200 pixels, as a trackball turns; in
// a planar model about z by the angle the cursor sweeps around the body's
// centre of mass, as a knob turns). What a pull does is the caller's (issue 30.2).

#include <QImage>
#include <QWidget>
#include <memory>

#include "render/scene_handle.hpp"

class QMouseEvent;
class QWindow;
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
  /// The native window that takes the mouse (tests send it events).
  QWindow* surface() const;
  /// Whether a Ctrl+drag holds a body now (a pull or a turn): the camera
  /// must not move under the user's hand.
  bool grabbing() const { return m_grab != Grab::None; }
  /// The OpenGL renderer of the view's context (empty before the first frame).
  QString glRenderer() const { return m_glRenderer; }

 signals:
  /// A click on a body (-1: on empty space) with the keyboard modifiers held.
  void bodyClicked(int body, Qt::KeyboardModifiers modifiers);
  void cameraChanged();
  void pullStarted(int body, const mstmm::Vec3& grabbed);
  void pullMoved(const mstmm::Vec3& target);
  void pullEnded();
  void turnStarted(int body);
  void turnMoved(const mstmm::Vec3& rotation);
  void turnEnded();

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
  bool startGrab(QMouseEvent* event);
  void moveGrab(const QPoint& at);

  QPoint m_pressAt, m_lastAt;
  bool m_dragging = false;
  enum class Grab { None, Pull, Turn } m_grab = Grab::None;
  Vec3 m_grabDepthPoint = Vec3::Zero();  // the plane the cursor moves a pulled point on
  Vec3 m_grabCentre = Vec3::Zero();      // a turned body's centre of mass at the press (world)
  bool m_dirty = false;
  long m_frames = 0;
  QString m_glRenderer;
};

}  // namespace mstmm::render
