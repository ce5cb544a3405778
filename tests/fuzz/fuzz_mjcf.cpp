// Fuzz target: an MJCF file through MuJoCo's compiler (from its virtual file
// system) and our reader of the compiled model, then the model check and
// compilation (tests/fuzz/fuzz_import.hpp). A fatal MuJoCo error must throw,
// not end the process.
#include "interchange/mjcf_import.hpp"
#include "tests/fuzz/fuzz_import.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return mstmm::fuzz::checkImport([&] { return mstmm::importMjcfText(mstmm::fuzz::text(data, size), "fuzz.xml"); });
}
