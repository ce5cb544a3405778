#pragma once
// The rotor analyses for Python (docs/rotors.md, docs/python.md): dicts of
// NumPy arrays, as the other analyses give.

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"

namespace mstmm::python {

pybind11::dict campbellOf(const ModelSpec& spec, const std::string& spin, const std::vector<double>& speeds, int modes, const std::vector<double>& orders);
pybind11::dict unbalanceOf(const ModelSpec& spec, const std::string& spin, const std::vector<double>& speeds, const std::vector<std::string>& bodies);

}  // namespace mstmm::python
