#pragma once
// Which hinges an implicit integrator's Newton operator takes into the
// Riccati sweep (iteration_operator.hpp, equations.md §5.4): shared by
// generalized-alpha (core/sim) and BDF (stiff/).

#include <vector>

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace mstmm {

/// Per body: the beam joint across its output hinge (loads().beamJoints), or -1.
std::vector<int> beamJointOfBody(const Model& model);

/// The term body i's output hinge takes (IterationOperator::kCoordinate,
/// kBall or 0): a one-coordinate hinge with a spring, damper, stop or servo,
/// released as one axis (a planar pin once iterated); a spatial ball with a
/// spring-damper or a beam's joint; or none.
char localTerm(const Model& model, int body, const std::vector<int>& beamJointOf);

/// A ball's tangent at state y, on its relative rotation (world axes):
/// K = -d M/d phi and C = -d M/d phi' of its spring-damper (k I and c I,
/// the ball law's at rest, docs/loads.md) and of a beam joint across it
/// (A_root diag(k) A_root^T and A_root diag(c) A_root^T, the tangent of
/// equations.md Eq. 11.4 at phi = 0, the beam's axes being its pieces').
struct BallTangent {
  Mat3 stiffness = Mat3::Zero(), damping = Mat3::Zero();
};
BallTangent ballTangent(const Model& model, const Eigen::VectorXd& y, int body, int beamJoint);

}  // namespace mstmm
