#pragma once
// What the 3-D view shows, in plain C++ types: render/ keeps VTK behind
// these, so nothing outside render/ includes a VTK header (style.md §8).

#include <vector>

#include "core/math/rotation.hpp"

namespace mstmm::render {

/// Where a body is: its body frame's origin (the input end I_1) and its
/// body-to-world orientation.
struct BodyState {
  Vec3 input = Vec3::Zero();
  Quat orientation = Quat(1, 0, 0, 0);
};

enum class CameraPreset { Front, Top, Side, Isometric };

/// setFollow()'s body for the whole system's centre of mass (-1: no follow).
inline constexpr int kFollowSystem = -2;

/// A camera, so the same view can be rendered again at another size.
struct CameraState {
  Vec3 position = Vec3(0, 0, 10);
  Vec3 focalPoint = Vec3::Zero();
  Vec3 viewUp = Vec3::UnitY();
  double viewAngle = 30.0;  // degrees
  bool valid = false;       // false: fit the model from the front (or isometric for spatial models)
};

/// A polyline drawn as a trace (e.g. the path of a tip over a time window).
struct Trail {
  std::vector<Vec3> points;
};

}  // namespace mstmm::render
