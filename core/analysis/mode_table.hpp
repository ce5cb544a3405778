#pragma once
// The modes as users read them (CLI table, Python, the studio's Natural
// Frequencies table): each undamped mode with its frequency, the damping
// ratio of the damped eigenvalue whose shape matches it best, and the
// coordinates and bodies that carry most of its kinetic energy.

#include <string>
#include <utility>
#include <vector>

#include "core/analysis/linearisation.hpp"
#include "core/analysis/modes.hpp"

namespace mstmm {

enum class ModeKind { Vibration, Rigid, Unstable };
const char* toString(ModeKind kind);

struct ModeRow {
  int number = 0;                  // 1-based, ascending frequency
  ModeKind kind = ModeKind::Vibration;
  double frequency = 0.0;          // undamped, Hz (0 for rigid and unstable modes)
  double omegaSquared = 0.0;       // rad^2/s^2
  double dampingRatio = 0.0;       // of the matching damped eigenvalue
  double dampedFrequency = 0.0;    // Hz
  std::vector<std::pair<std::string, double>> coordinates;  // name, share of the mode's kinetic energy (largest first, at most 3)
  std::vector<std::pair<int, double>> bodies;               // compiled body index, share (largest first, at most 3)
  std::vector<double> bodyShares;  // every body's share, compiled order
  /// How the body of the largest share moves (what tells bounce from pitch):
  /// its kinetic energy in the mode split exactly into translations along
  /// the world axes ("along y (vertical)": the axis gravity acts along) and
  /// turns about its principal axes, each named by the world axis nearest
  /// it ("about z"); the parts of 5 % and more, largest first. Empty on the
  /// O(N) path.
  std::vector<std::pair<std::string, double>> motion;
  Eigen::VectorXd shape;           // minimal coordinates, mass-normalised
};

/// Rows of the `count` lowest modes (all when count <= 0).
std::vector<ModeRow> modeTable(const Linearisation& lin, const LinearSystem& system, const ModalAnalysis& modes, int count = 0);

/// Rows of the O(N) path's modes (undamped: no damping ratios), shares from
/// O(N) passes (M x and the bodies' twists).
struct SweepModes;
class LinearTree;
std::vector<ModeRow> modeTable(const Linearisation& lin, const LinearTree& tree, const SweepModes& modes);

/// "h1 71%, h2 20%" and "body 'b' 60%, ..." as the CLI and the studio print them.
std::string describeCoordinates(const ModeRow& row);
std::string describeBodies(const Model& model, const ModeRow& row);
/// "'chassis' along y (vertical) 93%, about z 6%"; empty without a motion.
std::string describeMotion(const Model& model, const ModeRow& row);

}  // namespace mstmm
