#include "render/load_arrows.hpp"

#include <algorithm>

namespace mstmm::render {

namespace {

struct Force {
  Vec3 point, force;
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

}  // namespace

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
  const Vec3 across = model.planar() ? Vec3::UnitZ() : Vec3::UnitY();
  for (const Force& f : forces) {
    const double magnitude = f.force.norm();
    if (magnitude <= 1e-9 * largest) continue;
    const Vec3 u = f.force / magnitude;
    const double l = length * magnitude / largest;
    Vec3 side = across.cross(u);
    if (side.norm() < 1e-6) side = Vec3::UnitX().cross(u);
    side.normalize();
    const Vec3 tail = f.point - l * u, headBase = f.point - 0.25 * l * u;
    arrows.push_back(Trail{{tail, f.point}});
    arrows.push_back(Trail{{headBase + 0.12 * l * side, f.point, headBase - 0.12 * l * side}});
  }
  return arrows;
}

}  // namespace mstmm::render
