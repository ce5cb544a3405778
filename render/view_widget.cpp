#include "render/view_widget.hpp"

#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkOpenGLFramebufferObject.h>
#include <vtkOpenGLState.h>
#include <vtkSmartPointer.h>

#include <QEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QWindow>
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
  format.setSamples(0);
  format.setSwapInterval(0);  // the playback clock paces frames, not the display
  return format;
}

constexpr double kOrbitDegreesPerPixel = 0.4;
constexpr int kClickSlop = 4;  // pixels a click may move and still be a click

}  // namespace

/// The native window VTK draws into. It never takes keyboard focus, so the
/// main window's shortcuts (Space, arrows) keep working over the view.
class ViewWidget::Surface final : public QWindow {
 public:
  explicit Surface(ViewWidget* owner) : m_owner(owner) {
    setSurfaceType(QWindow::OpenGLSurface);
    setFormat(vtkCompatibleFormat());
    setFlag(Qt::WindowDoesNotAcceptFocus);
  }

 protected:
  void exposeEvent(QExposeEvent*) override {
    if (isExposed()) m_owner->renderNow();
  }
  bool event(QEvent* event) override {
    if (event->type() == QEvent::UpdateRequest) {
      if (m_owner->m_dirty) m_owner->renderNow();  // a frame drawn meanwhile already shows it
      return true;
    }
    return QWindow::event(event);
  }
  void mousePressEvent(QMouseEvent* event) override { m_owner->pressed(event); }
  void mouseMoveEvent(QMouseEvent* event) override { m_owner->moved(event); }
  void mouseReleaseEvent(QMouseEvent* event) override { m_owner->released(event); }
  void wheelEvent(QWheelEvent* event) override { m_owner->wheeled(event); }

 private:
  ViewWidget* m_owner;
};

/// The GL context, the render window, and the callbacks through which VTK
/// asks for the context: VTK must render in ours, never one of its own.
struct ViewWidget::Bridge {
  Bridge(ViewWidget* view, QWindow* window) : owner(view), surface(window) {
    vtk->SetOwnContext(0);
    vtk->SetFrameBlitModeToNoBlit();  // drawFrame() blits into the back buffer
    vtk->SetForceMaximumHardwareLineWidth(1);
    vtk->SetReadyForRendering(false);  // until our context exists
    vtk->SetMultiSamples(0);           // multisampling triples llvmpipe's cost; exports use it
    vtk->SetSwapBuffers(0);            // see drawFrame()
    vtk->AddObserver(vtkCommand::WindowMakeCurrentEvent, this, &Bridge::onWindowEvent);
    vtk->AddObserver(vtkCommand::WindowIsCurrentEvent, this, &Bridge::onWindowEvent);
    vtk->AddObserver(vtkCommand::WindowFrameEvent, this, &Bridge::onWindowEvent);
  }

  bool isCurrent() const { return context && QOpenGLContext::currentContext() == context.get(); }
  void makeCurrent() {
    if (context && !isCurrent()) context->makeCurrent(surface);
  }

  void onWindowEvent(vtkObject*, unsigned long event, void* data) {
    switch (event) {
      case vtkCommand::WindowMakeCurrentEvent: makeCurrent(); break;
      case vtkCommand::WindowIsCurrentEvent: *static_cast<bool*>(data) = isCurrent(); break;
      case vtkCommand::WindowFrameEvent:
        if (!inRender) owner->requestFrame();  // VTK rendered on its own: show it
        break;
      default: break;
    }
  }

  ViewWidget* owner;
  QWindow* surface;
  std::unique_ptr<QOpenGLContext> context;
  vtkSmartPointer<vtkGenericOpenGLRenderWindow> vtk = vtkSmartPointer<vtkGenericOpenGLRenderWindow>::New();
  bool inRender = false;
};

ViewWidget::ViewWidget(QWidget* parent) : QWidget(parent), m_surface(new Surface(this)), m_bridge(std::make_unique<Bridge>(this, m_surface)) {
  m_bridge->vtk->SetNumberOfLayers(2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  QWidget* container = QWidget::createWindowContainer(m_surface, this);
  container->setFocusPolicy(Qt::NoFocus);
  layout->addWidget(container);
  setMinimumSize(160, 120);
}

ViewWidget::~ViewWidget() {
  m_bridge->makeCurrent();
  setModel(nullptr);  // releases the scene's GL resources in our context
  if (m_bridge->context) {
    m_bridge->vtk->Finalize();
    m_bridge->context->doneCurrent();
  }
}

bool ViewWidget::ensureContext() {
  if (m_bridge->context) return m_bridge->context->makeCurrent(m_surface);
  auto context = std::make_unique<QOpenGLContext>();
  context->setFormat(vtkCompatibleFormat());
  if (!context->create() || !context->makeCurrent(m_surface)) return false;
  m_bridge->context = std::move(context);
  m_glRenderer = QString::fromLatin1(reinterpret_cast<const char*>(m_bridge->context->functions()->glGetString(GL_RENDERER)));
  m_bridge->vtk->SetReadyForRendering(true);
  m_bridge->vtk->SetMapped(1);
  m_bridge->vtk->SetIsDirect(1);
  m_bridge->vtk->SetSupportsOpenGL(1);
  m_bridge->vtk->OpenGLInitContext();
  return true;
}

void ViewWidget::drawFrame() {
  QOpenGLExtraFunctions* f = m_bridge->context->extraFunctions();
  const qreal dpr = m_surface->devicePixelRatio();
  const int w = std::max(1, static_cast<int>(std::lround(m_surface->width() * dpr)));
  const int h = std::max(1, static_cast<int>(std::lround(m_surface->height() * dpr)));
  if (!scene()) {
    f->glBindFramebuffer(GL_FRAMEBUFFER, m_bridge->context->defaultFramebufferObject());
    f->glViewport(0, 0, w, h);
    f->glClearColor(0.9f, 0.91f, 0.93f, 1.0f);
    f->glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    return;
  }
  vtkGenericOpenGLRenderWindow* vtk = m_bridge->vtk;
  vtk->SetSize(w, h);
  // Let VTK re-read the GL state Qt may have changed, and restore it after.
  vtkOpenGLState* state = vtk->GetState();
  state->Reset();
  state->Push();
  scene()->prepareRender();
  m_bridge->inRender = true;
  vtk->Render();
  m_bridge->inRender = false;
  m_bridge->makeCurrent();
  // VTK drew into its own render framebuffer (single-sampled: no resolve
  // needed); copy it straight to our back buffer. With SwapBuffers off VTK
  // skips its own copy into its display framebuffer, one full-frame blit
  // less (about 3 ms at 1280 x 800 on llvmpipe).
  vtk->GetRenderFramebuffer()->Bind(GL_READ_FRAMEBUFFER);
  vtk->GetRenderFramebuffer()->ActivateReadBuffer(0);
  state->vtkglBindFramebuffer(GL_DRAW_FRAMEBUFFER, m_bridge->context->defaultFramebufferObject());
  const GLenum back = GL_BACK_LEFT;
  f->glDrawBuffers(1, &back);
  state->vtkglDisable(GL_SCISSOR_TEST);
  state->vtkglViewport(0, 0, w, h);
  state->vtkglBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  state->vtkglBindFramebuffer(GL_READ_FRAMEBUFFER, m_bridge->context->defaultFramebufferObject());
  state->Pop();
  ++m_frames;
}

bool ViewWidget::renderNow() {
  if (!m_surface->isExposed() || !ensureContext()) return false;
  drawFrame();
  m_bridge->context->swapBuffers(m_surface);
  m_dirty = false;
  return true;
}

QImage ViewWidget::grabFrame() {
  if (!m_surface->isExposed() || !ensureContext()) return {};
  drawFrame();
  const qreal dpr = m_surface->devicePixelRatio();
  const int w = static_cast<int>(std::lround(m_surface->width() * dpr)), h = static_cast<int>(std::lround(m_surface->height() * dpr));
  QOpenGLExtraFunctions* f = m_bridge->context->extraFunctions();
  f->glBindFramebuffer(GL_READ_FRAMEBUFFER, m_bridge->context->defaultFramebufferObject());
  f->glReadBuffer(GL_BACK);
  f->glPixelStorei(GL_PACK_ALIGNMENT, 1);
  QImage image(w, h, QImage::Format_RGBA8888);
  f->glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, image.bits());
  m_bridge->context->swapBuffers(m_surface);
  return image.mirrored().convertToFormat(QImage::Format_RGB888);  // GL rows run bottom-up
}

void ViewWidget::requestFrame() {
  m_dirty = true;
  m_surface->requestUpdate();
}

void ViewWidget::sceneChanged() { requestFrame(); }

void ViewWidget::sceneReplaced(Scene* previous) {
  m_bridge->makeCurrent();  // releasing GL resources needs our context
  if (previous) previous->detach(m_bridge->vtk);
  if (scene()) scene()->attach(m_bridge->vtk);
}

QImage ViewWidget::renderImage(int width, int height, bool currentCamera) const {
  OffscreenRenderer renderer;
  renderer.copySceneFrom(*this);
  if (!currentCamera && height > 0) renderer.reframe(static_cast<double>(width) / height);
  return renderer.render(width, height);
}

double ViewWidget::viewAspect() const { return m_surface->height() > 0 ? static_cast<double>(m_surface->width()) / m_surface->height() : 1.0; }

QWindow* ViewWidget::surface() const { return m_surface; }

void ViewWidget::pressed(QMouseEvent* event) {
  m_pressAt = m_lastAt = event->position().toPoint();
  m_dragging = false;
  if (event->modifiers() & Qt::ControlModifier) startGrab(event);
}

// Ctrl held on a body: a pull (left) or a turn (right) instead of orbiting.
bool ViewWidget::startGrab(QMouseEvent* event) {
  if (!scene() || (event->button() != Qt::LeftButton && event->button() != Qt::RightButton)) return false;
  const QPointF at = event->position();
  const auto picked = bodyPointAt(at.x(), at.y(), m_surface->width(), m_surface->height());
  if (!picked) return false;
  m_grabDepthPoint = picked->second;
  if (event->button() == Qt::LeftButton) {
    m_grab = Grab::Pull;
    emit pullStarted(picked->first, picked->second);
  } else {
    m_grab = Grab::Turn;
    const std::vector<BodyState> now = states();
    const BodyState& b = now[static_cast<std::size_t>(picked->first)];
    m_grabCentre = b.input + rotationFromQuaternion(b.orientation.normalized()) * model()->body(picked->first).com;
    emit turnStarted(picked->first);
  }
  return true;
}

void ViewWidget::moveGrab(const QPoint& at) {
  const int w = m_surface->width(), h = m_surface->height();
  if (m_grab == Grab::Pull) {
    emit pullMoved(pointOnViewPlane(at.x(), at.y(), w, h, m_grabDepthPoint));
    return;
  }
  const CameraState c = camera();
  const Vec3 towardViewer = (c.position - c.focalPoint).normalized();
  if (model()->planar()) {  // a knob: the angle swept around the centre, about z
    const Vec3 centre = projectToPixel(m_grabCentre, w, h);
    const double a0 = std::atan2(-(m_pressAt.y() - centre.y()), m_pressAt.x() - centre.x());
    const double a1 = std::atan2(-(at.y() - centre.y()), at.x() - centre.x());
    const double swept = std::remainder(a1 - a0, 2.0 * M_PI);
    emit turnMoved(Vec3(0.0, 0.0, towardViewer.z() >= 0.0 ? swept : -swept));
    return;
  }
  // The drag on screen as a rotation: across it, in the view plane.
  const Vec3 from = pointOnViewPlane(m_pressAt.x(), m_pressAt.y(), w, h, m_grabDepthPoint);
  const Vec3 to = pointOnViewPlane(at.x(), at.y(), w, h, m_grabDepthPoint);
  const Vec3 drag = to - from;
  const double pixels = Eigen::Vector2d(at.x() - m_pressAt.x(), at.y() - m_pressAt.y()).norm();
  if (drag.norm() <= 0.0 || pixels <= 0.0) {
    emit turnMoved(Vec3::Zero());
    return;
  }
  emit turnMoved(towardViewer.cross(drag).normalized() * (pixels / 200.0));
}

void ViewWidget::moved(QMouseEvent* event) {
  const QPoint at = event->position().toPoint();
  if (m_grab != Grab::None) {
    m_dragging = true;
    moveGrab(at);
    return;
  }
  if (!(event->buttons() & (Qt::LeftButton | Qt::MiddleButton)) || !scene()) return;
  if (!m_dragging && (at - m_pressAt).manhattanLength() < kClickSlop) return;
  m_dragging = true;
  const QPoint delta = at - m_lastAt;
  m_lastAt = at;
  const double h = std::max(1, m_surface->height());
  const bool panning = (event->buttons() & Qt::MiddleButton) || (event->modifiers() & Qt::ShiftModifier);
  if (panning) scene()->pan(delta.x() / h, -delta.y() / h);
  else scene()->orbit(-delta.x() * kOrbitDegreesPerPixel, delta.y() * kOrbitDegreesPerPixel);
  requestFrame();
  emit cameraChanged();
}

void ViewWidget::released(QMouseEvent* event) {
  if (m_grab != Grab::None) {
    const Grab was = m_grab;
    m_grab = Grab::None;
    m_dragging = false;
    if (was == Grab::Pull) emit pullEnded();
    else emit turnEnded();
    return;
  }
  if (!m_dragging && event->button() == Qt::LeftButton) {
    const QPointF at = event->position();
    emit bodyClicked(bodyAt(at.x(), at.y(), m_surface->width(), m_surface->height()), event->modifiers());
  }
  m_dragging = false;
}

void ViewWidget::wheeled(QWheelEvent* event) {
  if (!scene()) return;
  // Toward the pointer (issue 30.4), as map viewers and MuJoCo do.
  const QPointF at = event->position();
  scene()->zoomAt(std::pow(1.1, event->angleDelta().y() / 120.0), at.x(), m_surface->height() - at.y(), m_surface->width(), m_surface->height());
  requestFrame();
  emit cameraChanged();
}

}  // namespace mstmm::render
