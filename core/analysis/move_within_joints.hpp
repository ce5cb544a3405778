#pragma once
// Moving a body by hand while a live run is paused (issue 30.2): the point
// the user grabbed goes toward the cursor by turning and sliding only the
// hinges between the body and the ground, within their freedom, the bodies
// beyond each hinge carried along rigidly (the joint chart, equations.md
// §10.1), the whole system left at rest. Inverse kinematics by damped least
// squares on the hinge coordinates: each iteration linearises the grabbed
// point's motion about the present pose, dp = J dq with J's columns the
// hinges' motion subspaces taken at the point (v_O + omega x p), and takes
// dq = J^T (J J^T + lambda^2 I)^-1 (target - p), which stays bounded where
// the point cannot go further (a chain stretched out) instead of jumping.

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace mstmm {

struct JointMove {
  Eigen::VectorXd state;  // the new state: every rate zero; W_in and E_diss as before
  double distance = 0.0;  // how far the point is from the target after the move (m)
  int iterations = 0;
};

/// Throws mstmm::Error (Input) for a model with closed loops (its hinges
/// are not free to turn one at a time), a body index or state that does not
/// fit the model, or non-finite numbers. Prescribed hinges keep their angle.
JointMove moveWithinJoints(const Model& model, const Eigen::VectorXd& y, int body, const Vec3& point, const Vec3& target, int iterations = 30);

}  // namespace mstmm
