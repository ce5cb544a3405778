#pragma once
// Checks of the load elements of a spec (springs, stops, actuators, prescribed
// motion, external loads, struts), each message naming the element and field.

#include <vector>

#include "core/model/validation.hpp"

namespace mstmm {

void validateLoads(const ModelSpec& spec, std::vector<Diagnostic>& out);

}  // namespace mstmm
