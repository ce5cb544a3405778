#include "collision/fcl_shape_query.hpp"

#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/distance.h>

#include <algorithm>
#include <memory>

#include "core/loads/shape_query.hpp"

namespace mstmm {

namespace {

std::shared_ptr<fcl::CollisionGeometryd> geometryOf(const ContactShape& s) {
  switch (s.kind) {
    case ContactShapeKind::Sphere: return std::make_shared<fcl::Sphered>(s.radius);
    case ContactShapeKind::Capsule: return std::make_shared<fcl::Capsuled>(s.radius, s.length);
    case ContactShapeKind::Cylinder: return std::make_shared<fcl::Cylinderd>(s.radius, s.length);
    case ContactShapeKind::Box: return std::make_shared<fcl::Boxd>(2.0 * s.halfSize);
  }
  return nullptr;
}

fcl::Transform3d transformOf(const Mat3& rotation, const Vec3& centre) {
  fcl::Transform3d t = fcl::Transform3d::Identity();
  t.linear() = rotation;
  t.translation() = centre;
  return t;
}

class FclShapeQuery final : public ShapeQuery {
 public:
  explicit FclShapeQuery(const std::vector<BodyContactSpec>& contacts) {
    for (const BodyContactSpec& c : contacts)
      m_pairs.push_back({geometryOf(c.first), geometryOf(c.second), c.first.kind == ContactShapeKind::Capsule && c.second.kind == ContactShapeKind::Capsule});
  }

  int overlaps(std::size_t k, const Mat3& rotationFirst, const Vec3& centreFirst, const Mat3& rotationSecond, const Vec3& centreSecond,
               ShapeOverlap* out) const override {
    const Pair& p = m_pairs[k];
    const fcl::Transform3d a = transformOf(rotationFirst, centreFirst), b = transformOf(rotationSecond, centreSecond);
    return p.capsules ? capsules(p, a, b, out) : convex(p, a, b, out);
  }

 private:
  struct Pair {
    std::shared_ptr<fcl::CollisionGeometryd> first, second;
    bool capsules;
  };

  // Two capsules: FCL's exact closest points of their axis segments, which
  // its distance query reports also when they overlap (a negative
  // distance, with the witness points on the far sides). Its general
  // overlap query would go through GJK/EPA, whose depth is good to about
  // 1e-6 m only.
  static int capsules(const Pair& p, const fcl::Transform3d& a, const fcl::Transform3d& b, ShapeOverlap* out) {
    fcl::DistanceRequestd request(true);
    fcl::DistanceResultd result;
    fcl::distance(p.first.get(), a, p.second.get(), b, request, result);
    if (!(result.min_distance < 0.0)) return 0;
    const Vec3 w1 = result.nearest_points[0], w2 = result.nearest_points[1];
    const double gap = (w1 - w2).norm();  // = the depth: w1 lies deep in the second capsule, w2 in the first
    if (gap <= 0.0) return 0;
    out[0].depth = -result.min_distance;
    out[0].normal = (w1 - w2) / gap;
    out[0].point = 0.5 * (w1 + w2);
    return 1;
  }

  // Every other pair: FCL's overlap query with its contact points (exact
  // for spheres, a sphere and a capsule or box, two boxes; GJK/EPA for the
  // rest), each with its normal from the first shape into the second.
  static int convex(const Pair& p, const fcl::Transform3d& a, const fcl::Transform3d& b, ShapeOverlap* out) {
    fcl::CollisionRequestd request(kMaxOverlaps, true);
    fcl::CollisionResultd result;
    fcl::collide(p.first.get(), a, p.second.get(), b, request, result);
    const int n = static_cast<int>(std::min<std::size_t>(result.numContacts(), kMaxOverlaps));
    int kept = 0;
    for (int i = 0; i < n; ++i) {
      const fcl::Contactd& c = result.getContact(static_cast<std::size_t>(i));
      if (!(c.penetration_depth > 0.0)) continue;
      out[kept].depth = c.penetration_depth;
      out[kept].normal = c.normal.normalized();
      out[kept].point = c.pos;
      ++kept;
    }
    return kept;
  }

  std::vector<Pair> m_pairs;
};

std::unique_ptr<ShapeQuery> makeFclShapeQuery(const std::vector<BodyContactSpec>& contacts) {
  return std::make_unique<FclShapeQuery>(contacts);
}

}  // namespace

void installFclShapeQuery() { installShapeQuery(&makeFclShapeQuery); }

}  // namespace mstmm
