#pragma once
// The ODE state of a run (equations.md §5.1), separate from the model: per body
// in processing order, planar [theta, theta'] and spatial
// [p0, p1, p2, p3, Omega_x, Omega_y, Omega_z] (unit quaternion, inertial
// angular velocity), then per slide coordinate [s, s'] (equations.md §3.3: the
// slide is not an orientation, so it follows the bodies; a free root's
// position and velocity are the three slides of its free hinge, §5.1), then, for a model
// with load elements, the input work W_in and the dissipated energy E_diss
// (their rates are the powers of the load elements, so the energy balance is
// integrated to the integrator's own order). Positions and
// velocities are not states; kinematics recovers them from the root.

#include <Eigen/Core>

#include "core/model/model.hpp"

namespace mstmm {

inline int statePerBody(const Model& model) { return model.planar() ? 2 : 7; }
/// Where the slide states begin: slider k has s at slideOffset + 2k and s' after it.
inline int slideOffset(const Model& model) { return statePerBody(model) * model.bodyCount(); }
/// Where W_in and E_diss are (models with load elements only).
inline int energyOffset(const Model& model) { return slideOffset(model) + 2 * model.sliderCount(); }
inline int stateSize(const Model& model) { return energyOffset(model) + (model.hasLoads() ? 2 : 0); }
inline double slidePosition(const Model& model, const Eigen::VectorXd& y, int slider) { return y[slideOffset(model) + 2 * slider]; }
inline double slideRate(const Model& model, const Eigen::VectorXd& y, int slider) { return y[slideOffset(model) + 2 * slider + 1]; }

/// The initial state given in the spec, in processing order.
Eigen::VectorXd initialState(const Model& model);
/// The inverse: writes the state y into the initial conditions of `spec`
/// (the spec the model was compiled from, or an edited copy with the same
/// bodies and hinges), so that initialState() of its model is y again. A
/// beam's pieces go into its body's deformation (beam_deformation.hpp).
/// Throws Error when `spec` has other bodies or hinges than the model's.
void storeInitialState(const Model& model, const Eigen::VectorXd& y, ModelSpec& spec);

/// Orientation of body i as a unit quaternion (planar: rotation about z).
Quat bodyQuaternion(const Model& model, const Eigen::VectorXd& y, int i);
/// Rotation matrix (body to inertial) of body i.
Mat3 bodyRotation(const Model& model, const Eigen::VectorXd& y, int i);
/// Inertial angular velocity of body i.
Vec3 bodyAngularVelocity(const Model& model, const Eigen::VectorXd& y, int i);

/// Renormalises every quaternion (after each integration step, equations.md §5.3).
void normaliseState(const Model& model, Eigen::VectorXd& y);

/// What one evaluation of a dynamics solver produces, per body in processing
/// order. The hinge load belongs to the hinge at the body's output end: the
/// force and moment that the tip side exerts on the root side (for the root's
/// hinge: on the ground), inertial axes.
struct SolverOutput {
  std::vector<Vec3> angularAcceleration;  // Omega'
  std::vector<Vec3> comAcceleration;      // r''_C
  std::vector<Vec3> hingeForce;
  std::vector<Vec3> hingeMoment;
  /// Loads of the cut hinges (Model::cuts()): what the root side exerts on
  /// the tip-side body at its cut end, inertial axes. Empty without loops.
  std::vector<Vec3> cutForce;
  std::vector<Vec3> cutMoment;
  /// s'' of each sliding hinge (Model::sliderCount()).
  std::vector<double> slideAcceleration;
  /// The load each prescribed hinge needs to follow its motion (on the
  /// tip side, along its coordinate), CompiledLoads::drivenElements order.
  std::vector<double> drivingLoad;
  /// nu' of each body's output hinge where it is released as one axis
  /// (IterationOperator); written only while sized (an implicit integrator
  /// sizes it), left alone otherwise.
  std::vector<double> hingeAcceleration;
  /// Models with load elements: the power put in (actuators, external loads,
  /// drivers) and the power dissipated (dampers, stops), the rates of W_in and E_diss.
  double inputPower = 0.0;
  double dissipatedPower = 0.0;
  /// Set by the caller: intermediate integrator stages need only Omega', so
  /// a solver may then leave the other three untouched.
  bool angularOnly = false;

  void resize(int bodies, int sliders = 0, int driven = 0);
  void resize(const Model& model);
  bool fits(const Model& model) const;
};

/// dy/dt for the state y given the solver's angular accelerations.
void stateDerivative(const Model& model, const Eigen::VectorXd& y, const SolverOutput& out, Eigen::VectorXd& dy);

}  // namespace mstmm
