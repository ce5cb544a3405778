#pragma once
// Which hinges an implicit integrator's Newton operator takes into the
// Riccati sweep (iteration_operator.hpp, equations.md §5.4): shared by
// generalized-alpha (core/sim) and BDF (stiff/).

#include <vector>

#include "core/model/model.hpp"

namespace mstmm {

/// Per body: the beam joint across its output hinge (loads().beamJoints), or -1.
std::vector<int> beamJointOfBody(const Model& model);

/// The term body i's output hinge takes (IterationOperator::kCoordinate,
/// kBall or 0): a one-coordinate hinge with a spring, damper, stop or servo,
/// released as one axis (a planar pin once iterated); a spatial ball with a
/// spring-damper or a beam's joint; or none.
char localTerm(const Model& model, int body, const std::vector<int>& beamJointOf);

}  // namespace mstmm
