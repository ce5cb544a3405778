#include "core/sim/frame.hpp"

#include "core/dynamics/state.hpp"

namespace mstmm {

Energy frameEnergy(const Model& model, double t, const Eigen::VectorXd& y, const std::vector<BodyPose>& poses, AppliedLoads* loads) {
  Energy e = computeEnergy(model, poses);
  if (!loads) return e;
  loads->evaluate(t, y, &poses);
  e.kinetic += loads->armatureEnergy(y);
  e.spring = loads->potential();
  e.work = y[energyOffset(model)];
  e.dissipated = y[energyOffset(model) + 1];
  return e;
}

Frame makeFrame(const Model& model, double t, const Eigen::VectorXd& y, const SolverOutput& out, std::vector<BodyPose>& poses, AppliedLoads* loads) {
  computePoses(model, y, poses);
  Frame frame;
  frame.time = t;
  frame.model = &model;
  frame.y = &y;
  frame.out = &out;
  frame.poses = &poses;
  frame.energy = frameEnergy(model, t, y, poses, loads);
  frame.momentum = computeMomentum(model, poses);
  frame.loads = loads;
  return frame;
}

}  // namespace mstmm
