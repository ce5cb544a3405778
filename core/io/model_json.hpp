#pragma once
// Model files: JSON with a format version (docs/model-format.md).
// Reading never crashes: any malformed input becomes an mstmm::Error (Input)
// whose message names the element and the key. Saving goes through an
// AtomicFile (core/io/atomic_file.hpp): a failed save never touches the
// previous file, and a saved one keeps its mode.

#include <string>
#include <utility>
#include <vector>

#include "core/io/atomic_file.hpp"  // writeFileAtomically, which every saver here and in its users calls
#include "core/spec/model_spec.hpp"

namespace mstmm {

/// Version 2 added load elements, version 3 armature and body contacts,
/// version 4 beams (docs/model-format.md).
inline constexpr int kModelFormatVersion = 4;
/// The version a save writes: the lowest that holds the model's content.
int modelFormatVersionFor(const ModelSpec& spec);

ModelSpec modelFromJson(const std::string& text, const std::string& baseDir = "");
std::string modelToJson(const ModelSpec& spec);

ModelSpec loadModel(const std::string& path);
void saveModel(const ModelSpec& spec, const std::string& path);

/// The (t, value) rows of a two-column CSV table (',' or ';' between the
/// columns, '#' comments, an optional header row), as a table function's
/// "csv" key reads it; throws mstmm::Error (Input) naming the file and line.
std::vector<std::pair<double, double>> readTablePoints(const std::string& path);
/// The same rows from CSV text; messages start with `source`.
std::vector<std::pair<double, double>> tablePointsFromCsv(const std::string& text, const std::string& source);
/// The most rows a table may have.
inline constexpr std::size_t kMaxTableRows = 1000000;

}  // namespace mstmm
