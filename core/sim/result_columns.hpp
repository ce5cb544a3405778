#pragma once
// A run's recorded values by the names of the results CSV
// (docs/results-format.md): "t", "<body>.x/.y/.z", ".qw/.qx/.qy/.qz",
// ".theta" (planar), ".wx/.wy/.wz", ".hinge_fx" ... ".hinge_mz",
// "<hinge>.s/.s_dot", the load channels, "energy.kinetic/.potential/.spring/
// .work/.dissipated/.total/.balance". For study metrics and scripts.

#include <string>
#include <vector>

#include "core/sim/results.hpp"

namespace mstmm {

/// One value per recorded frame; mstmm::Error (kind Input) naming the
/// column when the model or the run has no such column.
std::vector<double> resultColumn(const Model& model, const Results& results, const std::string& name);

}  // namespace mstmm
