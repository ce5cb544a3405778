// The scene's camera: presets, fit, follow, orbit/pan/zoom, and picking by
// projecting each body's drawing to the screen.
#include <vtkAxesActor.h>
#include <vtkCamera.h>
#include <vtkMatrix4x4.h>
#include <vtkRenderer.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "render/scene.hpp"
#include "core/loads/compiled_loads.hpp"

namespace mstmm::render {
namespace {

Vec3 toVec3(const double* v) { return Vec3(v[0], v[1], v[2]); }

double distanceToSegment2d(const Eigen::Vector2d& p, const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
  const Eigen::Vector2d d = b - a;
  const double len2 = d.squaredNorm();
  const double s = len2 > 0 ? std::clamp((p - a).dot(d) / len2, 0.0, 1.0) : 0.0;
  return (p - (a + s * d)).norm();
}

}  // namespace

void Scene::setCamera(const CameraState& state) {
  if (!state.valid) {
    setDefaultView();
    return;
  }
  vtkCamera* camera = m_renderer->GetActiveCamera();
  camera->SetPosition(state.position.data());
  camera->SetFocalPoint(state.focalPoint.data());
  camera->SetViewUp(state.viewUp.data());
  camera->SetViewAngle(state.viewAngle);
  m_renderer->ResetCameraClippingRange();
}

CameraState Scene::camera() const {
  vtkCamera* camera = m_renderer->GetActiveCamera();
  CameraState state;
  state.position = toVec3(camera->GetPosition());
  state.focalPoint = toVec3(camera->GetFocalPoint());
  state.viewUp = toVec3(camera->GetViewUp());
  state.viewAngle = camera->GetViewAngle();
  state.valid = true;
  return state;
}

void Scene::setPreset(CameraPreset preset, double aspect) {
  // Directions from the focal point to the camera, y up (gravity along -y).
  Vec3 towardCamera = Vec3::UnitZ(), up = Vec3::UnitY();
  switch (preset) {
    case CameraPreset::Front: break;
    case CameraPreset::Top: towardCamera = Vec3::UnitY(), up = -Vec3::UnitZ(); break;
    case CameraPreset::Side: towardCamera = Vec3::UnitX(); break;
    case CameraPreset::Isometric: towardCamera = Vec3(1, 1, 1).normalized(); break;
  }
  // Things that travel on a ground (a vehicle down its road) are seen as
  // a vehicle is: Front looks at its front (from ahead along the road),
  // Side from beside it, Top from above the ground. The world's front view
  // (along -z) showed a car's side, and Side its front.
  const Vec3 g = m_model->gravity();
  if (!m_model->planar() && !m_model->loads().contacts.empty()) {
    const Ground& ground = m_model->loads().ground;
    const Vec3 ahead = ground.direction(), above = ground.normal(), beside = ahead.cross(above);
    switch (preset) {
      case CameraPreset::Front: towardCamera = ahead, up = above; break;
      case CameraPreset::Top: towardCamera = above, up = -beside; break;
      case CameraPreset::Side: towardCamera = beside, up = above; break;
      case CameraPreset::Isometric: towardCamera = (ahead + above + beside).normalized(), up = above; break;
    }
  } else if (!m_model->planar() && g.z() < 0.0 && std::abs(g.z()) > std::abs(g.y())) {
    // A model with gravity along -z (MJCF and URDF models are z-up) is seen
    // the same way with z up: the directions turned by 90 degrees about x.
    const Mat3 zUp = rotationFromQuaternion(quaternionFromAxisAngle(Vec3::UnitX(), 0.5 * M_PI));
    towardCamera = zUp * towardCamera;
    up = zUp * up;
  }
  vtkCamera* camera = m_renderer->GetActiveCamera();
  camera->SetFocalPoint(0, 0, 0);
  camera->SetPosition(towardCamera.data());
  camera->SetViewUp(up.data());
  camera->OrthogonalizeViewUp();  // y up stays as upright as the direction allows (isometric)
  fit(aspect > 0.0 ? aspect : m_aspect);
}

void Scene::setDefaultView() { setPreset(m_model->planar() ? CameraPreset::Front : CameraPreset::Isometric); }

void Scene::fit(double aspect) {
  // The bodies' own extent: the glyph mappers report bounds grown by their
  // largest scale in every direction, which would frame far too much.
  Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  auto include = [&](const Vec3& p, double r) {
    lo = lo.cwiseMin(p - Vec3::Constant(r));
    hi = hi.cwiseMax(p + Vec3::Constant(r));
  };
  for (const PickSegment& s : m_drawing.pickSegments) {
    const auto b = static_cast<std::size_t>(s.body);
    if (!m_visible.empty() && !m_visible[b]) continue;
    include(m_states[b].input + m_rotations[b] * s.a, s.radius);
    include(m_states[b].input + m_rotations[b] * s.b, s.radius);
  }
  if (m_model->hinge(m_model->root()).slides <= 1)  // the ceiling plate or rail, if the root hangs from one
    include(m_model->hinge(m_model->root()).anchor, 0.0);
  if (lo.x() <= hi.x()) {
    const double margin = 0.04 * (hi - lo).norm();  // breathing room around the bodies
    fitBox(lo - Vec3::Constant(margin), hi + Vec3::Constant(margin), aspect);
  } else {
    m_renderer->ResetCamera();
    m_renderer->ResetCameraClippingRange();
  }
  if (m_follow != -1) m_followLast = followedPoint();
}

void Scene::fitBox(const Vec3& lo, const Vec3& hi, double aspect) {
  if (aspect > 0.0 && std::isfinite(aspect)) m_aspect = aspect;
  vtkCamera* camera = m_renderer->GetActiveCamera();
  const Vec3 position = toVec3(camera->GetPosition()), focal = toVec3(camera->GetFocalPoint());
  const Vec3 forward = (focal - position).normalized();
  const Vec3 right = forward.cross(toVec3(camera->GetViewUp())).normalized();
  const Vec3 up = right.cross(forward);
  const Vec3 centre = 0.5 * (lo + hi);
  // Half extents of the box across, up and along the view.
  double across = 0.0, upward = 0.0, depth = 0.0;
  for (int corner = 0; corner < 8; ++corner) {
    const Vec3 p((corner & 1) ? hi.x() : lo.x(), (corner & 2) ? hi.y() : lo.y(), (corner & 4) ? hi.z() : lo.z());
    const Vec3 r = p - centre;
    across = std::max(across, std::abs(r.dot(right)));
    upward = std::max(upward, std::abs(r.dot(up)));
    depth = std::max(depth, std::abs(r.dot(forward)));
  }
  const double tanHalf = std::tan(0.5 * camera->GetViewAngle() * M_PI / 180.0);
  const double wide = aspect > 0.0 && std::isfinite(aspect) ? aspect : 1.0;
  // The box's near face must show whole: its distance is the larger of the
  // two that fit its height and its width, in front of its depth.
  double distance = std::max(upward / tanHalf, across / (tanHalf * wide)) + depth;
  if (!(distance > 0.0)) distance = 1.0;
  camera->SetFocalPoint(centre.data());
  const Vec3 eye = centre - distance * forward;
  camera->SetPosition(eye.data());
  camera->SetViewUp(up.data());
  m_renderer->ResetCameraClippingRange();
}

void Scene::orbit(double azimuth, double elevation) {
  vtkCamera* camera = m_renderer->GetActiveCamera();
  camera->Azimuth(azimuth);
  camera->Elevation(elevation);
  camera->OrthogonalizeViewUp();
  m_renderer->ResetCameraClippingRange();
}

void Scene::pan(double dx, double dy) {
  vtkCamera* camera = m_renderer->GetActiveCamera();
  const Vec3 position = toVec3(camera->GetPosition()), focal = toVec3(camera->GetFocalPoint());
  const Vec3 up = toVec3(camera->GetViewUp()).normalized();
  const Vec3 forward = (focal - position).normalized();
  const Vec3 right = forward.cross(up).normalized();
  const double height = 2.0 * (focal - position).norm() * std::tan(0.5 * camera->GetViewAngle() * M_PI / 180.0);
  const Vec3 shift = height * (-dx * right - dy * up);
  const Vec3 newPosition = position + shift, newFocal = focal + shift;
  camera->SetPosition(newPosition.data());
  camera->SetFocalPoint(newFocal.data());
  m_renderer->ResetCameraClippingRange();
}

void Scene::zoom(double factor) {
  if (!(factor > 0)) return;
  m_renderer->GetActiveCamera()->Dolly(factor);
  m_renderer->ResetCameraClippingRange();
}

void Scene::zoomAt(double factor, double x, double y, int width, int height) {
  if (!(factor > 0) || width <= 0 || height <= 0) return;
  vtkCamera* camera = m_renderer->GetActiveCamera();
  const Vec3 position = toVec3(camera->GetPosition()), focal = toVec3(camera->GetFocalPoint());
  const Vec3 up = toVec3(camera->GetViewUp()).normalized();
  const Vec3 forward = (focal - position).normalized();
  const Vec3 right = forward.cross(up).normalized();
  // The focal-plane point under the pixel: the view angle spans the height.
  const double half = (focal - position).norm() * std::tan(0.5 * camera->GetViewAngle() * M_PI / 180.0);
  const double aspect = static_cast<double>(width) / height;
  const Vec3 under = focal + (2.0 * x / width - 1.0) * half * aspect * right + (2.0 * y / height - 1.0) * half * up;
  // Coming closer by `factor` shrinks offsets on the focal plane by it; moving
  // the camera sideways by the rest keeps `under` at the same pixel.
  const Vec3 shift = (1.0 - 1.0 / factor) * (under - focal);
  const Vec3 newPosition = position + shift, newFocal = focal + shift;
  camera->SetPosition(newPosition.data());
  camera->SetFocalPoint(newFocal.data());
  camera->Dolly(factor);
  m_renderer->ResetCameraClippingRange();
}

Vec3 Scene::project(const Vec3& world, int width, int height) const {
  vtkCamera* camera = m_renderer->GetActiveCamera();
  const double aspect = height > 0 ? static_cast<double>(width) / height : 1.0;
  vtkMatrix4x4* m = camera->GetCompositeProjectionTransformMatrix(aspect, -1.0, 1.0);
  const double in[4] = {world.x(), world.y(), world.z(), 1.0};
  double out[4];
  m->MultiplyPoint(in, out);
  const double w = out[3] != 0.0 ? out[3] : 1.0;
  return Vec3((out[0] / w + 1.0) * 0.5 * width, (out[1] / w + 1.0) * 0.5 * height, out[2] / w);
}

int Scene::pick(double x, double y, int width, int height, double tolerance) const {
  const auto picked = pickPoint(x, y, width, height, tolerance);
  return picked ? picked->first : -1;
}

std::optional<std::pair<int, Vec3>> Scene::pickPoint(double x, double y, int width, int height, double tolerance) const {
  const Eigen::Vector2d p(x, y);
  std::optional<std::pair<int, Vec3>> best;
  double bestDistance = std::numeric_limits<double>::infinity();
  const Vec3 up = toVec3(m_renderer->GetActiveCamera()->GetViewUp()).normalized();
  for (const PickSegment& s : m_drawing.pickSegments) {
    if (!m_visible[static_cast<std::size_t>(s.body)]) continue;
    const Vec3 a = worldPoint(s.body, s.a), b = worldPoint(s.body, s.b);
    const Vec3 pa = project(a, width, height), pb = project(b, width, height);
    if (pa.z() < -1 || pa.z() > 1 || pb.z() < -1 || pb.z() > 1) continue;  // outside the depth range
    const double radiusPixels = (project(a + s.radius * up, width, height) - pa).head<2>().norm();
    const double d = distanceToSegment2d(p, pa.head<2>(), pb.head<2>()) - radiusPixels;
    if (d <= tolerance && d < bestDistance) {
      bestDistance = d;
      const Eigen::Vector2d ab = pb.head<2>() - pa.head<2>();
      const double along = ab.squaredNorm() > 0.0 ? std::clamp((p - pa.head<2>()).dot(ab) / ab.squaredNorm(), 0.0, 1.0) : 0.0;
      best = std::make_pair(s.body, Vec3(a + along * (b - a)));
    }
  }
  return best;
}

// The ray through the pixel (perspective camera, as zoomAt) meets the plane
// through `through` normal to the viewing direction.
Vec3 Scene::pointOnViewPlane(double x, double y, int width, int height, const Vec3& through) const {
  vtkCamera* camera = m_renderer->GetActiveCamera();
  if (width <= 0 || height <= 0) return through;
  const Vec3 position = toVec3(camera->GetPosition()), focal = toVec3(camera->GetFocalPoint());
  const Vec3 up = toVec3(camera->GetViewUp()).normalized();
  const Vec3 forward = (focal - position).normalized();
  const Vec3 right = forward.cross(up).normalized();
  const Vec3 trueUp = right.cross(forward);
  const double half = std::tan(0.5 * camera->GetViewAngle() * M_PI / 180.0);
  const double aspect = static_cast<double>(width) / height;
  const Vec3 ray = forward + (2.0 * x / width - 1.0) * half * aspect * right + (2.0 * y / height - 1.0) * half * trueUp;
  const double depth = (through - position).dot(forward);
  return position + ray * (depth / ray.dot(forward));
}

void Scene::prepareRender() {
  vtkCamera* camera = m_renderer->GetActiveCamera();
  if (m_follow != -1) {
    const Vec3 now = followedPoint(), shift = now - m_followLast;
    const Vec3 position = toVec3(camera->GetPosition()) + shift, focal = toVec3(camera->GetFocalPoint()) + shift;
    camera->SetPosition(position.data());
    camera->SetFocalPoint(focal.data());
    m_followLast = now;
  }
  m_renderer->ResetCameraClippingRange();
  // VTK keeps the near plane at a thousandth of the far one at least; in a
  // model kilometres across (33,334 one-metre bodies) seen from metres away
  // that cuts off what the camera looks at. Keep it within a tenth of the
  // distance to the focal point.
  double range[2];
  camera->GetClippingRange(range);
  if (range[0] > 0.1 * camera->GetDistance()) camera->SetClippingRange(0.1 * camera->GetDistance(), range[1]);
  // The corner axes are seen from the main camera's direction.
  vtkCamera* axesCamera = m_axesRenderer->GetActiveCamera();
  const Vec3 direction = (toVec3(camera->GetPosition()) - toVec3(camera->GetFocalPoint())).normalized();
  const Vec3 axesCentre = Vec3::Constant(0.4);  // the middle of the unit axes, so the labels stay inside
  const Vec3 axesPosition = axesCentre + 4.5 * direction;
  axesCamera->SetFocalPoint(axesCentre.data());
  axesCamera->SetPosition(axesPosition.data());
  axesCamera->SetViewUp(camera->GetViewUp());
  axesCamera->SetViewAngle(30.0);
  m_axesRenderer->ResetCameraClippingRange();
}

}  // namespace mstmm::render
