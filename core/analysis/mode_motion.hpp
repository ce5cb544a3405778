#pragma once
// A mode shown as motion (the studio's mode animation): one period of
// z(t) = a sin(2 pi f t) x (or a complex mode's whirl), recorded as a run's frames (poses, energies,
// accelerations), so that the 3-D view and the playback show it like any run.

#include "core/analysis/linearisation.hpp"
#include "core/sim/frame.hpp"

namespace mstmm {

/// `amplitude` is the largest joint coordinate's swing (rad or m); a rigid
/// mode (frequency 0) is shown over one second.
void recordModeMotion(std::shared_ptr<const Model> model, const Linearisation& lin, const Eigen::VectorXd& shape, double amplitude, double frequency, int frames,
                      ResultSink& sink);
/// A complex mode (a whirl: every point on its orbit), one period of
/// z(t) = a Re(x e^{2 pi i f t}), `amplitude` the largest swing of Re and Im.
void recordModeMotion(std::shared_ptr<const Model> model, const Linearisation& lin, const Eigen::VectorXcd& shape, double amplitude, double frequency, int frames,
                      ResultSink& sink);

}  // namespace mstmm
