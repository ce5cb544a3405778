#include "gui/editor/topology_scene.hpp"

#include <QTimer>

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
    case Change::Everything:
      m_unfolded.clear();
      rebuild();
      break;
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
  findChains();
  // Qt's BSP index splits space until items separate, but a folded chain
  // stacks all its hidden bodies on its node: 33,328 items at one point
  // took 12 s to index (the 100,002-DOF example). Models that fold are
  // drawn as a few nodes, so a linear scan is cheaper than any index.
  setItemIndexMethod(m_chains.isEmpty() ? QGraphicsScene::BspTreeIndex : QGraphicsScene::NoIndex);
  for (const BodySpec& b : spec.bodies) {
    auto* item = new BodyItem(b.id.value);
    item->setPos(displayPosition(b.id.value));
    addItem(item);
    m_bodies.insert(b.id.value, item);
    if (m_chainOf.contains(b.id.value) && m_chainOf.value(b.id.value) != b.id.value) item->setVisible(false);  // inside a folded chain
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
    if (m_chainOf.contains(h.child.value) && m_chainOf.value(h.child.value) != h.child.value) item->setVisible(false);  // inside a folded chain
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

// Runs of bodies that hang one below the other, each with exactly one child
// and nothing else attached (no loop closures, struts or ground hinges at
// input ends), found from each run's top: the body whose parent does not
// continue it.
void TopologyScene::findChains() {
  m_chains.clear();
  m_chainOf.clear();
  m_foldedLayout.clear();
  const ModelSpec& spec = m_document->spec();
  if (static_cast<int>(spec.bodies.size()) < kFoldFrom) return;
  QHash<quint32, int> childCount;
  QHash<quint32, quint32> onlyChild, parentOf;
  QSet<quint32> attached;  // bodies something else attaches to: they stay visible
  for (const HingeSpec& h : spec.hinges) {
    if (!h.atChildOutput()) {
      attached.insert(h.child.value);
      if (h.parent) attached.insert(h.parent->value);
      continue;
    }
    if (!h.parent) continue;
    childCount[h.parent->value] += 1;
    onlyChild.insert(h.parent->value, h.child.value);
    parentOf.insert(h.child.value, h.parent->value);
  }
  QSet<QString> strutEnds;
  for (const SpringDamperSpec& strut : spec.springs) strutEnds << QString::fromStdString(strut.bodyA) << QString::fromStdString(strut.bodyB);
  for (const BodySpec& b : spec.bodies)
    if (strutEnds.contains(QString::fromStdString(b.name))) attached.insert(b.id.value);
  auto continues = [&](quint32 b) { return childCount.value(b) == 1 && !attached.contains(b); };
  QSet<quint32> collapsed;
  for (const BodySpec& body : spec.bodies) {
    const quint32 top = body.id.value;
    if (!continues(top) || (parentOf.contains(top) && continues(parentOf.value(top)))) continue;
    QList<quint32> run;
    for (quint32 b = top; continues(b); b = onlyChild.value(b)) run.push_back(b);
    if (run.size() < kMinChain || m_unfolded.contains(top)) continue;
    m_chains.insert(top, run);
    for (quint32 b : run) {
      m_chainOf.insert(b, top);
      if (b != top) collapsed.insert(b);
    }
  }
  if (m_chains.isEmpty()) return;
  m_foldedLayout = m_document->autoLayout(collapsed);
  for (auto it = m_chains.cbegin(); it != m_chains.cend(); ++it)
    for (quint32 b : it.value()) m_foldedLayout.insert(b, m_foldedLayout.value(it.key()));  // edges to the chain end at its node
}

QPointF TopologyScene::displayPosition(quint32 bodyId) const {
  return m_chains.isEmpty() ? m_document->position(BodyId{bodyId}) : m_foldedLayout.value(bodyId, m_document->position(BodyId{bodyId}));
}

bool TopologyScene::unfold(quint32 bodyId) {
  if (!m_chainOf.contains(bodyId)) return false;
  m_unfolded.insert(m_chainOf.value(bodyId));
  rebuild();
  return true;
}

int TopologyScene::visibleBodyCount() const {
  int n = 0;
  for (const BodyItem* item : m_bodies) n += item->isVisible();
  return n;
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
      if (const auto chain = m_chains.constFind(b.id.value); chain != m_chains.cend()) {
        const BodySpec* last = m_document->body(BodyId{chain->back()});
        item->setChain(static_cast<int>(chain->size()),
                       tr("bodies %1–%2 (%3)").arg(QString::fromStdString(b.name), last ? QString::fromStdString(last->name) : QString()).arg(chain->size()));
      }
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
    const QPointF p = displayPosition(it.key());
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
  // A selected body inside a folded chain (chosen in the 3-D view, say):
  // its chain opens, once the selection has reached everyone.
  QSet<quint32> tops;
  quint32 opened = 0;
  for (quint32 id : m_document->selection().bodies)
    if (const auto top = m_chainOf.constFind(id); top != m_chainOf.cend() && *top != id) tops.insert(*top), opened = id;
  if (!tops.isEmpty())
    QTimer::singleShot(0, this, [this, tops, opened] {
      m_unfolded.unite(tops);
      rebuild();
      emit chainOpenedAt(opened);
    });
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
