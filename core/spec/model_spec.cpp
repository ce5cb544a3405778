#include "core/spec/model_spec.hpp"

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
