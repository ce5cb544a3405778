#pragma once
// Export to MJCF and URDF (docs/interchange.md I6): what the format can
// express is written, at 17 significant digits; what it cannot is named,
// one message per element, never dropped silently. Where the format has no
// way to hold a part of the model's structure at all (a ball joint in
// URDF), the export is refused with a message naming the hinge.

#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"
#include "interchange/model_import.hpp"

namespace mstmm {

struct ExportResult {
  std::string text;                     // the file's contents
  std::vector<std::string> notWritten;  // one message per element not written, or written only in part
};

/// The MJCF of a spatial model: bodies nested along the spanning tree at
/// the initial configuration (each joint's `ref` its initial coordinate, so
/// MuJoCo's coordinates are the model's), inertias as diaginertia + quat,
/// springs, dampers, stops (range), force actuators (motors, gear 1),
/// ball and weld loop closures as equality constraints, visuals as geoms
/// that do not collide.
ExportResult exportMjcf(const ModelSpec& spec);

/// The URDF of a spatial tree of revolute, slider, weld and free hinges: a
/// massless "world" link for the ground, each link's frame at its body's
/// output end O, turned as the body is at the initial configuration (which
/// becomes URDF's zero configuration).
ExportResult exportUrdf(const ModelSpec& spec);

/// Writes one of them to `path` atomically.
ExportResult exportModelFile(const ModelSpec& spec, const std::string& path, InterchangeFormat format);

}  // namespace mstmm
