#include "core/model/spanning_tree.hpp"

#include <algorithm>
#include <unordered_map>

namespace mstmm {

namespace {

class TreeSearch {
 public:
  explicit TreeSearch(const ModelSpec& spec) : m_spec(spec), m_hangingFrom(spec.bodies.size() + 1) {
    for (std::size_t i = 0; i < spec.bodies.size(); ++i) m_index.emplace(spec.bodies[i].id.value, static_cast<int>(i));
    // Candidates grouped by the body they hang from (the ground last), Keep first.
    for (std::size_t h = 0; h < spec.hinges.size(); ++h) {
      const HingeSpec& hinge = spec.hinges[h];
      if (!hinge.atChildOutput() || hinge.cut == CutChoice::Cut || indexOf(hinge.child) < 0) continue;
      const int parent = hinge.isGround() ? ground() : indexOf(*hinge.parent);
      if (parent < 0) continue;
      m_hangingFrom[static_cast<std::size_t>(parent)].push_back(static_cast<int>(h));
    }
    for (auto& list : m_hangingFrom)
      std::stable_sort(list.begin(), list.end(), [&](int a, int b) { return keep(a) && !keep(b); });
  }

  SpanningTree best() const {
    SpanningTree forest;
    forest.treeHinge.assign(m_spec.bodies.size(), -1);
    for (;;) {  // one system after the other: the root that reaches the most of what is left
      SpanningTree best;
      for (int rootHinge : m_hangingFrom[static_cast<std::size_t>(ground())]) {
        if (forest.treeHinge[static_cast<std::size_t>(indexOf(m_spec.hinges[static_cast<std::size_t>(rootHinge)].child))] >= 0) continue;
        SpanningTree t = grow(rootHinge, forest.treeHinge);
        if (t.reached > best.reached) best = std::move(t);
      }
      if (best.reached == 0) break;
      for (std::size_t b = 0; b < best.treeHinge.size(); ++b)
        if (best.treeHinge[b] >= 0) forest.treeHinge[b] = best.treeHinge[b];
      forest.rootHinges.push_back(best.rootHinge);
      forest.reached += best.reached;
      if (forest.spans()) break;
    }
    if (!forest.rootHinges.empty()) forest.rootHinge = forest.rootHinges.front();
    forest.cut.assign(m_spec.hinges.size(), true);
    for (int h : forest.treeHinge)
      if (h >= 0) forest.cut[static_cast<std::size_t>(h)] = false;
    return forest;
  }

 private:
  int ground() const { return static_cast<int>(m_spec.bodies.size()); }
  // A sliding hinge cannot be cut (its slide is an ODE state of the tree), so
  // it takes precedence like a hinge the user marked to keep.
  bool keep(int h) const {
    const HingeSpec& hinge = m_spec.hinges[static_cast<std::size_t>(h)];
    const bool uncuttable = hingeSlideCount(hinge.type, m_spec.kind) > 0 || hinge.type == HingeType::Universal;
    return hinge.cut == CutChoice::Keep || (hinge.cut == CutChoice::Auto && uncuttable);
  }
  int indexOf(BodyId id) const {
    auto it = m_index.find(id.value);
    return it == m_index.end() ? -1 : it->second;
  }

  /// The tree from one root hinge over the bodies not `taken` by earlier systems.
  SpanningTree grow(int rootHinge, const std::vector<int>& taken) const {
    SpanningTree t;
    t.rootHinge = rootHinge;
    t.treeHinge = taken;
    std::vector<int> queue{indexOf(m_spec.hinges[static_cast<std::size_t>(rootHinge)].child)};
    t.treeHinge[static_cast<std::size_t>(queue.front())] = rootHinge;
    for (std::size_t next = 0; next < queue.size(); ++next)
      for (int h : m_hangingFrom[static_cast<std::size_t>(queue[next])]) {
        const int child = indexOf(m_spec.hinges[static_cast<std::size_t>(h)].child);
        if (t.treeHinge[static_cast<std::size_t>(child)] >= 0) continue;
        t.treeHinge[static_cast<std::size_t>(child)] = h;
        queue.push_back(child);
      }
    t.reached = static_cast<int>(queue.size());
    for (std::size_t b = 0; b < taken.size(); ++b)  // only this system's bodies
      if (taken[b] >= 0) t.treeHinge[b] = -1;
    return t;
  }

  const ModelSpec& m_spec;
  std::unordered_map<std::uint32_t, int> m_index;
  std::vector<std::vector<int>> m_hangingFrom;  // per body, and the ground last
};

}  // namespace

SpanningTree chooseSpanningTree(const ModelSpec& spec) { return TreeSearch(spec).best(); }

int degreesOfFreedom(const ModelSpec& spec, const SpanningTree& tree) {
  int dof = 0;
  for (std::size_t i = 0; i < spec.hinges.size(); ++i) {
    const HingeSpec& h = spec.hinges[i];
    if (tree.rootHinge >= 0 && tree.cut[i]) dof -= hingeConstraintCount(h.type, spec.kind) + h.prescribedCount();
    else dof += hingeDof(h.type, spec.kind) - h.prescribedCount();
  }
  return dof;
}

}  // namespace mstmm
