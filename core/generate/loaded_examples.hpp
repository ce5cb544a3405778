#pragma once
// Example mechanisms with springs, dampers, stops, actuators, drives and
// struts (docs/loads.md; Examples menu and `mstmm generate`). Each starts
// from a state its hinges and drives accept.

#include "core/generate/generators.hpp"
#include "core/spec/model_spec.hpp"

namespace mstmm {

/// Two 1 m, 1 kg rods swinging under gravity with dampers of 0.05 N m s/rad
/// in both pins, released from 60 and 30 degrees.
ModelSpec generateDampedDoublePendulum();

/// A crank (0.3 m) turned by a motor at a constant 2 rad/s (a prescribed
/// pin), with a pendulum (0.6 m) swinging from its end; the motor torque is
/// recorded.
ModelSpec generateDrivenPendulum();

/// 004 Ex. 3.3's crank-slider (crank 0.2 m, rod 0.6 m, 1 kg/m, block
/// 0.5 kg) with its crank pivot "A" driven by a motor at a constant
/// 2 pi rad/s (one turn a second): A closes the loop, so the drive is one
/// more supplement equation (docs/loads.md L10); the motor torque is recorded.
/// Starts with the crank at `crankAngle` (rad), on the closed loop.
ModelSpec generateDrivenCrankSlider(double crankAngle = 0.5);

/// A three-link planar arm hanging from the ground whose three pins follow
/// sine references with PD servos (kp 50 N m/rad, kd 2 N m s/rad, torque
/// limited to 30 N m).
ModelSpec generateServoArm();

/// A quarter car: a 200 kg body on a vertical rail over a 40 kg wheel,
/// joined by 003 §2.5's strut (K = 9.16e4 N/m, D = 1.44e4 N s/m, rest length
/// 0.345 m); the wheel rides on a tyre spring (1.5e5 N/m, 300 N s/m) over a
/// road whose height is prescribed: a 5 cm step at t = 0.5 s, rising in 50 ms.
/// Starts in static equilibrium.
ModelSpec generateQuarterCar();

/// A 1 kg block sliding at 1 m/s on a horizontal rail between stops at
/// -0.5 m and +0.5 m (1e5 N/m, 20 N s/m): it bounces between them
/// (time step 0.1 ms for the stiff contact).
ModelSpec generateStopsSlider();

/// A chain of `chain.bodies` rods (generators.hpp) with a spring of
/// stiffness k (N m/rad) and a damper c (N m s/rad) in every hinge whose
/// rest is the chain's initial shape: gravity swings it slowly while its
/// hinges vibrate fast, the stiff case of docs/implicit-integration.md
/// (pins in the plane, balls in space; time step 1e-3 s for generalized-
/// alpha, integrator set to it).
ModelSpec generateStiffChain(const ChainOptions& chain, double k, double c);

}  // namespace mstmm
