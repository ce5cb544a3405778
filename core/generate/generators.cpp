#include "core/generate/generators.hpp"

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace mstmm {

std::uint64_t Random::next() {
  std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

double Random::uniform(double lo, double hi) {
  const double unit = static_cast<double>(next() >> 11) * 0x1.0p-53;
  return lo + (hi - lo) * unit;
}

int Random::below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }

Quat randomQuaternion(Random& random) {
  // Shoemake's method: uniform on the unit 3-sphere.
  const double u1 = random.uniform(0, 1), u2 = random.uniform(0, 2 * std::numbers::pi), u3 = random.uniform(0, 2 * std::numbers::pi);
  const double a = std::sqrt(1 - u1), b = std::sqrt(u1);
  Quat q(a * std::sin(u2), a * std::cos(u2), b * std::sin(u3), b * std::cos(u3));
  if (q[0] < 0) q = -q;
  return q;
}

namespace {

// Built with += rather than label("h", k): GCC 12 raises a false
// -Wrestrict on the latter (GCC bug 105329).
std::string label(const char* prefix, int number) {
  std::string s = prefix;
  s += std::to_string(number);
  return s;
}

BodySpec makeBody(std::uint32_t id, std::string name, ShapeSpec shape, double length) {
  BodySpec b;
  b.id = BodyId{id};
  b.name = std::move(name);
  b.shape = std::move(shape);
  b.inputs = {Vec3::Zero()};
  b.output = Vec3(length, 0, 0);
  return b;
}

HingeSpec makeHinge(std::uint32_t id, std::string name, HingeType type, BodyId child,
                    std::optional<BodyId> parent, int input) {
  HingeSpec h;
  h.id = HingeId{id};
  h.name = std::move(name);
  h.type = type;
  h.child = child;
  h.parent = parent;
  h.parentInput = input;
  return h;
}

ShapeSpec rodOrCylinder(bool planar, double mass, double length, double radius) {
  ShapeSpec s;
  s.type = planar ? ShapeType::Rod : ShapeType::Cylinder;
  s.mass = mass;
  s.length = length;
  if (!planar) s.radius = radius;  // rods keep the default: a file does not store it
  return s;
}

/// Orientation with body x along the in-plane direction at angle theta.
void setAngle(BodySpec& b, bool planar, double theta) {
  if (planar) b.theta = theta;
  else b.orientation = quaternionFromAxisAngle(Vec3::UnitZ(), theta);
}

}  // namespace

ModelSpec riccatiDemo() {
  ModelSpec spec;
  spec.name = "Riccati MSTMM demonstration example (000 §5.1)";
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3(0, -9.81, 0);
  const double pi = std::numbers::pi;
  ShapeSpec rod = rodOrCylinder(true, 1.0, 1.0, 0.0);
  spec.bodies.push_back(makeBody(0, "1", rod, 1.0));
  spec.bodies.push_back(makeBody(1, "3", rod, 1.0));
  spec.bodies.push_back(makeBody(2, "5", rod, 1.0));
  BodySpec seven = makeBody(3, "7", rod, 1.0);
  seven.inputs = {Vec3::Zero(), Vec3(1, 0, 0)};  // I_1 and I_2 at the rod ends
  seven.output = Vec3(0.5, 0, 0);                // pinned at its midpoint
  spec.bodies.push_back(seven);
  for (int i = 0; i < 3; ++i) spec.bodies[static_cast<std::size_t>(i)].theta = pi / 2;
  spec.hinges.push_back(makeHinge(0, "8.1", HingeType::Pin, BodyId{0}, BodyId{3}, 0));
  spec.hinges.push_back(makeHinge(1, "4", HingeType::Pin, BodyId{1}, BodyId{2}, 0));
  spec.hinges.push_back(makeHinge(2, "8.2", HingeType::Pin, BodyId{2}, BodyId{3}, 1));
  spec.hinges.push_back(makeHinge(3, "9", HingeType::Pin, BodyId{3}, std::nullopt, 0));
  spec.simulation.endTime = 2.0;
  spec.simulation.timeStep = 1e-3;
  spec.simulation.outputEvery = 10;
  return spec;
}

ModelSpec generateChain(const ChainOptions& o) {
  if (o.bodies < 1) throw std::invalid_argument("a chain needs at least one body");
  ModelSpec spec;
  spec.name = "chain of " + std::to_string(o.bodies) + (o.planar ? " planar" : " spatial") + " bodies";
  spec.kind = o.planar ? ModelKind::Planar : ModelKind::Spatial;
  spec.bodies.reserve(static_cast<std::size_t>(o.bodies));
  spec.hinges.reserve(static_cast<std::size_t>(o.bodies));
  const HingeType joint = o.planar ? HingeType::Pin : HingeType::Ball;
  const double zigzag = 15.0 * std::numbers::pi / 180.0;
  for (int k = 1; k <= o.bodies; ++k) {
    const auto id = static_cast<std::uint32_t>(k - 1);
    BodySpec b = makeBody(id, std::to_string(k), rodOrCylinder(o.planar, o.mass, o.length, o.radius), o.length);
    if (!o.planar) b.orientation = quaternionFromAxisAngle(Vec3::UnitY(), k % 2 ? zigzag : -zigzag);
    spec.bodies.push_back(std::move(b));
    const std::optional<BodyId> parent = k < o.bodies ? std::optional<BodyId>(BodyId{id + 1}) : std::nullopt;
    spec.hinges.push_back(makeHinge(id, label("h", k), joint, BodyId{id}, parent, 0));
  }
  spec.simulation.endTime = 1.0;
  return spec;
}

ModelSpec generateBranch(const BranchOptions& o) {
  if (o.bodies < 6) throw std::invalid_argument("the branch system of 000 Fig. 1 needs at least 6 bodies (1, 3, 5, 7, 9, 11)");
  const int n = 2 * o.bodies - 1;  // the last body number N
  ModelSpec spec;
  spec.name = "branch system of 000 Fig. 1, N = " + std::to_string(n);
  spec.kind = o.planar ? ModelKind::Planar : ModelKind::Spatial;
  spec.bodies.reserve(static_cast<std::size_t>(o.bodies));
  spec.hinges.reserve(static_cast<std::size_t>(o.bodies));
  const HingeType joint = o.planar ? HingeType::Pin : HingeType::Ball;
  const double pi = std::numbers::pi;
  auto idOf = [](int number) { return static_cast<std::uint32_t>((number - 1) / 2); };
  for (int number = 1; number <= n; number += 2) {
    BodySpec b = makeBody(idOf(number), std::to_string(number), rodOrCylinder(o.planar, 1.0, 1.0, 0.05), 1.0);
    if (number == 11) {
      b.inputs = {Vec3::Zero(), Vec3(1, 0, 0)};  // the two ends
      b.output = Vec3(0.5, 0, 0);                // hangs at its midpoint
      setAngle(b, o.planar, 0.0);                // horizontal
    } else {
      setAngle(b, o.planar, pi / 2);             // vertical, input end below
    }
    spec.bodies.push_back(std::move(b));
    int parent = number + 2, input = 0;
    if (number == 3) parent = 11;
    if (number == 9) { parent = 11; input = 1; }
    const std::optional<BodyId> parentId = number == n ? std::nullopt : std::optional<BodyId>(BodyId{idOf(parent)});
    spec.hinges.push_back(makeHinge(idOf(number), std::to_string(number + 1), joint, BodyId{idOf(number)}, parentId, input));
  }
  spec.simulation.endTime = 1.0;
  return spec;
}

ModelSpec generateBinaryTree(const BinaryTreeOptions& o) {
  if (o.levels < 1 || o.levels > 20) throw std::invalid_argument("a binary tree needs 1 to 20 levels");
  ModelSpec spec;
  const int n = (1 << o.levels) - 1;
  spec.name = "binary tree of " + std::to_string(o.levels) + " levels (" + std::to_string(n) + " bodies)";
  spec.kind = o.planar ? ModelKind::Planar : ModelKind::Spatial;
  spec.bodies.reserve(static_cast<std::size_t>(n));
  spec.hinges.reserve(static_cast<std::size_t>(n));
  const HingeType joint = o.planar ? HingeType::Pin : HingeType::Ball;
  // Heap numbering: body k (1-based) holds 2k at I_1 and 2k+1 at I_2; bars
  // get shorter with depth so the levels do not collide.
  for (int k = 1; k <= n; ++k) {
    int level = 0;
    while ((2 << level) <= k) ++level;
    const double length = 2.0 * std::pow(0.6, level);
    BodySpec b = makeBody(static_cast<std::uint32_t>(k - 1), label("n", k), rodOrCylinder(o.planar, 1.0, length, 0.02), length);
    b.inputs = {Vec3::Zero(), Vec3(length, 0, 0)};
    b.output = Vec3(0.5 * length, 0.0, 0.0);
    if (!o.planar) b.orientation = quaternionFromAxisAngle(Vec3::UnitY(), k % 2 ? 0.2 : -0.2);
    spec.bodies.push_back(std::move(b));
    const std::optional<BodyId> parent = k == 1 ? std::nullopt : std::optional<BodyId>(BodyId{static_cast<std::uint32_t>(k / 2 - 1)});
    spec.hinges.push_back(makeHinge(static_cast<std::uint32_t>(k - 1), label("h", k), joint, BodyId{static_cast<std::uint32_t>(k - 1)}, parent, k % 2));
  }
  spec.simulation.endTime = 1.0;
  return spec;
}

namespace {

struct TreeBuilder {
  const RandomTreeOptions& o;
  Random random;
  ModelSpec spec;
  std::vector<bool> firstInputUsed;

  explicit TreeBuilder(const RandomTreeOptions& options) : o(options), random(options.seed) {}

  void addBody(int k) {
    const double length = random.uniform(0.3, 1.5);
    ShapeSpec shape = rodOrCylinder(o.planar, random.uniform(0.5, 2.0), length, random.uniform(0.02, 0.1));
    BodySpec b = makeBody(static_cast<std::uint32_t>(k), label("b", k), shape, length);
    if (o.planar) {
      b.theta = random.uniform(0, 2 * std::numbers::pi);
      b.thetaDot = random.uniform(-1, 1);
    } else {
      b.orientation = randomQuaternion(random);
      b.angularVelocity = Vec3(random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1));
    }
    spec.bodies.push_back(std::move(b));
    firstInputUsed.push_back(false);
  }

  void attach(int k) {
    const HingeType joint = o.planar ? HingeType::Pin : HingeType::Ball;
    const auto id = static_cast<std::uint32_t>(k);
    if (k == 0) {
      spec.hinges.push_back(makeHinge(id, "h0", joint, BodyId{0}, std::nullopt, 0));
      return;
    }
    const int p = random.below(k);
    BodySpec& parent = spec.bodies[static_cast<std::size_t>(p)];
    int input = 0;
    if (firstInputUsed[static_cast<std::size_t>(p)]) {
      const double along = random.uniform(0.0, parent.output.x());
      const double side = random.uniform(-0.05, 0.05);
      parent.inputs.push_back(Vec3(along, side, o.planar ? 0.0 : random.uniform(-0.05, 0.05)));
      input = static_cast<int>(parent.inputs.size()) - 1;
    }
    firstInputUsed[static_cast<std::size_t>(p)] = true;
    spec.hinges.push_back(makeHinge(id, label("h", k), joint, BodyId{id}, BodyId{static_cast<std::uint32_t>(p)}, input));
  }
};

}  // namespace

ModelSpec generateRandomTree(const RandomTreeOptions& o) {
  if (o.bodies < 1) throw std::invalid_argument("a tree needs at least one body");
  TreeBuilder builder(o);
  builder.spec.name = "random tree of " + std::to_string(o.bodies) + " bodies (seed " + std::to_string(o.seed) + ")";
  builder.spec.kind = o.planar ? ModelKind::Planar : ModelKind::Spatial;
  for (int k = 0; k < o.bodies; ++k) {
    builder.addBody(k);
    builder.attach(k);
  }
  builder.spec.simulation.endTime = 1.0;
  return std::move(builder.spec);
}

}  // namespace mstmm
