#include "render/load_arrows.hpp"

#include <algorithm>
#include <cmath>

#include "core/loads/compiled_loads.hpp"

namespace mstmm::render {

namespace {

struct Force {
  Vec3 point, force;
  bool betweenBodies = false;  // a contact of two bodies: the reaction acts on the other
};

std::vector<Force> forcesAt(const Model& model, const std::vector<BodyState>& states, double t) {
  std::vector<Force> out;
  for (const CompiledBodyLoad& l : model.loads().bodyLoads) {
    const BodyState& s = states[static_cast<std::size_t>(l.body)];
    const Mat3 r = rotationFromQuaternion(s.orientation);
    Vec3 f(l.force[0].value(t), l.force[1].value(t), l.force[2].value(t));
    if (l.bodyAxes) f = r * f;
    out.push_back({s.input + r * l.point, f});
  }
  return out;
}

/// Shaft and head of an arrow from `tail` to `head`, its head in the plane
/// of the view's usual axes.
void addArrow(const Model& model, const Vec3& tail, const Vec3& head, std::vector<Trail>& arrows) {
  const double l = (head - tail).norm();
  const Vec3 u = (head - tail) / l;
  const Vec3 across = model.planar() ? Vec3::UnitZ() : Vec3::UnitY();
  Vec3 side = across.cross(u);
  if (side.norm() < 1e-6) side = Vec3::UnitX().cross(u);
  side.normalize();
  const Vec3 headBase = head - 0.25 * l * u;
  arrows.push_back(Trail{{tail, head}});
  arrows.push_back(Trail{{headBase + 0.12 * l * side, head, headBase - 0.12 * l * side}});
}

}  // namespace

double contactArrowLength(const std::vector<BodyState>& states, double minimum) {
  if (states.empty()) return minimum;
  Vec3 lo = states.front().input, hi = lo;
  for (const BodyState& s : states) lo = lo.cwiseMin(s.input), hi = hi.cwiseMax(s.input);
  return std::max(minimum, 2.0 * (hi - lo).norm());
}

double arrowLength(const Model& model) {
  std::vector<double> lengths;
  for (const CompiledBody& b : model.bodies()) lengths.push_back(b.output.norm());
  if (lengths.empty()) return 0.3;
  std::nth_element(lengths.begin(), lengths.begin() + static_cast<std::ptrdiff_t>(lengths.size() / 2), lengths.end());
  const double median = lengths[lengths.size() / 2];
  return median > 0.0 ? 0.5 * median : 0.3;
}

std::vector<Trail> loadArrows(const Model& model, const std::vector<BodyState>& states, double t, double length) {
  const std::vector<Force> forces = forcesAt(model, states, t);
  double largest = 0.0;
  for (const Force& f : forces) largest = std::max(largest, f.force.norm());
  std::vector<Trail> arrows;
  if (largest <= 0.0) return arrows;
  for (const Force& f : forces) {  // each ends at the point it pushes on
    const double magnitude = f.force.norm();
    if (magnitude <= 1e-9 * largest) continue;
    addArrow(model, f.point - length * f.force / largest, f.point, arrows);
  }
  return arrows;
}

std::vector<Trail> contactArrows(const Model& model, const Results& results, double t, double length) {
  std::vector<Trail> arrows;
  const int frames = results.frameCount();
  if (results.contactCount() == 0 || frames == 0) return arrows;
  const auto after = std::upper_bound(results.times().begin(), results.times().end(), t);
  const int f1 = std::clamp(static_cast<int>(after - results.times().begin()), 1, std::max(1, frames - 1));
  const int f0 = std::max(0, f1 - 1), f = std::min(f1, frames - 1);
  const double span = results.time(f) - results.time(f0);
  const double w = span > 0.0 ? std::clamp((t - results.time(f0)) / span, 0.0, 1.0) : 1.0;
  std::vector<Force> forces;
  double largest = 0.0;
  for (int k = 0; k < results.contactCount(); ++k) {
    const Results::ContactForce a = results.contactForce(f0, k), b = results.contactForce(f, k);
    if (a.force.isZero() && b.force.isZero()) continue;  // apart at both instants
    // A contact that begins or ends between the instants acts where it acts.
    const Vec3 point = a.force.isZero() ? b.point : b.force.isZero() ? a.point : (1.0 - w) * a.point + w * b.point;
    forces.push_back({point, (1.0 - w) * a.force + w * b.force, k >= static_cast<int>(model.loads().contacts.size())});
    largest = std::max(largest, forces.back().force.norm());
  }
  double weight = 0.0;
  for (const CompiledBody& body : model.bodies()) weight += body.mass * model.gravity().norm();
  const double reference = weight > 0.0 ? weight : largest;
  if (!(reference > 0.0)) return arrows;
  for (const Force& c : forces) {  // each from the point it acts at
    const double f = c.force.norm();
    if (!(f > 1e-9 * reference)) continue;
    const Vec3 shaft = contactArrowShaft(f / reference, length) * c.force / f;
    addArrow(model, c.point, c.point + shaft, arrows);
    if (c.betweenBodies) addArrow(model, c.point, c.point - shaft, arrows);  // the reaction on the other body
  }
  return arrows;
}

double contactArrowShaft(double weights, double length) {
  const double cap = kContactArrowCap * length;
  return cap * std::tanh(length * weights / cap);
}

}  // namespace mstmm::render
