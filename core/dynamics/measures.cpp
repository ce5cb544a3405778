#include "core/dynamics/measures.hpp"

#include <cmath>
#include <limits>
#include <numbers>

#include "core/dynamics/kinematics.hpp"
#include "core/model/model.hpp"

namespace mstmm {

namespace {

/// A point's or a frame's motion, world axes (docs/measures.md M1):
/// position r, velocity v, acceleration a of the point; R, Omega, Omega' of
/// the body that carries it (identity and zero for the ground).
struct PointMotion {
  Vec3 r = Vec3::Zero(), v = Vec3::Zero(), a = Vec3::Zero();
  Mat3 rotation = Mat3::Identity();
  Vec3 omega = Vec3::Zero(), alpha = Vec3::Zero();
};

// r_P = r_I1 + A p', v_P = v_C + Omega x (r_P - r_C),
// a_P = r''_C + Omega' x (r_P - r_C) + Omega x (Omega x (r_P - r_C)).
PointMotion motionOf(int body, const Vec3& point, const std::vector<BodyPose>& poses, const SolverOutput& out) {
  PointMotion m;
  if (body < 0) {
    m.r = point;
    return m;
  }
  const auto b = static_cast<std::size_t>(body);
  const BodyPose& p = poses[b];
  m.rotation = p.rotation;
  m.omega = p.omega;
  m.alpha = out.angularAcceleration[b];
  m.r = p.point(point);
  const Vec3 fromCom = m.r - p.com;
  m.v = p.comVelocity + m.omega.cross(fromCom);
  m.a = out.comAcceleration[b] + m.alpha.cross(fromCom) + m.omega.cross(m.omega.cross(fromCom));
  return m;
}

int components(const Model& model, MeasureKind kind) {
  if (kind == MeasureKind::Distance || kind == MeasureKind::Angle) return 1;
  return model.planar() ? 2 : 3;
}

const char* unitOf(MeasureKind kind) {
  switch (kind) {
    case MeasureKind::Velocity: return "m/s";
    case MeasureKind::Acceleration: return "m/s^2";
    case MeasureKind::Angle: return "rad";
    default: return "m";
  }
}

int channelCount(const Model& model, const std::vector<CompiledMeasure>& measures) {
  int n = 0;
  for (const CompiledMeasure& m : measures) n += components(model, m.kind);
  return n;
}

}  // namespace

std::vector<CompiledMeasure> compileMeasures(const Model& model) {
  std::vector<CompiledMeasure> out;
  for (const MeasureSpec& s : model.spec().measures) {
    CompiledMeasure c;
    c.name = s.name;
    c.kind = s.kind;
    c.body = model.bodyByName(s.body);
    c.point = model.fromInputEnd(c.body, s.point);
    c.reference = s.groundReference() ? -1 : model.bodyByName(s.relativeTo);
    c.referencePoint = c.reference < 0 ? s.relativePoint : model.fromInputEnd(c.reference, s.relativePoint);
    c.axis = s.axis.normalized();
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<LoadChannel> measureChannels(const Model& model) {
  std::vector<LoadChannel> channels;
  for (const MeasureSpec& s : model.spec().measures) {
    const std::string of = std::string(toString(s.kind)) + " '" + s.name + "'";
    const int n = components(model, s.kind);
    if (n == 1) {
      channels.push_back({s.name, unitOf(s.kind), of});
      continue;
    }
    for (int k = 0; k < n; ++k) {
      const std::string axis(1, "xyz"[k]);
      channels.push_back({s.name + "." + axis, unitOf(s.kind), axis + " of " + of});
    }
  }
  return channels;
}

// docs/measures.md M1-M4. With d = r_P - r_Q and the reference frame's
// rotation R, angular velocity w and acceleration w', the derivatives of
// e = R^T d taken in that frame are
//   e'  = R^T (d' - w x d),
//   e'' = R^T (d'' - 2 w x d' - w' x d + w x (w x d)).
void measureValues(const Model& model, const std::vector<CompiledMeasure>& measures, const std::vector<BodyPose>& poses, const SolverOutput& out,
                   std::vector<double>& values) {
  const bool continued = values.size() == static_cast<std::size_t>(channelCount(model, measures));  // the previous state's, overwritten in place
  if (!continued) values.assign(static_cast<std::size_t>(channelCount(model, measures)), std::numeric_limits<double>::quiet_NaN());
  std::size_t at = 0;
  for (const CompiledMeasure& m : measures) {
    const PointMotion p = motionOf(m.body, m.point, poses, out);
    const PointMotion q = motionOf(m.reference, m.referencePoint, poses, out);
    const Mat3 toFrame = q.rotation.transpose();
    const Vec3 d = p.r - q.r, dRate = p.v - q.v, dAcc = p.a - q.a;
    Vec3 e = Vec3::Zero();
    switch (m.kind) {
      case MeasureKind::Position: e = toFrame * d; break;
      case MeasureKind::Velocity: e = toFrame * (dRate - q.omega.cross(d)); break;
      case MeasureKind::Acceleration:
        e = toFrame * (dAcc - 2.0 * q.omega.cross(dRate) - q.alpha.cross(d) + q.omega.cross(q.omega.cross(d)));
        break;
      case MeasureKind::Distance: e.x() = d.norm(); break;
      case MeasureKind::Angle: {
        double angle = twistAngle(quaternionFromRotation(toFrame * p.rotation), m.axis);
        if (std::isfinite(values[at])) angle += 2.0 * std::numbers::pi * std::round((values[at] - angle) / (2.0 * std::numbers::pi));
        e.x() = angle;
        break;
      }
    }
    const int n = components(model, m.kind);
    for (int k = 0; k < n; ++k) values[at++] = e[k];
  }
}

}  // namespace mstmm
