#pragma once
// Massless bodies (issue 29.1): frames without mass or inertia, such as the
// intermediate frames between several joints of one body in MJCF. A
// recursive method needs no body to have mass: it inverts, at each hinge,
// the tip side's articulated inertia projected on what the hinge leaves free
// (the release matrix D of equations.md §3.3). That block is singular when
// nothing beyond the hinge has mass or inertia; it can also be singular for
// a particular arrangement (two hinges with one axis and only a massless
// frame between them), which the release step names when it meets it.

#include <vector>

#include "core/spec/model_spec.hpp"
#include "core/model/spanning_tree.hpp"

namespace mstmm {

/// A body with neither mass nor inertia.
bool isMassless(const ShapeSpec& shape);

/// Per spec hinge: true when the hinge is in the spanning tree, leaves
/// something free (not a weld) and nothing beyond it has mass or inertia,
/// so its motion is undetermined. A body that a cut hinge touches counts
/// as carrying mass (its loop may determine it; the release step decides).
std::vector<bool> hingesMovingNothing(const ModelSpec& spec, const SpanningTree& tree);

}  // namespace mstmm
