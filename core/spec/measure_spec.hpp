#pragma once
// Named measures (docs/measures.md): quantities the user defines on the
// model, recorded at every frame of a run and plotted and exported as the
// built-in ones are. Nothing here is checked; validate() says what is wrong.

#include <string>

#include "core/math/rotation.hpp"

namespace mstmm {

/// What a measure reads (docs/measures.md M1-M4).
///   Position, Velocity, Acceleration: of a body point P relative to a
///     reference point Q, in the reference frame's axes, the derivatives
///     taken in that frame (x, y, z; x, y in a planar model);
///   Distance: |r_P - r_Q| (one value);
///   Angle: the rotation of the body relative to the reference frame about
///     an axis of that frame (one value, continuous over turns).
enum class MeasureKind { Position, Velocity, Acceleration, Distance, Angle };
/// "position", "velocity", "acceleration", "distance", "angle".
const char* toString(MeasureKind kind);
bool measureKindFromString(const std::string& word, MeasureKind& kind);

struct MeasureSpec {
  std::string name;
  MeasureKind kind = MeasureKind::Position;
  std::string body;                 // the body that carries P
  Vec3 point = Vec3::Zero();        // P, in the body's frame
  std::string relativeTo;           // the reference body (frame and Q); empty: the ground
  Vec3 relativePoint = Vec3::Zero();  // Q, in the reference body's frame (the world for the ground)
  Vec3 axis = Vec3::UnitZ();        // Angle: about this axis of the reference frame
  bool groundReference() const { return relativeTo.empty(); }
  bool operator==(const MeasureSpec&) const = default;
};

}  // namespace mstmm
