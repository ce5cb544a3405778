// Fuzz target: a URDF file through the import (tinyxml, urdfdom and our
// reader), then the model check and compilation (tests/fuzz/fuzz_import.hpp).
#include "interchange/urdf_import.hpp"
#include "tests/fuzz/fuzz_import.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return mstmm::fuzz::checkImport([&] { return mstmm::importUrdfText(mstmm::fuzz::text(data, size), "/nonexistent/fuzz.urdf"); });
}
