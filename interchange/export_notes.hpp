#pragma once
// What neither MJCF nor URDF holds, named once per element by both exporters.

#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// External loads on bodies, point-to-point spring-dampers, contacts and
/// initial velocities: one message each, naming the element.
void noteModelLevelLosses(const ModelSpec& spec, const std::string& format, std::vector<std::string>& notes);

}  // namespace mstmm
