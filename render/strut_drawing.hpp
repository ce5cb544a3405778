#pragma once
// Point-to-point spring-dampers (struts, docs/loads.md L5) in the 3-D view:
// each a zig-zag coil between its two end points, coloured by its spring
// load k (L - L0) + preload: red in tension, blue in compression, grey near
// zero. The geometry and colour are plain functions (tested without VTK);
// StrutDrawing keeps them in one polydata rewritten in place each frame.

#include <memory>
#include <vector>

#include "core/loads/compiled_loads.hpp"
#include "core/model/model.hpp"
#include "render/body_drawing.hpp"
#include "render/scene_state.hpp"

class vtkActor;

namespace mstmm::render {

/// Points of a coil of `turns` zig-zags from a to b, `width` wide, in the
/// plane that holds `across` (planar models: their x-y plane); straight
/// leads of a tenth of the length at each end: 2 turns + 4 points.
/// `out` is refilled (the view reuses one buffer frame after frame).
void strutCoil(const Vec3& a, const Vec3& b, double width, const Vec3& across, std::vector<Vec3>& out, int turns = 8);

/// The colour of a spring load `tension` (N) for a strut whose load at 10 %
/// stretch is `scale` (N).
Rgb strutColour(double tension, double scale);

/// A strut's end points in world axes for the bodies' states.
void strutEnds(const CompiledSpringDamper& s, const std::vector<BodyState>& states, Vec3& a, Vec3& b);

class StrutDrawing {
 public:
  /// `width`: the coils' width (m), from the model's typical body size.
  StrutDrawing(const Model& model, double width);
  ~StrutDrawing();
  vtkActor* actor() const;
  void update(const Model& model, const std::vector<BodyState>& states);

 private:
  struct Data;
  std::unique_ptr<Data> m;
};

}  // namespace mstmm::render
