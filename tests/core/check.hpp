#pragma once
// What the core suites share beyond GoogleTest: a comparison with QCOMPARE's
// meaning for numbers (floating point equal to 1e-12 relative, as
// qFuzzyCompare; everything else by ==), text built from "%1 %2" patterns,
// informational lines that show in the test log, and a temporary folder.
// No Qt: these suites build and run where Qt is not installed.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>

namespace mstmm::test {

template <typename A, typename B>
::testing::AssertionResult sameValue(const char* aText, const char* bText, const A& a, const B& b) {
  bool same = false;
  if constexpr (std::is_floating_point_v<A> && std::is_floating_point_v<B>) {
    const double x = static_cast<double>(a), y = static_cast<double>(b);
    same = x == y || (std::isnan(x) && std::isnan(y)) || std::abs(x - y) * 1e12 <= std::min(std::abs(x), std::abs(y));
  } else {
    same = a == b;
  }
  if (same) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << aText << " is " << ::testing::PrintToString(a) << " but " << bText << " is "
                                       << ::testing::PrintToString(b);
}

/// "%1 of %2" with the arguments in order (as QString::arg).
template <typename... Args>
std::string text(const std::string& pattern, const Args&... args) {
  std::string values[] = {[](const auto& v) {
    std::ostringstream s;
    s.precision(10);
    s << v;
    return s.str();
  }(args)..., std::string()};
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9' &&
        static_cast<std::size_t>(pattern[i + 1] - '1') < sizeof...(Args)) {
      out += values[pattern[i + 1] - '1'];
      ++i;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// A line in the test log (printf format; the numbers a test measured).
inline void info(const char* format, ...) {
  std::va_list args;
  va_start(args, format);
  std::vprintf(format, args);
  va_end(args);
  std::printf("\n");
  std::fflush(stdout);
}

/// Stops the test program with a message: for helpers that cannot return
/// a failure (they compute what a test then checks).
[[noreturn]] inline void fatal(const char* format, ...) {
  std::va_list args;
  va_start(args, format);
  std::vfprintf(stderr, format, args);
  va_end(args);
  std::fprintf(stderr, "\n");
  std::abort();
}

/// A new empty folder under the system's temporary folder, removed with its contents.
class TempDir {
 public:
  TempDir() {
    std::random_device seed;
    m_path = std::filesystem::temp_directory_path() / ("mstmm-test-" + std::to_string(seed()) + std::to_string(seed()));
    std::filesystem::create_directories(m_path);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string path() const { return m_path.string(); }
  std::string filePath(const std::string& name) const { return (m_path / name).string(); }

 private:
  std::filesystem::path m_path;
};

}  // namespace mstmm::test

/// QCOMPARE's meaning: numbers equal to 1e-12 relative, anything else equal.
#define ASSERT_SAME(a, b) ASSERT_PRED_FORMAT2(::mstmm::test::sameValue, a, b)
#define EXPECT_SAME(a, b) EXPECT_PRED_FORMAT2(::mstmm::test::sameValue, a, b)
