#include "core/model/model_spec.hpp"

#include "core/model/joints/joint_model.hpp"

#include <algorithm>

namespace mstmm {

BodyId ModelSpec::nextBodyId() const {
  std::uint32_t next = 0;
  for (const BodySpec& b : bodies) next = std::max(next, b.id.value + 1);
  return BodyId{next};
}

HingeId ModelSpec::nextHingeId() const {
  std::uint32_t next = 0;
  for (const HingeSpec& h : hinges) next = std::max(next, h.id.value + 1);
  return HingeId{next};
}

BodySpec& ModelSpec::addBody(std::string bodyName) {
  BodySpec body;
  body.id = nextBodyId();
  body.name = std::move(bodyName);
  bodies.push_back(std::move(body));
  return bodies.back();
}

HingeSpec& ModelSpec::addHinge(std::string hingeName, HingeType type, BodyId child,
                               std::optional<BodyId> parent, int parentInput) {
  HingeSpec hinge;
  hinge.id = nextHingeId();
  hinge.name = std::move(hingeName);
  hinge.type = type;
  hinge.child = child;
  hinge.parent = parent;
  hinge.parentInput = parentInput;
  hinges.push_back(std::move(hinge));
  return hinges.back();
}

int ModelSpec::bodyIndex(BodyId id) const {
  for (std::size_t i = 0; i < bodies.size(); ++i)
    if (bodies[i].id == id) return static_cast<int>(i);
  return -1;
}

int ModelSpec::hingeIndex(HingeId id) const {
  for (std::size_t i = 0; i < hinges.size(); ++i)
    if (hinges[i].id == id) return static_cast<int>(i);
  return -1;
}

const char* toString(ModelKind kind) {
  return kind == ModelKind::Planar ? "planar" : "spatial";
}

const char* toString(HingeType type) { return jointModel(type).name; }

const char* toString(ShapeType type) {
  switch (type) {
    case ShapeType::Rod: return "rod";
    case ShapeType::Cylinder: return "cylinder";
    case ShapeType::Box: return "box";
    case ShapeType::PointMasses: return "points";
    case ShapeType::Custom: return "custom";
  }
  return "?";
}

const char* toString(VisualType type) {
  switch (type) {
    case VisualType::Box: return "box";
    case VisualType::Cylinder: return "cylinder";
    case VisualType::Sphere: return "sphere";
    case VisualType::Mesh: return "mesh";
  }
  return "?";
}

const char* toString(IntegratorKind kind) {
  switch (kind) {
    case IntegratorKind::Rk4: return "rk4";
    case IntegratorKind::DormandPrince45: return "dopri5";
    case IntegratorKind::GeneralizedAlpha: return "generalized-alpha";
    case IntegratorKind::Bdf: return "bdf";
  }
  return "rk4";
}

const char* toString(SolverKind kind) {
  switch (kind) {
    case SolverKind::Riccati: return "riccati";
    case SolverKind::NewtonEuler: return "newton-euler";
    case SolverKind::MassMatrix: return "mass-matrix";
    case SolverKind::ClassicalTmm: return "classical-tmm";
  }
  return "?";
}

const char* toString(CutChoice choice) {
  switch (choice) {
    case CutChoice::Auto: return "auto";
    case CutChoice::Cut: return "cut";
    case CutChoice::Keep: return "keep";
  }
  return "?";
}

const char* toString(LoopStabilisation method) {
  switch (method) {
    case LoopStabilisation::Baumgarte: return "baumgarte";
    case LoopStabilisation::Projection: return "projection";
    case LoopStabilisation::None: return "none";
  }
  return "?";
}

std::optional<SolverKind> solverKindFromString(const std::string& name) {
  for (SolverKind k : {SolverKind::Riccati, SolverKind::NewtonEuler, SolverKind::MassMatrix, SolverKind::ClassicalTmm})
    if (name == toString(k)) return k;
  return std::nullopt;
}

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


void setRodLength(BodySpec& body, double length) {
  const Vec3 oldEnd(body.shape.length, 0.0, 0.0), newEnd(length, 0.0, 0.0);
  const double tolerance = 1e-12 * std::max(1.0, body.shape.length);
  auto follow = [&](Vec3& point) {
    if ((point - oldEnd).norm() <= tolerance) point = newEnd;
  };
  if (body.shape.type == ShapeType::Rod || body.shape.type == ShapeType::Cylinder) {
    follow(body.output);
    for (Vec3& input : body.inputs) follow(input);
  }
  body.shape.length = length;
}

}  // namespace mstmm
