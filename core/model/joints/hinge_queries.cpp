// What the spec asks of a hinge type (model_spec.hpp: counts, coordinate
// names, the loads on a coordinate, a change of type), answered by the joint
// table: declared with the spec, which every part of the program reads,
// defined here beside the joints that know.
#include "core/model/joints/joint_model.hpp"
#include "core/spec/model_spec.hpp"

namespace mstmm {

int hingeConstraintCount(HingeType type, ModelKind kind) {
  const int motions = kind == ModelKind::Spatial ? 6 : 3;
  return motions - hingeDof(type, kind);
}

int hingeDof(HingeType type, ModelKind kind) { return jointModel(type).in(kind).dof; }

int hingeSlideCount(HingeType type, ModelKind kind) { return jointModel(type).in(kind).slides; }

const std::vector<std::string>& hingeCoordinateNames(HingeType type, ModelKind kind) { return jointModel(type).in(kind).coordinates; }

int hingeCoordinateIndex(HingeType type, ModelKind kind, const std::string& name) {
  const std::vector<std::string>& names = hingeCoordinateNames(type, kind);
  for (std::size_t k = 0; k < names.size(); ++k)
    if (names[k] == name) return static_cast<int>(k);
  return -1;
}

HingeLoadsSpec& HingeSpec::loadsOn(const std::string& name, ModelKind kind) {
  for (CoordinateLoadsSpec& c : coordinateLoads)
    if (c.coordinate == name) return c.loads;
  const int k = hingeCoordinateIndex(type, kind, name);
  auto at = coordinateLoads.begin();
  while (at != coordinateLoads.end() && hingeCoordinateIndex(type, kind, at->coordinate) >= 0 && hingeCoordinateIndex(type, kind, at->coordinate) < k) ++at;
  return coordinateLoads.insert(at, CoordinateLoadsSpec{name, {}})->loads;
}

namespace {

/// The coordinate of a hinge with several that moves as a one-coordinate
/// hinge of type `single` does, or "".
std::string matchingCoordinate(HingeType several, HingeType single, ModelKind kind) {
  const std::vector<std::string>& names = hingeCoordinateNames(several, kind);
  if (names.empty()) return {};
  const int slides = hingeSlideCount(several, kind);
  if (single == HingeType::Slider) return slides > 0 ? names.front() : std::string();
  const bool ballLike = single == HingeType::Ball && kind == ModelKind::Spatial;
  for (std::size_t k = static_cast<std::size_t>(slides); k < names.size(); ++k)
    if ((names[k] == "rotation") == ballLike) return names[k];
  return {};
}

}  // namespace

void setHingeType(HingeSpec& hinge, HingeType type, ModelKind kind) {
  const HingeType old = hinge.type;
  hinge.type = type;
  if (jointModel(type).fields.pitch && hinge.pitch == 0.0) hinge.pitch = 0.01;  // a new screw: 1 cm per radian, 6.3 cm per turn
  const bool severalBefore = !hingeCoordinateNames(old, kind).empty(), severalNow = !hingeCoordinateNames(type, kind).empty();
  if (!severalBefore && severalNow && !hinge.loads.empty()) {
    if (const std::string to = matchingCoordinate(type, old, kind); !to.empty()) {
      hinge.loadsOn(to, kind) = hinge.loads;
      hinge.loads = {};
    }
  } else if (severalBefore && !severalNow && hinge.loads.empty()) {
    const std::string from = matchingCoordinate(old, type, kind);
    for (auto it = hinge.coordinateLoads.begin(); it != hinge.coordinateLoads.end(); ++it)
      if (it->coordinate == from) {
        hinge.loads = it->loads;
        hinge.coordinateLoads.erase(it);
        break;
      }
  }
}

bool hingeTypeAllowed(HingeType type, ModelKind kind) { return jointModel(type).in(kind).allowed; }

}  // namespace mstmm
