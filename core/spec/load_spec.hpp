#pragma once
// What the user gives for the loads and drives of a model (docs/model-format.md,
// "Loads and actuation"): force elements in hinges, joint stops, actuators,
// prescribed hinge motion, point-to-point spring-dampers and external loads
// on bodies. Nothing here is checked; validate() says what is wrong.
//
// Sign conventions: a hinge's coordinate q is the tip-side body's rotation
// (rad) or slide (m) relative to the root side, positive about/along the
// hinge axis (planar: about z). A hinge load is the generalised load that the
// hinge applies to its tip-side body, positive in the direction of q; the
// root side receives its reaction.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/spec/time_function.hpp"
#include "core/math/rotation.hpp"

namespace mstmm {

/// A spring and a damper on a hinge's free coordinate(s):
/// load = -stiffness (q - rest) - damping q' (revolute, pin, slider), or
/// moment = -stiffness phi - damping (Omega_tip - Omega_root) for a ball,
/// with phi the rotation vector of the relative rotation from its rest.
/// A characteristic replaces the linear spring: load = -f(q - rest)
/// (ball: -f(|phi|) along phi).
struct HingeSpringSpec {
  double stiffness = 0.0;  // N m/rad or N/m
  double damping = 0.0;    // N m s/rad or N s/m
  double rest = 0.0;       // rad or m
  Quat restOrientation = Quat(1.0, 0.0, 0.0, 0.0);  // ball: A_root^T A_tip at rest
  std::vector<std::pair<double, double>> characteristic;  // (deflection, load), optional
  bool operator==(const HingeSpringSpec&) const = default;

  static HingeSpringSpec linear(double stiffness, double damping, double rest = 0.0) {
    HingeSpringSpec s;
    s.stiffness = stiffness;
    s.damping = damping;
    s.rest = rest;
    return s;
  }
};

/// Limits on a revolute, pin or slider coordinate, each a stiff one-sided
/// spring-damper: past a limit by d, the load pushes back with
/// max(0, stiffness d + damping d'), so the damper never pulls.
struct HingeStopsSpec {
  std::optional<double> lower;
  std::optional<double> upper;
  double stiffness = 1e6;  // N m/rad or N/m
  double damping = 0.0;    // N m s/rad or N s/m
  bool operator==(const HingeStopsSpec&) const = default;
};

enum class ActuatorKind { Force, Servo };

/// A torque (rotational hinge) or force (slider) on the hinge coordinate:
/// given as a function of time, or a PD servo tracking a reference:
/// load = kp (r(t) - q) + kd (r'(t) - q'), limited to +-maxLoad when given.
struct HingeActuatorSpec {
  ActuatorKind kind = ActuatorKind::Force;
  TimeFunction load;       // Force: N m or N
  TimeFunction reference;  // Servo: rad or m
  double kp = 0.0;         // N m/rad or N/m
  double kd = 0.0;         // N m s/rad or N s/m
  std::optional<double> maxLoad;
  bool operator==(const HingeActuatorSpec&) const = default;

  static HingeActuatorSpec force(const TimeFunction& load) {
    HingeActuatorSpec a;
    a.load = load;
    return a;
  }
  static HingeActuatorSpec servo(const TimeFunction& reference, double kp, double kd) {
    HingeActuatorSpec a;
    a.kind = ActuatorKind::Servo;
    a.reference = reference;
    a.kp = kp;
    a.kd = kd;
    return a;
  }
};

/// The loads and drives one hinge carries. A prescribed motion makes the
/// coordinate follow q(t) (the hinge then has no degree of freedom) and
/// records the load needed to drive it.
struct HingeLoadsSpec {
  std::optional<HingeSpringSpec> spring;
  std::optional<HingeStopsSpec> stops;
  std::optional<HingeActuatorSpec> actuator;
  std::optional<TimeFunction> motion;
  /// Rotor inertia on the coordinate (kg m^2, or kg for a slide): MuJoCo's
  /// and Drake's armature, J q'' added to the coordinate's own equation
  /// (equations.md §3.8).
  double armature = 0.0;
  bool empty() const { return !spring && !stops && !actuator && !motion && armature == 0.0; }
  bool operator==(const HingeLoadsSpec&) const = default;
};

/// The loads and drives on one named coordinate of a hinge with several.
struct CoordinateLoadsSpec {
  std::string coordinate;  // hingeCoordinateNames()
  HingeLoadsSpec loads;
  bool operator==(const CoordinateLoadsSpec&) const = default;
};

/// An external force at a body point and a moment, each component a function
/// of time, in world axes or in the body's axes.
struct BodyLoadSpec {
  std::string name;
  Vec3 point = Vec3::Zero();  // in the body's frame (as its input and output ends)
  bool bodyAxes = false;
  TimeFunction force[3];      // N
  TimeFunction moment[3];     // N m
  bool operator==(const BodyLoadSpec&) const = default;
};

/// A spring-damper strut between a point of one body and a point of another
/// body or of the ground, acting along the line between them. Its tension
/// T = stiffness (L - restLength) + damping L' + preload pulls the points together.
struct SpringDamperSpec {
  std::string name;
  std::string bodyA;          // body name
  Vec3 pointA = Vec3::Zero(); // in A's frame
  std::string bodyB;          // body name; empty: the ground
  Vec3 pointB = Vec3::Zero(); // in B's frame, or the world for the ground
  double stiffness = 0.0;     // N/m
  double damping = 0.0;       // N s/m
  double restLength = 0.0;    // m
  double preload = 0.0;       // N (tension at the rest length)
  bool groundB() const { return bodyB.empty(); }
  /// A strut without preload between two bodies' points.
  static SpringDamperSpec between(std::string name, std::string bodyA, const Vec3& pointA, std::string bodyB, const Vec3& pointB, double stiffness,
                                  double damping, double restLength) {
    SpringDamperSpec s;
    s.name = std::move(name);
    s.bodyA = std::move(bodyA);
    s.pointA = pointA;
    s.bodyB = std::move(bodyB);
    s.pointB = pointB;
    s.stiffness = stiffness;
    s.damping = damping;
    s.restLength = restLength;
    return s;
  }
  bool operator==(const SpringDamperSpec&) const = default;
};

}  // namespace mstmm
