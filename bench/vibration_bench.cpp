// mstmm-vibration-bench: the 10 lowest modes of large trees by the O(N) path
// (equilibrium by Newton with the linearised sweep, then Lanczos with the
// sweep as shift-and-invert), against the dense eigenproblem at the sizes
// the dense path still takes. Prints time and peak memory; asserts nothing.
// Usage: mstmm-vibration-bench [--quick]

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numbers>

#include "core/analysis/equilibrium.hpp"
#include "core/analysis/sweep_modes.hpp"
#include "core/generate/generators.hpp"

using namespace mstmm;

namespace {

double seconds(std::chrono::steady_clock::time_point since) { return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count(); }

double peakMegabytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // kB on Linux
}

/// A planar chain of n rods, 2 m long in all, hanging straight down (its rest).
ModelSpec hangingChain(int n) {
  ModelSpec spec;
  spec.kind = ModelKind::Planar;
  std::optional<BodyId> parent;
  for (int k = 0; k < n; ++k) {
    BodySpec& b = spec.addBody(std::to_string(k + 1));
    b.shape.type = ShapeType::Rod;
    b.shape.mass = 1.0 / n;
    b.shape.length = 2.0 / n;
    b.output = Vec3(2.0 / n, 0, 0);
    b.theta = std::numbers::pi / 2;
    const BodyId id = b.id;
    spec.addHinge("h" + std::to_string(k + 1), HingeType::Pin, id, parent);
    parent = id;
  }
  return spec;
}

/// The continuous hanging chain's frequencies (Hz), (j0k / 2) sqrt(g / L)
/// with j0k the zeros of the Bessel function J0, L = 2 m.
double continuousChain(std::size_t k) {
  static const double zeros[] = {2.404825557695773, 5.520078110286311, 8.653727912911012, 11.79153443901428, 14.93091770848779};
  return zeros[k] / 2.0 * std::sqrt(9.81 / 2.0) / (2.0 * std::numbers::pi);
}

/// The lowest frequencies of the chain of n links against the continuum:
/// relative error of each, which should fall as 1/n^2.
void compareWithContinuum(int n, const SweepModes& modes) {
  std::printf("  against the continuous chain (Bessel), N = %d, relative error of modes 1-3:", n);
  std::size_t k = 0;
  for (const UndampedMode& m : modes.modes)
    if (!m.rigid && k < 3) {
      std::printf(" %.3e", std::abs(m.frequency / continuousChain(k) - 1.0));
      ++k;
    }
  std::printf("\n");
}

void sweepRun(const char* name, const ModelSpec& spec, bool equilibrium, int chainLinks = 0) {
  const auto start = std::chrono::steady_clock::now();
  const auto model = compile(spec);
  Eigen::VectorXd state = initialState(*model);
  int iterations = 0;
  if (equilibrium) {
    const EquilibriumResult eq = findEquilibrium(model, state);
    state = eq.state;
    iterations = eq.iterations;
  }
  const double equilibriumTime = seconds(start);
  const auto modesStart = std::chrono::steady_clock::now();
  const LinearTree tree(model, state);
  SweepModesOptions options;
  options.count = std::min(10, tree.size() - 1);  // the O(N) path takes fewer than all
  const SweepModes modes = sweepModes(tree, options);
  const double modesTime = seconds(modesStart);
  std::printf("%s: %d bodies, %d coordinates; equilibrium %.2f s (%d Newton iterations); %d rigid + %d modes %.2f s (%ld sweeps, %ld mass products; %d missed by the Sturm count); peak memory %.0f MB\n",
              name, model->bodyCount(), tree.size(), equilibriumTime, iterations, modes.rigid, options.count, modesTime, modes.solves, modes.massProducts, modes.missing, peakMegabytes());
  std::printf("  lowest vibration frequencies (Hz):");
  for (const UndampedMode& m : modes.modes)
    if (!m.rigid) std::printf(" %.6g", m.frequency);
  std::printf("\n");
  if (chainLinks > 0) compareWithContinuum(chainLinks, modes);
  std::fflush(stdout);
}

void denseRun(const char* name, const ModelSpec& spec) {
  const auto start = std::chrono::steady_clock::now();
  const auto model = compile(spec);
  Linearisation lin(model, initialState(*model));
  const LinearSystem s = lin.linearise();
  const double linearTime = seconds(start);
  const auto eigenStart = std::chrono::steady_clock::now();
  const ModalAnalysis modes = denseModes(s);
  std::printf("%s, dense: %d coordinates; linearisation %.2f s, eigenproblem %.2f s; peak memory %.0f MB; lowest %.6g Hz\n", name, s.size(), linearTime, seconds(eigenStart),
              peakMegabytes(), modes.undamped.front().frequency);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  for (int n : quick ? std::vector<int>{1000} : std::vector<int>{10, 100, 1000, 10000}) {
    const std::string name = "hanging chain N = " + std::to_string(n);
    sweepRun(name.c_str(), hangingChain(n), false, n);
  }
  BranchOptions branch;
  branch.bodies = quick ? 3334 : 33334;
  sweepRun(quick ? "branch system, 3,334 bodies" : "branch system, 33,334 bodies", generateBranch(branch), true);
  if (!quick) {
    denseRun("hanging chain N = 1000", hangingChain(1000));
    denseRun("hanging chain N = 2000", hangingChain(2000));
  }
  return 0;
}
