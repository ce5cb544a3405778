#pragma once
// Model generators shared by the CLI (`mstmm generate`), the GUI's Generate
// dialog, tests and benchmarks.

#include <cstdint>

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// The demonstration example of 000 §5.1 (topology as verified in
/// equations.md §9): rods m = 1 kg, 2a = 1 m; body 7 pinned at its midpoint,
/// body 1 hanging from one end of 7, the chain 5-3 from the other end;
/// theta_1 = theta_3 = theta_5 = pi/2, theta_7 = 0, at rest, g = 9.81 along -y.
ModelSpec riccatiDemo();

struct ChainOptions {
  int bodies = 10;
  bool planar = false;
  double length = 1.0;
  double mass = 1.0;
  double radius = 0.05;  // spatial bodies are solid cylinders
};

/// A chain of rods hanging from a pin (planar) or ball joint (spatial) at the
/// origin. Bodies are numbered as in the papers, from the free tip "1" to the
/// root "N" at the ceiling. They start horizontal along -x, at rest; spatial
/// chains zig-zag by +-15 degrees about the vertical so the motion is 3-D.
ModelSpec generateChain(const ChainOptions& options);

struct BranchOptions {
  int bodies = 500;  // 000 §5.2: 500 bodies give N = 999
  bool planar = false;
};

/// The branch system of 000 Fig. 1 / §5.2, elements numbered as the paper
/// (bodies odd, hinges even): subchains 1-3 and 5-7-9 hang from the two ends
/// of the multi-input body 11, and bodies 13 ... N form the chain up to the
/// ceiling, where body N hangs from a ball joint. Body 11 starts horizontal,
/// the others vertical. Needs at least 6 bodies.
ModelSpec generateBranch(const BranchOptions& options);

struct BinaryTreeOptions {
  int levels = 5;  // 2^levels - 1 bodies
  bool planar = false;
};

/// A balanced binary tree ("mobile"): every body is a bar hanging at its
/// midpoint with a body at each end, down to free bars at the bottom level.
/// Bars start horizontal with a small alternating tilt about the vertical so
/// the motion is 3-D. Independent subtrees of equal size make it the natural
/// case for processing subtrees in parallel.
ModelSpec generateBinaryTree(const BinaryTreeOptions& options);

struct RandomTreeOptions {
  int bodies = 20;
  std::uint64_t seed = 1;
  bool planar = false;
};

/// A random tree with multi-input bodies nested at any depth: each new body
/// hangs from a random earlier one, at its free first input or at a new input
/// end. Random lengths, masses, orientations and angular velocities.
ModelSpec generateRandomTree(const RandomTreeOptions& options);

/// A small reproducible generator (splitmix64), identical on every platform,
/// unlike the std:: distributions.
class Random {
 public:
  explicit Random(std::uint64_t seed) : m_state(seed) {}
  std::uint64_t next();
  /// Uniform in [lo, hi).
  double uniform(double lo, double hi);
  /// Uniform integer in [0, n).
  int below(int n);

 private:
  std::uint64_t m_state;
};

/// A uniformly distributed random unit quaternion.
Quat randomQuaternion(Random& random);

}  // namespace mstmm
