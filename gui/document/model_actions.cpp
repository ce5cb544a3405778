#include "gui/document/model_actions.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <numbers>

#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "gui/document/commands.hpp"

namespace mstmm::gui {

HingeType defaultHingeType(ModelKind kind) { return kind == ModelKind::Planar ? HingeType::Pin : HingeType::Ball; }

namespace {

ShapeSpec defaultShape(ModelKind kind) {
  ShapeSpec s;
  s.type = kind == ModelKind::Planar ? ShapeType::Rod : ShapeType::Cylinder;
  s.mass = 1.0;
  s.length = 1.0;
  s.radius = 0.05;
  return s;
}

/// Where a new input end goes: the far end of the body along x.
Vec3 farEnd(const BodySpec& b) {
  switch (b.shape.type) {
    case ShapeType::Rod:
    case ShapeType::Cylinder: return Vec3(b.shape.length, 0, 0);
    case ShapeType::Box: return Vec3(b.shape.size.x(), 0, 0);
    default: return b.output;
  }
}

HingeSpec makeHinge(const ModelDocument* document, HingeType type, BodyId child, std::optional<BodyId> parent, int input) {
  HingeSpec h;
  h.id = document->spec().nextHingeId();
  h.name = document->freeHingeName();
  h.type = type;
  h.child = child;
  h.parent = parent;
  h.parentInput = input;
  return h;
}

QString outputTaken(const ModelDocument* document, BodyId tip) {
  if (const HingeSpec* h = document->outputHinge(tip))
    return QString("body '%1' already hangs from hinge '%2'; a body has one output end")
        .arg(QString::fromStdString(document->body(tip)->name), QString::fromStdString(h->name));
  return {};
}

}  // namespace

BodyId addBody(ModelDocument* document, QPointF at) {
  BodySpec b;
  b.id = document->spec().nextBodyId();
  b.name = document->freeBodyName();
  b.shape = defaultShape(document->spec().kind);
  b.inputs = {Vec3::Zero()};
  b.output = Vec3(1, 0, 0);
  Elements e;
  e.bodies.push_back(b);
  e.positions.push_back(at);
  document->undoStack()->push(new AddElementsCommand(document, e, QString("Add body '%1'").arg(QString::fromStdString(b.name))));
  return b.id;
}

QString connectBodies(ModelDocument* document, BodyId tip, BodyId root, HingeType type) {
  if (tip == root) return QStringLiteral("a body cannot hang from itself");
  if (QString taken = outputTaken(document, tip); !taken.isEmpty()) return taken;
  const BodySpec* parent = document->body(root);
  QSet<int> used;
  for (const HingeSpec& h : document->spec().hinges)
    if (h.parent == root) used.insert(h.parentInput);
  int input = 0;
  while (input < static_cast<int>(parent->inputs.size()) && used.contains(input)) ++input;
  QUndoStack* undo = document->undoStack();
  undo->beginMacro(QString("Connect '%1' to '%2'").arg(QString::fromStdString(document->body(tip)->name), QString::fromStdString(parent->name)));
  if (input == static_cast<int>(parent->inputs.size())) {  // all input ends taken: add one
    BodySpec widened = *parent;
    widened.inputs.push_back(farEnd(*parent));
    undo->push(new EditBodyCommand(document, *parent, widened, "input ends"));
  }
  Elements e;
  e.hinges.push_back(makeHinge(document, type, tip, root, input));
  undo->push(new AddElementsCommand(document, e, "Add hinge"));
  undo->endMacro();
  return {};
}

QString attachToGround(ModelDocument* document, BodyId body, HingeType type) {
  if (QString taken = outputTaken(document, body); !taken.isEmpty()) return taken;
  Elements e;
  e.hinges.push_back(makeHinge(document, type, body, std::nullopt, 0));
  document->undoStack()->push(new AddElementsCommand(document, e, QString("Attach '%1' to the ground").arg(QString::fromStdString(document->body(body)->name))));
  return {};
}

QString deleteSelection(ModelDocument* document) {
  const Selection& s = document->selection();
  if (s.isEmpty()) return QStringLiteral("nothing is selected");
  document->undoStack()->push(new RemoveElementsCommand(document, s.bodies, s.hinges));
  document->setSelection({});
  return {};
}

QString copySelection(const ModelDocument* document) {
  const Selection& s = document->selection();
  if (s.bodies.isEmpty()) return {};
  ModelSpec part;
  part.kind = document->spec().kind;
  part.gravity = document->spec().gravity;
  QJsonObject positions;
  for (const BodySpec& b : document->spec().bodies)
    if (s.bodies.contains(b.id.value)) {
      part.bodies.push_back(b);
      const QPointF p = document->position(b.id);
      positions.insert(QString::fromStdString(b.name), QJsonArray{p.x(), p.y()});
    }
  for (const HingeSpec& h : document->spec().hinges)
    if (s.bodies.contains(h.child.value) && (!h.parent || s.bodies.contains(h.parent->value))) part.hinges.push_back(h);
  part.editorState = QJsonDocument(QJsonObject{{"positions", positions}}).toJson(QJsonDocument::Compact).toStdString();
  return QString::fromStdString(modelToJson(part));
}

QString paste(ModelDocument* document, const QString& text, QPointF offset) {
  ModelSpec part;
  try {
    part = modelFromJson(text.toStdString());
  } catch (const Error& e) {
    return QString("the clipboard does not hold MSTMM Studio bodies (%1)").arg(QString::fromStdString(e.what()));
  }
  if (part.bodies.empty()) return QStringLiteral("the clipboard holds no bodies");
  const QJsonObject positions = QJsonDocument::fromJson(QByteArray::fromStdString(part.editorState)).object().value("positions").toObject();
  QSet<QString> names;
  for (const BodySpec& b : document->spec().bodies) names.insert(QString::fromStdString(b.name));
  QSet<QString> hingeNames;
  for (const HingeSpec& h : document->spec().hinges) hingeNames.insert(QString::fromStdString(h.name));
  auto unique = [](QSet<QString>& used, const std::string& base) {
    QString name = QString::fromStdString(base);
    for (int k = 2; used.contains(name); ++k) name = QString::fromStdString(base) + "_" + QString::number(k);
    used.insert(name);
    return name.toStdString();
  };
  Elements e;
  QHash<quint32, quint32> newId;  // id in the clipboard -> id in the document
  std::uint32_t nextBody = document->spec().nextBodyId().value, nextHinge = document->spec().nextHingeId().value;
  Selection pasted;
  for (BodySpec b : part.bodies) {
    const QJsonArray p = positions.value(QString::fromStdString(b.name)).toArray();
    newId.insert(b.id.value, nextBody);
    b.id = BodyId{nextBody++};
    b.name = unique(names, b.name);
    e.bodies.push_back(b);
    e.positions.push_back(QPointF(p.size() == 2 ? p[0].toDouble() : 0.0, p.size() == 2 ? p[1].toDouble() : 0.0) + offset);
    pasted.bodies.insert(b.id.value);
  }
  for (HingeSpec h : part.hinges) {
    h.id = HingeId{nextHinge++};
    h.name = unique(hingeNames, h.name);
    h.child = BodyId{newId.value(h.child.value)};
    if (h.parent) h.parent = BodyId{newId.value(h.parent->value)};
    e.hinges.push_back(h);
  }
  document->undoStack()->push(new AddElementsCommand(document, e, QString("Paste %1 bodies").arg(e.bodies.size())));
  document->setSelection(pasted);
  return {};
}

QString setModelKind(ModelDocument* document, ModelKind kind) {
  if (document->spec().kind == kind) return {};
  ModelSpec spec = document->spec();
  spec.kind = kind;
  const bool planar = kind == ModelKind::Planar;
  if (planar) spec.gravity.z() = 0.0;
  for (BodySpec& b : spec.bodies) {
    if (planar) {
      // The rotation about z of the body x axis, as seen in the x-y plane.
      const Vec3 x = rotationFromQuaternion(b.orientation.normalized()).col(0);
      b.theta = std::atan2(x.y(), x.x());
      b.thetaDot = b.angularVelocity.z();
      if (b.shape.type == ShapeType::Cylinder) b.shape.type = ShapeType::Rod;
    } else {
      b.orientation = quaternionFromAxisAngle(Vec3::UnitZ(), b.theta);
      b.angularVelocity = Vec3(0, 0, b.thetaDot);
      if (b.shape.type == ShapeType::Rod) {
        b.shape.type = ShapeType::Cylinder;
        b.shape.radius = 0.02;  // a slender rod has no axial inertia in 3-D
      }
    }
  }
  for (HingeSpec& h : spec.hinges) {
    if (planar && h.type == HingeType::Ball) h.type = HingeType::Pin;
    else if (!planar && h.type == HingeType::Pin) h.type = HingeType::Ball;
  }
  document->undoStack()->push(new ReplaceModelCommand(document, spec, document->positions(), planar ? "Make planar" : "Make spatial"));
  return {};
}

void applyAutoLayout(ModelDocument* document) {
  document->undoStack()->push(new MoveNodesCommand(document, document->positions(), document->autoLayout(), "Automatic layout"));
}

}  // namespace mstmm::gui
