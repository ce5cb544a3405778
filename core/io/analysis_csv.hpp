#pragma once
// The vibration analyses as CSV (docs/results-format.md, "Modes" and
// "Frequency response"): one row per mode with its shape in the minimal
// coordinates, and one row per frequency with magnitude, decibels, phase
// and the complex value.

#include <string>
#include <vector>

#include "core/analysis/frequency_response.hpp"
#include "core/analysis/mode_table.hpp"

namespace mstmm {

/// Shapes as the motion of every tree joint coordinate (q = T x, named
/// "hinge 'h'" or "hinge 'h' rx"), so that looped models read alike.
std::string modesCsv(const Linearisation& lin, const std::vector<ModeRow>& rows);
std::string frequencyResponseCsv(const FrequencyResponse& response);

}  // namespace mstmm
