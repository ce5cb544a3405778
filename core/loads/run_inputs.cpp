#include "core/loads/run_inputs.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/loads/compiled_loads.hpp"
#include "core/message_text.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

Perturbation massScaledPull(const Model& model, int body, const Vec3& point, const Vec3& target, double omega) {
  const double m = model.body(body).mass;
  Perturbation p;
  p.body = body;
  p.point = point;
  p.target = target;
  p.stiffness = m * omega * omega;
  p.damping = 2.0 * m * omega;
  return p;
}

// Bitwise on the controls: NaN (the model's own) must equal NaN.
bool RunInputs::operator==(const RunInputs& other) const {
  if (!(perturbation == other.perturbation) || controls.size() != other.controls.size()) return false;
  for (std::size_t i = 0; i < controls.size(); ++i)
    if (!(controls[i] == other.controls[i]) && !(std::isnan(controls[i]) && std::isnan(other.controls[i]))) return false;
  return true;
}

std::string ControlChannel::unit() const {
  if (servo) return rotational ? "rad" : "m";
  return rotational ? "N m" : "N";
}

namespace {

// The largest |load| a force actuator's function gives over its first 10 s,
// sampled every 10 ms: the scale of a slider for an actuator without a limit.
double largestActuatorLoad(const TimeCurve& load) {
  double most = 0.0;
  for (int k = 0; k <= 1000; ++k) most = std::max(most, std::abs(load.value(0.01 * k)));
  return most;
}

ControlChannel controlChannelOf(const HingeElements& e, int element) {
  ControlChannel c;
  c.name = e.name;
  c.element = element;
  c.servo = e.actuatorKind == ActuatorKind::Servo;
  c.rotational = e.rotational();
  if (c.servo) {
    const double span = c.rotational ? std::numbers::pi : 1.0;
    c.initial = e.reference.value(0.0);
    c.lower = std::isfinite(e.lower) ? e.lower : c.initial - span;
    c.upper = std::isfinite(e.upper) ? e.upper : c.initial + span;
    return c;
  }
  c.initial = e.actuatorLoad.value(0.0);
  const double reach = std::isfinite(e.maxLoad) ? e.maxLoad : std::max(1.0, 10.0 * largestActuatorLoad(e.actuatorLoad));
  c.lower = -reach;
  c.upper = reach;
  return c;
}

}  // namespace

std::vector<ControlChannel> controlChannels(const Model& model) {
  std::vector<ControlChannel> channels;
  const std::vector<HingeElements>& hinges = model.loads().hinges;
  for (std::size_t k = 0; k < hinges.size(); ++k)
    if (hinges[k].actuator) channels.push_back(controlChannelOf(hinges[k], static_cast<int>(k)));
  return channels;
}

RunInputs neutralInputs(const Model& model) {
  RunInputs inputs;
  inputs.controls.assign(controlChannels(model).size(), std::numeric_limits<double>::quiet_NaN());
  return inputs;
}

std::string inputsProblem(const Model& model, const RunInputs& inputs) {
  const std::size_t controls = controlChannels(model).size();
  if (inputs.controls.size() != controls)
    return "the run's inputs give " + std::to_string(inputs.controls.size()) + " control values; model '" + model.name() + "' has " +
           std::to_string(controls) + " actuators";
  for (std::size_t i = 0; i < controls; ++i)
    if (std::isinf(inputs.controls[i])) return "control " + std::to_string(i) + " of the run's inputs is infinite";
  const Perturbation& p = inputs.perturbation;
  if (!p.active()) return {};
  if (p.body >= model.bodyCount())
    return "the perturbation grabs body " + std::to_string(p.body) + "; model '" + model.name() + "' has " + std::to_string(model.bodyCount()) + " bodies";
  const std::string of = "the perturbation of body " + quoted(model.body(p.body).name);
  if (!p.point.allFinite() || !p.target.allFinite() || !p.torque.allFinite() || !std::isfinite(p.stiffness) || !std::isfinite(p.damping))
    return of + " holds a number that is not finite";
  if (p.stiffness < 0.0 || p.damping < 0.0)
    return of + " has a negative stiffness or damping (" + formatNumber(p.stiffness) + " N/m, " + formatNumber(p.damping) + " N s/m)";
  return {};
}

}  // namespace mstmm
