#pragma once
// What the vibration suites share: a planar chain of uniform rods hanging
// from a pin, a sprung double pendulum, a sprung spatial chain, the modal
// assurance criterion, and a line in the test log.

#include <numbers>
#include <optional>
#include <string>

#include "core/generate/generators.hpp"
#include "core/math/rotation.hpp"
#include "core/spec/model_spec.hpp"
#include "tests/core/check.hpp"

namespace mstmm::test {

/// A planar chain of n uniform rods under g = 9.81 along -y, rod k (from the
/// root) of `length` and mass `mass + k * massStep`, tilted from straight
/// down by `tilt + k * tiltStep` rad (0: hanging at rest).
inline ModelSpec hangingRods(int n, double length, double mass, double tilt = 0.0, double massStep = 0.0, double tiltStep = 0.0) {
  ModelSpec spec;
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3(0, -9.81, 0);
  std::optional<BodyId> parent;
  for (int k = 0; k < n; ++k) {
    BodySpec& b = spec.addBody("rod" + std::to_string(k + 1));
    b.shape.type = ShapeType::Rod;
    b.shape.mass = mass + k * massStep;
    b.shape.length = length;
    b.output = Vec3(length, 0, 0);
    b.theta = std::numbers::pi / 2 + tilt + k * tiltStep;  // I below O: hanging straight down
    const BodyId id = b.id;
    spec.addHinge("pin" + std::to_string(k + 1), HingeType::Pin, id, parent);
    parent = id;
  }
  return spec;
}

/// Two uniform rods (1 kg, 0.8 m) hanging from "shoulder", "upper" above
/// "lower" joined at "elbow", each pin with a spring of 2 N m/rad at rest
/// with its rod horizontal and a damper of 0.8 N m s/rad; g = 9.81 along -y.
/// Released hanging straight down, it settles at an angle.
inline ModelSpec sprungDoublePendulum() {
  ModelSpec spec;
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3(0, -9.81, 0);
  std::optional<BodyId> parent;
  for (int k = 0; k < 2; ++k) {
    BodySpec& b = spec.addBody(k ? "lower" : "upper");
    b.shape.type = ShapeType::Rod;
    b.shape.mass = 1.0;
    b.shape.length = 0.8;
    b.output = Vec3(0.8, 0, 0);
    b.theta = std::numbers::pi / 2;
    const BodyId id = b.id;
    spec.addHinge(k ? "elbow" : "shoulder", HingeType::Pin, id, parent).loads.spring = HingeSpringSpec::linear(2.0, 0.8);
    parent = id;
  }
  return spec;
}

/// A spatial chain of `bodies` (generateChain) hanging straight down, each
/// ball hinge with a spring of 30 N m/rad and a damper of 0.4 N m s/rad at
/// rest there.
inline ModelSpec sprungHangingChain(int bodies) {
  ChainOptions o;
  o.bodies = bodies;
  ModelSpec spec = generateChain(o);
  for (HingeSpec& h : spec.hinges) h.loads.spring = HingeSpringSpec::linear(30.0, 0.4);
  for (BodySpec& b : spec.bodies) b.orientation = quaternionFromAxisAngle(Vec3::UnitZ(), std::numbers::pi / 2);
  return spec;
}

/// The modal assurance criterion of two real shapes in the metric M.
inline double mac(const Eigen::VectorXd& a, const Eigen::VectorXd& b, const Eigen::MatrixXd& m) {
  const double ab = a.dot(m * b);
  return ab * ab / (a.dot(m * a) * b.dot(m * b));
}

inline void note(const std::string& line) { info("%s", line.c_str()); }

}  // namespace mstmm::test
