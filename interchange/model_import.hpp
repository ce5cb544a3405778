#pragma once
// One entry for every import (the CLI, File > Import, a drop on the window):
// the format is told from the file's root element (<robot> URDF, <mujoco>
// MJCF), so an MJCF file named .urdf or a URDF named .xml is still read
// right (docs/interchange.md).

#include <optional>
#include <string>

#include "interchange/import_result.hpp"
#include "interchange/urdf_import.hpp"

namespace mstmm {

enum class InterchangeFormat { Mjcf, Urdf };

/// The format of an XML model file from its first element; empty when it is
/// neither (or not readable).
std::optional<InterchangeFormat> interchangeFormatOf(const std::string& path);

/// Reads a URDF or MJCF file into a ModelSpec. mstmm::Error (kind Input)
/// naming the file when it is neither, or what the importer says.
ImportResult importModelFile(const std::string& path, const UrdfOptions& urdf = {});

/// Whether a file name looks like something importModelFile reads
/// (.urdf, .xml, .mjcf), for open dialogs and drops.
bool looksImportable(const std::string& path);

}  // namespace mstmm
