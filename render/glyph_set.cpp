#include "render/glyph_set.hpp"

#include <vtkActor.h>
#include <vtkCubeSource.h>
#include <vtkCylinderSource.h>
#include <vtkFloatArray.h>
#include <vtkGlyph3DMapper.h>
#include <vtkMatrix4x4.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkProperty.h>
#include <vtkSphereSource.h>
#include <vtkTransform.h>
#include <vtkTransformPolyDataFilter.h>
#include <vtkUnsignedCharArray.h>

namespace mstmm::render {

GlyphDetail detailFor(std::size_t totalInstances) {
  if (totalInstances <= 300) return {};
  if (totalInstances <= 3000) return {8, false, 6, 4};
  if (totalInstances <= 20000) return {6, true, 6, 4};
  return {3, false, 4, 3};
}

namespace {

vtkSmartPointer<vtkPolyData> canonicalGlyph(GlyphKind kind, const GlyphDetail& detail) {
  switch (kind) {
    case GlyphKind::Cylinder: {
      // vtkCylinderSource is centred on the y axis; ours runs from 0 to 1 along x.
      auto source = vtkSmartPointer<vtkCylinderSource>::New();
      source->SetRadius(1.0);
      source->SetHeight(1.0);
      source->SetResolution(detail.cylinderSides);
      source->SetCapping(detail.caps);
      auto transform = vtkSmartPointer<vtkTransform>::New();
      transform->Translate(0.5, 0, 0);
      transform->RotateZ(-90.0);
      auto filter = vtkSmartPointer<vtkTransformPolyDataFilter>::New();
      filter->SetInputConnection(source->GetOutputPort());
      filter->SetTransform(transform);
      filter->Update();
      return filter->GetOutput();
    }
    case GlyphKind::Box: {
      auto source = vtkSmartPointer<vtkCubeSource>::New();
      source->Update();
      return source->GetOutput();
    }
    case GlyphKind::Sphere: break;
  }
  auto source = vtkSmartPointer<vtkSphereSource>::New();
  source->SetRadius(1.0);
  source->SetThetaResolution(detail.sphereTheta);
  source->SetPhiResolution(detail.spherePhi);
  source->Update();
  return source->GetOutput();
}

/// A glyph mapper over `input`'s positions, quaternions and scales.
vtkSmartPointer<vtkGlyph3DMapper> glyphMapper(vtkPolyData* input, vtkPolyData* glyph) {
  auto mapper = vtkSmartPointer<vtkGlyph3DMapper>::New();
  mapper->SetInputData(input);
  mapper->SetSourceData(glyph);
  mapper->SetOrientationArray("orientation");
  mapper->SetOrientationModeToQuaternion();
  mapper->SetScaleArray("scale");
  mapper->SetScaleModeToScaleByVectorComponents();
  mapper->SetScaling(true);
  return mapper;
}

/// An unlit actor of one colour (outline, shadow): never picked.
vtkSmartPointer<vtkActor> flatActor(vtkGlyph3DMapper* mapper, const Rgb& colour) {
  mapper->ScalarVisibilityOff();
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  actor->GetProperty()->LightingOff();
  actor->GetProperty()->SetColor(colour.r / 255.0, colour.g / 255.0, colour.b / 255.0);
  actor->PickableOff();
  return actor;
}

}  // namespace

/// Positions, quaternions, scales (and colours) of a list of instances, in
/// arrays that are rewritten in place.
struct GlyphSet::Instanced {
  vtkSmartPointer<vtkPolyData> input = vtkSmartPointer<vtkPolyData>::New();
  vtkSmartPointer<vtkPoints> points = vtkSmartPointer<vtkPoints>::New();
  vtkSmartPointer<vtkFloatArray> orientation = vtkSmartPointer<vtkFloatArray>::New();
  vtkSmartPointer<vtkFloatArray> scale = vtkSmartPointer<vtkFloatArray>::New();
  vtkSmartPointer<vtkUnsignedCharArray> colours = vtkSmartPointer<vtkUnsignedCharArray>::New();
  vtkSmartPointer<vtkActor> actor;

  Instanced() {
    points->SetDataTypeToFloat();
    orientation->SetName("orientation");
    orientation->SetNumberOfComponents(4);
    scale->SetName("scale");
    scale->SetNumberOfComponents(3);
    colours->SetName("colours");
    colours->SetNumberOfComponents(3);
    input->SetPoints(points);
    input->GetPointData()->AddArray(orientation);
    input->GetPointData()->AddArray(scale);
    input->GetPointData()->SetScalars(colours);
  }

  void resize(std::size_t n) {
    const auto count = static_cast<vtkIdType>(n);
    if (points->GetNumberOfPoints() == count) return;
    points->SetNumberOfPoints(count);
    orientation->SetNumberOfTuples(count);
    scale->SetNumberOfTuples(count);
    colours->SetNumberOfTuples(count);
  }

  /// Writes instance k: glyph `g` of a body at `state` (rotation `r`), scaled by `shown`.
  void put(std::size_t k, const GlyphInstance& g, const BodyState& state, const Mat3& r, double shown) {
    float* p = static_cast<vtkFloatArray*>(points->GetData())->GetPointer(3 * static_cast<vtkIdType>(k));
    float* q = orientation->GetPointer(4 * static_cast<vtkIdType>(k));
    float* s = scale->GetPointer(3 * static_cast<vtkIdType>(k));
    const Vec3 x = state.input + r * g.offset;
    const Quat o = quaternionProduct(state.orientation, g.rotation);
    for (int i = 0; i < 3; ++i) p[i] = static_cast<float>(x[i]);
    for (int i = 0; i < 4; ++i) q[i] = static_cast<float>(o[i]);
    for (int i = 0; i < 3; ++i) s[i] = static_cast<float>(shown * g.scale[i]);
  }

  void modified() {
    points->Modified();
    orientation->Modified();
    scale->Modified();
    input->Modified();
  }
};

GlyphSet::GlyphSet(GlyphKind kind, std::vector<GlyphInstance> instances, const GlyphDetail& detail, double typicalBodySize,
                   vtkMatrix4x4* shadowProjection)
    : m_kind(kind),
      m_typicalBodySize(typicalBodySize),
      m_instances(std::move(instances)),
      m_all(std::make_unique<Instanced>()),
      m_outline(std::make_unique<Instanced>()) {
  const vtkSmartPointer<vtkPolyData> glyph = canonicalGlyph(kind, detail);
  m_all->resize(m_instances.size());
  auto bodies = glyphMapper(m_all->input, glyph);
  bodies->SetColorModeToDirectScalars();
  bodies->ScalarVisibilityOn();
  m_all->actor = vtkSmartPointer<vtkActor>::New();
  m_all->actor->SetMapper(bodies);
  m_all->actor->GetProperty()->SetSpecular(0.25);
  m_all->actor->GetProperty()->SetSpecularPower(30.0);
  // The rim: only the back faces of the grown glyphs, so the body covers
  // all of them but a band around its silhouette.
  m_outline->actor = flatActor(glyphMapper(m_outline->input, glyph), kOutlineColour);
  m_outline->actor->GetProperty()->FrontfaceCullingOn();
  // The shadow: the same instances, flattened onto the floor by the matrix,
  // in a grey a little darker than the background.
  m_shadow = flatActor(glyphMapper(m_all->input, glyph), kShadowColour);
  m_shadow->SetUserMatrix(shadowProjection);
}

GlyphSet::~GlyphSet() = default;

vtkActor* GlyphSet::bodies() const { return m_all->actor; }
vtkActor* GlyphSet::outline() const { return m_outline->actor; }
vtkActor* GlyphSet::shadow() const { return m_shadow; }

void GlyphSet::update(const std::vector<BodyState>& states, const std::vector<Mat3>& rotations, const std::vector<char>& visible) {
  for (std::size_t k = 0; k < m_instances.size(); ++k) {
    const auto b = static_cast<std::size_t>(m_instances[k].body);
    m_all->put(k, m_instances[k], states[b], rotations[b], visible[b] ? 1.0 : 0.0);
  }
  m_all->modified();
  m_outline->resize(m_selected.size());
  for (std::size_t k = 0; k < m_selected.size(); ++k) {
    const GlyphInstance& g = m_instances[m_selected[k]];
    const auto b = static_cast<std::size_t>(g.body);
    const GlyphInstance grown = grownGlyph(m_kind, g, outlineMargin(m_kind, g, m_typicalBodySize));
    m_outline->put(k, grown, states[b], rotations[b], visible[b] ? 1.0 : 0.0);
  }
  m_outline->modified();
}

void GlyphSet::recolour(const BodyDrawing& drawing, const std::vector<char>& selected) {
  m_selected.clear();
  unsigned char* c = m_all->colours->GetPointer(0);
  for (std::size_t k = 0; k < m_instances.size(); ++k) {
    const GlyphInstance& g = m_instances[k];
    const bool chosen = selected[static_cast<std::size_t>(g.body)] && !g.hinge;
    if (chosen) m_selected.push_back(k);
    const Rgb rgb = chosen ? kSelectionColour : g.hinge || g.ownColour ? g.colour : drawing.bodyColours[static_cast<std::size_t>(g.body)];
    *c++ = rgb.r;
    *c++ = rgb.g;
    *c++ = rgb.b;
  }
  m_all->colours->Modified();
  m_all->input->Modified();
}

}  // namespace mstmm::render
