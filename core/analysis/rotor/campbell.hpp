#pragma once
// The Campbell diagram of a rotor and what is read from it (docs/rotors.md
// R5-R6): the lowest modes over a range of speeds, each followed from one
// speed to the next by its shape (MAC), the critical speeds where a mode's
// frequency meets an order of the spin, and the speed at which a mode's
// damping first turns negative.

#include <atomic>
#include <optional>
#include <vector>

#include "core/analysis/rotor/rotor_modes.hpp"

namespace mstmm {

struct CampbellOptions {
  std::vector<double> speeds;  // rad/s, increasing, >= 0
  int modes = 6;               // followed: the lowest at the first speed
  const std::atomic<bool>* cancel = nullptr;
};

struct CampbellDiagram {
  std::vector<double> speeds;                // rad/s
  std::vector<std::vector<RotorMode>> lines; // lines[k][i]: mode k at speed i
  std::vector<std::vector<double>> mac;      // mac[k][i]: its MAC with speed i-1 (1 at i = 0)
  long linearisations = 0;
};

/// Each line starts from one of the lowest modes at the first speed and
/// goes on, at each next speed, to the mode whose shape is most like its
/// last (the pairs of largest MAC taken first).
CampbellDiagram campbellDiagram(const RotorAtSpeed& rotor, const CampbellOptions& options);

struct CriticalSpeed {
  double speed = 0.0;      // rad/s
  double frequency = 0.0;  // Hz, of the mode there (= order x speed / 2 pi)
  double order = 1.0;      // the excitation's multiple of the spin
  int line = 0;            // which line of the diagram
  Whirl whirl = Whirl::None;
  double dampingRatio = 0.0;
};

/// Where a line's damped frequency crosses order x Omega: bracketed on the
/// diagram's speeds, then found by the Illinois method on the modes
/// themselves (each step one linearisation) to 1e-12 relative.
std::vector<CriticalSpeed> criticalSpeeds(const RotorAtSpeed& rotor, const CampbellDiagram& diagram, double order = 1.0,
                                          const std::atomic<bool>* cancel = nullptr);

struct StabilityThreshold {
  double speed = 0.0;  // rad/s: the lowest speed where a line's damping ratio turns negative
  int line = 0;
  double frequency = 0.0;  // Hz, of that mode there
  Whirl whirl = Whirl::None;
};
/// The threshold within the diagram's range, found as the critical speeds
/// are; none when every line stays damped.
std::optional<StabilityThreshold> stabilityThreshold(const RotorAtSpeed& rotor, const CampbellDiagram& diagram, const std::atomic<bool>* cancel = nullptr);

}  // namespace mstmm
