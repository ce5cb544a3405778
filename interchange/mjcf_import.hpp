#pragma once
// MJCF import through MuJoCo's own compiler (docs/interchange.md): the XML
// is loaded and compiled by libmujoco, so default classes, childclass,
// geom-derived inertias and <compiler> settings come out exactly as MuJoCo
// makes them, and the compiled mjModel is read into a ModelSpec.
//
// Frames: each body's frame is MuJoCo's body frame moved to be parallel to
// the world at the model's reference configuration qpos0, so every initial
// orientation is the identity and each hinge's coordinate is MuJoCo's qpos
// less qpos0 (docs/interchange.md I2). Depends on core and libmujoco only.

#include <string>
#include <vector>

#include "core/model/model_spec.hpp"

namespace mstmm {

/// A MuJoCo motor, imported as a force actuator on a hinge coordinate: its
/// load is perControl times MuJoCo's control input, which is not part of
/// the model, so the import sets it to 0 (the user gives it as a function
/// of time).
struct ImportedActuator {
  std::string name;
  int hinge = -1;          // index in ModelSpec::hinges
  std::string coordinate;  // empty: the hinge's one coordinate
  double perControl = 0.0; // N m or N per unit of control: gear x gain
};

/// What an import made, and one message per element it did not take
/// ("tendon 'rope': tendons are not imported").
struct ImportResult {
  ModelSpec spec;
  std::vector<std::string> notTaken;
  std::vector<ImportedActuator> actuators;
};

/// Reads an MJCF file. mstmm::Error (kind Input) with MuJoCo's message
/// (file, line, element) when it does not load, or naming what this
/// importer cannot represent at all.
ImportResult importMjcf(const std::string& path);

}  // namespace mstmm
