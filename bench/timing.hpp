#pragma once
// The benchmarks' timing rule: the median over `batches` batches of the
// seconds one call of `op` takes, each batch repeating it for at least
// `minTime` seconds; a call slower than a second is measured once (noise is
// small against it).

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

namespace mstmm::bench {

inline double secondsSince(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

inline double medianSecondsPerCall(const std::function<void()>& op, double minTime, int batches) {
  const auto first = std::chrono::steady_clock::now();
  op();  // warm up caches and the workspace
  if (secondsSince(first) > 1.0) return secondsSince(first);
  std::vector<double> perCall;
  for (int b = 0; b < batches; ++b) {
    long calls = 0;
    const auto start = std::chrono::steady_clock::now();
    double elapsed = 0;
    do {
      op();
      ++calls;
      elapsed = secondsSince(start);
    } while (elapsed < minTime);
    perCall.push_back(elapsed / static_cast<double>(calls));
  }
  std::sort(perCall.begin(), perCall.end());
  return perCall[perCall.size() / 2];
}

}  // namespace mstmm::bench
