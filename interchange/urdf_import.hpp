#pragma once
// URDF import through urdfdom, the ROS parser (docs/interchange.md I5).
// urdfdom reads the links, joints and visuals; tinyxml (which urdfdom is
// built on) is read alongside for the lines of the elements that are not
// taken and of XML errors.
//
// Frames: as for MJCF, each body's frame is its link frame moved to be
// parallel to the world at URDF's zero configuration, so each hinge's
// coordinate is URDF's joint position. Gravity is URDF's convention, -z.
// Depends on core, urdfdom and tinyxml only.

#include <string>

#include "interchange/import_result.hpp"

namespace mstmm {

struct UrdfOptions {
  /// Where package://NAME/... is found: PACKAGE_ROOT/NAME/... . Empty: the
  /// folders above the URDF file are searched for one called NAME.
  std::string packageRoot;
  /// The root link floats (a free hinge to the ground) instead of being
  /// fixed to the ground. A massless root link is the ground either way.
  bool floatingBase = false;
};

/// Reads a URDF file. mstmm::Error (kind Input) with the file, line and
/// element when it is not XML or urdfdom refuses it, or naming the link
/// this importer cannot represent (a massless link that moves).
ImportResult importUrdf(const std::string& path, const UrdfOptions& options = {});

/// The same for a file's contents; `path` names it in messages and is where
/// relative mesh files are looked for (the fuzz target reads from memory).
ImportResult importUrdfText(const std::string& xml, const std::string& path, const UrdfOptions& options = {});

}  // namespace mstmm
