#pragma once
// How deep two shapes of a body contact overlap (docs/contact.md C8). Core
// knows the shapes only as data: the distance and overlap queries come from
// a collision library behind this interface (collision/, on FCL), so that
// the engine stays Eigen and the standard library alone. A program that
// simulates body contacts installs an implementation once, before it builds
// a model; a model with body contacts in a program without one is refused
// with a message that says so.

#include <memory>
#include <vector>

#include "core/spec/body_contact_spec.hpp"

namespace mstmm {

/// Where two shapes overlap: the depth d > 0 of their overlap, the unit
/// normal n pointing from the first shape into the second (the direction
/// that separates the second fastest), and the point where the force acts,
/// midway between the two surfaces.
struct ShapeOverlap {
  double depth = 0.0;
  Vec3 normal = Vec3::UnitZ();
  Vec3 point = Vec3::Zero();
};

/// The queries of one model's body contacts, made once when the model is
/// compiled. Const and free of state, so one object serves every run and
/// thread of that model.
class ShapeQuery {
 public:
  /// At most this many points where two shapes press (a box on a box: up
  /// to four corners).
  static constexpr std::size_t kMaxOverlaps = 4;
  virtual ~ShapeQuery() = default;
  /// Where the shapes of contact k overlap with the shapes' frames at
  /// (R_first, x_first) and (R_second, x_second) in world axes: fills
  /// out[0 .. n) and returns n (0: apart).
  virtual int overlaps(std::size_t k, const Mat3& rotationFirst, const Vec3& centreFirst, const Mat3& rotationSecond,
                       const Vec3& centreSecond, ShapeOverlap* out) const = 0;
};

/// Makes the queries of a model's body contacts (in the order given).
using ShapeQueryMaker = std::unique_ptr<ShapeQuery> (*)(const std::vector<BodyContactSpec>& contacts);

/// Installs the library that answers body contacts' queries (once, at start).
void installShapeQuery(ShapeQueryMaker maker);
/// Whether one is installed.
bool hasShapeQuery();
/// The queries for these contacts; throws Error(Input) naming the first
/// contact when no library is installed.
std::shared_ptr<const ShapeQuery> makeShapeQuery(const std::vector<BodyContactSpec>& contacts);

}  // namespace mstmm
