#pragma once
// A run's recorded values by the names of the results CSV
// (docs/results-format.md): "t", "<body>.x/.y/.z", ".qw/.qx/.qy/.qz",
// ".theta" (planar), ".wx/.wy/.wz", ".hinge_fx" ... ".hinge_mz",
// "<hinge>.s/.s_dot", the load channels, "energy.kinetic/.potential/.spring/
// .work/.dissipated/.total/.balance", and for a floating system
// "momentum.px/.py/.pz/.lx/.ly/.lz/.cx/.cy/.cz" (planar: px, py, lz, cx, cy).
// For study metrics and scripts.

#include <string>
#include <vector>

#include "core/sim/results.hpp"

namespace mstmm {

/// One value per recorded frame; mstmm::Error (kind Input) naming the
/// column when the model or the run has no such column.
std::vector<double> resultColumn(const Model& model, const Results& results, const std::string& name);

/// The unit of a result column as the results CSV states it ("m", "rad",
/// "rad/s", "N", "N m", "J", "kg m/s", a load channel's own, "1" for the
/// quaternion); empty for a name the model has no column of.
std::string resultColumnUnit(const Model& model, const std::string& name);

/// The momentum columns of a model with a floating root (none otherwise),
/// and their values for one frame, in the same order.
const std::vector<std::string>& momentumColumnNames(const Model& model);
std::vector<double> momentumColumnValues(const Model& model, const Momentum& momentum);

}  // namespace mstmm
