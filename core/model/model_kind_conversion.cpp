#include "core/model/model_kind_conversion.hpp"

#include <cmath>

#include "core/math/rotation.hpp"

namespace mstmm {

Vec3 planarSlideAxis(const Vec3& axis) {
  const Vec3 inPlane(axis.x(), axis.y(), 0.0);
  return inPlane.norm() > 1e-12 ? inPlane : Vec3::UnitX();
}

namespace {

void toPlanar(BodySpec& b) {
  // The rotation about z of the body x axis, as seen in the x-y plane.
  const Vec3 x = rotationFromQuaternion(b.orientation.normalized()).col(0);
  b.theta = std::atan2(x.y(), x.x());
  b.thetaDot = b.angularVelocity.z();
  if (b.shape.type == ShapeType::Cylinder) b.shape.type = ShapeType::Rod;
  // A beam's joints keep their turn about z (beam_deformation.hpp).
  BeamDeformation& d = b.deformation;
  d.angle.clear(), d.angleRate.clear();
  for (const Quat& q : d.rotation) {
    const Vec3 x = rotationFromQuaternion(q.normalized()).col(0);
    d.angle.push_back(std::atan2(x.y(), x.x()));
  }
  for (const Vec3& w : d.rate) d.angleRate.push_back(w.z());
  d.rotation.clear(), d.rate.clear();
}

void toSpatial(BodySpec& b) {
  b.orientation = quaternionFromAxisAngle(Vec3::UnitZ(), b.theta);
  b.angularVelocity = Vec3(0, 0, b.thetaDot);
  BeamDeformation& d = b.deformation;
  d.rotation.clear(), d.rate.clear();
  for (double a : d.angle) d.rotation.push_back(quaternionFromAxisAngle(Vec3::UnitZ(), a));
  for (double w : d.angleRate) d.rate.push_back(Vec3(0, 0, w));
  d.angle.clear(), d.angleRate.clear();
  if (b.shape.type == ShapeType::Rod) {
    b.shape.type = ShapeType::Cylinder;
    b.shape.radius = kRodAsCylinderRadius;
  }
}

}  // namespace

ModelSpec convertedToKind(const ModelSpec& original, ModelKind kind) {
  ModelSpec spec = original;
  if (spec.kind == kind) return spec;
  spec.kind = kind;
  const bool planar = kind == ModelKind::Planar;
  if (planar) spec.gravity.z() = 0.0;
  for (BodySpec& b : spec.bodies) planar ? toPlanar(b) : toSpatial(b);
  for (HingeSpec& h : spec.hinges) {
    if (planar && h.type == HingeType::Ball) h.type = HingeType::Pin;
    else if (!planar && h.type == HingeType::Pin) h.type = HingeType::Ball;
    if (planar && h.type == HingeType::Slider) h.axis = planarSlideAxis(h.axis);
    // A free or point-on-line hinge turns about z alone in a planar model: its
    // "rotation" there is its "angle" (hingeCoordinateNames).
    for (CoordinateLoadsSpec& c : h.coordinateLoads) {
      if (planar && c.coordinate == "rotation") c.coordinate = "angle";
      else if (!planar && c.coordinate == "angle" && (h.type == HingeType::Free || h.type == HingeType::PointOnLine)) c.coordinate = "rotation";
    }
  }
  return spec;
}

}  // namespace mstmm
