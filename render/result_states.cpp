#include "render/result_states.hpp"

#include "core/dynamics/kinematics.hpp"
#include "core/model/model.hpp"
#include "core/dynamics/state.hpp"
#include "core/sim/interpolation.hpp"

#include <cmath>
#include <limits>

namespace mstmm::render {

std::vector<BodyState> initialBodyStates(const Model& model) {
  std::vector<BodyPose> poses;
  const Eigen::VectorXd y = initialState(model);
  computePoses(model, y, poses);
  std::vector<BodyState> states(poses.size());
  for (int i = 0; i < model.bodyCount(); ++i)
    states[static_cast<std::size_t>(i)] = {poses[static_cast<std::size_t>(i)].input, bodyQuaternion(model, y, i).normalized()};
  return states;
}

void statesAt(const Model& model, const Results& results, double t, std::vector<BodyState>& states, std::vector<char>& visible) {
  const auto n = static_cast<std::size_t>(model.bodyCount());
  states.resize(n);
  visible.assign(n, 0);
  if (results.frameCount() == 0) return;
  const SampleLocation at = locateTime(results.times(), results.frameCount(), t);
  for (int slot = 0; slot < results.recordedBodyCount(); ++slot) {
    const auto body = static_cast<std::size_t>(results.recordedBody(slot));
    const InterpolatedBody b = interpolateBody(results, at, slot);
    states[body] = {b.input, b.orientation};
    visible[body] = 1;
  }
}

namespace {

/// The rotation vector of a unit quaternion (angle in [0, pi]).
Vec3 rotationVector(Quat q) {
  if (q[0] < 0.0) q = -q;
  const double s = q.tail<3>().norm();
  return s > 0.0 ? Vec3(2.0 * std::atan2(s, q[0]) / s * q.tail<3>()) : Vec3::Zero();
}

}  // namespace

void scaleBeamDeflections(const Model& model, double factor, std::vector<BodyState>& states) {
  if (factor == 1.0 || states.size() != static_cast<std::size_t>(model.bodyCount())) return;
  auto origin = [&model](int body) { return model.spec().bodies[static_cast<std::size_t>(model.body(body).specIndex)].inputs.front(); };
  for (const CompiledBeam& beam : model.beams()) {
    const int root = beam.pieces[static_cast<std::size_t>(beam.layout.rootPiece)];
    const BodyState r = states[static_cast<std::size_t>(root)];
    const Quat rq = r.orientation.normalized();
    const Mat3 rr = rotationFromQuaternion(rq);
    for (int piece : beam.pieces) {
      if (piece == root) continue;
      BodyState& s = states[static_cast<std::size_t>(piece)];
      const Vec3 rigid = r.input + rr * (origin(piece) - origin(root));  // the pieces' frames are the beam's
      s.input = rigid + factor * (s.input - rigid);
      const Vec3 turn = factor * rotationVector(quaternionProduct(quaternionConjugate(rq), s.orientation.normalized()));
      s.orientation = quaternionProduct(rq, quaternionFromAxisAngle(turn.norm() > 0.0 ? Vec3(turn.normalized()) : Vec3::UnitX(), turn.norm()));
    }
  }
}

Trail trailOf(const Results& results, int slot, const Vec3& bodyPoint, double t0, double t1) {
  Trail trail;
  if (results.frameCount() == 0 || t1 < t0) return trail;
  auto pointAt = [&](SampleLocation at) {
    const InterpolatedBody b = interpolateBody(results, at, slot);
    return Vec3(b.input + rotationFromQuaternion(b.orientation) * bodyPoint);
  };
  const SampleLocation first = locateTime(results.times(), t0), last = locateTime(results.times(), t1);
  trail.points.push_back(pointAt(first));
  for (int f = first.frame + 1; f <= last.frame; ++f) trail.points.push_back(pointAt({f, 0.0}));
  if (last.alpha > 0.0) trail.points.push_back(pointAt(last));
  return trail;
}

std::vector<Trail> trailsAt(const Model& model, const Results& results, std::vector<int> bodies, double t, double window, int maxTrails) {
  if (bodies.empty())
    for (int i = 0; i < model.bodyCount() && static_cast<int>(bodies.size()) < maxTrails; ++i)
      if (model.body(i).firstChild == model.body(i).lastChild) bodies.push_back(i);
  std::vector<Trail> trails;
  for (int body : bodies) {
    if (static_cast<int>(trails.size()) >= maxTrails) break;
    const int slot = results.slotOf(body);
    if (slot >= 0) trails.push_back(trailOf(results, slot, Vec3::Zero(), t - window, t));
  }
  return trails;
}

ShapeBox shapeBox(const Model& model, int body) {
  const CompiledBody& b = model.body(body);
  const BodySpec& spec = model.spec().bodies[static_cast<std::size_t>(b.specIndex)];
  const ShapeSpec& shape = spec.shape;
  const Vec3 origin = spec.inputs.front();  // the compiled frame's origin, in the spec's frame
  ShapeBox box;
  box.centre = shape.center ? Vec3(*shape.center - origin - b.com) : Vec3::Zero();
  switch (shape.type) {
    case ShapeType::Rod: box.half = Vec3(shape.length / 2, 0, 0); break;
    case ShapeType::Cylinder: box.half = Vec3(shape.length / 2, shape.radius, shape.radius); break;
    case ShapeType::Box: box.half = shape.size / 2; break;
    case ShapeType::PointMasses: {
      Vec3 lo = Vec3::Zero(), hi = Vec3::Zero();
      for (const PointMass& p : shape.points) lo = lo.cwiseMin(p.position - origin - b.com), hi = hi.cwiseMax(p.position - origin - b.com);
      box.centre = (lo + hi) / 2;
      box.half = (hi - lo) / 2;
      break;
    }
    case ShapeType::Custom: break;
  }
  return box;
}

void motionBounds(const Model& model, const Results& results, double relativeMargin, Vec3& lo, Vec3& hi) {
  lo = Vec3::Constant(std::numeric_limits<double>::infinity());
  hi = -lo;
  std::vector<ShapeBox> boxes;
  for (int s = 0; s < results.recordedBodyCount(); ++s) boxes.push_back(shapeBox(model, results.recordedBody(s)));
  for (int f = 0; f < results.frameCount(); ++f)
    for (int s = 0; s < results.recordedBodyCount(); ++s) {
      for (const Vec3& p : {results.inputEnd(f, s), results.outputEnd(f, s)}) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
      }
      const ShapeBox& box = boxes[static_cast<std::size_t>(s)];
      const Mat3 turn = rotationFromQuaternion(results.orientation(f, s));
      const Vec3 c = results.com(f, s) + turn * box.centre, r = turn.cwiseAbs() * box.half;
      lo = lo.cwiseMin(c - r);
      hi = hi.cwiseMax(c + r);
    }
  if (!(lo.x() <= hi.x())) lo = hi = Vec3::Zero();
  const double margin = relativeMargin * (hi - lo).norm();
  lo.array() -= margin;
  hi.array() += margin;
}

}  // namespace mstmm::render
