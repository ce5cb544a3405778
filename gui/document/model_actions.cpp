#include "gui/document/model_actions.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineF>
#include <algorithm>
#include <cstdlib>
#include <numbers>

#include "core/dynamics/kinematics.hpp"
#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/model/joints/joint_model.hpp"
#include "core/model/model.hpp"
#include "core/model/model_kind_conversion.hpp"
#include "gui/document/commands.hpp"

namespace mstmm::gui {

QList<HingeType> hingeTypesFor(ModelKind kind) {
  if (kind == ModelKind::Planar) return {HingeType::Pin, HingeType::Slider, HingeType::PointOnLine, HingeType::Free, HingeType::Weld};
  return {HingeType::Ball,   HingeType::Revolute,    HingeType::Universal, HingeType::Cylindrical, HingeType::Slider,
          HingeType::Planar, HingeType::PointOnLine, HingeType::Free,      HingeType::Screw, HingeType::Weld};
}

QString hingeTypeLabel(HingeType type) { return QObject::tr(jointModel(type).label); }

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
  if (type == HingeType::Slider) h.axis = Vec3::UnitX();  // along a rod of the root side
  return h;
}

/// The first input end of body b that no hinge holds (-1: none).
int freeInputEnd(const ModelSpec& spec, BodyId b) {
  const BodySpec* body = &spec.bodies[static_cast<std::size_t>(spec.bodyIndex(b))];
  QSet<int> used;
  for (const HingeSpec& h : spec.hinges) {
    if (h.parent == b) used.insert(h.parentInput);
    if (h.child == b && !h.atChildOutput()) used.insert(h.childEnd);
  }
  for (int k = 0; k < static_cast<int>(body->inputs.size()); ++k)
    if (!used.contains(k)) return k;
  return -1;
}

/// The initial-state poses of the model as it stands, when it compiles
/// (an invalid model has none, and loops are then drawn without them).
struct InitialPoses {
  std::shared_ptr<const Model> model;
  std::vector<BodyPose> poses;

  explicit InitialPoses(const ModelSpec& spec) {
    try {
      model = compile(spec);
      computePoses(*model, initialState(*model), poses);
    } catch (const Error&) {
      model.reset();
    }
  }
  explicit operator bool() const { return model != nullptr; }
};

/// The input end of `tip` where a loop-closing hinge attaches: a free one,
/// or a new one at its far end (pushed as an edit). Returns its index.
int loopEndOf(ModelDocument* document, BodyId tip) {
  const int free = freeInputEnd(document->spec(), tip);
  if (free >= 0) return free;
  BodySpec widened = *document->body(tip);
  widened.inputs.push_back(farEnd(widened));
  document->undoStack()->push(new EditBodyCommand(document, *document->body(tip), widened, "input ends"));
  return static_cast<int>(widened.inputs.size()) - 1;
}

/// Drawing a hinge from a body that already hangs from one closes a loop
/// (equations.md §6): the new hinge starts at an input end of the body and is
/// cut, and its other end gets a new input end at the same place in the
/// initial state, so the loop closes as drawn. The core chooses the cut.
QString closeLoop(ModelDocument* document, BodyId tip, BodyId root, HingeType type) {
  QUndoStack* undo = document->undoStack();
  undo->beginMacro(QString("Close a loop from '%1' to '%2'").arg(QString::fromStdString(document->body(tip)->name), QString::fromStdString(document->body(root)->name)));
  const int tipEnd = loopEndOf(document, tip);
  const ModelSpec& spec = document->spec();
  BodySpec widened = *document->body(root);
  if (const InitialPoses initial{spec}) {
    const Vec3 world = specPointToWorld(*initial.model, initial.poses, spec.bodyIndex(tip), spec.bodies[static_cast<std::size_t>(spec.bodyIndex(tip))].inputs[static_cast<std::size_t>(tipEnd)]);
    widened.inputs.push_back(worldToSpecPoint(*initial.model, initial.poses, spec.bodyIndex(root), world));
  } else {
    widened.inputs.push_back(farEnd(widened));
  }
  undo->push(new EditBodyCommand(document, *document->body(root), widened, "input ends"));
  HingeSpec h = makeHinge(document, type, tip, root, static_cast<int>(widened.inputs.size()) - 1);
  h.childEnd = tipEnd;
  Elements e;
  e.hinges.push_back(h);
  undo->push(new AddElementsCommand(document, e, "Add hinge"));
  undo->endMacro();
  return {};
}

}  // namespace

// The first point, ring by ring around `at` on a grid of kFreeSpotStep,
// that no body's node is within kFreeSpotStep of, so that bodies added one
// after another line up instead of stacking on the first (issue 55, point 6).
QPointF freeSpotNear(const ModelDocument* document, QPointF at) {
  auto taken = [document](QPointF p) {
    for (const BodySpec& b : document->spec().bodies)
      if (document->hasPosition(b.id) && QLineF(document->position(b.id), p).length() < kFreeSpotStep - 1e-9) return true;
    return false;
  };
  for (int ring = 0; ring < 64; ++ring)
    for (int dy = -ring; dy <= ring; ++dy)
      for (int dx = -ring; dx <= ring; ++dx) {
        if (std::max(std::abs(dx), std::abs(dy)) != ring) continue;
        const QPointF p = at + QPointF(dx * kFreeSpotStep, dy * kFreeSpotStep);
        if (!taken(p)) return p;
      }
  return at;
}

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
  if (document->outputHinge(tip)) return closeLoop(document, tip, root, type);
  const BodySpec* parent = document->body(root);
  QSet<int> used;
  for (const HingeSpec& h : document->spec().hinges) {
    if (h.parent == root) used.insert(h.parentInput);
    if (h.child == root && !h.atChildOutput()) used.insert(h.childEnd);
  }
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
  if (document->outputHinge(body)) {  // a second ground connection: a loop through the ground
    QUndoStack* undo = document->undoStack();
    undo->beginMacro(QString("Close a loop from '%1' to the ground").arg(QString::fromStdString(document->body(body)->name)));
    const int end = loopEndOf(document, body);
    HingeSpec h = makeHinge(document, type, body, std::nullopt, 0);
    h.childEnd = end;
    const ModelSpec& spec = document->spec();
    if (const InitialPoses initial{spec})
      h.anchor = specPointToWorld(*initial.model, initial.poses, spec.bodyIndex(body), spec.bodies[static_cast<std::size_t>(spec.bodyIndex(body))].inputs[static_cast<std::size_t>(end)]);
    Elements e;
    e.hinges.push_back(h);
    undo->push(new AddElementsCommand(document, e, "Add hinge"));
    undo->endMacro();
    return {};
  }
  Elements e;
  e.hinges.push_back(makeHinge(document, type, body, std::nullopt, 0));
  document->undoStack()->push(new AddElementsCommand(document, e, QString("Attach '%1' to the ground").arg(QString::fromStdString(document->body(body)->name))));
  return {};
}

namespace {

Vec3 middleOf(const BodySpec& b) { return 0.5 * (b.inputs.front() + b.output); }

}  // namespace

QString addStrut(ModelDocument* document, BodyId a, std::optional<BodyId> b) {
  const BodySpec* bodyA = document->body(a);
  const BodySpec* bodyB = b ? document->body(*b) : nullptr;
  if (!bodyA || (b && !bodyB)) return QStringLiteral("the strut's bodies do not exist");
  if (b && *b == a) return QStringLiteral("a strut joins two different bodies (or a body and the ground)");
  SpringDamperSpec s;
  s.name = document->freeStrutName();
  s.bodyA = bodyA->name;
  s.pointA = middleOf(*bodyA);
  s.stiffness = 1000.0;
  s.damping = 10.0;
  const ModelSpec& spec = document->spec();
  const InitialPoses initial(spec);  // a new strut starts unloaded where the bodies are drawn
  auto world = [&](BodyId body, const Vec3& point) -> std::optional<Vec3> {
    if (!initial) return std::nullopt;
    return specPointToWorld(*initial.model, initial.poses, spec.bodyIndex(body), point);
  };
  const std::optional<Vec3> pa = world(a, s.pointA);
  if (bodyB) {
    s.bodyB = bodyB->name;
    s.pointB = middleOf(*bodyB);
    const std::optional<Vec3> pb = world(*b, s.pointB);
    s.restLength = pa && pb ? (*pa - *pb).norm() : 0.5;
  } else {
    // To the ground half a metre below (planar: in the plane) A's middle.
    const Vec3 down = spec.gravity.norm() > 0.0 ? Vec3(spec.gravity.normalized()) : Vec3(-Vec3::UnitY());
    s.pointB = pa ? Vec3(*pa + 0.5 * down) : Vec3::Zero();
    s.restLength = pa ? 0.5 : 0.0;
  }
  std::vector<SpringDamperSpec> after = spec.springs;
  after.push_back(s);
  document->undoStack()->push(new EditStrutsCommand(document, spec.springs, after, QString("Add spring-damper '%1'").arg(QString::fromStdString(s.name))));
  Selection selected;
  selected.struts.insert(static_cast<int>(after.size()) - 1);
  document->setSelection(selected);
  return {};
}

QString deleteSelection(ModelDocument* document) {
  const Selection s = document->selection();
  if (s.isEmpty()) return QStringLiteral("nothing is selected");
  const ModelSpec& spec = document->spec();
  QSet<QString> goneBodies;
  for (quint32 id : s.bodies)
    if (const BodySpec* b = document->body(BodyId{id})) goneBodies.insert(QString::fromStdString(b->name));
  std::vector<SpringDamperSpec> kept;
  for (std::size_t k = 0; k < spec.springs.size(); ++k) {
    const SpringDamperSpec& strut = spec.springs[k];
    const bool attached = goneBodies.contains(QString::fromStdString(strut.bodyA)) || goneBodies.contains(QString::fromStdString(strut.bodyB));
    if (!s.struts.contains(static_cast<int>(k)) && !attached) kept.push_back(strut);
  }
  std::vector<ContactSpec> keptContacts;
  for (const ContactSpec& c : spec.contacts)
    if (!goneBodies.contains(QString::fromStdString(c.body))) keptContacts.push_back(c);
  std::vector<BodyContactSpec> keptBodyContacts;
  for (const BodyContactSpec& c : spec.bodyContacts)
    if (!goneBodies.contains(QString::fromStdString(c.first.body)) && !goneBodies.contains(QString::fromStdString(c.second.body))) keptBodyContacts.push_back(c);
  auto gone = [&](const std::string& name) { return goneBodies.contains(QString::fromStdString(name)); };
  std::vector<BearingSpec> keptBearings;
  for (const BearingSpec& b : spec.bearings)
    if (!gone(b.body) && !gone(b.housing)) keptBearings.push_back(b);
  std::vector<UnbalanceSpec> keptUnbalances;
  for (const UnbalanceSpec& u : spec.unbalances)
    if (!gone(u.body)) keptUnbalances.push_back(u);
  std::vector<MeasureSpec> keptMeasures;
  for (const MeasureSpec& m : spec.measures)
    if (!gone(m.body) && !gone(m.relativeTo)) keptMeasures.push_back(m);
  const bool measures = keptMeasures.size() != spec.measures.size();
  const bool struts = kept.size() != spec.springs.size(), elements = !s.bodies.isEmpty() || !s.hinges.isEmpty();
  const bool contacts = keptContacts.size() != spec.contacts.size(), bodyContacts = keptBodyContacts.size() != spec.bodyContacts.size();
  const bool bearings = keptBearings.size() != spec.bearings.size(), unbalances = keptUnbalances.size() != spec.unbalances.size();
  QUndoStack* stack = document->undoStack();
  const bool macro = int(struts) + int(elements) + int(contacts) + int(bodyContacts) + int(bearings) + int(unbalances) + int(measures) > 1;
  if (macro) stack->beginMacro(QStringLiteral("Delete"));
  if (bearings) stack->push(new EditBearingsCommand(document, spec.bearings, keptBearings, QStringLiteral("Delete bearings")));
  if (unbalances) stack->push(new EditUnbalancesCommand(document, spec.unbalances, keptUnbalances, QStringLiteral("Delete unbalances")));
  if (measures) stack->push(new EditMeasuresCommand(document, spec.measures, keptMeasures, QStringLiteral("Delete measures")));
  if (struts) stack->push(new EditStrutsCommand(document, spec.springs, kept, QStringLiteral("Delete spring-dampers")));
  if (contacts) stack->push(new EditContactsCommand(document, spec.contacts, keptContacts, QStringLiteral("Delete contacts")));
  if (bodyContacts) stack->push(new EditBodyContactsCommand(document, spec.bodyContacts, keptBodyContacts, QStringLiteral("Delete contacts between bodies")));
  if (elements) stack->push(new RemoveElementsCommand(document, s.bodies, s.hinges));
  if (macro) stack->endMacro();
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
  const ModelSpec spec = convertedToKind(document->spec(), kind);
  document->undoStack()->push(new ReplaceModelCommand(document, spec, document->positions(), kind == ModelKind::Planar ? "Make planar" : "Make spatial"));
  return {};
}

void applyAutoLayout(ModelDocument* document) {
  document->undoStack()->push(new MoveNodesCommand(document, document->positions(), document->autoLayout(), "Automatic layout"));
}

}  // namespace mstmm::gui
