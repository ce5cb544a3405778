#pragma once
// What the user does to a run while it goes on (issue 30.2, 30.3): a pull on
// a grabbed body point toward the cursor, a torque on a body, and the values
// of the actuators' and servos' controls. They belong to the run, not the
// model (the model stays as drawn): the run holds one RunInputs, changes it
// only between integrator steps, and every solver's AppliedLoads reads it.
// The pull's and the torque's work is input work W_in of the energy balance
// (docs/loads.md L13).

#include <limits>
#include <string>
#include <vector>

#include "core/math/rotation.hpp"

namespace mstmm {

class Model;

/// A spring-damper from a body point to a point held in space, and a torque.
/// F = k (target - p) - c p',  applied at p;  M = torque;  power F.p' + M.Omega.
struct Perturbation {
  int body = -1;               // compiled body index; -1: nothing is pulled or turned
  Vec3 point = Vec3::Zero();   // the grabbed point in the body's frame, relative to I_1
  Vec3 target = Vec3::Zero();  // world: where the cursor holds it
  double stiffness = 0.0;      // N/m
  double damping = 0.0;        // N s/m
  Vec3 torque = Vec3::Zero();  // N m, world axes
  bool active() const { return body >= 0; }
  bool operator==(const Perturbation&) const = default;
};

/// The studio's pull: critically damped at angular frequency omega for the
/// grabbed body's mass m (k = m omega^2, c = 2 m omega), as MuJoCo's
/// simulate scales its mouse spring, so that a light link and a heavy base
/// follow the cursor alike.
Perturbation massScaledPull(const Model& model, int body, const Vec3& point, const Vec3& target, double omega = 8.0);

/// One control per actuated hinge coordinate (controlChannels()): NaN keeps
/// the model's own function of time; a number replaces it while it is set
/// (a force actuator's load, a servo's set-point with zero set-point rate).
struct RunInputs {
  Perturbation perturbation;
  std::vector<double> controls;
  bool operator==(const RunInputs& other) const;
};

/// The controls of a model: its actuators' hinge coordinates, in the order
/// of CompiledLoads::hinges.
struct ControlChannel {
  std::string name;     // the hinge (and coordinate) as messages name it
  int element = -1;     // index into CompiledLoads::hinges
  bool servo = false;   // a set-point (rad or m) rather than a load (N m or N)
  bool rotational = true;
  double lower = 0.0, upper = 0.0;  // the slider's range
  double initial = 0.0;             // the model's own value at t = 0
  std::string unit() const;
};

/// The range of a servo's set-point is its hinge's stops, or a turn either
/// way (a slide: a metre) without them; a force actuator's, its limit, or
/// ten times the largest load its function gives over its first 10 s
/// (at least 1 N m or 1 N) without one.
std::vector<ControlChannel> controlChannels(const Model& model);

/// Inputs that keep the model as drawn: no perturbation, every control NaN.
RunInputs neutralInputs(const Model& model);

/// The first thing wrong with `inputs` for `model` (a body index out of
/// range, a non-finite number, a negative stiffness, the wrong number of
/// controls), or empty.
std::string inputsProblem(const Model& model, const RunInputs& inputs);

}  // namespace mstmm
