#pragma once
// The 3-D view: our own Qt 6 <-> VTK bridge. A QOpenGLWidget drives a
// vtkGenericOpenGLRenderWindow that renders into VTK's own framebuffer in
// the widget's GL context; paintGL then blits that framebuffer into the
// widget's framebuffer object. (Debian's VTK Qt module is built for Qt 5
// and cannot be linked into a Qt 6 program.)
//
// Mouse: left drag orbits, middle drag or Shift+left drag pans, the wheel
// zooms, a click without dragging selects the body under the cursor.

#include <QImage>
#include <QOpenGLWidget>
#include <memory>

#include "render/scene_handle.hpp"

namespace mstmm::render {

class ViewWidget final : public QOpenGLWidget, public SceneHandle {
  Q_OBJECT

 public:
  explicit ViewWidget(QWidget* parent = nullptr);
  ~ViewWidget() override;

  /// The view as an image of any size, rendered offscreen with this view's
  /// camera, selection and trails. Throws mstmm::Error if it cannot render.
  QImage renderImage(int width, int height) const;
  /// Frames painted since the widget was created (tests, frame-rate display).
  long framesPainted() const { return m_frames; }
  /// The OpenGL renderer of the widget's context (empty before the first paint).
  QString glRenderer() const { return m_glRenderer; }

 signals:
  /// A click on a body (-1: on empty space) with the keyboard modifiers held.
  void bodyClicked(int body, Qt::KeyboardModifiers modifiers);
  void cameraChanged();

 protected:
  void initializeGL() override;
  void resizeGL(int width, int height) override;
  void paintGL() override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void sceneChanged() override;
  void sceneReplaced(Scene* previous) override;

 private:
  struct Bridge;
  std::unique_ptr<Bridge> m_bridge;
  QPoint m_pressAt, m_lastAt;
  bool m_dragging = false;
  long m_frames = 0;
  QString m_glRenderer;
};

}  // namespace mstmm::render
