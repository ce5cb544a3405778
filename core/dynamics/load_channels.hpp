#pragma once
// What a run records of its load elements (docs/results-format.md): per hinge
// with elements its coordinate and rate and the load of each element (spring
// with damper, stops, actuator and its power, the drive and its power), per
// strut its length and tension, per contact its forces, per beam its
// deflection, strain energy and root moments. The same list names the CSV
// columns and the plot series, in this order.

#include <string>
#include <vector>

#include "core/dynamics/applied_loads.hpp"

namespace mstmm {

struct SolverOutput;

struct LoadChannel {
  std::string name;  // "<hinge>.spring", "<strut>.tension", ...
  std::string unit;  // "N m", "N", "rad", "m", "W", ...
  std::string label; // for plots: "spring load of hinge 'pin'"
};

/// The channels of a model (empty for a model without load elements).
std::vector<LoadChannel> loadChannels(const Model& model);

/// Their values at one recorded state y: `loads` evaluated at it, `out` the
/// solver's output there (driving loads), `poses` the bodies' poses there.
/// `values` is resized to fit.
void loadChannelValues(const Model& model, const AppliedLoads& loads, const SolverOutput& out, const Eigen::VectorXd& y, const std::vector<BodyPose>& poses,
                       std::vector<double>& values);

}  // namespace mstmm
