#pragma once
// What an import of another tool's model file makes (docs/interchange.md):
// the model, its actuators, and one message per element it did not take.

#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// An actuator of the imported file (an MJCF motor, a URDF joint with an
/// effort limit), made a force actuator on a hinge coordinate: its load is
/// perControl times the file's control input, which is not part of the
/// model, so the import sets it to 0 (the user gives it as a function of
/// time).
struct ImportedActuator {
  std::string name;
  int hinge = -1;          // index in ModelSpec::hinges
  std::string coordinate;  // empty: the hinge's one coordinate
  double perControl = 0.0; // force actuators: N m or N per unit of control (gear x gain)
  // Servos (MJCF position and velocity actuators): the reference (position)
  // or its rate (velocity) is offset + perControl x control, in the
  // hinge's coordinate; the import sets it for control 0.
  enum class Kind { Force, Position, Velocity } kind = Kind::Force;
  double offset = 0.0;
};

/// What an import made, and one message per element it did not take
/// ("tendon 'rope': tendons are not imported").
struct ImportResult {
  ModelSpec spec;
  std::vector<std::string> notTaken;
  std::vector<ImportedActuator> actuators;
};

}  // namespace mstmm
