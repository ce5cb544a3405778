#pragma once
// The topology graph of the document as a QGraphicsScene: one item per body,
// hinge and ground connection, kept in step with the document (structure,
// properties, layout, validation problems) and with its selection, both ways.

#include <QGraphicsScene>
#include <QHash>
#include <QSet>
#include <QMultiHash>

#include "gui/document/model_document.hpp"
#include "gui/editor/graph_items.hpp"

namespace mstmm::gui {

class TopologyScene : public QGraphicsScene {
  Q_OBJECT

 public:
  explicit TopologyScene(ModelDocument* document, QObject* parent = nullptr);
  /// Removes the items without telling the document (which may be gone).
  ~TopologyScene() override;

  BodyItem* bodyItem(quint32 id) const { return m_bodies.value(id); }
  HingeItem* hingeItem(quint32 id) const { return m_hinges.value(id); }
  GroundItem* groundItem(quint32 hingeId) const { return m_grounds.value(hingeId); }
  int bodyItemCount() const { return static_cast<int>(m_bodies.size()); }
  int hingeItemCount() const { return static_cast<int>(m_hinges.size()); }
  const QList<StrutItem*>& strutItems() const { return m_struts; }
  QList<BodyItem*> bodyItems() const { return m_bodies.values(); }

  /// Called by a BodyItem whose position changed: moves its hinges and ground.
  void bodyItemMoved(quint32 id);
  /// Current positions of the given bodies' items.
  QHash<quint32, QPointF> itemPositions(const QList<quint32>& ids) const;

  /// Large models (kFoldFrom bodies or more) show each run of kMinChain or
  /// more bodies that hang one below the other, each with one child, as one
  /// node "bodies 12–998 (987)", laid out as one level of the tree.
  static constexpr int kFoldFrom = 50;
  static constexpr int kMinChain = 8;
  /// Unfolds the chain a body is folded into (no-op otherwise); true if it was.
  bool unfold(quint32 bodyId);
  /// Bodies whose items are shown (folded chains count once).
  int visibleBodyCount() const;

 signals:
  /// A body selected elsewhere (the 3-D view) opened the chain it was
  /// folded in: the view brings it into sight (a long chain unfolds far
  /// from where its folded node stood).
  void chainOpenedAt(quint32 bodyId);

 private:
  void onDocumentChanged(Change change);
  void onDocumentSelectionChanged();
  void onSceneSelectionChanged();
  void rebuild();
  void refresh();
  void applyLayout();
  void placeGround(quint32 hingeId, quint32 bodyId);
  void findChains();
  QPointF displayPosition(quint32 bodyId) const;

  ModelDocument* m_document;
  QHash<quint32, BodyItem*> m_bodies;
  QHash<quint32, HingeItem*> m_hinges;
  QHash<quint32, GroundItem*> m_grounds;  // by ground hinge id
  QSet<quint32> m_groundsBelow;           // ground hinges at an input end of their body
  QMultiHash<quint32, quint32> m_hingesAtBody;
  QList<StrutItem*> m_struts;  // by index in ModelSpec::springs
  bool m_syncing = false;
  QHash<quint32, QList<quint32>> m_chains;  // folded: top body -> its run, top first
  QHash<quint32, quint32> m_chainOf;        // folded body -> the top of its run
  QSet<quint32> m_unfolded;                 // tops the user unfolded
  QHash<quint32, QPointF> m_foldedLayout;   // positions while chains are folded
};

}  // namespace mstmm::gui
