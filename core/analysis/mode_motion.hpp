#pragma once
// A mode shown as motion (the studio's mode animation): one period of
// z(t) = a sin(2 pi f t) x, recorded as a run's frames (poses, energies,
// accelerations), so that the 3-D view and the playback show it like any run.

#include "core/analysis/linearisation.hpp"
#include "core/sim/frame.hpp"

namespace mstmm {

/// `amplitude` is the largest joint coordinate's swing (rad or m); a rigid
/// mode (frequency 0) is shown over one second.
void recordModeMotion(std::shared_ptr<const Model> model, const Linearisation& lin, const Eigen::VectorXd& shape, double amplitude, double frequency, int frames,
                      ResultSink& sink);

}  // namespace mstmm
