// Fuzz target: the CSV reader of table time functions (a "csv" key in a
// model file), the one CSV the program reads.
#include <algorithm>

#include "core/io/model_json.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace mstmm;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const std::string csv = fuzz::text(data, size);
    const auto points = tablePointsFromCsv(csv, "table");
    const auto lines = static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')) + 1;
    fuzz::require(points.size() <= lines, "at most one point a line");
  } catch (const Error& e) {
    fuzz::requireMessage(e);
  }
  return 0;
}
