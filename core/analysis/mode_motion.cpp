#include "core/analysis/mode_motion.hpp"

#include <cmath>
#include <numbers>

#include "core/error.hpp"

namespace mstmm {

void recordModeMotion(std::shared_ptr<const Model> model, const Linearisation& lin, const Eigen::VectorXd& shape, double amplitude, double frequency, int frames,
                      ResultSink& sink) {
  const double largest = lin.toTree(shape).lpNorm<Eigen::Infinity>();
  if (frames < 2 || !(largest > 0.0) || !std::isfinite(amplitude)) throw Error(ErrorKind::Input, "mode motion: nothing to show (an empty shape or fewer than 2 frames)");
  const Eigen::VectorXd unit = shape / largest;
  const double period = frequency > 0.0 ? 1.0 / frequency : 1.0;
  const double w = 2.0 * std::numbers::pi / period;
  std::unique_ptr<DynamicsSolver> solver = makeSolver(SolverKind::Riccati, model);
  std::unique_ptr<AppliedLoads> loads = model->hasLoads() ? std::make_unique<AppliedLoads>(*model) : nullptr;
  SolverOutput out;
  out.resize(*model);
  std::vector<BodyPose> poses;
  Eigen::VectorXd y;
  for (int k = 0; k < frames; ++k) {
    const double t = period * k / (frames - 1);
    lin.state(amplitude * std::sin(w * t) * unit, amplitude * w * std::cos(w * t) * unit, y);
    solver->evaluate(y, out);
    sink.record(makeFrame(*model, t, y, out, poses, loads.get()));
  }
  sink.finish();
}

}  // namespace mstmm
