#pragma once
// The steady response of a rotor to its unbalances over a range of speeds
// (docs/rotors.md R7): at each speed Omega the linearisation about steady
// spin, forced by each unbalance's m e Omega^2 turning with its body,
//   (K - Omega^2 M + i Omega C) Z = sum_u V_u^T F_u,
// and the orbit of chosen points in the plane normal to the spin axis.

#include <atomic>
#include <string>
#include <vector>

#include "core/analysis/rotor/rotor_modes.hpp"

namespace mstmm {

/// A point whose orbit is wanted: a body's point in its own frame (as its
/// ends are given), or a bearing's journal point.
struct OrbitPoint {
  std::string body;
  Vec3 point = Vec3::Zero();
  std::string label;  // how tables and plots name it; empty: "body 'b'"
};

struct UnbalanceResponse {
  std::vector<double> speeds;        // rad/s
  std::vector<OrbitPoint> points;
  std::vector<std::vector<Orbit>> orbits;  // orbits[p][i]: point p at speed i, x along e1, y along e2
  Vec3 e1 = Vec3::UnitX(), e2 = Vec3::UnitY();  // the plane's axes (spinPlane)
};

/// Refused (mstmm::Error, kind Input, naming it) without unbalances, with
/// a speed < 0 or not finite, or a point on no body.
UnbalanceResponse unbalanceResponse(const RotorAtSpeed& rotor, const std::vector<double>& speeds, const std::vector<OrbitPoint>& points,
                                    const std::atomic<bool>* cancel = nullptr);

/// Each bearing's journal centre as an orbit point.
std::vector<OrbitPoint> bearingPoints(const ModelSpec& spec);

}  // namespace mstmm
