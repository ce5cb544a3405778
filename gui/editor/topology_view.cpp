#include "gui/editor/topology_view.hpp"

#include <QContextMenuEvent>
#include <QGraphicsLineItem>
#include <QMenu>
#include <QScrollBar>
#include <QWheelEvent>

#include "gui/document/commands.hpp"
#include "gui/document/model_actions.hpp"
#include "gui/editor/graph_overview.hpp"
#include "gui/editor/topology_scene.hpp"

namespace mstmm::gui {

TopologyView::TopologyView(ModelDocument* document, TopologyScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent), m_document(document), m_scene(scene) {
  setRenderHint(QPainter::Antialiasing);
  setDragMode(QGraphicsView::RubberBandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
  setBackgroundBrush(QColor(250, 250, 252));
  m_overview = new GraphOverview(this);
  connect(scene, &TopologyScene::chainOpenedAt, this, [this](quint32 id) { focusOn(m_scene->bodyItem(id)); });
}

void TopologyView::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  m_overview->refresh();
}

void TopologyView::fitAll() {
  setSceneRect(QRectF());  // automatic again: the items' bounds
  QRectF bounds = m_scene->itemsBoundingRect().adjusted(-40, -40, 40, 40);
  if (bounds.isEmpty()) bounds = QRectF(-200, -150, 400, 300);
  fitInView(bounds, Qt::KeepAspectRatio);
  if (transform().m11() > 1.5) setTransform(QTransform::fromScale(1.5, 1.5));  // small graphs stay readable
  centerOn(bounds.center());
  m_overview->refresh();
}

void TopologyView::focusOn(QGraphicsItem* item) {
  if (!item) return;
  if (transform().m11() < 1.0) setTransform(QTransform());  // fitted to a large graph: nodes would be specks
  setSceneRect(QRectF());
  centerOn(item);
  m_overview->refresh();
}

void TopologyView::zoomBy(double factor) {
  const double current = transform().m11();
  const double target = std::clamp(current * factor, 0.002, 8.0);
  scale(target / current, target / current);
  m_overview->refresh();
}

void TopologyView::wheelEvent(QWheelEvent* event) { zoomBy(std::pow(1.0015, event->angleDelta().y())); }

BodyItem* TopologyView::bodyAt(const QPoint& viewPos) const {
  for (QGraphicsItem* item : items(viewPos))
    if (item->type() == static_cast<int>(GraphItemKind::Body)) return static_cast<BodyItem*>(item);
  return nullptr;
}

void TopologyView::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::MiddleButton) {
    m_panning = true;
    m_lastPan = event->pos();
    setCursor(Qt::ClosedHandCursor);
    return;
  }
  BodyItem* body = bodyAt(event->pos());
  if (event->button() == Qt::LeftButton && body && (event->modifiers() & Qt::ShiftModifier)) {
    m_connectFrom = body;
    m_connectLine = m_scene->addLine(QLineF(body->pos(), mapToScene(event->pos())), QPen(QColor(31, 111, 235), 2, Qt::DashLine));
    return;
  }
  QGraphicsView::mousePressEvent(event);
  m_pressPositions.clear();
  if (event->button() == Qt::LeftButton && body)
    for (QGraphicsItem* item : m_scene->selectedItems())
      if (item->type() == static_cast<int>(GraphItemKind::Body)) m_pressPositions.insert(static_cast<BodyItem*>(item)->id(), item->pos());
}

void TopologyView::mouseMoveEvent(QMouseEvent* event) {
  if (m_panning) {
    const QPoint delta = event->pos() - m_lastPan;
    m_lastPan = event->pos();
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
    verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
    return;
  }
  if (m_connectLine) {
    m_connectLine->setLine(QLineF(m_connectFrom->pos(), mapToScene(event->pos())));
    return;
  }
  QGraphicsView::mouseMoveEvent(event);
}

void TopologyView::mouseReleaseEvent(QMouseEvent* event) {
  if (m_panning && event->button() == Qt::MiddleButton) {
    m_panning = false;
    unsetCursor();
    return;
  }
  if (m_connectLine) {
    finishConnect(event->pos());
    return;
  }
  QGraphicsView::mouseReleaseEvent(event);
  commitMove();
}

// A drag is one undo step: the positions at the press against the positions now.
void TopologyView::commitMove() {
  if (m_pressPositions.isEmpty()) return;
  const QHash<quint32, QPointF> now = m_scene->itemPositions(m_pressPositions.keys());
  bool moved = false;
  for (auto it = now.begin(); it != now.end(); ++it) moved = moved || it.value() != m_pressPositions.value(it.key());
  if (moved) m_document->undoStack()->push(new MoveNodesCommand(m_document, m_pressPositions, now));
  m_pressPositions.clear();
}

void TopologyView::finishConnect(const QPoint& viewPos) {
  BodyItem* from = m_connectFrom;
  delete m_connectLine;
  m_connectLine = nullptr;
  m_connectFrom = nullptr;
  BodyItem* to = bodyAt(viewPos);
  if (to == from) return;
  const BodyId tip{from->id()};
  const std::optional<BodyId> other = to ? std::optional<BodyId>(BodyId{to->id()}) : std::nullopt;
  chooseHingeType(
      viewPos, other ? tr("Connect with a hinge") : tr("Attach to the ground with"),
      [this, tip, other](HingeType type) {
        const QString problem = other ? connectBodies(m_document, tip, *other, type) : attachToGround(m_document, tip, type);
        if (!problem.isEmpty()) emit message(problem);
      },
      [this, tip, other] {
        const QString problem = addStrut(m_document, tip, other);
        if (!problem.isEmpty()) emit message(problem);
      });
}

void TopologyView::chooseHingeType(const QPoint& viewPos, const QString& title, const std::function<void(HingeType)>& then,
                                   const std::function<void()>& strut) {
  QMenu menu(this);
  menu.setObjectName("hingeTypeMenu");
  menu.addSection(title);
  for (const HingeType t : hingeTypesFor(m_document->spec().kind)) {
    QAction* action = menu.addAction(hingeTypeLabel(t), [then, t] { then(t); });
    action->setObjectName(QString("hinge-") + toString(t));
  }
  if (strut) {
    menu.addSection(tr("Or join with a force element"));
    menu.addAction(tr("Spring-damper (strut)"), strut);
  }
  menu.exec(mapToGlobal(viewPos));
}

void TopologyView::attachSelectionToGround() {
  const QList<quint32> bodies(m_document->selection().bodies.begin(), m_document->selection().bodies.end());
  if (bodies.isEmpty()) {
    emit message(tr("Attach to Ground: select the bodies to attach first"));
    return;
  }
  QPoint at = viewport()->rect().center();
  if (BodyItem* first = m_scene->bodyItem(bodies.front())) at = mapFromScene(first->pos());
  const QString title = bodies.size() == 1 ? tr("Attach to the ground with") : tr("Attach %1 bodies to the ground with").arg(bodies.size());
  chooseHingeType(at, title, [this, bodies](HingeType type) {
    for (quint32 id : bodies)
      if (const QString problem = attachToGround(m_document, BodyId{id}, type); !problem.isEmpty()) emit message(problem);
  });
}

void TopologyView::mouseDoubleClickEvent(QMouseEvent* event) {
  if (BodyItem* body = bodyAt(event->pos()); event->button() == Qt::LeftButton && body && body->chainCount() > 1) {
    m_scene->unfold(body->id());  // a folded chain opens up
    return;
  }
  if (event->button() == Qt::LeftButton && !itemAt(event->pos())) {
    // The scene's rectangle would grow by the new body and the view
    // re-centre on it, moving the body away from the pointer: the rectangle
    // first takes in all that is visible, so the view stays where it is.
    setSceneRect(sceneRect().united(mapToScene(viewport()->rect()).boundingRect()));
    const BodyId id = addBody(m_document, mapToScene(event->pos()));
    Selection s;
    s.bodies.insert(id.value);
    m_document->setSelection(s);  // ready for its properties
    return;
  }
  QGraphicsView::mouseDoubleClickEvent(event);
}

void TopologyView::contextMenuEvent(QContextMenuEvent* event) {
  QMenu menu(this);
  const QPointF at = mapToScene(event->pos());
  if (BodyItem* body = bodyAt(event->pos())) {
    if (!body->isSelected()) {
      Selection s;
      s.bodies.insert(body->id());
      m_document->setSelection(s);
    }
    const BodyId id{body->id()};
    menu.addAction(tr("Attach to the Ground…"), this, &TopologyView::attachSelectionToGround);
    menu.addAction(tr("Delete"), [this] { deleteSelection(m_document); });
  } else if (QGraphicsItem* item = itemAt(event->pos()); item && item->type() == static_cast<int>(GraphItemKind::Hinge)) {
    Selection s;
    s.hinges.insert(static_cast<HingeItem*>(item)->id());
    m_document->setSelection(s);
    menu.addAction(tr("Delete Hinge"), [this] { deleteSelection(m_document); });
  } else if (item && item->type() == static_cast<int>(GraphItemKind::Strut)) {
    Selection s;
    s.struts.insert(static_cast<StrutItem*>(item)->index());
    m_document->setSelection(s);
    menu.addAction(tr("Delete Spring-Damper"), [this] { deleteSelection(m_document); });
  } else {
    menu.addAction(tr("Add Body Here"), [this, at] { addBody(m_document, at); });
    menu.addAction(tr("Automatic Layout"), [this] {
      applyAutoLayout(m_document);
      fitAll();
    });
    menu.addAction(tr("Fit"), [this] { fitAll(); });
  }
  menu.exec(event->globalPos());
}

}  // namespace mstmm::gui
