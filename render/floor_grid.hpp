#pragma once
// The floor of the 3-D view: a grid on a plane across gravity, below
// everything the model can reach, its spacing a round length scaled to the
// model, so that a viewer sees which way is down and how large things are.
// Geometry only; Scene draws it.

#include <optional>
#include <utility>
#include <vector>

#include <Eigen/Core>

#include "core/loads/compiled_loads.hpp"
#include "core/model/model.hpp"

namespace mstmm::render {

/// Against gravity (+y when there is none).
Vec3 upDirection(const Model& model);

struct FloorGrid {
  Vec3 centre = Vec3::Zero();  // on the floor, under the root's anchor
  Vec3 up = Vec3::UnitY();
  double halfWidth = 1.0;      // m, a whole number of spacings
  double spacing = 0.1;        // m: 1, 2 or 5 times a power of ten
  double reach = 0.0;          // m: the longest chain of body extents hanging from the anchor
  std::optional<Ground> ground;  // a model with contacts: the floor is its ground, lines following the road
  Vec3 lattice = Vec3::Zero();   // the first centre: moved grids keep their lines on its lattice
};

/// The floor for a model: `reach` below the root's anchor (the largest sum,
/// along a path from the ground, of how far each body's input ends lie from
/// the output end it hangs by: no motion of the hinges reaches further) and
/// a tenth of a body further; about ten spacings across each half. A root
/// on a slider may run past it. A model with contacts stands on its ground
/// (docs/contact.md): the floor is that plane, under the bodies' initial
/// centre of mass, reaching far enough along the road for its profile.
FloorGrid floorGridFor(const Model& model, double typicalBodySize);

/// The grid moved under `point` (its foot on the floor) by whole spacings,
/// so every line stays where it was in the world: the floor goes wherever
/// the bodies go (a vehicle down its road, a floating body drifting).
FloorGrid floorUnder(const FloorGrid& grid, const Vec3& point);

/// Whether `point`'s foot on the floor lies within half the grid's
/// half-width of its centre (inside, the grid need not move).
bool overInnerHalf(const FloorGrid& grid, const Vec3& point);

/// The grid's lines, from end to end: 2 (2n + 1) segments for n spacings a
/// half; on a road, the lines along it in pieces that follow its height.
std::vector<std::pair<Vec3, Vec3>> floorLines(const FloorGrid& grid);

/// The ground's trace along the road through the grid's centre (a model
/// with contacts), in pieces of a quarter spacing following the road's
/// height: what a planar model's front view shows of its ground, which it
/// sees edge on.
std::vector<std::pair<Vec3, Vec3>> groundTrace(const FloorGrid& grid);

/// The drop shadow's projection: a point is moved along `up` onto the floor
/// (a light straight overhead), then a hair below it, so the grid lines stay
/// drawn over the shadow. The height above the floor is kept at 1e-4 of its
/// size rather than zeroed, so the matrix stays invertible (VTK inverts an
/// actor's matrix for its normals). Row-major 4 x 4, homogeneous.
Eigen::Matrix4d shadowProjection(const FloorGrid& grid);

}  // namespace mstmm::render
