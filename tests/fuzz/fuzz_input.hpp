#pragma once
// What every fuzz target shares: the input as text, and the rule that the
// code under test may refuse an input only with an mstmm::Error that says
// something. Any other exception escapes to libFuzzer (or the replay
// driver) and is reported as a crash, as are sanitizer findings.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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

/// A file's bytes ("" when it cannot be read): what the targets that write
/// files compare.
inline std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// A new folder of this process's own for targets that write files
/// ("mstmm-fuzz-NAME-XXXXXX"): memory-backed where the machine has it
/// (/dev/shm), because every commit flushes the file and its folder to the
/// disk, which would otherwise take most of the time.
inline std::filesystem::path scratchFolder(const std::string& name) {
  std::error_code ec;
  const std::filesystem::path root = std::filesystem::is_directory("/dev/shm", ec) ? "/dev/shm" : std::filesystem::temp_directory_path();
  std::string path = (root / ("mstmm-fuzz-" + name + "-XXXXXX")).string();
  if (!::mkdtemp(path.data())) std::abort();
  static struct RemovedAtExit {
    std::vector<std::filesystem::path> folders;
    ~RemovedAtExit() {
      std::error_code ignored;
      for (const auto& f : folders) std::filesystem::remove_all(f, ignored);
    }
  } made;
  made.folders.emplace_back(path);
  return path;
}

/// An input read as a row of small choices (a binary input, not text): each
/// draw takes the next bytes; an input used up draws zeros, so that every
/// input, however short, is a whole case.
class Choices {
 public:
  Choices(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
  /// A number in [0, n) (n >= 1) from the next four bytes.
  std::uint32_t below(std::uint32_t n) {
    std::uint32_t v = 0;
    for (int k = 0; k < 4; ++k) v = (v << 8) | (m_at < m_size ? m_data[m_at++] : 0u);
    return v % n;
  }
  /// One of n cases from the next byte (n <= 256).
  unsigned pick(unsigned n) { return (m_at < m_size ? m_data[m_at++] : 0u) % n; }

 private:
  const std::uint8_t* m_data;
  std::size_t m_size;
  std::size_t m_at = 0;
};

}  // namespace mstmm::fuzz
