#pragma once
// The mesh visuals of imported models (STL and OBJ files, read once each
// with VTK's readers), one actor per instance, moved with its body.

#include <map>
#include <string>
#include <vector>

#include <vtkSmartPointer.h>

#include "render/body_drawing.hpp"
#include "render/scene_state.hpp"

class vtkActor;
class vtkMatrix4x4;
class vtkPolyData;
class vtkRenderer;

namespace mstmm::render {

class MeshDrawing {
 public:
  /// Reads each file once; a file that does not read is skipped and listed
  /// in unreadable() (the import checked that it exists, but it may have
  /// gone or be no mesh).
  MeshDrawing(const std::vector<MeshInstance>& meshes, vtkRenderer* renderer);
  ~MeshDrawing();
  MeshDrawing(const MeshDrawing&) = delete;
  MeshDrawing& operator=(const MeshDrawing&) = delete;

  std::size_t size() const { return m_actors.size(); }
  const std::vector<std::string>& unreadable() const { return m_unreadable; }
  void update(const std::vector<BodyState>& states, const std::vector<Mat3>& rotations, const std::vector<char>& visible);
  void recolour(const BodyDrawing& drawing, const std::vector<char>& selected);

 private:
  vtkPolyData* read(const std::string& file);
  static void setMatrix(vtkMatrix4x4* matrix, const Mat3& r, const Vec3& p);

  std::vector<MeshInstance> m_instances;  // those that read
  std::vector<vtkSmartPointer<vtkActor>> m_actors;
  // The selection rim: the same mesh grown about its centre, seen from
  // behind only, in the outline colour (as glyphs are outlined).
  std::vector<vtkSmartPointer<vtkActor>> m_outlines;
  std::vector<Vec3> m_centres;  // of each mesh's bounds, in the file's coordinates
  std::vector<Mat3> m_grow;     // the rim's scaling about that centre
  std::vector<Mat3> m_local;    // file to body axes (rotation times scale), made once rather than every frame
  std::vector<char> m_selected;
  std::map<std::string, vtkSmartPointer<vtkPolyData>> m_files;
  std::vector<std::string> m_unreadable;
};

}  // namespace mstmm::render
