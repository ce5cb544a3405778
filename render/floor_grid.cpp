#include "render/floor_grid.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

namespace mstmm::render {

Vec3 upDirection(const Model& model) {
  const double g = model.gravity().norm();
  return g > 0 ? Vec3(-model.gravity() / g) : Vec3(Vec3::UnitY());
}

namespace {

/// The round length (1, 2 or 5 times a power of ten) nearest above `raw`.
double roundLength(double raw) {
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (raw <= m * power * (1.0 + 1e-9)) return m * power;
  return 10.0 * power;
}

/// How far a body's input ends and centre of mass lie from its output end
/// O, by which it hangs from its root side.
double extentOf(const CompiledBody& b) {
  double e = (b.com - b.output).norm();
  for (const Vec3& p : b.inputs) e = std::max(e, (p - b.output).norm());
  return e;
}

}  // namespace

FloorGrid floorGridFor(const Model& model, double typicalBodySize) {
  // Compiled order puts every parent after its children: walk from the root down.
  std::vector<double> path(static_cast<std::size_t>(model.bodyCount()), 0.0);
  double reach = 0.0;
  for (int i = model.bodyCount() - 1; i >= 0; --i) {
    const CompiledBody& b = model.body(i);
    const double above = b.parent >= 0 ? path[static_cast<std::size_t>(b.parent)] : 0.0;
    path[static_cast<std::size_t>(i)] = above + extentOf(b);  // its children hang from its input ends
    reach = std::max(reach, path[static_cast<std::size_t>(i)]);
  }
  FloorGrid grid;
  grid.up = upDirection(model);
  grid.reach = reach;
  const double size = std::max(reach, typicalBodySize);
  grid.centre = model.hinge(model.root()).anchor - grid.up * (reach + 0.1 * typicalBodySize);
  grid.spacing = roundLength(size / 10.0);
  grid.halfWidth = grid.spacing * std::ceil(1.2 * size / grid.spacing);
  return grid;
}

std::vector<std::pair<Vec3, Vec3>> floorLines(const FloorGrid& grid) {
  const Mat3 r = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitY(), grid.up).toRotationMatrix();
  const Vec3 u = r.col(0), w = r.col(2);
  const int n = static_cast<int>(std::lround(grid.halfWidth / grid.spacing));
  std::vector<std::pair<Vec3, Vec3>> lines;
  for (int k = -n; k <= n; ++k) {
    const double s = k * grid.spacing;
    lines.emplace_back(grid.centre + s * u - grid.halfWidth * w, grid.centre + s * u + grid.halfWidth * w);
    lines.emplace_back(grid.centre + s * w - grid.halfWidth * u, grid.centre + s * w + grid.halfWidth * u);
  }
  return lines;
}

Eigen::Matrix4d shadowProjection(const FloorGrid& grid) {
  constexpr double kKeptHeight = 1e-4;
  // Below the floor by more than the kept height of anything the model
  // reaches (at most 2 reach + a body above the floor).
  const double below = 4.0 * kKeptHeight * (grid.reach + grid.halfWidth);
  const Vec3& n = grid.up;
  Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
  m.topLeftCorner<3, 3>() -= (1.0 - kKeptHeight) * n * n.transpose();
  m.topRightCorner<3, 1>() = ((1.0 - kKeptHeight) * n.dot(grid.centre) - below) * n;
  return m;
}

}  // namespace mstmm::render
