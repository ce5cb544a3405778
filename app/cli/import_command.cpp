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
#include "core/message_text.hpp"
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
  int problems = 0;
  for (const Diagnostic& d : validate(r.spec))
    if (d.severity == Severity::Error) {
      std::cerr << "mstmm: model check: " << d.message << "\n";
      ++problems;
    }
  saveModel(r.spec, a.value("out"));
  // One last line says whether it worked: a file written but refused by the
  // model check is not an import that succeeded.
  const std::string what = quoted(r.spec.name) + " (" + std::to_string(r.spec.bodies.size()) + " bodies, " + std::to_string(r.spec.hinges.size()) +
                           " hinges; " + std::to_string(r.notTaken.size()) + " elements not taken)";
  if (problems > 0) {
    std::cerr << "mstmm: import failed: " << what << " was written to " << a.value("out") << ", but the model check refuses it (" << problems
              << " problem" << (problems > 1 ? "s" : "") << " above): fix them in " << a.value("out")
              << " (the studio opens it and lists them under Messages) or in " << a.positional().front() << " and import it again\n";
    return 1;
  }
  std::cerr << "mstmm: imported " << what << " to " << a.value("out") << "\n";
  return 0;
}

}  // namespace mstmm::cli
