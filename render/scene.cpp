#include "render/scene.hpp"

#include <vtkActor.h>
#include <vtkAxesActor.h>
#include <vtkCamera.h>
#include <vtkCoordinate.h>
#include <vtkCellArray.h>
#include <vtkCubeSource.h>
#include <vtkLightKit.h>
#include <vtkMatrix4x4.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <cmath>

#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/state.hpp"
#include "render/floor_grid.hpp"
#include "render/result_states.hpp"
#include "render/glyph_set.hpp"
#include "render/mesh_drawing.hpp"
#include "render/skeleton.hpp"

namespace mstmm::render {

Scene::Scene(std::shared_ptr<const Model> model)
    : m_model(std::move(model)),
      m_drawing(makeBodyDrawing(*m_model)),
      m_renderer(vtkSmartPointer<vtkRenderer>::New()),
      m_axesRenderer(vtkSmartPointer<vtkRenderer>::New()),
      m_overlayRenderer(vtkSmartPointer<vtkRenderer>::New()),
      m_axes(vtkSmartPointer<vtkAxesActor>::New()),
      m_trails(vtkSmartPointer<vtkPolyData>::New()),
      m_trailActor(vtkSmartPointer<vtkActor>::New()),
      m_arrows(vtkSmartPointer<vtkPolyData>::New()),
      m_arrowActor(vtkSmartPointer<vtkActor>::New()),
      m_pull(vtkSmartPointer<vtkPolyData>::New()),
      m_pullActor(vtkSmartPointer<vtkActor>::New()),
      m_shadowProjection(vtkSmartPointer<vtkMatrix4x4>::New()) {
  const auto n = static_cast<std::size_t>(m_model->bodyCount());
  m_selected.assign(n, 0);
  m_visible.assign(n, 1);
  m_rotations.resize(n);
  // A plain background: llvmpipe shades a gradient with a full-screen pass
  // that costs about 3.7 ms a frame at 1280 x 800 (measured).
  m_renderer->SetBackground(0.88, 0.90, 0.93);
  m_renderer->SetLayer(0);
  const FloorGrid floor = floorGridFor(*m_model, m_drawing.typicalBodySize);
  const Eigen::Matrix4d projection = shadowProjection(floor);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) m_shadowProjection->SetElement(i, j, projection(i, j));
  m_skeleton = std::make_unique<Skeleton>(*m_model, m_shadowProjection);
  m_renderer->AddActor(m_skeleton->halo());  // beneath the lines it surrounds
  buildGlyphs();
  m_meshes = std::make_unique<MeshDrawing>(m_drawing.meshes, m_renderer);
  m_meshes->recolour(m_drawing, m_selected);
  m_skeleton->recolour(*m_model, m_drawing, m_selected);
  m_renderer->AddActor(m_skeleton->lines());
  m_shadows.push_back(m_skeleton->shadow());
  for (vtkActor* shadow : m_shadows) m_renderer->AddActor(shadow);
  m_struts = std::make_unique<StrutDrawing>(*m_model, 0.15 * m_drawing.typicalBodySize);
  m_renderer->AddActor(m_struts->actor());
  buildGround(floor);
  // Key, fill, back and head lights rather than one headlight: bodies keep
  // their shape when seen along the light.
  auto lights = vtkSmartPointer<vtkLightKit>::New();
  lights->AddLightsToRenderer(m_renderer);
  auto trailMapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  trailMapper->SetInputData(m_trails);
  m_trailActor->SetMapper(trailMapper);
  m_trailActor->GetProperty()->SetLineWidth(2.0);
  m_trailActor->GetProperty()->SetColor(0.85, 0.15, 0.25);
  m_trailActor->GetProperty()->LightingOff();
  m_renderer->AddActor(m_trailActor);
  auto arrowMapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  arrowMapper->SetInputData(m_arrows);
  m_arrowActor->SetMapper(arrowMapper);
  m_arrowActor->GetProperty()->SetLineWidth(3.0);
  m_arrowActor->GetProperty()->SetColor(kArrowColour.r / 255.0, kArrowColour.g / 255.0, kArrowColour.b / 255.0);
  m_arrowActor->GetProperty()->LightingOff();
  m_overlayRenderer->SetLayer(1);
  m_overlayRenderer->SetActiveCamera(m_renderer->GetActiveCamera());
  m_overlayRenderer->InteractiveOff();
  m_overlayRenderer->AddActor(m_arrowActor);
  auto pullMapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  pullMapper->SetInputData(m_pull);
  m_pullActor->SetMapper(pullMapper);
  m_pullActor->GetProperty()->SetLineWidth(3.0);
  m_pullActor->GetProperty()->SetColor(0.55, 0.15, 0.85);  // violet: apart from the green forces, red trails and orange selection
  m_pullActor->GetProperty()->LightingOff();
  m_renderer->AddActor(m_pullActor);
  // World axes in the lower left corner, drawn over the scene.
  m_axesRenderer->SetViewport(0.0, 0.0, 0.16, 0.2);
  m_axesRenderer->SetLayer(1);
  m_axesRenderer->InteractiveOff();
  // vtkAxesActor's own captions cost about 3.5 ms a frame on llvmpipe (they
  // are rebuilt on every render); plain text actors placed at the axis tips
  // in world coordinates cost next to nothing.
  m_axes->AxisLabelsOff();
  m_axesRenderer->AddActor(m_axes);
  const char* names[3] = {"X", "Y", "Z"};
  const double colours[3][3] = {{0.8, 0.1, 0.1}, {0.1, 0.55, 0.1}, {0.1, 0.1, 0.8}};
  for (int k = 0; k < 3; ++k) {
    auto label = vtkSmartPointer<vtkTextActor>::New();
    label->SetInput(names[k]);
    label->GetTextProperty()->SetFontSize(14);
    label->GetTextProperty()->BoldOn();
    label->GetTextProperty()->SetColor(colours[k]);
    label->GetTextProperty()->SetJustificationToCentered();
    label->GetTextProperty()->SetVerticalJustificationToCentered();
    label->GetPositionCoordinate()->SetCoordinateSystemToWorld();
    double tip[3] = {0, 0, 0};
    tip[k] = 1.22;
    label->GetPositionCoordinate()->SetValue(tip);
    m_axesRenderer->AddActor(label);
  }
  setStates(initialBodyStates(*m_model));
  setDefaultView();
}

Scene::~Scene() = default;

vtkRenderer* Scene::renderer() const { return m_renderer; }

void Scene::attach(vtkRenderWindow* window) {
  window->SetNumberOfLayers(2);
  window->AddRenderer(m_renderer);
  window->AddRenderer(m_overlayRenderer);
  window->AddRenderer(m_axesRenderer);
}

void Scene::detach(vtkRenderWindow* window) {
  window->RemoveRenderer(m_axesRenderer);
  window->RemoveRenderer(m_overlayRenderer);
  window->RemoveRenderer(m_renderer);
}

std::size_t Scene::glyphCount() const {
  std::size_t n = 0;
  for (const auto& set : m_sets) n += set->size();
  return n;
}

std::size_t Scene::meshCount() const { return m_meshes->size(); }

void Scene::buildGlyphs() {
  std::size_t total = 0;
  for (const auto& list : m_drawing.glyphs) total += list.size();
  const GlyphDetail detail = detailFor(total);
  for (int k = 0; k < kGlyphKinds; ++k) {
    auto& list = m_drawing.glyphs[static_cast<std::size_t>(k)];
    if (list.empty()) continue;
    m_sets.push_back(std::make_unique<GlyphSet>(static_cast<GlyphKind>(k), list, detail, m_drawing.typicalBodySize, m_shadowProjection));
    m_sets.back()->recolour(m_drawing, m_selected);
    m_renderer->AddActor(m_sets.back()->bodies());
    m_renderer->AddActor(m_sets.back()->outline());
    m_shadows.push_back(m_sets.back()->shadow());
  }
}

namespace {

/// Line segments as one unlit actor.
void fillSegments(vtkPolyData* data, const std::vector<std::pair<Vec3, Vec3>>& segments) {
  auto points = vtkSmartPointer<vtkPoints>::New();
  auto cells = vtkSmartPointer<vtkCellArray>::New();
  for (const auto& [a, b] : segments) {
    const vtkIdType ends[2] = {points->InsertNextPoint(a.data()), points->InsertNextPoint(b.data())};
    cells->InsertNextCell(2, ends);
  }
  data->SetPoints(points);
  data->SetLines(cells);
  data->Modified();
}

vtkSmartPointer<vtkActor> linesActor(vtkPolyData* data, const std::vector<std::pair<Vec3, Vec3>>& segments) {
  fillSegments(data, segments);
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputData(data);
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  actor->GetProperty()->LightingOff();
  actor->PickableOff();
  return actor;
}

/// A grey block of the ground: `size` along its own x, y, z axes, rotated by
/// `r` and centred at `centre` (world).
vtkSmartPointer<vtkActor> groundBlock(const Vec3& size, const Mat3& r, const Vec3& centre) {
  auto source = vtkSmartPointer<vtkCubeSource>::New();
  source->SetXLength(size.x());
  source->SetYLength(size.y());
  source->SetZLength(size.z());
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputConnection(source->GetOutputPort());
  auto block = vtkSmartPointer<vtkActor>::New();
  block->SetMapper(mapper);
  block->GetProperty()->SetColor(0.45, 0.47, 0.5);
  auto matrix = vtkSmartPointer<vtkMatrix4x4>::New();
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) matrix->SetElement(i, j, r(i, j));
    matrix->SetElement(i, 3, centre[i]);
  }
  block->SetUserMatrix(matrix);
  return block;
}

}  // namespace

void Scene::buildGround(const FloorGrid& floor) {
  // A ceiling plate above each ground anchor (the root's and those of cut
  // hinges), its normal against gravity; a root on a slider runs on a rail.
  const double size = 0.5 * m_drawing.typicalBodySize, thickness = 0.05 * m_drawing.typicalBodySize;
  const Vec3 up = upDirection(*m_model);
  const Mat3 r = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitY(), up).toRotationMatrix();
  const Vec3 plate(size, thickness, m_model->planar() ? 0.25 * size : size);
  for (int i = 0; i < m_model->bodyCount(); ++i) {  // every system's root
    if (m_model->body(i).parent >= 0) continue;
    const CompiledHinge& root = m_model->hinge(i);
    if (root.slides > 1) continue;  // free flight or a plane: nothing of the ground holds the root
    if (root.slider < 0) {
      m_renderer->AddActor(groundBlock(plate, r, root.anchor + up * (0.5 * thickness)));
      continue;
    }
    const double s0 = slidePosition(*m_model, initialState(*m_model), root.slider);
    const double reach = 2.0 * m_drawing.typicalBodySize;
    const double from = std::min(0.0, s0) - reach, to = std::max(0.0, s0) + reach;
    const Mat3 along = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitX(), root.axisInParent).toRotationMatrix();
    m_renderer->AddActor(groundBlock(Vec3(to - from, 0.4 * thickness, 0.4 * thickness), along, root.anchor + 0.5 * (from + to) * root.axisInParent));
  }
  for (const CompiledCut& cut : m_model->cuts())
    if (cut.root.ground()) m_renderer->AddActor(groundBlock(plate, r, cut.root.point + up * (0.5 * thickness)));
  m_floor = floor;
  m_floorLines = vtkSmartPointer<vtkPolyData>::New();
  vtkSmartPointer<vtkActor> grid = linesActor(m_floorLines, floorLines(floor));
  grid->GetProperty()->SetColor(0.70, 0.73, 0.77);
  m_renderer->AddActor(grid);
  if (m_model->planar() && floor.ground) {  // seen edge on from the front: its trace, bold
    m_groundTrace = vtkSmartPointer<vtkPolyData>::New();
    vtkSmartPointer<vtkActor> trace = linesActor(m_groundTrace, groundTrace(floor));
    trace->GetProperty()->SetColor(0.35, 0.37, 0.40);
    trace->GetProperty()->SetLineWidth(3.0);
    m_renderer->AddActor(trace);
  }
}

void Scene::setStates(const std::vector<BodyState>& states) {
  if (states.size() != m_states.size()) m_states.resize(states.size());
  std::copy(states.begin(), states.end(), m_states.begin());
  updateGlyphs();
}

void Scene::updateGlyphs() {
  for (std::size_t i = 0; i < m_states.size(); ++i) m_rotations[i] = rotationFromQuaternion(m_states[i].orientation);
  for (auto& set : m_sets) set->update(m_states, m_rotations, m_visible);
  m_meshes->update(m_states, m_rotations, m_visible);
  m_skeleton->update(*m_model, m_states, m_rotations, m_visible);
  m_struts->update(*m_model, m_states);
  keepFloorUnderBodies();
}

// The floor moves under the bodies when they leave its inner half, by
// whole spacings (its lines stay put in the world), so a vehicle down its
// road or a drifting body is never drawn over empty space. The shadows'
// plane is the same everywhere on it.
void Scene::keepFloorUnderBodies() {
  if (!m_floorLines || m_states.empty()) return;
  const Vec3 com = systemCentreOfMass();
  if (!com.allFinite() || overInnerHalf(m_floor, com)) return;
  m_floor = floorUnder(m_floor, com);
  fillSegments(m_floorLines, floorLines(m_floor));
  if (m_groundTrace) fillSegments(m_groundTrace, groundTrace(m_floor));
}

void Scene::setVisibleBodies(const std::vector<char>& visible) {
  if (visible.size() != m_visible.size()) return;
  m_visible = visible;
  updateGlyphs();
}

void Scene::setSelection(const std::vector<int>& bodies) {
  std::fill(m_selected.begin(), m_selected.end(), 0);
  for (int b : bodies)
    if (b >= 0 && b < m_model->bodyCount()) m_selected[static_cast<std::size_t>(b)] = 1;
  recolour();
  updateGlyphs();  // the outlines of the newly selected bodies
}

void Scene::recolour() {
  for (auto& set : m_sets) set->recolour(m_drawing, m_selected);
  m_meshes->recolour(m_drawing, m_selected);
  m_skeleton->recolour(*m_model, m_drawing, m_selected);
}

namespace {
void fillPolylines(vtkPolyData* data, const std::vector<Trail>& polylines) {
  auto points = vtkSmartPointer<vtkPoints>::New();
  auto lines = vtkSmartPointer<vtkCellArray>::New();
  for (const Trail& line : polylines) {
    if (line.points.size() < 2) continue;
    lines->InsertNextCell(static_cast<vtkIdType>(line.points.size()));
    for (const Vec3& p : line.points) lines->InsertCellPoint(points->InsertNextPoint(p.x(), p.y(), p.z()));
  }
  data->SetPoints(points);
  data->SetLines(lines);
  data->Modified();
}
}  // namespace

void Scene::setMinimumThickness(double pixels) { m_skeleton->setWidth(pixels); }

void Scene::setShadows(bool on) {
  m_shadowsOn = on;
  for (vtkActor* shadow : m_shadows) shadow->SetVisibility(on);
}

void Scene::setTrails(const std::vector<Trail>& trails) { fillPolylines(m_trails, trails); }

void Scene::setArrows(const std::vector<Trail>& arrows) { fillPolylines(m_arrows, arrows); }

void Scene::setPullLine(const std::vector<Vec3>& points) {
  std::vector<Trail> lines;
  if (points.size() >= 2) lines.push_back(Trail{points});
  fillPolylines(m_pull, lines);
}

Vec3 Scene::worldPoint(int body, const Vec3& bodyPoint) const {
  const auto b = static_cast<std::size_t>(body);
  return m_states[b].input + m_rotations[b] * bodyPoint;
}

Vec3 Scene::centreOfMass(int body) const { return worldPoint(body, m_model->body(body).com); }

Vec3 Scene::systemCentreOfMass() const {
  Vec3 weighted = Vec3::Zero(), plain = Vec3::Zero();
  double mass = 0.0;
  int count = 0;
  for (int i = 0; i < m_model->bodyCount() && i < static_cast<int>(m_states.size()); ++i) {
    if (!m_visible.empty() && !m_visible[static_cast<std::size_t>(i)]) continue;
    const Vec3 c = centreOfMass(i);
    weighted += m_model->body(i).mass * c;
    mass += m_model->body(i).mass;
    plain += c;
    ++count;
  }
  if (mass > 0.0) return weighted / mass;
  return count > 0 ? Vec3(plain / count) : Vec3(m_model->hinge(m_model->root()).anchor);
}

Vec3 Scene::followedPoint() const { return m_follow == kFollowSystem ? systemCentreOfMass() : centreOfMass(m_follow); }

void Scene::setFollow(int body) {
  m_follow = body == kFollowSystem || (body >= 0 && body < m_model->bodyCount()) ? body : -1;
  if (m_follow != -1) m_followLast = followedPoint();
}

}  // namespace mstmm::render
