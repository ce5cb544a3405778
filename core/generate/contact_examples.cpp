#include "core/generate/contact_examples.hpp"

#include <cmath>

namespace mstmm {

ModelSpec generateBlockOnIncline(const InclineOptions& o) {
  ModelSpec spec;
  spec.name = "block on an incline";
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3(0.0, -9.81, 0.0);
  spec.simulation.endTime = 2.0;
  // The friction ramp below v_r is stiff (mu_s N / v_r per corner): RK4 needs a step below ~1/(that / m).
  spec.simulation.timeStep = 1e-4;
  spec.simulation.outputEvery = 10;
  const Vec3 along(std::cos(o.slope), std::sin(o.slope), 0.0), normal(-std::sin(o.slope), std::cos(o.slope), 0.0);
  spec.ground.normal = normal;
  spec.ground.direction = along;
  const double width = 0.2, height = 0.1;
  BodySpec& block = spec.addBody("block");
  block.shape.type = ShapeType::Box;
  block.shape.mass = o.mass;
  block.shape.size = Vec3(width, height, 0.1);
  block.shape.center = Vec3::Zero();
  block.output = Vec3::Zero();
  block.theta = o.slope;
  // Each corner carries half the weight's normal component at rest.
  const double sink = 0.5 * o.mass * 9.81 * std::cos(o.slope) / o.stiffness;
  HingeSpec& free = spec.addHinge("free", HingeType::Free, block.id, std::nullopt);
  free.translation = (0.5 * height - sink) * normal + 0.5 * along;
  for (const auto& [name, x] : {std::pair<const char*, double>{"left", -0.5 * width}, {"right", 0.5 * width}}) {
    ContactSpec c;
    c.name = name;
    c.body = "block";
    c.point = Vec3(x, -0.5 * height, 0.0);
    c.stiffness = o.stiffness;
    c.damping = o.damping;
    c.staticFriction = o.staticFriction;
    c.dynamicFriction = o.dynamicFriction;
    c.slipVelocity = o.slipVelocity;
    spec.contacts.push_back(c);
  }
  return spec;
}

ModelSpec generateDroppedChain(int links, double height) {
  ModelSpec spec;
  spec.name = "chain dropped on the ground";
  spec.kind = ModelKind::Planar;
  spec.gravity = Vec3(0.0, -9.81, 0.0);
  spec.simulation.endTime = 5.0;
  spec.simulation.timeStep = 2e-4;
  spec.simulation.outputEvery = 50;
  const double length = 0.2, radius = 0.01;
  std::optional<BodyId> previous;
  for (int k = 0; k < links; ++k) {
    BodySpec& b = spec.addBody("link" + std::to_string(k + 1));
    b.shape.type = ShapeType::Rod;
    b.shape.mass = 0.2;
    b.shape.length = length;
    b.inputs = {Vec3(length, 0.0, 0.0)};  // the next link hangs at the far end
    b.output = Vec3::Zero();
    b.theta = 0.3 * std::sin(1.7 * k);  // a wavy chain: it lands link by link
    const BodyId id = b.id;
    if (!previous) {
      HingeSpec& free = spec.addHinge("free", HingeType::Free, id, std::nullopt);
      free.translation = Vec3(0.0, height, 0.0);
      free.translationRate = Vec3(0.2, 0.0, 0.0);
    } else {
      spec.addHinge("pin" + std::to_string(k), HingeType::Pin, id, *previous, 0);
    }
    for (int end = 0; end < 2; ++end) {
      ContactSpec c;
      c.name = "link" + std::to_string(k + 1) + (end == 0 ? ".a" : ".b");
      c.body = spec.bodies.back().name;
      c.point = Vec3(end == 0 ? 0.0 : length, 0.0, 0.0);
      c.radius = radius;
      // Linear with about half the critical damping of a link on its two
      // spheres: Hunt-Crossley's damping vanishes with the penetration, and
      // a chain on it never settles (it keeps ringing at ~80 Hz).
      c.stiffness = 1e5;
      c.damping = 100.0;
      c.staticFriction = 0.6;
      c.dynamicFriction = 0.5;
      c.slipVelocity = 1e-2;
      spec.contacts.push_back(c);
    }
    previous = id;
  }
  return spec;
}

}  // namespace mstmm
