// `mstmm export` in a build of the engine alone (MSTMM_CORE_ONLY): plots and
// 3-D images need Qt and VTK, which that build leaves out.

#include "app/cli/commands.hpp"
#include "core/error.hpp"

namespace mstmm::cli {

int exportCommand(const std::vector<std::string>&) {
  throw Error(ErrorKind::Input,
              "export needs the full build with Qt 6 and VTK (this mstmm was built with MSTMM_CORE_ONLY); "
              "simulate writes the results CSV without them");
}

}  // namespace mstmm::cli
