#pragma once
// Models with ground contact (issue 14, docs/contact.md): a block on an
// incline and a chain dropped onto the ground.

#include "core/spec/model_spec.hpp"

namespace mstmm {

struct InclineOptions {
  double slope = 0.5235987755982988;  // rad: the ground's angle to the horizontal (x-y plane, rising along +x)
  double staticFriction = 0.5, dynamicFriction = 0.4;
  double slipVelocity = 1e-3;  // m/s
  double mass = 1.0;           // kg: a 0.2 m x 0.1 m block
  double stiffness = 1e5;      // N/m per corner
  double damping = 500.0;      // N s/m per corner
};

/// A planar block resting on an inclined ground on two corner contacts
/// ("left", "right"), free (a free hinge to the ground), aligned with the
/// slope and pressed in by its static penetration, at rest: below the
/// friction angle it stays (creeping at v_r tan(slope) / mu_s), above it
/// slides with g (sin(slope) - mu_d cos(slope)).
ModelSpec generateBlockOnIncline(const InclineOptions& options);

/// A planar chain of `links` rods (0.2 m, 0.2 kg each, pinned end to end)
/// dropped flat from `height` above a flat ground; each rod touches the
/// ground with a 1 cm sphere at each end (linear law, with friction).
/// The chain floats (a free hinge to the ground at its first link).
ModelSpec generateDroppedChain(int links = 8, double height = 0.3);

}  // namespace mstmm
