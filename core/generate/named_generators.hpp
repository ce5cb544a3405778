#pragma once
// Every generator by the name the CLI and the Python module call it
// ("chain", "branch", "quarter-car", ...), so both offer the same set.

#include <cstdint>
#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"

namespace mstmm {

struct GeneratorOptions {
  int bodies = 0;            // chain 10, branch 500, random-tree 20 when 0
  std::uint64_t seed = 1;    // random-tree
  bool planar = false;       // chain, branch, random-tree
  int chainBodies = 0;       // mixed: bodies of the extra chain (002 Fig. 9: 238)
  bool tree = false;         // mixed: leave the loop open (002 Fig. 4)
  double stiffness = 1e5;    // stiff-chain: each hinge's spring, N m/rad
  double damping = 0.1;      // stiff-chain: each hinge's damper, N m s/rad
};

/// The generator names, in the order usage texts list them.
const std::vector<std::string>& generatorNames();

/// The model the named generator builds; mstmm::Error (kind Input) for an
/// unknown name or options out of range, naming what is wrong.
ModelSpec generateNamed(const std::string& name, const GeneratorOptions& options = {});

}  // namespace mstmm
