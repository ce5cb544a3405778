#include "core/sim/recording_budget.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include "core/model/model.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

namespace {

std::string gigabytes(double bytes) {
  return bytes >= 1e9 ? formatNumber(std::ceil(bytes / 1e8) / 10.0) + " GB" : formatNumber(std::ceil(bytes / 1e5) / 10.0) + " MB";
}

/// The stride that brings `bytes` (recorded at stride `every`) under `room`.
long long strideFor(double bytes, double room, int every) {
  return static_cast<long long>(std::ceil(bytes / std::max(room, 1.0) * every * 1.05));
}

}  // namespace

namespace {

/// The machine's available memory (MemAvailable), or all of it.
double machineMemoryBytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  double kib = 0.0;
  std::string unit;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024.0;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<double>(pages) * static_cast<double>(page) : 0.0;
}

/// What an address-space limit (ulimit -v, setrlimit RLIMIT_AS) leaves this
/// process: the limit less what it has mapped already (/proc/self/statm).
double addressSpaceLeftBytes() {
  rlimit limit{};
  if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::numeric_limits<double>::infinity();
  std::ifstream statm("/proc/self/statm");
  double pages = 0.0;
  statm >> pages;
  const double used = pages * static_cast<double>(sysconf(_SC_PAGE_SIZE));
  return std::max(0.0, static_cast<double>(limit.rlim_cur) - used);
}

}  // namespace

double availableMemoryBytes() { return std::min(machineMemoryBytes(), addressSpaceLeftBytes()); }

std::string outOfMemoryMessage(const std::string& doing, const std::string& remedy) {
  return "out of memory while " + doing + ": " + formatNumber(availableMemoryBytes() / 1e9) +
         " GB are left to this process (its memory limit, ulimit -v, included); " + remedy;
}

double freeDiskBytes(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path where = fs::absolute(path, ec);
  while (!where.empty() && !fs::exists(where, ec)) where = where.parent_path();
  const fs::space_info space = fs::space(where.empty() ? fs::path(".") : where, ec);
  return ec ? std::numeric_limits<double>::infinity() : static_cast<double>(space.available);
}

std::optional<std::string> memoryRecordingProblem(const Model& model, const SimulationSettings& settings, const RecordOptions& options,
                                                  double availableBytes) {
  if (availableBytes <= 0.0 || !settingsProblems(settings).empty()) return std::nullopt;  // unknown, or refused by simulate() anyway
  const double bytes = recordedBytes(model, settings, options);
  const double room = 0.5 * availableBytes;
  if (bytes <= room) return std::nullopt;
  const double bodies = options.bodies.empty() ? model.bodyCount() : static_cast<double>(options.bodies.size());
  return "recording " + formatNumber(static_cast<double>(recordedFrameCount(settings))) + " instants of " + formatNumber(bodies) +
         " bodies needs " + gigabytes(bytes) + " of memory, more than half of the " + gigabytes(availableBytes) +
         " this machine has available; record every " + ordinal(strideFor(bytes, room, settings.outputEvery)) +
         " step or fewer (output_every), shorten the end time, or record fewer bodies";
}

double csvBytesEstimate(const SimulationSettings& settings, int columns) {
  if (!settingsProblems(settings).empty()) return 0.0;
  return static_cast<double>(recordedFrameCount(settings)) * (25.0 * columns + 1.0);
}

std::optional<std::string> diskRecordingProblem(const SimulationSettings& settings, double bytes, double freeBytes, const std::string& path) {
  if (bytes <= freeBytes || !settingsProblems(settings).empty()) return std::nullopt;
  return "the results CSV '" + path + "' could take up to " + gigabytes(bytes) + ", more than the " + gigabytes(freeBytes) +
         " free on its disk; record every " + ordinal(strideFor(bytes, freeBytes, settings.outputEvery)) +
         " step or fewer (--every), shorten the end time (--t-end), or record fewer bodies (--bodies)";
}

}  // namespace mstmm
