#pragma once
// Every body drawn as lines from its input end I_1 to its output end O and
// to its other input ends, at least a few pixels wide, so that bodies
// thinner than that on screen stay visible (up close their true shapes
// cover the lines). One polydata for all bodies, rewritten in place every
// frame; the selected bodies' lines get a wider halo in the outline colour
// beneath them, and the lines cast the same drop shadow as the glyphs.

#include <vector>

#include <vtkSmartPointer.h>

#include "core/model/model.hpp"
#include "render/body_drawing.hpp"
#include "render/scene_state.hpp"

class vtkActor;
class vtkCellArray;
class vtkMatrix4x4;
class vtkPoints;
class vtkPolyData;
class vtkUnsignedCharArray;

namespace mstmm::render {

class Skeleton {
 public:
  Skeleton(const Model& model, vtkMatrix4x4* shadowProjection);
  ~Skeleton();

  vtkActor* lines() const { return m_actor; }
  /// Drawn before lines(): where both lie, the body's own line is on top.
  vtkActor* halo() const { return m_haloActor; }
  vtkActor* shadow() const { return m_shadowActor; }

  void update(const Model& model, const std::vector<BodyState>& states, const std::vector<Mat3>& rotations, const std::vector<char>& visible);
  void recolour(const Model& model, const BodyDrawing& drawing, const std::vector<char>& selected);
  /// The lines' width in pixels (at least 1); the halo is 4 px wider.
  void setWidth(double pixels);

 private:
  vtkSmartPointer<vtkPolyData> m_lines, m_halo;
  vtkSmartPointer<vtkPoints> m_points, m_haloPoints;
  vtkSmartPointer<vtkCellArray> m_haloCells;
  vtkSmartPointer<vtkUnsignedCharArray> m_colours;
  vtkSmartPointer<vtkActor> m_actor, m_haloActor, m_shadowActor;
  std::vector<int> m_selected;  // compiled indices of the haloed bodies
};

}  // namespace mstmm::render
