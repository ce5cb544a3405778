#pragma once
// Positions and velocities are not ODE states; they are recovered by a walk
// from the root (equations.md §5.2): r_I1 = r_O - A o', r_C = r_I1 + A c',
// r_Ik = r_I1 + A r'_k, and likewise for velocities with Omega x.

#include <vector>

#include "core/dynamics/state.hpp"

namespace mstmm {

struct BodyPose {
  Mat3 rotation = Mat3::Identity();
  Vec3 omega = Vec3::Zero();
  Vec3 input = Vec3::Zero();   // I_1
  Vec3 com = Vec3::Zero();     // C
  Vec3 output = Vec3::Zero();  // O
  Vec3 inputVelocity = Vec3::Zero();
  Vec3 comVelocity = Vec3::Zero();
  Vec3 outputVelocity = Vec3::Zero();

  /// World position of the body-frame point p' (relative to I_1).
  Vec3 point(const Vec3& bodyPoint) const { return input + rotation * bodyPoint; }
};

/// Fills one pose per body (processing order), walking from the root down.
void computePoses(const Model& model, const Eigen::VectorXd& y, std::vector<BodyPose>& poses);

/// A point given in a body's own spec frame (as the model file and the
/// editor give it, before compile() moves the origin to I_1) in world
/// coordinates, and back; `specBody` indexes ModelSpec::bodies.
Vec3 specPointToWorld(const Model& model, const std::vector<BodyPose>& poses, int specBody, const Vec3& point);
Vec3 worldToSpecPoint(const Model& model, const std::vector<BodyPose>& poses, int specBody, const Vec3& world);

/// Energies of one state. `potential` is gravity's; `spring` the potential of
/// springs, stops and struts; `work` the work put in by actuators, drivers and
/// external loads, `dissipated` the energy taken out by dampers and stops.
/// balance() = E_kin + E_grav + E_spring - W_in + E_diss is constant in exact motion.
struct Energy {
  double kinetic = 0.0;
  double potential = 0.0;
  double spring = 0.0;
  double work = 0.0;
  double dissipated = 0.0;
  double total() const { return kinetic + potential + spring; }
  double balance() const { return total() - work + dissipated; }
};

/// Linear momentum sum m v_C and angular momentum about the world origin
/// sum (r_C x m v_C + J_C Omega), world axes; the centre of mass of the whole
/// system and its total mass. Exact invariants of a free-floating system
/// without external loads (momentum), or under gravity alone (the centre of
/// mass falls on a parabola).
struct Momentum {
  Vec3 linear = Vec3::Zero();
  Vec3 angular = Vec3::Zero();
  Vec3 centreOfMass = Vec3::Zero();
  double mass = 0.0;
};
Momentum computeMomentum(const Model& model, const std::vector<BodyPose>& poses);

/// Kinetic energy 1/2 m v_C^2 + 1/2 Omega . J_C Omega and potential -m g . r_C.
Energy computeEnergy(const Model& model, const std::vector<BodyPose>& poses);

}  // namespace mstmm
