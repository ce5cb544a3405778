#pragma once
// One recorded instant of a run, as handed to result sinks.

#include <vector>

#include "core/dynamics/kinematics.hpp"
#include "core/dynamics/applied_loads.hpp"

namespace mstmm {

struct Frame {
  double time = 0.0;
  const Model* model = nullptr;
  const Eigen::VectorXd* y = nullptr;          // ODE state
  const SolverOutput* out = nullptr;           // accelerations and hinge loads at y
  const std::vector<BodyPose>* poses = nullptr;
  Energy energy;
  /// Linear and angular momentum and the centre of mass (exact invariants of
  /// a floating system: docs/hinge-types.md H7).
  Momentum momentum;
  /// The load elements at y (models with loads; else null).
  const AppliedLoads* loads = nullptr;
};

/// The energies at (t, y), the poses at y in hand: the bodies' and, in a
/// model with load elements (`loads` not null), what those add: the
/// armatures' kinetic energy, the springs' potential, the work put in and
/// the energy dissipated (docs/loads.md L9). Evaluates `loads` at y.
Energy frameEnergy(const Model& model, double t, const Eigen::VectorXd& y, const std::vector<BodyPose>& poses, AppliedLoads* loads);

/// The one way a recorded instant is made, by a run and by a mode's
/// animation alike: the poses at y (into `poses`), the energies, the
/// momentum, and the load elements evaluated at y. `out` holds the
/// accelerations at y; the frame points into y, out, poses and loads.
Frame makeFrame(const Model& model, double t, const Eigen::VectorXd& y, const SolverOutput& out, std::vector<BodyPose>& poses, AppliedLoads* loads);

/// Receives the recorded frames of a run (in memory, streamed to a file, or
/// forwarded to a GUI). Called on the thread that runs the simulation.
class ResultSink {
 public:
  virtual ~ResultSink() = default;
  virtual void record(const Frame& frame) = 0;
  /// Called once after the last frame, also when the run failed or was cancelled.
  virtual void finish() {}
};

}  // namespace mstmm
