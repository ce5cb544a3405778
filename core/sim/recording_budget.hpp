#pragma once
// Whether a run's recording fits where it goes, checked before the run from
// the same estimate the studio uses to bound its results (recordedBytes()):
// in memory (the Python module, parameter studies) against the memory the
// machine has available, or as CSV on disk (the CLI) against the free space
// of the output's file system. A run that does not fit is refused with a
// message that says what to change, instead of exhausting the machine hours
// into the run.

#include <optional>
#include <string>

#include "core/sim/results.hpp"

namespace mstmm {

/// Memory the process may still take (MemAvailable of /proc/meminfo, else the
/// physical memory; less under an address-space limit, ulimit -v, what the
/// limit leaves); 0 when unknown.
double availableMemoryBytes();

/// How a std::bad_alloc is told (docs/reliability.md R5): "out of memory
/// while DOING: X GB are left to this process (its memory limit, ulimit -v,
/// included); REMEDY".
std::string outOfMemoryMessage(const std::string& doing, const std::string& remedy);

/// Free bytes on the file system of `path` (its folder when it does not
/// exist yet); infinity when unknown.
double freeDiskBytes(const std::string& path);

/// Why recording this run in memory does not fit in half of
/// `availableBytes` (the rest is the program's and the system's), or none.
std::optional<std::string> memoryRecordingProblem(const Model& model, const SimulationSettings& settings, const RecordOptions& options,
                                                  double availableBytes);

/// An upper estimate of a results CSV's size: every number at its longest
/// shortest-round-trip text (24 characters and a separator).
double csvBytesEstimate(const SimulationSettings& settings, int columns);

/// Why a CSV of `bytes` does not fit in the `freeBytes` of `path`, or none.
std::optional<std::string> diskRecordingProblem(const SimulationSettings& settings, double bytes, double freeBytes, const std::string& path);

}  // namespace mstmm
