#include "gui/editor/topology_scene.hpp"

#include "core/model/spanning_tree.hpp"

namespace mstmm::gui {

namespace {
constexpr double kGroundAbove = 62.0;  // the "0" sits this far above its body
}

TopologyScene::TopologyScene(ModelDocument* document, QObject* parent) : QGraphicsScene(parent), m_document(document) {
  setItemIndexMethod(QGraphicsScene::BspTreeIndex);
  connect(document, &ModelDocument::changed, this, &TopologyScene::onDocumentChanged);
  connect(document, &ModelDocument::selectionChanged, this, &TopologyScene::onDocumentSelectionChanged);
  connect(this, &QGraphicsScene::selectionChanged, this, &TopologyScene::onSceneSelectionChanged);
  rebuild();
}

TopologyScene::~TopologyScene() {
  m_syncing = true;
  disconnect(this, &QGraphicsScene::selectionChanged, this, &TopologyScene::onSceneSelectionChanged);
  clear();
}

void TopologyScene::onDocumentChanged(Change change) {
  switch (change) {
    case Change::Structure:
    case Change::Everything: rebuild(); break;
    case Change::Layout: applyLayout(); break;
    case Change::Body:
    case Change::Hinge:
    case Change::Model: refresh(); break;
  }
}

void TopologyScene::rebuild() {
  m_syncing = true;
  clear();
  m_bodies.clear();
  m_hinges.clear();
  m_grounds.clear();
  m_groundsBelow.clear();
  m_hingesAtBody.clear();
  m_struts.clear();
  const ModelSpec& spec = m_document->spec();
  for (const BodySpec& b : spec.bodies) {
    auto* item = new BodyItem(b.id.value);
    item->setPos(m_document->position(b.id));
    addItem(item);
    m_bodies.insert(b.id.value, item);
  }
  for (const HingeSpec& h : spec.hinges) {
    BodyItem* tip = m_bodies.value(h.child.value);
    QGraphicsItem* root = nullptr;
    if (h.isGround()) {
      auto* ground = new GroundItem(h.id.value);
      addItem(ground);
      m_grounds.insert(h.id.value, ground);
      if (!h.atChildOutput()) m_groundsBelow.insert(h.id.value);
      if (tip) placeGround(h.id.value, h.child.value);
      root = ground;
    } else {
      root = m_bodies.value(h.parent->value);
    }
    auto* item = new HingeItem(h.id.value);
    addItem(item);
    item->setEnds(tip, root);
    m_hinges.insert(h.id.value, item);
    m_hingesAtBody.insert(h.child.value, h.id.value);
    if (h.parent) m_hingesAtBody.insert(h.parent->value, h.id.value);
  }
  QHash<QString, BodyItem*> byName;
  for (const BodySpec& b : spec.bodies) byName.insert(QString::fromStdString(b.name), m_bodies.value(b.id.value));
  for (std::size_t k = 0; k < spec.springs.size(); ++k) {
    const SpringDamperSpec& strut = spec.springs[k];
    auto* item = new StrutItem(static_cast<int>(k));
    addItem(item);
    item->setEnds(byName.value(QString::fromStdString(strut.bodyA)), strut.groundB() ? nullptr : byName.value(QString::fromStdString(strut.bodyB)));
    m_struts.push_back(item);
  }
  m_syncing = false;
  refresh();
  onDocumentSelectionChanged();
}

// Labels and the look of every item: multi-input bodies, the root, and the
// problems validation found, each on the element it names.
void TopologyScene::refresh() {
  const ModelSpec& spec = m_document->spec();
  QHash<int, QString> bodyProblems, hingeProblems;
  for (const Diagnostic& d : m_document->diagnostics()) {
    QHash<int, QString>& target = d.subject.kind == ErrorSubject::Kind::Body ? bodyProblems : hingeProblems;
    if (d.subject.kind == ErrorSubject::Kind::None) continue;
    QString& text = target[d.subject.specIndex];
    text += (text.isEmpty() ? "" : "\n") + QString::fromStdString(d.message);
  }
  // The spanning tree the core will use: its root, and the cut hinges
  // (only where the tree reaches both ends; elsewhere validation speaks).
  const SpanningTree tree = chooseSpanningTree(spec);
  QSet<quint32> roots;
  if (tree.rootHinge >= 0) roots.insert(spec.hinges[static_cast<std::size_t>(tree.rootHinge)].child.value);
  QHash<quint32, int> indexOf;
  for (std::size_t b = 0; b < spec.bodies.size(); ++b) indexOf.insert(spec.bodies[b].id.value, static_cast<int>(b));
  auto reached = [&](BodyId id) {
    const int b = indexOf.value(id.value, -1);
    return b >= 0 && tree.treeHinge[static_cast<std::size_t>(b)] >= 0;
  };
  for (std::size_t i = 0; i < spec.bodies.size(); ++i) {
    const BodySpec& b = spec.bodies[i];
    if (BodyItem* item = m_bodies.value(b.id.value)) {
      item->setLabel(QString::fromStdString(b.name));
      item->setState(b.inputs.size() > 1, roots.contains(b.id.value), bodyProblems.value(static_cast<int>(i)));
    }
  }
  for (int k = 0; k < m_struts.size() && k < static_cast<int>(spec.springs.size()); ++k)
    m_struts[k]->setLabel(QString::fromStdString(spec.springs[static_cast<std::size_t>(k)].name));
  for (std::size_t i = 0; i < spec.hinges.size(); ++i) {
    const HingeSpec& h = spec.hinges[i];
    if (HingeItem* item = m_hinges.value(h.id.value)) {
      item->setLabel(QString::fromStdString(h.name), QString::fromLatin1(toString(h.type)));
      item->setCut(tree.cut[i] && reached(h.child) && (h.isGround() || reached(*h.parent)));
      item->setProblem(hingeProblems.value(static_cast<int>(i)));
    }
  }
}

void TopologyScene::applyLayout() {
  m_syncing = true;
  for (auto it = m_bodies.begin(); it != m_bodies.end(); ++it) {
    const QPointF p = m_document->position(BodyId{it.key()});
    if (it.value()->pos() != p) it.value()->setPos(p);
  }
  m_syncing = false;
}

void TopologyScene::placeGround(quint32 hingeId, quint32 bodyId) {
  GroundItem* ground = m_grounds.value(hingeId);
  BodyItem* body = m_bodies.value(bodyId);
  // A ground hinge at an input end (a loop closed through the ground) sits
  // on the tip side, below and aside, clear of the body's own children.
  const QPointF offset = m_groundsBelow.contains(hingeId) ? QPointF(kGroundAbove, kGroundAbove) : QPointF(0, -kGroundAbove);
  if (ground && body) ground->setPos(body->pos() + offset);
}

void TopologyScene::bodyItemMoved(quint32 id) {
  for (auto it = m_hingesAtBody.constFind(id); it != m_hingesAtBody.cend() && it.key() == id; ++it) {
    if (m_grounds.contains(it.value())) placeGround(it.value(), id);
    if (HingeItem* h = m_hinges.value(it.value())) h->updateGeometry();
  }
  for (StrutItem* s : m_struts) s->updateGeometry();  // few: no index by body
}

QHash<quint32, QPointF> TopologyScene::itemPositions(const QList<quint32>& ids) const {
  QHash<quint32, QPointF> positions;
  for (quint32 id : ids)
    if (BodyItem* item = m_bodies.value(id)) positions.insert(id, item->pos());
  return positions;
}

void TopologyScene::onDocumentSelectionChanged() {
  if (m_syncing) return;
  m_syncing = true;
  const Selection& s = m_document->selection();
  for (auto it = m_bodies.begin(); it != m_bodies.end(); ++it) it.value()->setSelected(s.bodies.contains(it.key()));
  for (auto it = m_hinges.begin(); it != m_hinges.end(); ++it) it.value()->setSelected(s.hinges.contains(it.key()));
  for (StrutItem* item : m_struts) item->setSelected(s.struts.contains(item->index()));
  m_syncing = false;
}

void TopologyScene::onSceneSelectionChanged() {
  if (m_syncing) return;
  Selection s;
  for (QGraphicsItem* item : selectedItems()) {
    if (item->type() == static_cast<int>(GraphItemKind::Body)) s.bodies.insert(static_cast<BodyItem*>(item)->id());
    if (item->type() == static_cast<int>(GraphItemKind::Hinge)) s.hinges.insert(static_cast<HingeItem*>(item)->id());
    if (item->type() == static_cast<int>(GraphItemKind::Strut)) s.struts.insert(static_cast<StrutItem*>(item)->index());
  }
  m_syncing = true;
  m_document->setSelection(s);
  m_syncing = false;
}

}  // namespace mstmm::gui
