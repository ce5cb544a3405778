#include "gui/document/model_document.hpp"

#include <algorithm>

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <functional>
#include <unordered_map>

#include "core/error.hpp"
#include "core/io/model_json.hpp"

namespace mstmm::gui {

namespace {
constexpr double kSlot = 70.0;   // horizontal spacing of leaves in the auto layout
constexpr double kLevel = 80.0;  // vertical spacing of tree levels
}  // namespace

ModelDocument::ModelDocument(QObject* parent) : QObject(parent) {
  qRegisterMetaType<mstmm::gui::Change>();
  connect(&m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
  revalidate();
}

QString ModelDocument::displayName() const {
  if (!m_path.isEmpty()) return QFileInfo(m_path).fileName();
  return m_untitledName.isEmpty() ? QStringLiteral("untitled.json") : m_untitledName;
}

void ModelDocument::newModel(ModelSpec spec, const QString& path, const QString& untitledName) {
  m_spec = std::move(spec);
  m_path = path;
  m_untitledName = untitledName;
  readLayout();
  m_selection = {};
  m_undo.clear();
  m_undo.setClean();
  revalidate();
  emit changed(Change::Everything);
  emit modelReplaced();
  emit selectionChanged();
  emit filePathChanged();
  emit modifiedChanged(false);
}

QString ModelDocument::load(const QString& path) {
  try {
    newModel(loadModel(path.toStdString()), path);
    return {};
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
}

QString ModelDocument::loadFromText(const QString& text, const QString& pathForMessages, const QString& untitledName) {
  try {
    newModel(modelFromJson(text.toStdString()), {}, untitledName);
    return {};
  } catch (const Error& e) {
    return pathForMessages + ": " + QString::fromStdString(e.what());
  }
}

QString ModelDocument::restoreRecovered(const QString& text, const QString& originalPath) {
  try {
    newModel(modelFromJson(text.toStdString()), originalPath);
  } catch (const Error& e) {
    return tr("the recovered model cannot be read: %1").arg(QString::fromStdString(e.what()));
  }
  m_undo.resetClean();  // modified: Save asks where, Close asks first, autosave keeps it
  return {};
}

ModelSpec ModelDocument::specForSaving() const {
  ModelSpec spec = m_spec;
  QJsonObject editor = QJsonDocument::fromJson(QByteArray::fromStdString(spec.editorState)).object();
  QJsonObject positions;
  for (const BodySpec& b : spec.bodies) {
    const QPointF p = m_positions.value(b.id.value);
    positions.insert(QString::fromStdString(b.name), QJsonArray{p.x(), p.y()});
  }
  editor.insert("positions", positions);
  spec.editorState = QJsonDocument(editor).toJson(QJsonDocument::Compact).toStdString();
  return spec;
}

QString ModelDocument::save(const QString& path) {
  try {
    saveModel(specForSaving(), path.toStdString());
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
  m_path = path;
  m_undo.setClean();
  emit filePathChanged();
  return {};
}

// Positions saved in the file's editor state, by body name; the auto layout
// places bodies that have none.
void ModelDocument::readLayout() {
  m_positions.clear();
  const QJsonObject saved = QJsonDocument::fromJson(QByteArray::fromStdString(m_spec.editorState)).object().value("positions").toObject();
  for (const BodySpec& b : m_spec.bodies) {
    const QJsonArray p = saved.value(QString::fromStdString(b.name)).toArray();
    if (p.size() == 2) m_positions.insert(b.id.value, QPointF(p[0].toDouble(), p[1].toDouble()));
  }
  if (m_positions.size() == static_cast<int>(m_spec.bodies.size())) return;
  const QHash<quint32, QPointF> layout = autoLayout();
  for (auto it = layout.begin(); it != layout.end(); ++it)
    if (!m_positions.contains(it.key())) m_positions.insert(it.key(), it.value());
}

// A tidy tree layout: leaves in consecutive slots, each parent centred over
// its children, one level per hinge from the ground. Subtrees occupy disjoint
// slot ranges, so no two bodies share a place.
QHash<quint32, QPointF> ModelDocument::autoLayout(const QSet<quint32>& sameLevel) const {
  const int n = static_cast<int>(m_spec.bodies.size());
  std::unordered_map<std::uint32_t, int> index;
  for (int i = 0; i < n; ++i) index.emplace(m_spec.bodies[static_cast<std::size_t>(i)].id.value, i);
  std::vector<std::vector<std::pair<int, int>>> children(static_cast<std::size_t>(n));  // (input, child)
  std::vector<bool> hasParent(static_cast<std::size_t>(n), false);
  for (const HingeSpec& h : m_spec.hinges) {
    auto child = index.find(h.child.value);
    if (child == index.end() || !h.parent) continue;
    auto parent = index.find(h.parent->value);
    if (parent == index.end() || parent->second == child->second || hasParent[static_cast<std::size_t>(child->second)]) continue;
    hasParent[static_cast<std::size_t>(child->second)] = true;
    children[static_cast<std::size_t>(parent->second)].emplace_back(h.parentInput, child->second);
  }
  for (auto& c : children) std::sort(c.begin(), c.end());
  QHash<quint32, QPointF> layout;
  std::vector<bool> placed(static_cast<std::size_t>(n), false);
  double nextSlot = 0.0;
  // Iterative post-order, so that 100,000-body chains do not overflow the stack.
  auto place = [&](int root) {
    std::vector<std::tuple<int, std::size_t, int>> stack{{root, 0, 0}};  // body, next child, depth
    placed[static_cast<std::size_t>(root)] = true;
    while (!stack.empty()) {
      auto& [body, next, depth] = stack.back();
      const auto& kids = children[static_cast<std::size_t>(body)];
      while (next < kids.size() && placed[static_cast<std::size_t>(kids[next].second)]) ++next;  // loops: place once
      if (next < kids.size()) {
        const int child = kids[next++].second;
        placed[static_cast<std::size_t>(child)] = true;
        const bool level = sameLevel.contains(m_spec.bodies[static_cast<std::size_t>(child)].id.value);
        stack.emplace_back(child, 0, level ? depth : depth + 1);
        continue;
      }
      double x = 0.0;
      int count = 0;
      for (const auto& [input, child] : kids) {
        const auto it = layout.constFind(m_spec.bodies[static_cast<std::size_t>(child)].id.value);
        if (it != layout.cend()) {
          x += it->x();
          ++count;
        }
      }
      x = count ? x / count : (nextSlot++) * kSlot;
      layout.insert(m_spec.bodies[static_cast<std::size_t>(body)].id.value, QPointF(x, depth * kLevel));
      stack.pop_back();
    }
  };
  for (int i = 0; i < n; ++i)
    if (!hasParent[static_cast<std::size_t>(i)]) place(i);
  for (int i = 0; i < n; ++i)  // bodies on a loop with no way in
    if (!placed[static_cast<std::size_t>(i)]) place(i);
  return layout;
}

void ModelDocument::setSelection(const Selection& selection) {
  if (selection == m_selection) return;
  m_selection = selection;
  emit selectionChanged();
}

const BodySpec* ModelDocument::body(BodyId id) const {
  const int i = m_spec.bodyIndex(id);
  return i < 0 ? nullptr : &m_spec.bodies[static_cast<std::size_t>(i)];
}

const HingeSpec* ModelDocument::hinge(HingeId id) const {
  const int i = m_spec.hingeIndex(id);
  return i < 0 ? nullptr : &m_spec.hinges[static_cast<std::size_t>(i)];
}

const HingeSpec* ModelDocument::outputHinge(BodyId id) const {
  for (const HingeSpec& h : m_spec.hinges)
    if (h.child == id && h.atChildOutput()) return &h;
  return nullptr;
}

std::string ModelDocument::freeBodyName() const {
  QSet<QString> used;
  for (const BodySpec& b : m_spec.bodies) used.insert(QString::fromStdString(b.name));
  for (int k = static_cast<int>(m_spec.bodies.size()) + 1;; ++k)
    if (!used.contains(QString::number(k))) return std::to_string(k);
}

std::string ModelDocument::freeHingeName() const {
  QSet<QString> used;
  for (const HingeSpec& h : m_spec.hinges) used.insert(QString::fromStdString(h.name));
  for (int k = static_cast<int>(m_spec.hinges.size()) + 1;; ++k)
    if (!used.contains("h" + QString::number(k))) return QString("h%1").arg(k).toStdString();
}

void ModelDocument::insertBody(int index, const BodySpec& body, QPointF position) {
  m_spec.bodies.insert(m_spec.bodies.begin() + index, body);
  m_positions.insert(body.id.value, position);
  emitChanged(Change::Structure);
}

void ModelDocument::removeBody(int index) {
  const BodyId id = m_spec.bodies[static_cast<std::size_t>(index)].id;
  m_spec.bodies.erase(m_spec.bodies.begin() + index);
  m_positions.remove(id.value);
  if (m_selection.bodies.remove(id.value)) emit selectionChanged();
  emitChanged(Change::Structure);
}

void ModelDocument::insertHinge(int index, const HingeSpec& hinge) {
  m_spec.hinges.insert(m_spec.hinges.begin() + index, hinge);
  emitChanged(Change::Structure);
}

void ModelDocument::removeHinge(int index) {
  const HingeId id = m_spec.hinges[static_cast<std::size_t>(index)].id;
  m_spec.hinges.erase(m_spec.hinges.begin() + index);
  if (m_selection.hinges.remove(id.value)) emit selectionChanged();
  emitChanged(Change::Structure);
}

// Struts name their bodies: a renamed body takes its struts along (and the
// undo, renaming it back, brings them back).
void ModelDocument::replaceBody(int index, const BodySpec& body) {
  const std::string before = m_spec.bodies[static_cast<std::size_t>(index)].name;
  m_spec.bodies[static_cast<std::size_t>(index)] = body;
  bool struts = false;
  if (before != body.name) {
    for (SpringDamperSpec& s : m_spec.springs)
      for (std::string* end : {&s.bodyA, &s.bodyB})
        if (*end == before) *end = body.name, struts = true;
    for (ContactSpec& c : m_spec.contacts)  // contacts name their body too
      if (c.body == before) c.body = body.name;
    for (BodyContactSpec& c : m_spec.bodyContacts)
      for (ContactShape* s : {&c.first, &c.second})
        if (s->body == before) s->body = body.name;
    for (BearingSpec& b : m_spec.bearings)  // bearings and unbalances as well
      for (std::string* end : {&b.body, &b.housing})
        if (*end == before) *end = body.name;
    for (UnbalanceSpec& u : m_spec.unbalances)
      if (u.body == before) u.body = body.name;
    for (MeasureSpec& m : m_spec.measures)  // and measures
      for (std::string* end : {&m.body, &m.relativeTo})
        if (*end == before) *end = body.name;
  }
  emitChanged(struts ? Change::Structure : Change::Body);
}

void ModelDocument::setStruts(const std::vector<SpringDamperSpec>& struts) {
  const bool structure = struts.size() != m_spec.springs.size() ||
                         !std::equal(struts.begin(), struts.end(), m_spec.springs.begin(), [](const SpringDamperSpec& a, const SpringDamperSpec& b) {
                           return a.bodyA == b.bodyA && a.bodyB == b.bodyB;
                         });
  m_spec.springs = struts;
  Selection kept = m_selection;
  for (int k : m_selection.struts)
    if (k >= static_cast<int>(struts.size())) kept.struts.remove(k);
  setSelection(kept);
  emitChanged(structure ? Change::Structure : Change::Hinge);
}

void ModelDocument::setContacts(const std::vector<ContactSpec>& contacts) {
  m_spec.contacts = contacts;
  emitChanged(Change::Hinge);
}

void ModelDocument::setBodyContacts(const std::vector<BodyContactSpec>& contacts) {
  m_spec.bodyContacts = contacts;
  emitChanged(Change::Hinge);
}

void ModelDocument::setBearings(const std::vector<BearingSpec>& bearings) {
  m_spec.bearings = bearings;
  emitChanged(Change::Hinge);
}

// An unbalance changes its body's mass: the same kind of change as a body's.
void ModelDocument::setUnbalances(const std::vector<UnbalanceSpec>& unbalances) {
  m_spec.unbalances = unbalances;
  emitChanged(Change::Hinge);
}

// A measure changes what a run records, not the model's motion.
void ModelDocument::setMeasures(const std::vector<MeasureSpec>& measures) {
  m_spec.measures = measures;
  emitChanged(Change::Hinge);
}

void ModelDocument::setGround(const GroundSpec& ground) {
  m_spec.ground = ground;
  emitChanged(Change::Hinge);
}

std::string ModelDocument::freeStrutName() const {
  QSet<QString> used;
  for (const SpringDamperSpec& s : m_spec.springs) used.insert(QString::fromStdString(s.name));
  for (int k = static_cast<int>(m_spec.springs.size()) + 1;; ++k)
    if (!used.contains("strut " + QString::number(k))) return QString("strut %1").arg(k).toStdString();
}

void ModelDocument::replaceHinge(int index, const HingeSpec& hinge) {
  m_spec.hinges[static_cast<std::size_t>(index)] = hinge;
  emitChanged(Change::Hinge);
}

void ModelDocument::setModelProperties(const std::string& name, ModelKind kind, const Vec3& gravity, const SimulationSettings& simulation) {
  m_spec.name = name;
  m_spec.kind = kind;
  m_spec.gravity = gravity;
  m_spec.simulation = simulation;
  emitChanged(Change::Model);
}

void ModelDocument::replaceSpec(const ModelSpec& spec, const QHash<quint32, QPointF>& positions) {
  m_spec = spec;
  m_positions = positions;
  Selection kept;
  for (quint32 b : m_selection.bodies)
    if (m_spec.bodyIndex(BodyId{b}) >= 0) kept.bodies.insert(b);
  for (quint32 h : m_selection.hinges)
    if (m_spec.hingeIndex(HingeId{h}) >= 0) kept.hinges.insert(h);
  for (int k : m_selection.struts)
    if (k < static_cast<int>(m_spec.springs.size())) kept.struts.insert(k);
  setSelection(kept);
  emitChanged(Change::Everything);
}

void ModelDocument::setPositions(const QHash<quint32, QPointF>& positions) {
  for (auto it = positions.begin(); it != positions.end(); ++it) m_positions.insert(it.key(), it.value());
  emit changed(Change::Layout);
}

void ModelDocument::emitChanged(Change change) {
  revalidate();
  emit changed(change);
}

void ModelDocument::revalidate() { m_diagnostics = validate(m_spec); }

}  // namespace mstmm::gui
