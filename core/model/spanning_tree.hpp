#pragma once
// The spanning tree of a topology graph that may contain closed loops
// (equations.md §6, 002 §3): every body hangs from exactly one tree hinge at its
// output end, the tree hangs from the ground by one hinge, and every other
// hinge is cut. A cut hinge becomes a pair of new boundaries: extra input
// ends of its two bodies (or one body and the ground), related by the
// supplement equations.
//
// The choice: tree hinges are taken breadth-first from the ground, so loops
// are cut far from the ground; hinges marked Keep are taken before others,
// hinges marked Cut and hinges at a child's input end are never taken.
// Separate systems in one model (issue 14) each hang from the ground by a
// root hinge of their own: the tree is then a forest. Its first root is the
// one that reaches the most bodies, as for a single system; the bodies it
// does not reach get further roots the same way.

#include <vector>

#include "core/spec/model_spec.hpp"

namespace mstmm {

struct SpanningTree {
  int rootHinge = -1;            // spec hinge from the (first) root body to the ground; -1: none
  std::vector<int> rootHinges;   // every system's root hinge, the first one first
  std::vector<int> treeHinge;    // per spec body: the spec hinge it hangs from; -1: not reached
  std::vector<bool> cut;         // per spec hinge: cut (true) or in the tree
  int reached = 0;               // bodies reached from the ground

  bool spans() const { return reached == static_cast<int>(treeHinge.size()); }
};

/// Hinges naming bodies that do not exist are ignored (validation reports them).
SpanningTree chooseSpanningTree(const ModelSpec& spec);

/// Gruebler's count (equations.md §6): the free motions of the tree's hinges,
/// less the supplement equations of each cut hinge, less nothing for a
/// prescribed (driven) hinge, which has no degree of freedom (a driven cut
/// hinge: one supplement equation more). A redundant
/// cut makes it too small. compile() and the editor both use it.
int degreesOfFreedom(const ModelSpec& spec, const SpanningTree& tree);

}  // namespace mstmm
