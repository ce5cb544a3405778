#include "interchange/import_stops.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "core/message_text.hpp"
#include "core/model/massless_frames.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

namespace {

constexpr double kOmegaDt = 0.3;
constexpr double kDampingRatio = 0.7;

/// A body's inertia about `axis` through `point` (its own frame), or its
/// mass for a slide. Imported bodies are Custom, their inertia about the
/// centre of mass.
double inertiaAlong(const BodySpec& body, const Vec3& axis, const Vec3& point, bool slide) {
  const ShapeSpec& s = body.shape;
  if (slide) return s.mass;
  const Vec3 n = axis.normalized(), r = s.com - point;
  return n.dot(s.inertia * n) + s.mass * (r.squaredNorm() - std::pow(r.dot(n), 2));
}

void size(HingeStopsSpec& stops, double inertia, double dt) {
  const double omega = kOmegaDt / dt;
  stops.stiffness = inertia * omega * omega;
  stops.damping = 2.0 * kDampingRatio * inertia * omega;
}

}  // namespace

std::string sizeImportedStops(ModelSpec& spec) {
  const double dt = spec.simulation.timeStep;
  int count = 0;
  double softest = INFINITY, stiffest = 0.0;
  std::unordered_map<std::uint32_t, std::size_t> indexOf;  // body id -> position: bodyIndex() per hinge would be O(N^2)
  for (std::size_t k = 0; k < spec.bodies.size(); ++k) indexOf[spec.bodies[k].id.value] = k;
  // A massless frame (several joints on one body) moves nothing itself:
  // the stop sizes for the first body with mass beyond it, through the
  // frames' single tree children (imported frames start unturned, so a
  // point moves from frame to frame by their ends alone).
  std::unordered_map<std::uint32_t, const HingeSpec*> onlyChild;  // body id -> its one hinge at a child's output, or null for several
  for (const HingeSpec& h : spec.hinges)
    if (h.parent && h.atChildOutput() && h.cut != CutChoice::Cut) {
      auto [it, fresh] = onlyChild.emplace(h.parent->value, &h);
      if (!fresh) it->second = nullptr;
    }
  auto carrier = [&](const HingeSpec& h, Vec3& point) -> const BodySpec& {
    const BodySpec* body = &spec.bodies[indexOf.at(h.child.value)];
    point = body->output;
    for (std::size_t guard = 0; isMassless(body->shape) && guard < spec.bodies.size(); ++guard) {
      const auto it = onlyChild.find(body->id.value);
      if (it == onlyChild.end() || !it->second) break;
      const BodySpec& next = spec.bodies[indexOf.at(it->second->child.value)];
      point += next.output - body->inputs[static_cast<std::size_t>(it->second->parentInput)];
      body = &next;
    }
    return *body;
  };
  for (HingeSpec& h : spec.hinges) {
    Vec3 point;
    const BodySpec& child = carrier(h, point);
    auto visit = [&](HingeLoadsSpec& loads, const Vec3& axis, bool slide) {
      if (!loads.stops) return;
      size(*loads.stops, std::max(inertiaAlong(child, axis, point, slide), 1e-12), dt);
      softest = std::min(softest, loads.stops->stiffness);
      stiffest = std::max(stiffest, loads.stops->stiffness);
      ++count;
    };
    visit(h.loads, h.axis, h.type == HingeType::Slider);
    for (CoordinateLoadsSpec& c : h.coordinateLoads) {
      const bool slide = c.coordinate == "slide";
      visit(c.loads, c.coordinate == "angle2" ? h.axis2 : h.axis, slide);
    }
  }
  if (count == 0) return {};
  return std::to_string(count) + " limits become stops of stiffness " + formatNumber(softest) + " to " + formatNumber(stiffest) +
         " (N m/rad or N/m), as stiff as a step of " + formatNumber(dt) + " s resolves, damped at 0.7 of critical";
}

}  // namespace mstmm
