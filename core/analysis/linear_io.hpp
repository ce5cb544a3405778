#pragma once
// Inputs and outputs of a linearised model by name (equations.md §10.5), as
// the CLI, Python and the studio give them:
//
//   inputs   HINGE or HINGE.COORD     a generalised load on the hinge's coordinate (N m or N)
//            BODY.fx .. BODY.mz       a force or moment on the body at its centre of mass, world axes
//   outputs  HINGE or HINGE.COORD     the hinge coordinate (rad or m)
//            BODY.x|y|z               the body's centre-of-mass displacement, world axes (m)
//            BODY.rx|ry|rz            its small rotation about the world axes (rad)
//
// "hinge:" or "body:" in front settles a name that both could mean.

#include <Eigen/Core>
#include <string>

#include "core/analysis/linearisation.hpp"

namespace mstmm {

struct LinearChannel {
  std::string name;
  std::string unit;
  Eigen::VectorXd vector;  // input: its generalised load F (n); output: its row c (n), y = c z
};

/// Throws mstmm::Error (kind Input) naming what is unknown and what is known.
LinearChannel linearInput(const Linearisation& lin, const std::string& name);
LinearChannel linearOutput(const Linearisation& lin, const std::string& name);

}  // namespace mstmm
