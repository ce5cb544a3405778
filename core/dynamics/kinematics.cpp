#include "core/dynamics/kinematics.hpp"

namespace mstmm {

namespace {

// A root's output end (each system's: a model may hold several) sits at its
// ground anchor, at rest, or slides along the ground's rail or plane from
// there, or flies free (its free hinge's slides are its world position
// relative to the anchor).
void placeRoot(const Model& model, const Eigen::VectorXd& y, int i, BodyPose& root) {
  const CompiledHinge& hinge = model.hinge(i);
  root.output = hinge.anchor;
  root.outputVelocity = Vec3::Zero();
  for (int j = 0; j < hinge.slides; ++j) {
    const Vec3& u = hinge.slideAxes[static_cast<std::size_t>(j)];
    root.output += slidePosition(model, y, hinge.slider + j) * u;
    root.outputVelocity += slideRate(model, y, hinge.slider + j) * u;
  }
}

}  // namespace

void computePoses(const Model& model, const Eigen::VectorXd& y, std::vector<BodyPose>& poses) {
  const int n = model.bodyCount();
  poses.resize(static_cast<std::size_t>(n));
  for (int i = n - 1; i >= 0; --i) {  // parents come after their children
    BodyPose& p = poses[static_cast<std::size_t>(i)];
    const CompiledBody& b = model.body(i);
    if (b.parent < 0) placeRoot(model, y, i, p);
    p.rotation = bodyRotation(model, y, i);
    p.omega = bodyAngularVelocity(model, y, i);
    const Vec3 ro = p.rotation * b.output;
    p.input = p.output - ro;
    p.inputVelocity = p.outputVelocity - p.omega.cross(ro);
    const Vec3 rc = p.rotation * b.com;
    p.com = p.input + rc;
    p.comVelocity = p.inputVelocity + p.omega.cross(rc);
    for (int l = b.firstChild; l < b.lastChild; ++l) {
      const ChildLink& link = model.links()[static_cast<std::size_t>(l)];
      BodyPose& child = poses[static_cast<std::size_t>(link.child)];
      if (link.slider < 0) {
        const Vec3 rk = p.rotation * link.position;
        child.output = p.input + rk;
        child.outputVelocity = p.inputVelocity + p.omega.cross(rk);
        continue;
      }
      // A sliding hinge: the child's O is at r'_k = p'_0 + sum_j s_j u'_j on the parent (equations.md §3.3, §5.2).
      Vec3 rk = p.rotation * link.position, slideVelocity = Vec3::Zero();
      for (int j = 0; j < link.slides; ++j) {
        const Vec3 u = p.rotation * link.slideAxes[static_cast<std::size_t>(j)];
        rk += slidePosition(model, y, link.slider + j) * u;
        slideVelocity += slideRate(model, y, link.slider + j) * u;
      }
      child.output = p.input + rk;
      child.outputVelocity = p.inputVelocity + p.omega.cross(rk) + slideVelocity;
    }
  }
}

namespace {
const BodyPose& specPose(const Model& model, const std::vector<BodyPose>& poses, int specBody) {
  return poses[static_cast<std::size_t>(model.compiledIndexOfSpecBody(specBody))];
}
const Vec3& specOrigin(const Model& model, int specBody) {
  return model.spec().bodies[static_cast<std::size_t>(specBody)].inputs.front();  // compile() puts I_1 at the origin
}
}  // namespace

Vec3 specPointToWorld(const Model& model, const std::vector<BodyPose>& poses, int specBody, const Vec3& point) {
  return specPose(model, poses, specBody).point(point - specOrigin(model, specBody));
}

Vec3 worldToSpecPoint(const Model& model, const std::vector<BodyPose>& poses, int specBody, const Vec3& world) {
  const BodyPose& pose = specPose(model, poses, specBody);
  return pose.rotation.transpose() * (world - pose.input) + specOrigin(model, specBody);
}

Momentum computeMomentum(const Model& model, const std::vector<BodyPose>& poses) {
  Momentum p;
  for (int i = 0; i < model.bodyCount(); ++i) {
    const BodyPose& pose = poses[static_cast<std::size_t>(i)];
    const CompiledBody& b = model.body(i);
    const Vec3 linear = b.mass * pose.comVelocity;
    const Mat3 inertia = pose.rotation * b.inertiaAtCom * pose.rotation.transpose();
    p.linear += linear;
    p.angular += pose.com.cross(linear) + (model.planar() ? Vec3(0.0, 0.0, inertia(2, 2) * pose.omega.z()) : Vec3(inertia * pose.omega));
    p.centreOfMass += b.mass * pose.com;
    p.mass += b.mass;
  }
  p.centreOfMass /= p.mass;
  return p;
}

Energy computeEnergy(const Model& model, const std::vector<BodyPose>& poses) {
  Energy e;
  for (int i = 0; i < model.bodyCount(); ++i) {
    const BodyPose& p = poses[static_cast<std::size_t>(i)];
    const CompiledBody& b = model.body(i);
    const Vec3 w = p.rotation.transpose() * p.omega;  // body axes
    e.kinetic += 0.5 * b.mass * p.comVelocity.squaredNorm();
    e.kinetic += model.planar() ? 0.5 * b.inertiaAtCom(2, 2) * w.z() * w.z() : 0.5 * w.dot(b.inertiaAtCom * w);
    e.potential -= b.mass * model.gravity().dot(p.com);
  }
  return e;
}

}  // namespace mstmm
