#include "core/model/massless_frames.hpp"

#include <unordered_map>

namespace mstmm {

bool isMassless(const ShapeSpec& shape) {
  if (shape.type == ShapeType::PointMasses) return false;  // each point must have mass
  if (!(shape.mass == 0.0)) return false;
  return shape.type != ShapeType::Custom || shape.inertia.isZero(0.0);
}

std::vector<bool> hingesMovingNothing(const ModelSpec& spec, const SpanningTree& tree) {
  std::unordered_map<std::uint32_t, int> index;
  for (std::size_t b = 0; b < spec.bodies.size(); ++b) index.emplace(spec.bodies[b].id.value, static_cast<int>(b));
  auto bodyOf = [&](std::optional<BodyId> id) {
    if (!id) return -1;
    auto it = index.find(id->value);
    return it == index.end() ? -1 : it->second;
  };
  const std::size_t n = spec.bodies.size();
  std::vector<int> parent(n, -1);
  for (std::size_t b = 0; b < n; ++b)
    if (const int h = tree.treeHinge[b]; h >= 0) parent[b] = bodyOf(spec.hinges[static_cast<std::size_t>(h)].parent);
  // A body carries mass if it or anything beyond it has some: marked by
  // walking up from each body that has, stopping where already marked.
  std::vector<bool> carries(n, false);
  auto markUp = [&](int b) {
    for (int guard = 0; b >= 0 && !carries[static_cast<std::size_t>(b)] && guard <= static_cast<int>(n); ++guard) {
      carries[static_cast<std::size_t>(b)] = true;
      b = parent[static_cast<std::size_t>(b)];
    }
  };
  for (std::size_t b = 0; b < n; ++b)
    if (!isMassless(spec.bodies[b].shape)) markUp(static_cast<int>(b));
  for (std::size_t h = 0; h < spec.hinges.size(); ++h)
    if (tree.cut[h]) markUp(bodyOf(spec.hinges[h].child)), markUp(bodyOf(spec.hinges[h].parent));
  std::vector<bool> undetermined(spec.hinges.size(), false);
  for (std::size_t b = 0; b < n; ++b) {
    const int h = tree.treeHinge[b];
    if (h >= 0 && !carries[b] && spec.hinges[static_cast<std::size_t>(h)].type != HingeType::Weld) undetermined[static_cast<std::size_t>(h)] = true;
  }
  return undetermined;
}

}  // namespace mstmm
