#include "core/sim/local_terms.hpp"

#include "core/dynamics/iteration_operator.hpp"
#include "core/dynamics/state.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/model/joints/joint_model.hpp"

namespace mstmm {

std::vector<int> beamJointOfBody(const Model& model) {
  std::vector<int> of(static_cast<std::size_t>(model.bodyCount()), -1);
  for (std::size_t j = 0; j < model.loads().beamJoints.size(); ++j) of[static_cast<std::size_t>(model.loads().beamJoints[j].body)] = static_cast<int>(j);
  return of;
}

char localTerm(const Model& model, int body, const std::vector<int>& beamJointOf) {
  const HingeElements* e = model.loads().atBody(body);
  const JointRelease release = jointModel(model.hinge(body).type).in(model.kind()).release;
  if (release == JointRelease::RotationFree && !model.planar()) {
    const bool ballSpring = e && e->count == 1 && e->coordinate == HingeElements::Coordinate::Rotation && e->spring && e->armature == 0.0;
    const bool beam = beamJointOf[static_cast<std::size_t>(body)] >= 0 && !(e && e->armature != 0.0);
    return ballSpring || beam ? IterationOperator::kBall : 0;
  }
  if (!e || e->column >= 0 || e->count != 1 || e->prescribed || e->coordinate == HingeElements::Coordinate::Rotation) return 0;
  if (!(e->spring || e->stops || (e->actuator && e->actuatorKind != ActuatorKind::Force))) return 0;
  const bool oneAxis = release == JointRelease::SingleAxis || release == JointRelease::Slide || (release == JointRelease::RotationFree && model.planar());
  return oneAxis ? IterationOperator::kCoordinate : 0;
}

BallTangent ballTangent(const Model& model, const Eigen::VectorXd& y, int body, int beamJoint) {
  BallTangent t;
  if (const HingeElements* e = model.loads().atBody(body); e && e->spring) {
    const double k = e->characteristic.empty() ? e->stiffness : e->characteristic.slope(0.0);
    t.stiffness.diagonal().array() += k;
    t.damping.diagonal().array() += e->damping;
  }
  if (beamJoint >= 0) {
    const CompiledBeamJoint& joint = model.loads().beamJoints[static_cast<std::size_t>(beamJoint)];
    const Mat3 root = bodyRotation(model, y, joint.parent);
    t.stiffness += root * joint.stiffness.asDiagonal() * root.transpose();
    t.damping += root * joint.damping.asDiagonal() * root.transpose();
  }
  return t;
}

}  // namespace mstmm
