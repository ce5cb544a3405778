#pragma once
// The rotor analyses as CSV (docs/results-format.md, "Campbell diagram" and
// "Unbalance response"): one row per speed.

#include <string>
#include <vector>

#include "core/analysis/rotor/campbell.hpp"
#include "core/analysis/rotor/unbalance_response.hpp"

namespace mstmm {

/// Speed (rad/s, rpm), then per line: damped frequency (Hz), damping ratio,
/// logarithmic decrement, whirl (forward, backward, mixed, none), whirl
/// ratio and the MAC of its step; a line's gap (overdamped) is left blank.
std::string campbellCsv(const CampbellDiagram& diagram);
/// Speed (rad/s, rpm), then per point: x and y amplitude (m) and phase
/// (deg), the orbit's major and signed minor semi-axes (m).
std::string unbalanceCsv(const UnbalanceResponse& response);

}  // namespace mstmm
