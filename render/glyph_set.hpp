#pragma once
// The instances of one glyph kind (cylinders, boxes or spheres) of every
// body, and the VTK pipelines that draw them: the bodies themselves, the
// selection outline (the selected bodies' glyphs grown by a rim and drawn
// from behind), and the drop shadow (the same instances flattened onto the
// floor by the actor's matrix). One instanced mapper each, rewritten in
// place every frame, never one actor per body.

#include <memory>
#include <vector>

#include <vtkSmartPointer.h>

#include "render/body_drawing.hpp"
#include "render/scene_state.hpp"

class vtkActor;
class vtkMatrix4x4;

namespace mstmm::render {

/// How finely the canonical glyphs are tessellated (see detailFor()).
struct GlyphDetail {
  int cylinderSides = 24;
  bool caps = true;
  int sphereTheta = 20, spherePhi = 14;
};

/// Coarser glyphs for more instances: Mesa's llvmpipe (CI, and machines
/// without a GPU) sets up a few million instanced triangles per second, so
/// the triangle count decides the frame rate; large models get coarse
/// glyphs, which at their size on screen look the same (bench/render_bench).
GlyphDetail detailFor(std::size_t totalInstances);

class GlyphSet {
 public:
  GlyphSet(GlyphKind kind, std::vector<GlyphInstance> instances, const GlyphDetail& detail, double typicalBodySize,
           vtkMatrix4x4* shadowProjection);
  ~GlyphSet();
  GlyphSet(const GlyphSet&) = delete;
  GlyphSet& operator=(const GlyphSet&) = delete;

  vtkActor* bodies() const;
  vtkActor* outline() const;
  vtkActor* shadow() const;
  std::size_t size() const { return m_instances.size(); }

  /// Moves every instance with its body; hidden bodies are scaled to nothing.
  void update(const std::vector<BodyState>& states, const std::vector<Mat3>& rotations, const std::vector<char>& visible);
  /// Body colours, the selected bodies in the selection colour and outlined
  /// (hinge markers keep theirs and get no outline).
  void recolour(const BodyDrawing& drawing, const std::vector<char>& selected);

 private:
  struct Instanced;
  GlyphKind m_kind;
  double m_typicalBodySize;
  std::vector<GlyphInstance> m_instances;
  std::vector<std::size_t> m_selected;  // indices of the outlined instances
  std::unique_ptr<Instanced> m_all, m_outline;
  vtkSmartPointer<vtkActor> m_shadow;
};

}  // namespace mstmm::render
