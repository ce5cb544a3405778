#include "render/mesh_drawing.hpp"

#include <vtkActor.h>
#include <vtkMatrix4x4.h>
#include <vtkOBJReader.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkPolyDataNormals.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkSTLReader.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace mstmm::render {

MeshDrawing::MeshDrawing(const std::vector<MeshInstance>& meshes, vtkRenderer* renderer) {
  for (const MeshInstance& m : meshes) {
    vtkPolyData* data = read(m.file);
    if (!data) continue;
    auto mapper = vtkSmartPointer<vtkPolyDataMapper>::New();
    mapper->SetInputData(data);
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    actor->SetUserMatrix(vtkSmartPointer<vtkMatrix4x4>::New());
    renderer->AddActor(actor);
    auto outline = vtkSmartPointer<vtkActor>::New();
    outline->SetMapper(mapper);
    outline->SetUserMatrix(vtkSmartPointer<vtkMatrix4x4>::New());
    outline->GetProperty()->SetColor(kOutlineColour.r / 255.0, kOutlineColour.g / 255.0, kOutlineColour.b / 255.0);
    outline->GetProperty()->LightingOff();
    outline->GetProperty()->FrontfaceCullingOn();
    outline->PickableOff();
    outline->SetVisibility(false);
    renderer->AddActor(outline);
    double bounds[6];
    data->GetBounds(bounds);
    m_centres.emplace_back(0.5 * (bounds[0] + bounds[1]), 0.5 * (bounds[2] + bounds[3]), 0.5 * (bounds[4] + bounds[5]));
    // A rim of even width: a sixth of the mesh's thinnest extent on every side.
    const Vec3 extent = Vec3(bounds[1] - bounds[0], bounds[3] - bounds[2], bounds[5] - bounds[4]).cwiseMax(1e-9);
    const double margin = std::max(extent.minCoeff() / 6.0, 1e-3 * extent.maxCoeff());
    m_grow.push_back((Vec3::Ones() + 2.0 * margin * extent.cwiseInverse()).asDiagonal());
    m_local.push_back(rotationFromQuaternion(m.rotation) * m.scale.asDiagonal());
    m_instances.push_back(m);
    m_actors.push_back(actor);
    m_outlines.push_back(outline);
  }
  m_selected.assign(m_instances.size(), 0);
}

MeshDrawing::~MeshDrawing() = default;

// Smooth normals: STL files carry one normal per facet, which makes curved
// parts look faceted under the scene's lights.
vtkPolyData* MeshDrawing::read(const std::string& file) {
  if (const auto it = m_files.find(file); it != m_files.end()) return it->second;
  std::string extension = std::filesystem::path(file).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  vtkSmartPointer<vtkPolyData> out;
  if (std::filesystem::exists(file) && (extension == ".stl" || extension == ".obj")) {
    vtkSmartPointer<vtkAlgorithm> reader;
    if (extension == ".stl") {
      auto stl = vtkSmartPointer<vtkSTLReader>::New();
      stl->SetFileName(file.c_str());
      reader = stl;
    } else {
      auto obj = vtkSmartPointer<vtkOBJReader>::New();
      obj->SetFileName(file.c_str());
      reader = obj;
    }
    auto normals = vtkSmartPointer<vtkPolyDataNormals>::New();
    normals->SetInputConnection(reader->GetOutputPort());
    normals->SetFeatureAngle(40.0);
    normals->Update();
    if (normals->GetOutput()->GetNumberOfPoints() > 0) {
      out = vtkSmartPointer<vtkPolyData>::New();
      out->ShallowCopy(normals->GetOutput());
    }
  }
  if (!out) m_unreadable.push_back(file);
  m_files[file] = out;
  return out;
}

void MeshDrawing::setMatrix(vtkMatrix4x4* matrix, const Mat3& r, const Vec3& p) {
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) matrix->SetElement(i, j, r(i, j));
    matrix->SetElement(i, 3, p[i]);
  }
  matrix->Modified();
}

void MeshDrawing::update(const std::vector<BodyState>& states, const std::vector<Mat3>& rotations, const std::vector<char>& visible) {
  for (std::size_t k = 0; k < m_instances.size(); ++k) {
    const MeshInstance& m = m_instances[k];
    const auto b = static_cast<std::size_t>(m.body);
    if (b >= states.size()) continue;
    m_actors[k]->SetVisibility(visible[b] != 0);
    m_outlines[k]->SetVisibility(visible[b] != 0 && m_selected[k]);
    const Mat3 r = rotations[b] * m_local[k];
    const Vec3 p = states[b].input + rotations[b] * m.offset;
    setMatrix(m_actors[k]->GetUserMatrix(), r, p);
    if (m_selected[k]) {  // x -> p + r (c + G (x - c))
      const Vec3& c = m_centres[k];
      setMatrix(m_outlines[k]->GetUserMatrix(), r * m_grow[k], p + r * (c - m_grow[k] * c));
    }
  }
}

void MeshDrawing::recolour(const BodyDrawing& drawing, const std::vector<char>& selected) {
  for (std::size_t k = 0; k < m_instances.size(); ++k) {
    const auto b = static_cast<std::size_t>(m_instances[k].body);
    m_selected[k] = b < selected.size() && selected[b];
    const Rgb c = m_selected[k] ? kSelectionColour : m_instances[k].colour.value_or(drawing.bodyColours[b]);
    m_actors[k]->GetProperty()->SetColor(c.r / 255.0, c.g / 255.0, c.b / 255.0);
  }
}

}  // namespace mstmm::render
