#pragma once
// Inputs and outputs of a linearised model by name (equations.md §10.5,
// §10.8), as the CLI, Python and the studio give them:
//
//   inputs   HINGE or HINGE.COORD     a generalised load on the hinge's coordinate (N m or N)
//            BODY.fx .. BODY.mz       a force or moment on the body at its centre of mass, world axes
//            ground.x|y|z, road       the ground and all fixed to it (hinges to the ground, struts'
//                                     ground ends, the contact plane and its road) moved along a world
//                                     axis, or along the ground plane's normal: base excitation (m)
//   outputs  HINGE or HINGE.COORD     the hinge coordinate (rad or m)
//            BODY.x|y|z               the body's centre-of-mass displacement, world axes (m)
//            BODY.rx|ry|rz            its small rotation about the world axes (rad)
//            HINGE.fx .. HINGE.mz     the load the hinge's tip side exerts on its root side: force,
//                                     and moment about the hinge's point, world axes (N, N m)
//
// "hinge:" or "body:" in front settles a name that both could mean. Under a
// base excitation, body displacements are absolute (the ground's motion
// included) and hinge coordinates relative, as they are.

#include <Eigen/Core>
#include <complex>
#include <functional>
#include <string>
#include <vector>

#include "core/analysis/linearisation.hpp"

namespace mstmm {

struct LinearChannel {
  std::string name;
  std::string unit;
  /// Input: its generalised load F (n). Output: its row c (n), y = c z.
  Eigen::VectorXd vector;
  /// Input, base excitation: the world direction the ground moves along. It
  /// acts through its acceleration, as gravity would: F(w) = w^2 vector.
  Vec3 ground = Vec3::Zero();
  /// Input on a body: that body (compiled index) and the unit load's wrench
  /// (world Plucker at the origin), for the hinge loads it passes through.
  int body = -1;
  Eigen::Matrix<double, 6, 1> wrench = Eigen::Matrix<double, 6, 1>::Zero();
  /// Output, a body displacement: its world direction (a ground motion along
  /// it is added: the output is absolute).
  Vec3 translation = Vec3::Zero();
  /// Output that is no row of z (a hinge load): its complex amplitude for the
  /// response amplitudes x of z at w, per unit of the input.
  std::function<std::complex<double>(const Eigen::VectorXcd& x, double w, const LinearChannel& input)> read;
};

/// Throws mstmm::Error (kind Input) naming what is unknown and what is known.
LinearChannel linearInput(const Linearisation& lin, const std::string& name);
/// Hinge-load outputs keep `lin` to evaluate the solver: it must outlive them.
LinearChannel linearOutput(Linearisation& lin, const std::string& name);

/// The names the studio offers (others can be typed): inputs are every hinge
/// coordinate, the ground's directions (and "road" with contacts) and each
/// body's loads; outputs every hinge coordinate, each body's motions and
/// each hinge's loads. A planar model offers only its plane's components.
std::vector<std::string> linearChannelNames(const ModelSpec& spec, bool input);

/// The input's generalised load at w: F, or w^2 F for a base excitation.
Eigen::VectorXcd inputLoad(const LinearChannel& input, double w);
/// The output's amplitude per unit input, given the response x of z at w.
std::complex<double> outputValue(const LinearChannel& output, const LinearChannel& input, const Eigen::VectorXcd& x, double w);

}  // namespace mstmm
