// `mstmm export-model MODEL.json --out FILE [--format urdf|mjcf]`: a model
// written as URDF or MJCF (docs/interchange.md I6); the format is given or
// told from the extension of FILE (.urdf; .xml, .mjcf). Everything the
// format cannot hold is named on standard error, one line each.

#include <filesystem>
#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "interchange/model_export.hpp"

namespace mstmm::cli {

namespace {

InterchangeFormat formatOf(const Arguments& a, const std::string& out) {
  if (a.has("format")) {
    const std::string f = a.value("format");
    if (f == "urdf") return InterchangeFormat::Urdf;
    if (f == "mjcf") return InterchangeFormat::Mjcf;
    throw Error(ErrorKind::Input, "--format must be urdf or mjcf, not '" + f + "'");
  }
  const std::string extension = std::filesystem::path(out).extension().string();
  if (extension == ".urdf") return InterchangeFormat::Urdf;
  if (extension == ".xml" || extension == ".mjcf") return InterchangeFormat::Mjcf;
  throw Error(ErrorKind::Input, "export-model: give --format urdf|mjcf (the extension '" + extension + "' of --out names neither)");
}

}  // namespace

int exportModelCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"out", "format"}, {});
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, "export-model needs one model: mstmm export-model MODEL.json --out FILE.urdf|FILE.xml");
  if (!a.has("out")) throw Error(ErrorKind::Input, "export-model needs --out FILE.urdf|FILE.xml");
  const std::string out = a.value("out");
  const InterchangeFormat format = formatOf(a, out);
  const ModelSpec spec = loadModel(a.positional().front());
  const ExportResult r = exportModelFile(spec, out, format);
  for (const std::string& n : r.notWritten) std::cerr << "mstmm: not written: " << n << "\n";
  std::cerr << "mstmm: wrote '" << spec.name << "' as " << (format == InterchangeFormat::Urdf ? "URDF" : "MJCF") << " to " << out << " (" << r.notWritten.size()
            << " elements not written, or only in part)\n";
  return 0;
}

}  // namespace mstmm::cli
