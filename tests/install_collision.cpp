// Linked into every test program: contacts between bodies are answered by
// FCL there, as in the CLI, the studio and the Python module, which install
// it at start (docs/contact.md C8).
#include "collision/fcl_shape_query.hpp"

namespace {
const bool g_testsInstallFcl = [] {
  mstmm::installFclShapeQuery();
  return true;
}();
}  // namespace
