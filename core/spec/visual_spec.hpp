#pragma once
// What a body looks like, when that is more than its shape says: the visual
// geometry of imported models (URDF <visual>, MJCF geoms) as boxes,
// cylinders, spheres and meshes (STL, OBJ). Display only: a body's mass
// properties come from its ShapeSpec, never from its visuals.

#include <optional>
#include <string>

#include "core/math/rotation.hpp"

namespace mstmm {

enum class VisualType { Box, Cylinder, Sphere, Mesh };

/// One visual, placed in its body's frame. A cylinder runs along the
/// visual's z axis, centred on `position` (as in URDF and MJCF).
struct VisualSpec {
  VisualType type = VisualType::Box;
  Vec3 size = Vec3(0.1, 0.1, 0.1);       // box: edge lengths
  double radius = 0.05;                  // cylinder, sphere
  double length = 0.1;                   // cylinder
  std::string mesh;                      // mesh: an absolute path to an .stl or .obj file
  Vec3 scale = Vec3::Ones();             // mesh
  Vec3 position = Vec3::Zero();          // visual origin in the body frame
  Quat orientation = Quat(1, 0, 0, 0);   // visual axes to body axes
  std::optional<Vec3> colour;            // RGB in [0, 1]; absent: the body's colour

  bool operator==(const VisualSpec&) const = default;
};

const char* toString(VisualType type);

}  // namespace mstmm
