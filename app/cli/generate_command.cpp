#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/generate/generators.hpp"
#include "core/generate/linkages.hpp"
#include "core/generate/loaded_examples.hpp"
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
  const Arguments a(args, {"bodies", "seed", "out", "chain"}, {"planar", "tree"});
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, "generate needs one kind: chain, branch, random-tree, demo, four-bar, crank-slider, mixed, damped-double-pendulum, driven-pendulum, driven-crank-slider, servo-arm, quarter-car or stops-slider");
  const std::string kind = a.positional()[0];
  if (!a.has("out")) throw Error(ErrorKind::Input, "generate needs --out FILE.json");
  const bool planar = a.has("planar");
  ModelSpec spec;
  if (kind == "chain") {
    ChainOptions o;
    o.bodies = bodyCount(a, 10);
    o.planar = planar;
    spec = generateChain(o);
  } else if (kind == "branch") {
    const int n = bodyCount(a, 500);
    if (n < 6) throw Error(ErrorKind::Input, "the branch system of 000 Fig. 1 needs --bodies 6 or more");
    spec = generateBranch({n, planar});
  } else if (kind == "random-tree") {
    const long seed = a.integer("seed", 1);
    spec = generateRandomTree({bodyCount(a, 20), static_cast<std::uint64_t>(seed), planar});
  } else if (kind == "demo") {
    spec = riccatiDemo();
  } else if (kind == "four-bar") {
    spec = generateFourBar({});
  } else if (kind == "crank-slider") {
    spec = generateCrankSlider({});
  } else if (kind == "mixed") {
    MixedSystemOptions o;
    const long chain = a.integer("chain", 0);
    if (chain < 0 || chain > 1000000L) throw Error(ErrorKind::Input, "--chain must be between 0 and 1,000,000");
    o.chainBodies = static_cast<int>(chain);
    o.closeLoop = !a.has("tree");
    spec = generateMixedSystem(o);
  } else if (kind == "damped-double-pendulum") {
    spec = generateDampedDoublePendulum();
  } else if (kind == "driven-pendulum") {
    spec = generateDrivenPendulum();
  } else if (kind == "driven-crank-slider") {
    spec = generateDrivenCrankSlider();
  } else if (kind == "servo-arm") {
    spec = generateServoArm();
  } else if (kind == "quarter-car") {
    spec = generateQuarterCar();
  } else if (kind == "stops-slider") {
    spec = generateStopsSlider();
  } else {
    throw Error(ErrorKind::Input, "unknown kind '" + kind + "' (chain, branch, random-tree, demo, four-bar, crank-slider, mixed, damped-double-pendulum, driven-pendulum, driven-crank-slider, servo-arm, quarter-car or stops-slider)");
  }
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
