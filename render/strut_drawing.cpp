#include "render/strut_drawing.hpp"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkFloatArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkSmartPointer.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>

namespace mstmm::render {

namespace {
constexpr int kTurns = 8;
constexpr int kPointsPerCoil = 2 * kTurns + 4;  // a, lead end, 2 per turn, lead end, b

Vec3 worldOf(const std::vector<BodyState>& states, int body, const Vec3& point) {
  const BodyState& s = states[static_cast<std::size_t>(body)];
  return s.input + rotationFromQuaternion(s.orientation) * point;
}
}  // namespace

void strutCoil(const Vec3& a, const Vec3& b, double width, const Vec3& across, std::vector<Vec3>& out, int turns) {
  const Vec3 d = b - a;
  const double length = d.norm();
  out.assign(1, a);
  if (length <= 0.0) {
    out.resize(static_cast<std::size_t>(2 * turns + 4), a);
    return;
  }
  const Vec3 u = d / length;
  Vec3 side = across - across.dot(u) * u;  // across, made normal to the strut
  if (side.norm() < 1e-9) {
    Vec3 t2;
    normalPlane(u, side, t2);
  }
  side.normalize();
  const Vec3 start = a + 0.1 * d, end = b - 0.1 * d;
  out.push_back(start);
  for (int k = 0; k < 2 * turns; ++k) {
    const double s = (k + 0.5) / (2 * turns);
    out.push_back(start + s * (end - start) + (k % 2 == 0 ? 0.5 : -0.5) * width * side);
  }
  out.push_back(end);
  out.push_back(b);
}

Rgb strutColour(double tension, double scale) {
  const double f = std::clamp(scale > 0.0 ? tension / scale : 0.0, -1.0, 1.0);
  const Rgb grey{150, 150, 156}, red{214, 39, 40}, blue{31, 119, 180};
  const Rgb& to = f >= 0.0 ? red : blue;
  const double w = std::abs(f);
  auto mix = [w](std::uint8_t x, std::uint8_t y) { return static_cast<std::uint8_t>(std::lround(x + w * (y - x))); };
  return {mix(grey.r, to.r), mix(grey.g, to.g), mix(grey.b, to.b)};
}

void strutEnds(const CompiledSpringDamper& s, const std::vector<BodyState>& states, Vec3& a, Vec3& b) {
  a = worldOf(states, s.bodyA, s.pointA);
  b = s.bodyB >= 0 ? worldOf(states, s.bodyB, s.pointB) : s.pointB;
}

struct StrutDrawing::Data {
  vtkSmartPointer<vtkPolyData> lines = vtkSmartPointer<vtkPolyData>::New();
  vtkSmartPointer<vtkPoints> points = vtkSmartPointer<vtkPoints>::New();
  vtkSmartPointer<vtkUnsignedCharArray> colours = vtkSmartPointer<vtkUnsignedCharArray>::New();
  vtkSmartPointer<vtkActor> actor = vtkSmartPointer<vtkActor>::New();
  double width = 0.05;
  std::vector<Vec3> coil;  // one strut's points, reused
};

StrutDrawing::StrutDrawing(const Model& model, double width) : m(std::make_unique<Data>()) {
  m->width = width;
  const auto n = static_cast<vtkIdType>(model.loads().springs.size());
  auto cells = vtkSmartPointer<vtkCellArray>::New();
  for (vtkIdType s = 0; s < n; ++s) {
    cells->InsertNextCell(kPointsPerCoil);
    for (int k = 0; k < kPointsPerCoil; ++k) cells->InsertCellPoint(s * kPointsPerCoil + k);
  }
  m->points->SetDataTypeToFloat();
  m->points->SetNumberOfPoints(n * kPointsPerCoil);
  m->colours->SetNumberOfComponents(3);
  m->colours->SetNumberOfTuples(n);
  m->lines->SetPoints(m->points);
  m->lines->SetLines(cells);
  m->lines->GetCellData()->SetScalars(m->colours);
  auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
  mapper->SetInputData(m->lines);
  mapper->SetColorModeToDirectScalars();
  mapper->SetScalarModeToUseCellData();
  m->actor->SetMapper(mapper);
  m->actor->GetProperty()->LightingOff();
  m->actor->GetProperty()->SetLineWidth(2.5);
  m->actor->SetVisibility(n > 0);
}

StrutDrawing::~StrutDrawing() = default;

vtkActor* StrutDrawing::actor() const { return m->actor; }

void StrutDrawing::update(const Model& model, const std::vector<BodyState>& states) {
  const std::vector<CompiledSpringDamper>& springs = model.loads().springs;
  if (springs.empty()) return;
  float* p = static_cast<vtkFloatArray*>(m->points->GetData())->GetPointer(0);
  unsigned char* c = m->colours->GetPointer(0);
  const Vec3 across = model.planar() ? Vec3::UnitZ() : Vec3::UnitY();  // planar: coils in the plane (z x strut)
  for (const CompiledSpringDamper& s : springs) {
    Vec3 a, b;
    strutEnds(s, states, a, b);
    const Vec3 side = model.planar() ? Vec3(across.cross(b - a)) : across;
    strutCoil(a, b, m->width, side, m->coil, kTurns);
    for (const Vec3& v : m->coil)
      for (int k = 0; k < 3; ++k) *p++ = static_cast<float>(v[k]);
    const double length = (b - a).norm();
    const Rgb rgb = strutColour(s.stiffness * (length - s.restLength) + s.preload, 0.1 * s.stiffness * std::max(s.restLength, 1e-3) + std::abs(s.preload));
    *c++ = rgb.r;
    *c++ = rgb.g;
    *c++ = rgb.b;
  }
  m->points->Modified();
  m->colours->Modified();
  m->lines->Modified();
}

}  // namespace mstmm::render
