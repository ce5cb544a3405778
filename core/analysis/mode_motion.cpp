#include "core/analysis/mode_motion.hpp"

#include <cmath>
#include <complex>
#include <numbers>

#include "core/error.hpp"

namespace mstmm {

namespace {

// One period of z(t) = a Re(x e^{i w t}) with x scaled so that the largest
// tree coordinate's swing is a, recorded frame by frame.
void recordPeriod(std::shared_ptr<const Model> model, const Linearisation& lin, const Eigen::VectorXcd& shape, double amplitude, double frequency, int frames,
                  ResultSink& sink) {
  const double largest = std::max(lin.toTree(shape.real()).lpNorm<Eigen::Infinity>(), lin.toTree(shape.imag()).lpNorm<Eigen::Infinity>());
  if (frames < 2 || !(largest > 0.0) || !std::isfinite(amplitude)) throw Error(ErrorKind::Input, "mode motion: nothing to show (an empty shape or fewer than 2 frames)");
  const Eigen::VectorXcd unit = shape / largest;
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
    const std::complex<double> phase = std::polar(1.0, w * t);
    const Eigen::VectorXcd z = amplitude * phase * unit;
    lin.state(z.real(), (std::complex<double>(0.0, w) * z).real(), y);
    solver->evaluate(y, out);
    sink.record(makeFrame(*model, t, y, out, poses, loads.get()));
  }
  sink.finish();
}

}  // namespace

// a sin(w t) x = a Re(-i x e^{i w t}).
void recordModeMotion(std::shared_ptr<const Model> model, const Linearisation& lin, const Eigen::VectorXd& shape, double amplitude, double frequency, int frames,
                      ResultSink& sink) {
  recordPeriod(std::move(model), lin, std::complex<double>(0.0, -1.0) * shape.cast<std::complex<double>>(), amplitude, frequency, frames, sink);
}

void recordModeMotion(std::shared_ptr<const Model> model, const Linearisation& lin, const Eigen::VectorXcd& shape, double amplitude, double frequency, int frames,
                      ResultSink& sink) {
  recordPeriod(std::move(model), lin, shape, amplitude, frequency, frames, sink);
}

}  // namespace mstmm
