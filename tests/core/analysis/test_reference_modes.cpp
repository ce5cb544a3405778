// Every bundled example that has a state of rest: its equilibrium and modes
// through the Riccati recursion against the same through an independent
// formulation (the joint-space mass-matrix method where it applies, the
// Newton-Euler augmentation method for loops and sliding hinges):
// frequencies to 1e-8 relative, mode shapes to MAC >= 0.999999.

#include <filesystem>

#include "core/analysis/equilibrium.hpp"
#include "core/analysis/modes.hpp"
#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "tests/core/analysis/vibration_support.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm {
namespace {

using test::mac;
using test::note;

SolverKind referenceFor(const Model& model) {
  try {
    makeSolver(SolverKind::MassMatrix, std::shared_ptr<const Model>(&model, [](const Model*) {}));
    return SolverKind::MassMatrix;
  } catch (const Error&) {
    return SolverKind::NewtonEuler;
  }
}

struct Compared {
  double frequency = 0.0;  // largest relative difference of the vibration frequencies
  double mac = 1.0;        // smallest MAC of the vibration modes with distinct frequencies
  int modes = 0;
};

Compared compareModes(const std::shared_ptr<const Model>& model, const Eigen::VectorXd& state, SolverKind reference) {
  LinearisationOptions a, b;
  b.solver = reference;
  Linearisation ours(model, state, a), theirs(model, state, b);
  const LinearSystem s = ours.linearise(), r = theirs.linearise();
  const ModalAnalysis x = denseModes(s), y = denseModes(r);
  Compared c;
  for (std::size_t k = 0; k < x.undamped.size(); ++k) {
    if (x.undamped[k].rigid || y.undamped[k].rigid) continue;
    ++c.modes;
    const double w = std::abs(x.undamped[k].omegaSquared);
    c.frequency = std::max(c.frequency, std::abs(std::sqrt(w) / std::sqrt(std::abs(y.undamped[k].omegaSquared)) - 1.0));
    // A shape is defined only where its frequency is apart from the others'.
    const double gapBelow = k > 0 ? std::abs(x.undamped[k].omegaSquared - x.undamped[k - 1].omegaSquared) : w;
    const double gapAbove = k + 1 < x.undamped.size() ? std::abs(x.undamped[k + 1].omegaSquared - x.undamped[k].omegaSquared) : w;
    if (std::min(gapBelow, gapAbove) > 1e-3 * w) c.mac = std::min(c.mac, mac(x.undamped[k].shape, y.undamped[k].shape, s.mass));
  }
  return c;
}

TEST(ReferenceModes, BundledExamplesAgreeWithTheIndependentFormulation) {
  int compared = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(MSTMM_SOURCE_DIR) + "/resources/examples")) {
    const std::string name = entry.path().stem().string();
    const ModelSpec spec = loadModel(entry.path().string());
    const auto model = compile(spec);
    if (model->degreesOfFreedom() > 400) {
      note(name + ": " + std::to_string(model->degreesOfFreedom()) + " degrees of freedom, left to the O(N) path");
      continue;
    }
    EquilibriumResult eq;
    try {
      eq = findEquilibrium(model, initialState(*model));
    } catch (const Error& e) {
      note(name + ": no equilibrium (" + e.what() + ")");
      continue;
    }
    const SolverKind reference = referenceFor(*model);
    const Compared c = compareModes(model, eq.state, reference);
    note(test::text("%1: equilibrium in %2 iterations (residual %3); %4 vibration modes against %5: frequencies %6, smallest MAC %7", name, eq.iterations,
                    eq.residual, c.modes, toString(reference), c.frequency, c.mac));
    EXPECT_LE(c.frequency, 1e-8) << name;
    EXPECT_GE(c.mac, 0.999999) << name;
    ++compared;
  }
  EXPECT_GE(compared, 8);
}

}  // namespace
}  // namespace mstmm
