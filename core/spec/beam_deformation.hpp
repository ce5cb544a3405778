#pragma once
// A beam's initial deformation (equations.md §11.1), as an equilibrium
// leaves it: per joint j of its division (beam_layout.hpp), the rotation of
// the joint's tip-side piece relative to its root-side piece, that rotation's
// rate, and, when the beam stretches, the joint's stretch and its rate.
// Relative to the beam's own frame (the piece that holds its output end), so
// that turning the beam in the editor turns its deformed shape with it.
// Empty: the beam starts straight and every piece moves as the beam body.

#include <vector>

#include "core/math/rotation.hpp"

namespace mstmm {

struct BeamDeformation {
  /// Planar: each joint's angle (rad) and its rate (rad/s).
  std::vector<double> angle, angleRate;
  /// Spatial: each joint's rotation [w, x, y, z] in the root-side piece's
  /// frame, q_tip = q_root (x) rotation[j], and the relative angular velocity
  /// in that frame, Omega_tip = Omega_root + A_root rate[j] (rad/s).
  std::vector<Quat> rotation;
  std::vector<Vec3> rate;
  /// Axial beams: each joint's stretch s (m) and its rate (m/s).
  std::vector<double> stretch, stretchRate;

  bool empty() const { return angle.empty() && angleRate.empty() && rotation.empty() && rate.empty() && stretch.empty() && stretchRate.empty(); }
  bool operator==(const BeamDeformation&) const = default;
};

}  // namespace mstmm
