// `mstmm import FILE --out MODEL.json`: a model of another tool read into
// our format (docs/interchange.md). Every element the import does not take
// is named on standard error; a file the model check refuses is still
// written (it is the user's to fix), with the check's messages.

#include <filesystem>
#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/model/validation.hpp"
#include "interchange/model_import.hpp"

namespace mstmm::cli {

int importCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"out", "package-root"}, {"floating-base"});
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, "import needs one file: mstmm import FILE.urdf|FILE.xml --out MODEL.json");
  if (!a.has("out")) throw Error(ErrorKind::Input, "import needs --out MODEL.json");
  UrdfOptions urdf;
  if (a.has("package-root")) urdf.packageRoot = a.value("package-root");
  urdf.floatingBase = a.has("floating-base");
  const ImportResult r = importModelFile(a.positional().front(), urdf);
  for (const std::string& n : r.notTaken) std::cerr << "mstmm: not taken: " << n << "\n";
  int status = 0;
  for (const Diagnostic& d : validate(r.spec))
    if (d.severity == Severity::Error) {
      std::cerr << "mstmm: model check: " << d.message << "\n";
      status = 1;
    }
  saveModel(r.spec, a.value("out"));
  std::cerr << "mstmm: imported '" << r.spec.name << "' (" << r.spec.bodies.size() << " bodies, " << r.spec.hinges.size() << " hinges; "
            << r.notTaken.size() << " elements not taken) to " << a.value("out") << "\n";
  return status;
}

}  // namespace mstmm::cli
