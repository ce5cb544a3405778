#include "render/floor_grid.hpp"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

#include "core/dynamics/kinematics.hpp"
#include "core/loads/compiled_loads.hpp"

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

namespace {

/// The floor of a model with contacts: its ground plane, centred under the
/// bodies' initial centre of mass, wide enough to show a road's profile.
void standOnGround(const Model& model, FloorGrid& grid) {
  const Ground& g = model.loads().ground;
  grid.ground = g;
  grid.up = g.normal();
  std::vector<BodyPose> poses;
  computePoses(model, initialState(model), poses);
  const Vec3 com = computeMomentum(model, poses).centreOfMass;
  const Vec3 centre = com - g.point();
  // A body standing on its contacts may have no ends apart (a block hangs by
  // its centre): size the grid by how far the contacts and bodies spread.
  double size = 10.0 * grid.spacing;
  for (const CompiledContact& c : model.loads().contacts)
    size = std::max(size, 2.0 * ((poses[static_cast<std::size_t>(c.body)].point(c.point) - com).norm() + c.law.radius));
  for (const BodyPose& p : poses) size = std::max(size, 2.0 * (p.com - com).norm());
  grid.spacing = roundLength(size / 10.0);
  grid.centre = g.point() + centre - grid.up.dot(centre) * grid.up;
  const RoadProfile& r = g.road();
  double far = 0.0;
  if (r.kind == RoadKind::Bump || r.kind == RoadKind::Step) far = std::abs(r.start + r.length - g.direction().dot(centre));
  if (r.kind == RoadKind::Table && !r.points.empty()) far = std::abs(r.points.back().first - g.direction().dot(centre));
  // Things on the ground travel: three times the model's size at least, and
  // the road; the spacing stays the model's unless that needs more than
  // forty lines a half (denser grids shimmer in perspective).
  const double wanted = std::max(far + grid.spacing, 30.0 * grid.spacing);
  grid.spacing = std::max(grid.spacing, roundLength(wanted / 40.0));
  grid.halfWidth = grid.spacing * std::ceil(wanted / grid.spacing);
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
  if (!model.loads().contacts.empty()) standOnGround(model, grid);
  grid.lattice = grid.centre;
  return grid;
}

namespace {

/// The directions of the grid's two families of lines, across `up`: along
/// the road and across it on a ground, else those floorLines() draws.
std::pair<Vec3, Vec3> floorAxes(const FloorGrid& grid) {
  if (grid.ground) return {grid.ground->direction(), grid.up.cross(grid.ground->direction())};
  const Mat3 r = Eigen::Quaterniond::FromTwoVectors(Vec3::UnitY(), grid.up).toRotationMatrix();
  return {r.col(0), r.col(2)};
}

}  // namespace

FloorGrid floorUnder(const FloorGrid& grid, const Vec3& point) {
  const auto [u, w] = floorAxes(grid);
  const Vec3 d = point - grid.lattice;
  FloorGrid moved = grid;
  moved.centre = grid.lattice + grid.spacing * (std::round(u.dot(d) / grid.spacing) * u + std::round(w.dot(d) / grid.spacing) * w);
  return moved;
}

bool overInnerHalf(const FloorGrid& grid, const Vec3& point) {
  const auto [u, w] = floorAxes(grid);
  const Vec3 d = point - grid.centre;
  return std::max(std::abs(u.dot(d)), std::abs(w.dot(d))) <= 0.5 * grid.halfWidth;
}

namespace {
std::vector<std::pair<Vec3, Vec3>> roadLines(const FloorGrid& grid, int n);
}  // namespace

std::vector<std::pair<Vec3, Vec3>> floorLines(const FloorGrid& grid) {
  const auto [u, w] = floorAxes(grid);
  const int n = static_cast<int>(std::lround(grid.halfWidth / grid.spacing));
  std::vector<std::pair<Vec3, Vec3>> lines;
  if (grid.ground && grid.ground->road().kind != RoadKind::Flat) return roadLines(grid, n);
  for (int k = -n; k <= n; ++k) {
    const double s = k * grid.spacing;
    lines.emplace_back(grid.centre + s * u - grid.halfWidth * w, grid.centre + s * u + grid.halfWidth * w);
    lines.emplace_back(grid.centre + s * w - grid.halfWidth * u, grid.centre + s * w + grid.halfWidth * u);
  }
  return lines;
}

namespace {

// The grid over a road: lines across it lifted to the road's height where
// they cross it, lines along it in pieces of a quarter spacing.
std::vector<std::pair<Vec3, Vec3>> roadLines(const FloorGrid& grid, int n) {
  const Ground& g = *grid.ground;
  const Vec3 a = g.direction(), w = grid.up.cross(a);
  const double s0 = a.dot(grid.centre - g.point());
  auto at = [&](double along, double across) {
    double slope = 0.0;
    return Vec3(grid.centre + along * a + across * w + g.height(s0 + along, slope) * grid.up);
  };
  std::vector<std::pair<Vec3, Vec3>> lines;
  for (int k = -n; k <= n; ++k) {
    const double s = k * grid.spacing;
    lines.emplace_back(at(s, -grid.halfWidth), at(s, grid.halfWidth));
    for (int piece = -4 * n; piece < 4 * n; ++piece) lines.emplace_back(at(0.25 * piece * grid.spacing, s), at(0.25 * (piece + 1) * grid.spacing, s));
  }
  return lines;
}

}  // namespace

std::vector<std::pair<Vec3, Vec3>> groundTrace(const FloorGrid& grid) {
  std::vector<std::pair<Vec3, Vec3>> pieces;
  if (!grid.ground) return pieces;
  const Ground& g = *grid.ground;
  const Vec3 a = g.direction();
  const double s0 = a.dot(grid.centre - g.point());
  auto at = [&](double along) {
    double slope = 0.0;
    return Vec3(grid.centre + along * a + g.height(s0 + along, slope) * grid.up);
  };
  const int n = static_cast<int>(std::lround(grid.halfWidth / grid.spacing));
  for (int piece = -4 * n; piece < 4 * n; ++piece) pieces.emplace_back(at(0.25 * piece * grid.spacing), at(0.25 * (piece + 1) * grid.spacing));
  return pieces;
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
