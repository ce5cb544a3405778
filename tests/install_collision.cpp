// Linked into every test program: contacts between bodies are answered by
// FCL there, and the BDF integrator is CVODE's, as in the CLI, the studio
// and the Python module, which install both at start (docs/contact.md C8,
// stiff/cvode_bdf.hpp).
#include "collision/fcl_shape_query.hpp"
#include "stiff/cvode_bdf.hpp"

namespace {
const bool g_testsInstallFcl = [] {
  mstmm::installFclShapeQuery();
  mstmm::installCvodeBdf();
  return true;
}();
}  // namespace
