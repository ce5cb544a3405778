#include "render/skeleton.hpp"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkPointData.h>
#include <vtkFloatArray.h>
#include <vtkMatrix4x4.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>

namespace mstmm::render {
namespace {

vtkSmartPointer<vtkActor> lineActor(vtkPolyData* data, bool coloured) {
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputData(data);
  mapper->SetScalarVisibility(coloured);
  mapper->SetColorModeToDirectScalars();
  mapper->SetScalarModeToUsePointData();
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  actor->GetProperty()->LightingOff();
  return actor;
}

/// A body's points in the skeleton's order: I_1, O, I_2..I_L, then the
/// middle of I_1 O (all collapsed onto I_1 when hidden).
template <typename Put>
void bodyPoints(const CompiledBody& body, const BodyState& state, const Mat3& r, bool shown, Put put) {
  const Vec3& x = state.input;
  put(x);
  put(shown ? Vec3(x + r * body.output) : x);
  for (std::size_t k = 1; k < body.inputs.size(); ++k) put(shown ? Vec3(x + r * body.inputs[k]) : x);
  put(shown ? Vec3(x + 0.5 * (r * body.output)) : x);
}

}  // namespace

Skeleton::Skeleton(const Model& model, vtkMatrix4x4* shadowProjection)
    : m_lines(vtkSmartPointer<vtkPolyData>::New()),
      m_halo(vtkSmartPointer<vtkPolyData>::New()),
      m_points(vtkSmartPointer<vtkPoints>::New()),
      m_haloPoints(vtkSmartPointer<vtkPoints>::New()),
      m_haloCells(vtkSmartPointer<vtkCellArray>::New()),
      m_colours(vtkSmartPointer<vtkUnsignedCharArray>::New()) {
  // Each body's middle is also drawn as a point as wide as the lines: a
  // body shorter than a pixel on screen (33,334 one-metre bodies in 300 px)
  // makes a segment that rasterises to nothing, but its point still draws,
  // and together the points draw the chain. (At the ends, points would
  // stick out beyond the bodies.)
  auto cells = vtkSmartPointer<vtkCellArray>::New();
  auto middles = vtkSmartPointer<vtkCellArray>::New();
  vtkIdType next = 0;
  for (const CompiledBody& b : model.bodies()) {
    const vtkIdType origin = next;
    next += 2 + static_cast<vtkIdType>(b.inputs.size());  // I_1, O, I_2..I_L, middle
    for (vtkIdType k = origin + 1; k < next - 1; ++k) {
      const vtkIdType ends[2] = {origin, k};
      cells->InsertNextCell(2, ends);
    }
    const vtkIdType middle = next - 1;
    middles->InsertNextCell(1, &middle);
  }
  m_points->SetDataTypeToFloat();
  m_points->SetNumberOfPoints(next);
  m_colours->SetNumberOfComponents(3);
  m_colours->SetNumberOfTuples(next);
  m_lines->SetPoints(m_points);
  m_lines->SetLines(cells);
  m_lines->SetVerts(middles);
  m_halo->SetPoints(m_haloPoints);
  m_halo->SetLines(m_haloCells);
  m_lines->GetPointData()->SetScalars(m_colours);
  m_actor = lineActor(m_lines, true);
  m_haloActor = lineActor(m_halo, false);
  m_haloActor->GetProperty()->SetColor(kOutlineColour.r / 255.0, kOutlineColour.g / 255.0, kOutlineColour.b / 255.0);
  m_haloActor->PickableOff();
  m_shadowActor = lineActor(m_lines, false);
  m_shadowActor->GetProperty()->SetColor(kShadowColour.r / 255.0, kShadowColour.g / 255.0, kShadowColour.b / 255.0);
  m_shadowActor->SetUserMatrix(shadowProjection);
  m_shadowActor->PickableOff();
  setWidth(1.0);
}

Skeleton::~Skeleton() = default;

void Skeleton::setWidth(double pixels) {
  const double w = std::max(1.0, pixels);
  for (vtkActor* a : {m_actor.Get(), m_shadowActor.Get()}) {
    a->GetProperty()->SetLineWidth(static_cast<float>(w));
    a->GetProperty()->SetPointSize(static_cast<float>(w));
  }
  m_haloActor->GetProperty()->SetLineWidth(static_cast<float>(w + 4.0));
}

void Skeleton::update(const Model& model, const std::vector<BodyState>& states, const std::vector<Mat3>& rotations, const std::vector<char>& visible) {
  float* p = static_cast<vtkFloatArray*>(m_points->GetData())->GetPointer(0);
  auto put = [&p](const Vec3& v) {
    for (int k = 0; k < 3; ++k) *p++ = static_cast<float>(v[k]);
  };
  for (int i = 0; i < model.bodyCount(); ++i) {
    const auto b = static_cast<std::size_t>(i);
    bodyPoints(model.body(i), states[b], rotations[b], visible[b] != 0, put);
  }
  m_points->Modified();
  m_lines->Modified();
  // The halo: a few bodies at most, refilled in place (nothing to do without a selection).
  if (m_selected.empty() && m_haloPoints->GetNumberOfPoints() == 0) return;
  vtkPoints* points = m_haloPoints;
  vtkCellArray* cells = m_haloCells;
  points->Reset();
  cells->Reset();
  for (int i : m_selected) {
    const auto b = static_cast<std::size_t>(i);
    if (!visible[b]) continue;
    const vtkIdType origin = points->GetNumberOfPoints();
    bodyPoints(model.body(i), states[b], rotations[b], true, [&](const Vec3& v) { points->InsertNextPoint(v.data()); });
    for (vtkIdType k = origin + 1; k < points->GetNumberOfPoints() - 1; ++k) {  // not to the middle
      const vtkIdType ends[2] = {origin, k};
      cells->InsertNextCell(2, ends);
    }
  }
  points->Modified();
  cells->Modified();
  m_halo->Modified();
}

void Skeleton::recolour(const Model& model, const BodyDrawing& drawing, const std::vector<char>& selected) {
  m_selected.clear();
  unsigned char* c = m_colours->GetPointer(0);
  for (int i = 0; i < model.bodyCount(); ++i) {
    const auto b = static_cast<std::size_t>(i);
    if (selected[b]) m_selected.push_back(i);
    const Rgb rgb = selected[b] ? kSelectionColour : drawing.bodyColours[b];
    for (std::size_t k = 0; k <= model.body(i).inputs.size() + 1; ++k) {  // I_1, O, I_2..I_L, middle
      *c++ = rgb.r;
      *c++ = rgb.g;
      *c++ = rgb.b;
    }
  }
  m_colours->Modified();
  m_lines->Modified();
}

}  // namespace mstmm::render
