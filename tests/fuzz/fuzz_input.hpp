#pragma once
// What every fuzz target shares: the input as text, and the rule that the
// code under test may refuse an input only with an mstmm::Error that says
// something. Any other exception escapes to libFuzzer (or the replay
// driver) and is reported as a crash, as are sanitizer findings.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string>

#include "core/error.hpp"

namespace mstmm::fuzz {

inline std::string text(const std::uint8_t* data, std::size_t size) { return std::string(reinterpret_cast<const char*>(data), size); }

/// An error without a message would leave the user guessing: a finding.
inline void requireMessage(const Error& e) {
  if (std::string(e.what()).empty()) {
    std::fprintf(stderr, "an mstmm::Error without a message\n");
    std::abort();
  }
}

/// An invariant the code under test broke: a finding.
inline void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "broken invariant: %s\n", what);
  std::abort();
}

}  // namespace mstmm::fuzz
