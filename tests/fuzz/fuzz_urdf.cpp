// Fuzz target: a URDF file through the import (tinyxml, urdfdom and our
// reader), then the model check and compilation (tests/fuzz/fuzz_import.hpp),
// with the root fixed and, through the other path (a massless root's fixed
// chain merged into a floating base), with a floating base.
#include "interchange/urdf_import.hpp"
#include "tests/fuzz/fuzz_import.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = mstmm::fuzz::text(data, size);
  mstmm::UrdfOptions floating;
  floating.floatingBase = true;
  mstmm::fuzz::checkImport([&] { return mstmm::importUrdfText(text, "/nonexistent/fuzz.urdf"); });
  return mstmm::fuzz::checkImport([&] { return mstmm::importUrdfText(text, "/nonexistent/fuzz.urdf", floating); });
}
