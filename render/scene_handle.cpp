#include "render/scene_handle.hpp"

#include "render/scene.hpp"

namespace mstmm::render {

SceneHandle::SceneHandle() = default;
SceneHandle::~SceneHandle() = default;

void SceneHandle::setModel(std::shared_ptr<const Model> model) {
  std::unique_ptr<Scene> previous = std::move(m_scene);
  m_selection.clear();
  m_trails.clear();
  m_arrows.clear();
  m_visible.clear();
  m_framedBox.reset();
  if (model) {
    m_scene = std::make_unique<Scene>(std::move(model));
    m_scene->setMinimumThickness(m_minimumThickness);
    m_scene->setShadows(m_shadows);
  }
  sceneReplaced(previous.get());
  previous.reset();
  sceneChanged();
}

std::shared_ptr<const Model> SceneHandle::model() const { return m_scene ? m_scene->sharedModel() : nullptr; }

void SceneHandle::setStates(const std::vector<BodyState>& states) {
  if (!m_scene || states.size() != static_cast<std::size_t>(m_scene->model().bodyCount())) return;
  m_scene->setStates(states);
  sceneChanged();
}

FloorGrid SceneHandle::floor() const { return m_scene ? m_scene->floor() : FloorGrid{}; }

std::vector<BodyState> SceneHandle::states() const { return m_scene ? m_scene->states() : std::vector<BodyState>{}; }

void SceneHandle::setVisibleBodies(const std::vector<char>& visible) {
  if (!m_scene) return;
  m_visible = visible;
  m_scene->setVisibleBodies(visible.empty() ? std::vector<char>(static_cast<std::size_t>(m_scene->model().bodyCount()), 1) : visible);
  sceneChanged();
}

void SceneHandle::setSelection(const std::vector<int>& bodies) {
  m_selection = bodies;
  if (!m_scene) return;
  m_scene->setSelection(bodies);
  sceneChanged();
}

void SceneHandle::setArrows(const std::vector<Trail>& arrows) {
  m_arrows = arrows;
  if (!m_scene) return;
  m_scene->setArrows(arrows);
  sceneChanged();
}

void SceneHandle::setTrails(const std::vector<Trail>& trails) {
  m_trails = trails;
  if (!m_scene) return;
  m_scene->setTrails(trails);
  sceneChanged();
}

void SceneHandle::setFollow(int body) {
  if (!m_scene) return;
  m_scene->setFollow(body);
  sceneChanged();
}

int SceneHandle::follow() const { return m_scene ? m_scene->follow() : -1; }

void SceneHandle::setCamera(const CameraState& camera) {
  if (!m_scene) return;
  m_scene->setCamera(camera);
  sceneChanged();
}

CameraState SceneHandle::camera() const { return m_scene ? m_scene->camera() : CameraState{}; }

void SceneHandle::setPreset(CameraPreset preset) {
  if (!m_scene) return;
  m_framedBox.reset();
  m_scene->setPreset(preset, viewAspect());
  sceneChanged();
}

void SceneHandle::fit(double aspect) {
  if (!m_scene) return;
  m_framedBox.reset();
  m_scene->fit(aspect > 0.0 ? aspect : viewAspect());
  sceneChanged();
}

void SceneHandle::reframe(double aspect) {
  if (m_framedBox) fitBox(m_framedBox->first, m_framedBox->second, aspect);
  else fit(aspect);
}

void SceneHandle::fitBox(const Vec3& lo, const Vec3& hi, double aspect) {
  if (!m_scene) return;
  m_framedBox = std::make_pair(lo, hi);
  m_scene->fitBox(lo, hi, aspect > 0.0 ? aspect : viewAspect());
  sceneChanged();
}

void SceneHandle::setMinimumThickness(double pixels) {
  m_minimumThickness = pixels;
  if (!m_scene) return;
  m_scene->setMinimumThickness(pixels);
  sceneChanged();
}

void SceneHandle::setShadows(bool on) {
  m_shadows = on;
  if (!m_scene) return;
  m_scene->setShadows(on);
  sceneChanged();
}

int SceneHandle::bodyAt(double x, double y, int width, int height) const {
  return m_scene ? m_scene->pick(x, height - y, width, height) : -1;
}

std::optional<std::pair<int, Vec3>> SceneHandle::bodyPointAt(double x, double y, int width, int height) const {
  if (!m_scene) return std::nullopt;
  return m_scene->pickPoint(x, height - y, width, height);
}

Vec3 SceneHandle::pointOnViewPlane(double x, double y, int width, int height, const Vec3& through) const {
  return m_scene ? m_scene->pointOnViewPlane(x, height - y, width, height, through) : through;
}

void SceneHandle::setPullLine(const std::vector<Vec3>& points) {
  if (!m_scene) return;
  m_scene->setPullLine(points);
  sceneChanged();
}

void SceneHandle::zoomAt(double factor, double x, double y, int width, int height) {
  if (!m_scene) return;
  m_scene->zoomAt(factor, x, height - y, width, height);
  sceneChanged();
}

Vec3 SceneHandle::projectToPixel(const Vec3& world, int width, int height) const {
  if (!m_scene) return Vec3::Zero();
  const Vec3 p = m_scene->project(world, width, height);
  return Vec3(p.x(), height - p.y(), p.z());
}

std::size_t SceneHandle::glyphCount() const { return m_scene ? m_scene->glyphCount() : 0; }
std::size_t SceneHandle::meshCount() const { return m_scene ? m_scene->meshCount() : 0; }

void SceneHandle::copySceneFrom(const SceneHandle& other) {
  setModel(other.model());
  if (!m_scene) return;
  setStates(other.states());
  setVisibleBodies(other.m_visible);
  setSelection(other.m_selection);
  setTrails(other.m_trails);
  setArrows(other.m_arrows);
  setCamera(other.camera());
  setMinimumThickness(other.m_minimumThickness);
  setShadows(other.m_shadows);
  m_framedBox = other.m_framedBox;
  m_scene->setFollow(other.follow());
  sceneChanged();
}

}  // namespace mstmm::render
