#include "core/model/mass_properties.hpp"

namespace mstmm {

Vec3 shapeCentroid(const ShapeSpec& shape) {
  if (shape.center) return *shape.center;
  const double along = shape.type == ShapeType::Box ? shape.size.x() : shape.length;
  return Vec3(0.5 * along, 0.0, 0.0);
}

Mat3 shiftInertia(const Mat3& inertiaAtCom, double mass, const Vec3& offset) {
  return inertiaAtCom + mass * (offset.squaredNorm() * Mat3::Identity() - offset * offset.transpose());
}

namespace {

MassProperties pointMassProperties(const std::vector<PointMass>& points) {
  MassProperties mp;
  for (const PointMass& p : points) {
    mp.mass += p.mass;
    mp.com += p.mass * p.position;
  }
  if (mp.mass > 0.0) mp.com /= mp.mass;
  for (const PointMass& p : points)
    mp.inertiaAtCom += shiftInertia(Mat3::Zero(), p.mass, p.position - mp.com);
  return mp;
}

}  // namespace

MassProperties massProperties(const ShapeSpec& shape) {
  MassProperties mp;
  mp.mass = shape.mass;
  const double m = shape.mass;
  switch (shape.type) {
    case ShapeType::Rod: {
      // Slender rod along x: no inertia about its own axis.
      const double jt = m * shape.length * shape.length / 12.0;
      mp.com = shapeCentroid(shape);
      mp.inertiaAtCom = Vec3(0.0, jt, jt).asDiagonal();
      break;
    }
    case ShapeType::Cylinder: {
      const double r2 = shape.radius * shape.radius;
      const double jt = m * (3.0 * r2 + shape.length * shape.length) / 12.0;
      mp.com = shapeCentroid(shape);
      mp.inertiaAtCom = Vec3(0.5 * m * r2, jt, jt).asDiagonal();
      break;
    }
    case ShapeType::Box: {
      const Vec3 s2 = shape.size.cwiseProduct(shape.size);
      mp.com = shapeCentroid(shape);
      mp.inertiaAtCom = (m / 12.0 * Vec3(s2.y() + s2.z(), s2.x() + s2.z(), s2.x() + s2.y())).asDiagonal();
      break;
    }
    case ShapeType::PointMasses:
      return pointMassProperties(shape.points);
    case ShapeType::Custom:
      mp.com = shape.com;
      mp.inertiaAtCom = shape.inertiaAbout == InertiaReference::CentreOfMass
                            ? shape.inertia
                            : shiftInertia(shape.inertia, -m, shape.com);  // J_C = J_O - m(...)
      break;
  }
  return mp;
}

MassProperties withPointMass(const MassProperties& body, double mass, const Vec3& position) {
  MassProperties out;
  out.mass = body.mass + mass;
  out.com = (body.mass * body.com + mass * position) / out.mass;
  out.inertiaAtCom = shiftInertia(body.inertiaAtCom, body.mass, body.com - out.com) + shiftInertia(Mat3::Zero(), mass, position - out.com);
  return out;
}

}  // namespace mstmm
