// The O(N) path for large trees: the k lowest modes by Lanczos with the
// linearised Riccati sweep as shift-and-invert, and the equilibrium by
// Newton with the sweep's steps, against the dense path on models it can
// still take (frequencies to 1e-8, MAC >= 0.999999, equilibria to 1e-9),
// and the hanging chain's Bessel limit up to N = 2000.

#include <cmath>
#include <numbers>

#include "core/analysis/equilibrium.hpp"
#include "core/analysis/sweep_modes.hpp"
#include "core/analysis/vibration.hpp"
#include "core/error.hpp"
#include "core/dynamics/kinematics.hpp"
#include "tests/core/analysis/vibration_support.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm {
namespace {

using test::mac;
using test::note;

/// A planar chain of n uniform rods, `total` long and 1 kg in all, hanging straight down.
ModelSpec hangingRods(int n, double total) { return test::hangingRods(n, total / n, 1.0 / n); }

TEST(SweepModes, EqualTheDenseModesOfChainsAndBranchSystems) {
  std::vector<std::pair<std::string, ModelSpec>> models;
  ChainOptions chain;
  chain.bodies = 40;
  ModelSpec hanging = generateChain(chain);  // tilted from straight down by 0.2 rad, alternately
  for (std::size_t k = 0; k < hanging.bodies.size(); ++k)
    hanging.bodies[k].orientation =
        quaternionProduct(quaternionFromAxisAngle(Vec3::UnitX(), k % 2 ? 0.2 : -0.2), quaternionFromAxisAngle(Vec3::UnitZ(), std::numbers::pi / 2));
  models.emplace_back("40-body spatial chain", hanging);
  BranchOptions branch;
  branch.bodies = 30;
  models.emplace_back("30-body branch system", generateBranch(branch));
  branch.planar = true;
  models.emplace_back("30-body planar branch system", generateBranch(branch));
  for (const auto& [name, spec] : models) {
    const auto model = compile(spec);
    EquilibriumOptions dense, sweep;
    sweep.denseLimit = 0;  // Newton's steps from the sweep
    const EquilibriumResult a = findEquilibrium(model, initialState(*model), dense);
    const EquilibriumResult b = findEquilibrium(model, initialState(*model), sweep);
    // Where the bodies are (a thin rod's spin about its own axis is free, and
    // a planar angle counts turns): the centres of mass.
    std::vector<BodyPose> pa, pb;
    computePoses(*model, a.state, pa);
    computePoses(*model, b.state, pb);
    double states = 0.0;
    for (std::size_t k = 0; k < pa.size(); ++k) states = std::max(states, (pa[k].com - pb[k].com).norm());
    Linearisation lin(model, a.state);
    const LinearSystem s = lin.linearise();
    const ModalAnalysis reference = denseModes(s);
    const LinearTree tree(model, a.state);
    SweepModesOptions options;
    options.count = 10;
    const SweepModes modes = sweepModes(tree, options);
    double frequency = 0.0, worstMac = 1.0;
    std::size_t first = 0;
    while (reference.undamped[first].rigid) ++first;  // the rods' spins: w^2 is noise over tiny inertia
    for (std::size_t k = 0; k < modes.modes.size(); ++k) {
      const UndampedMode& x = modes.modes[k];
      if (x.rigid) continue;
      // The same mode of the reference: the nearest frequency.
      std::size_t at = first;
      for (std::size_t j = first; j < reference.undamped.size(); ++j)
        if (std::abs(reference.undamped[j].omegaSquared - x.omegaSquared) < std::abs(reference.undamped[at].omegaSquared - x.omegaSquared)) at = j;
      frequency = std::max(frequency, std::abs(x.omegaSquared / reference.undamped[at].omegaSquared - 1.0));
      const bool single = (at == 0 || reference.undamped[at - 1].omegaSquared < 0.999 * reference.undamped[at].omegaSquared) &&
                          (at + 1 == reference.undamped.size() || reference.undamped[at + 1].omegaSquared > 1.001 * reference.undamped[at].omegaSquared);
      if (single) worstMac = std::min(worstMac, mac(x.shape, reference.undamped[at].shape, s.mass));
    }
    note(test::text("%1: equilibria (dense %2 and sweep %3 iterations) differ by %4; %5 rigid and 10 vibration modes by %6 sweeps: w^2 to %7, MAC >= %8; %9 missed",
                    name, a.iterations, b.iterations, states, modes.rigid, modes.solves, frequency, worstMac, modes.missing));
    EXPECT_EQ(modes.missing, 0) << name;
    EXPECT_EQ(modes.rigid, static_cast<int>(first)) << name;
    EXPECT_LT(states, 1e-9) << name;
    EXPECT_LT(frequency, 1e-8) << name;
    EXPECT_GE(worstMac, 0.999999) << name;
  }
}

// w_k = (j0_k / 2) sqrt(g / L): the N-rod chain's error falls as 1/N^2.
TEST(SweepModes, HangingChainReachesTheBesselFrequenciesAtLargeN) {
  const double j0[3] = {2.404825557695773, 5.520078110286311, 8.653727912911013};
  double previous = 1.0;
  for (int n : {250, 500, 1000, 2000}) {
    const auto model = compile(hangingRods(n, 2.0));
    const LinearTree tree(model, initialState(*model));
    SweepModesOptions options;
    options.count = 3;
    const SweepModes modes = sweepModes(tree, options);
    double worst = 0.0;
    for (int k = 0; k < 3; ++k) worst = std::max(worst, std::abs(std::sqrt(modes.modes[static_cast<std::size_t>(k)].omegaSquared) / (0.5 * j0[k] * std::sqrt(9.81 / 2.0)) - 1.0));
    note(test::text("hanging chain N = %1 by the sweep: 3 lowest frequencies to %2 of Bessel's (order %3), %4 sweeps, %5 missed", n, worst, std::log2(previous / worst), modes.solves,
                    modes.missing));
    if (n > 250) {
      EXPECT_GT(std::log2(previous / worst), 1.9);
    }
    EXPECT_EQ(modes.missing, 0);
    EXPECT_EQ(modes.rigid, 0);
    previous = worst;
  }
  EXPECT_LT(previous, 2e-6);
}

}  // namespace
}  // namespace mstmm

namespace mstmm {
namespace {

// A cancel flag set from another thread ends an analysis at its next evaluation.
TEST(SweepModes, AnAnalysisCanBeCancelled) {
  const auto model = compile(test::hangingRods(2000, 0.001, 0.0005));
  std::atomic<bool> cancel{true};
  AnalysisRequest request;
  request.cancel = &cancel;
  request.method = AnalysisMethod::Sweep;
  request.at.kind = AnalysisPoint::Kind::Initial;
  try {
    computeModes(model, request, 5);
    FAIL() << "the analysis ran to its end";
  } catch (const Error& e) {
    EXPECT_TRUE(test::contains(e.what(), "cancelled")) << e.what();
  }
  EquilibriumOptions options;
  options.cancel = &cancel;
  const auto tilted = compile(test::hangingRods(5, 0.2, 0.1, 0.3));
  EXPECT_THROW(findEquilibrium(tilted, initialState(*tilted), options), Error);
  cancel = false;
  EXPECT_EQ(computeModes(model, request, 5).rows.size(), 5u);
}

}  // namespace
}  // namespace mstmm
