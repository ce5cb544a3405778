#pragma once
// mstmm-bench --against dart: the same ball-jointed chains and branch systems
// built in DART (Debian's libdart-dev, DART 6.12) and in the Riccati solver,
// timed in one process, and their accelerations compared, so that the claim
// of docs/performance.md is checked on any machine. DART is an optional
// build dependency: without it the bench says so.

#include <vector>

namespace mstmm::bench {

struct SideBySideOptions {
  std::vector<int> sizes{100, 300, 1000, 33334};
  /// DART keeps, for every body, the coordinates it depends on: building a
  /// skeleton is quadratic in a chain's depth (3,000 bodies: over 2 minutes;
  /// 10,000: over 1.4 GB and still building after 4 minutes, here). Larger
  /// sizes are listed as not run.
  int largestForDart = 1000;
  double minTime = 0.2;  // seconds a timing batch runs at least
  int batches = 5;       // the median over them is reported
};

/// Prints the table; returns the process's exit code (2 when DART is absent).
int runAgainstDart(const SideBySideOptions& options);

}  // namespace mstmm::bench
