#include "render/view_widget.hpp"

#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkOpenGLState.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>

#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "render/offscreen_renderer.hpp"
#include "render/scene.hpp"

namespace mstmm::render {
namespace {

QSurfaceFormat vtkCompatibleFormat() {
  // VTK's OpenGL2 backend needs a 3.2 core profile; Mesa's llvmpipe gives 4.5.
  QSurfaceFormat format;
  format.setRenderableType(QSurfaceFormat::OpenGL);
  format.setVersion(3, 2);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setSwapBehavior(QSurfaceFormat::DoubleBuffer);
  format.setRedBufferSize(8);
  format.setGreenBufferSize(8);
  format.setBlueBufferSize(8);
  format.setAlphaBufferSize(8);
  format.setDepthBufferSize(24);
  format.setStencilBufferSize(0);
  format.setSamples(0);
  return format;
}

constexpr double kOrbitDegreesPerPixel = 0.4;
constexpr int kClickSlop = 4;  // pixels a click may move and still be a click

}  // namespace

/// The render window and the callbacks through which VTK asks Qt for its
/// context: VTK must render in the widget's context, never one of its own.
struct ViewWidget::Bridge {
  explicit Bridge(ViewWidget* owner) : widget(owner) {
    window->SetOwnContext(0);
    window->SetFrameBlitModeToNoBlit();  // paintGL blits into Qt's framebuffer
    window->SetForceMaximumHardwareLineWidth(1);
    window->SetReadyForRendering(false); // until the widget's context exists
    window->SetNumberOfLayers(2);
    window->AddObserver(vtkCommand::WindowMakeCurrentEvent, this, &Bridge::onWindowEvent);
    window->AddObserver(vtkCommand::WindowIsCurrentEvent, this, &Bridge::onWindowEvent);
    window->AddObserver(vtkCommand::WindowFrameEvent, this, &Bridge::onWindowEvent);
  }

  void onWindowEvent(vtkObject*, unsigned long event, void* data) {
    switch (event) {
      case vtkCommand::WindowMakeCurrentEvent:
        // QOpenGLWidget::makeCurrent() also binds the widget's framebuffer.
        // VTK asks for its context in the middle of a render with its own
        // framebuffer bound and its state cache saying so; rebinding behind
        // its back makes VTK attach its textures to Qt's framebuffer, which
        // then is incomplete and the view black. So only switch contexts.
        if (!isCurrent()) widget->makeCurrent();
        break;
      case vtkCommand::WindowIsCurrentEvent: *static_cast<bool*>(data) = isCurrent(); break;
      case vtkCommand::WindowFrameEvent:
        if (!inPaint) widget->update();  // VTK rendered on its own: show it
        break;
      default: break;
    }
  }

  bool isCurrent() const {
    QOpenGLContext* current = QOpenGLContext::currentContext();
    return current != nullptr && current == widget->context();
  }

  void release() {
    if (!ready) return;
    widget->makeCurrent();
    window->Finalize();
    window->SetReadyForRendering(false);
    ready = false;
  }

  ViewWidget* widget;
  vtkSmartPointer<vtkGenericOpenGLRenderWindow> window = vtkSmartPointer<vtkGenericOpenGLRenderWindow>::New();
  bool inPaint = false;
  bool ready = false;
};

ViewWidget::ViewWidget(QWidget* parent) : QOpenGLWidget(parent), m_bridge(std::make_unique<Bridge>(this)) {
  setFormat(vtkCompatibleFormat());
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(160, 120);
}

ViewWidget::~ViewWidget() {
  makeCurrent();
  setModel(nullptr);
  m_bridge->release();
  doneCurrent();
}

void ViewWidget::initializeGL() {
  // VTK asks for 8 multisamples by default; where the driver offers fewer
  // (llvmpipe: 4) its framebuffers come out incomplete and the view black.
  GLint maxSamples = 0;
  context()->functions()->glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
  m_bridge->window->SetMultiSamples(std::clamp(static_cast<int>(maxSamples), 0, 4));
  m_bridge->window->SetReadyForRendering(true);
  m_bridge->window->SetMapped(1);
  m_bridge->window->SetIsDirect(1);
  m_bridge->window->SetSupportsOpenGL(1);
  const qreal dpr = devicePixelRatioF();
  m_bridge->window->SetSize(static_cast<int>(width() * dpr), static_cast<int>(height() * dpr));
  m_bridge->window->OpenGLInitContext();
  m_bridge->ready = true;
  m_glRenderer = QString::fromLatin1(reinterpret_cast<const char*>(context()->functions()->glGetString(GL_RENDERER)));
  connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, [this] { m_bridge->release(); }, Qt::DirectConnection);
}

void ViewWidget::resizeGL(int w, int h) {
  const qreal dpr = devicePixelRatioF();
  m_bridge->window->SetSize(static_cast<int>(std::lround(w * dpr)), static_cast<int>(std::lround(h * dpr)));
}

void ViewWidget::paintGL() {
  QOpenGLExtraFunctions* f = context()->extraFunctions();
  if (!scene() || !m_bridge->ready) {
    f->glClearColor(0.9f, 0.91f, 0.93f, 1.0f);
    f->glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    return;
  }
  // Qt changed GL state behind VTK's back (framebuffer bindings, depth
  // function, viewport): let VTK re-read it, then restore Qt's afterwards.
  vtkOpenGLState* state = m_bridge->window->GetState();
  state->Reset();
  state->Push();
  state->vtkglDepthFunc(GL_LEQUAL);
  scene()->prepareRender();
  m_bridge->inPaint = true;
  m_bridge->window->Render();
  m_bridge->inPaint = false;
  makeCurrent();  // a render may have made another context current
  // VTK drew into its own display framebuffer; copy it into the widget's.
  const int* size = m_bridge->window->GetSize();
  state->vtkglBindFramebuffer(GL_DRAW_FRAMEBUFFER, defaultFramebufferObject());
  const GLenum colour = GL_COLOR_ATTACHMENT0;
  f->glDrawBuffers(1, &colour);
  state->vtkglDisable(GL_SCISSOR_TEST);
  m_bridge->window->BlitDisplayFramebuffer(0, 0, 0, size[0], size[1], 0, 0, size[0], size[1], GL_COLOR_BUFFER_BIT, GL_NEAREST);
  state->Pop();
  ++m_frames;
}

void ViewWidget::sceneChanged() { update(); }

void ViewWidget::sceneReplaced(Scene* previous) {
  const bool current = m_bridge->ready;
  if (current) makeCurrent();  // releasing GL resources needs the context
  if (previous) previous->detach(m_bridge->window);
  if (scene()) scene()->attach(m_bridge->window);
  if (current) doneCurrent();
}

QImage ViewWidget::renderImage(int width, int height) const {
  OffscreenRenderer renderer;
  renderer.copySceneFrom(*this);
  return renderer.render(width, height);
}

void ViewWidget::mousePressEvent(QMouseEvent* event) {
  m_pressAt = m_lastAt = event->position().toPoint();
  m_dragging = false;
  event->accept();
}

void ViewWidget::mouseMoveEvent(QMouseEvent* event) {
  const QPoint at = event->position().toPoint();
  if (!(event->buttons() & (Qt::LeftButton | Qt::MiddleButton)) || !scene()) return;
  if (!m_dragging && (at - m_pressAt).manhattanLength() < kClickSlop) return;
  m_dragging = true;
  const QPoint delta = at - m_lastAt;
  m_lastAt = at;
  const bool panning = (event->buttons() & Qt::MiddleButton) || (event->modifiers() & Qt::ShiftModifier);
  if (panning) scene()->pan(delta.x() / static_cast<double>(height()), -delta.y() / static_cast<double>(height()));
  else scene()->orbit(-delta.x() * kOrbitDegreesPerPixel, delta.y() * kOrbitDegreesPerPixel);
  update();
  emit cameraChanged();
}

void ViewWidget::mouseReleaseEvent(QMouseEvent* event) {
  if (!m_dragging && event->button() == Qt::LeftButton) {
    const QPointF at = event->position();
    emit bodyClicked(bodyAt(at.x(), at.y(), width(), height()), event->modifiers());
  }
  m_dragging = false;
}

void ViewWidget::wheelEvent(QWheelEvent* event) {
  if (!scene()) return;
  scene()->zoom(std::pow(1.1, event->angleDelta().y() / 120.0));
  update();
  emit cameraChanged();
  event->accept();
}

}  // namespace mstmm::render
