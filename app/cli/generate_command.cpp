#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/generate/named_generators.hpp"
#include "core/io/model_json.hpp"
#include "core/model/model_kind_conversion.hpp"
#include "core/model/validation.hpp"

namespace mstmm::cli {

namespace {

int bodyCount(const Arguments& a, long fallback) {
  const long n = a.integer("bodies", fallback);
  if (n < 1 || n > 10000000L) throw Error(ErrorKind::Input, "--bodies must be between 1 and 10,000,000");
  return static_cast<int>(n);
}

}  // namespace

int generateCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"bodies", "seed", "out", "chain", "k", "c"}, {"planar", "tree"});
  if (a.positional().size() != 1) {
    std::string kinds;
    for (const std::string& n : generatorNames()) kinds += (kinds.empty() ? "" : ", ") + n;
    throw Error(ErrorKind::Input, "generate needs one kind: " + kinds);
  }
  const std::string kind = a.positional()[0];
  if (!a.has("out")) throw Error(ErrorKind::Input, "generate needs --out FILE.json");
  GeneratorOptions o;
  o.planar = a.has("planar");
  if (a.has("bodies")) o.bodies = bodyCount(a, 0);
  if (kind == "branch" && a.has("bodies") && o.bodies < 6) throw Error(ErrorKind::Input, "the branch system of 000 Fig. 1 needs --bodies 6 or more");
  o.seed = static_cast<std::uint64_t>(a.integer("seed", 1));
  const long chain = a.integer("chain", 0);
  if (chain < 0 || chain > 1000000L) throw Error(ErrorKind::Input, "--chain must be between 0 and 1,000,000");
  o.chainBodies = static_cast<int>(chain);
  o.tree = a.has("tree");
  if ((a.has("k") || a.has("c")) && kind != "stiff-chain") throw Error(ErrorKind::Input, "--k and --c are the hinges' spring and damper of a stiff-chain");
  o.stiffness = a.number("k", o.stiffness);
  o.damping = a.number("c", o.damping);
  const ModelSpec spec = generateNamed(kind, o);
  saveModel(spec, a.value("out"));
  std::cerr << "mstmm: wrote '" << spec.name << "' (" << spec.bodies.size() << " bodies) to " << a.value("out") << "\n";
  return 0;
}

int formatCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"out", "kind"}, {});
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, "format needs exactly one model file");
  const std::string in = a.positional()[0];
  ModelSpec spec = loadModel(in);  // loading checks the file; saving rewrites it canonically
  if (a.has("kind")) {
    const std::string kind = a.value("kind");
    if (kind != "planar" && kind != "spatial") throw Error(ErrorKind::Input, "--kind expects planar or spatial, not '" + kind + "'");
    spec = convertedToKind(spec, kind == "planar" ? ModelKind::Planar : ModelKind::Spatial);
    for (const Diagnostic& d : validate(spec))
      if (d.severity == Severity::Error) throw Error(ErrorKind::Validation, "as a " + kind + " model: " + d.message);
  }
  saveModel(spec, a.value("out", in));
  return 0;
}

}  // namespace mstmm::cli
