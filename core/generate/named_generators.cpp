#include "core/generate/named_generators.hpp"

#include "core/error.hpp"
#include "core/generate/contact_examples.hpp"
#include "core/generate/floating_examples.hpp"
#include "core/generate/generators.hpp"
#include "core/generate/linkages.hpp"
#include "core/generate/loaded_examples.hpp"
#include "core/generate/rotor_examples.hpp"
#include "core/generate/vehicle.hpp"

namespace mstmm {

const std::vector<std::string>& generatorNames() {
  static const std::vector<std::string> names{"chain",      "branch",        "random-tree",            "demo",          "four-bar",
                                              "crank-slider", "mixed",       "damped-double-pendulum", "driven-pendulum", "driven-crank-slider",
                                              "servo-arm",  "quarter-car",   "stops-slider",           "eight-body",    "eight-body-thrown", "eight-body-loaded",
                                              "cardan-shaft", "crank-slider-printed",   "incline-block", "dropped-chain",
                                              "vehicle",    "jeffcott-rotor", "overhung-rotor", "two-disk-rotor", "elastic-shaft", "friswell-5-9-1", "friswell-5-9-2", "friswell-5-9-5", "friswell-5-9-9", "stiff-chain"};
  return names;
}

namespace {

std::string nameList() {
  std::string list;
  const auto& names = generatorNames();
  for (std::size_t i = 0; i < names.size(); ++i) list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return list;
}

int bodiesOr(const GeneratorOptions& o, int fallback, int least) {
  const int n = o.bodies > 0 ? o.bodies : fallback;
  if (o.bodies < 0 || n < least || n > 1000000)
    throw Error(ErrorKind::Input, "the number of bodies must be between " + std::to_string(least) + " and 1,000,000 (got " + std::to_string(o.bodies) + ")");
  return n;
}

}  // namespace

ModelSpec generateNamed(const std::string& name, const GeneratorOptions& o) {
  if (name == "chain") {
    ChainOptions c;
    c.bodies = bodiesOr(o, 10, 1);
    c.planar = o.planar;
    return generateChain(c);
  }
  if (name == "stiff-chain") return generateStiffChain({bodiesOr(o, 50, 1), o.planar, 0.1, 0.1, 0.01}, o.stiffness, o.damping);
  if (name == "branch") return generateBranch({bodiesOr(o, 500, 6), o.planar});
  if (name == "random-tree") return generateRandomTree({bodiesOr(o, 20, 1), o.seed, o.planar});
  if (name == "demo") return riccatiDemo();
  if (name == "four-bar") return generateFourBar({});
  if (name == "crank-slider") return generateCrankSlider({});
  if (name == "mixed") {
    if (o.chainBodies < 0 || o.chainBodies > 1000000) throw Error(ErrorKind::Input, "the extra chain must have between 0 and 1,000,000 bodies");
    MixedSystemOptions m;
    m.chainBodies = o.chainBodies;
    m.closeLoop = !o.tree;
    return generateMixedSystem(m);
  }
  if (name == "damped-double-pendulum") return generateDampedDoublePendulum();
  if (name == "driven-pendulum") return generateDrivenPendulum();
  if (name == "driven-crank-slider") return generateDrivenCrankSlider();
  if (name == "servo-arm") return generateServoArm();
  if (name == "quarter-car") return generateQuarterCar();
  if (name == "stops-slider") return generateStopsSlider();
  if (name == "eight-body") return generateEightBodySystem(false);
  if (name == "eight-body-thrown") return generateEightBodySystem(true);
  if (name == "eight-body-loaded") return generateLoadedEightBodySystem();
  if (name == "cardan-shaft") return generateCardanShaft();
  if (name == "crank-slider-printed") return generateCrankSliderAsPrinted();
  if (name == "incline-block") return generateBlockOnIncline({});
  if (name == "dropped-chain") return generateDroppedChain();
  if (name == "vehicle") return generateVehicle();
  if (name == "jeffcott-rotor") return generateJeffcottRotor();
  if (name == "overhung-rotor") return generateOverhungRotor();
  if (name == "two-disk-rotor") return generateTwoDiskRotor();
  for (const int example : {1, 2, 5, 9})
    if (name == "friswell-5-9-" + std::to_string(example))
      return generateShaftRotor(friswellRotor(example, bodiesOr(o, 4 * 48, 4) / 4));  // about four bodies a piece
  if (name == "elastic-shaft") {
    ElasticShaftOptions shaft;
    shaft.pieces = bodiesOr(o, 2 * shaft.pieces, 4) / 2;  // a frame and a piece each
    return generateElasticShaftRotor(shaft);
  }
  throw Error(ErrorKind::Input, "unknown kind '" + name + "' (" + nameList() + ")");
}

}  // namespace mstmm
