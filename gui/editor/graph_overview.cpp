#include "gui/editor/graph_overview.hpp"

#include <QMouseEvent>
#include <QScrollBar>

namespace mstmm::gui {

GraphOverview::GraphOverview(QGraphicsView* main) : QGraphicsView(main->scene(), main->viewport()), m_main(main) {
  setObjectName("graphOverview");
  setFixedSize(150, 110);
  setInteractive(false);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setFrameShape(QFrame::Box);
  setBackgroundBrush(QColor(255, 255, 255, 235));
  setToolTip(tr("The whole graph; the frame is what the view shows. Click or drag to look elsewhere."));
  setRenderHint(QPainter::Antialiasing, false);
  for (QScrollBar* bar : {main->horizontalScrollBar(), main->verticalScrollBar()})
    connect(bar, &QScrollBar::valueChanged, this, [this] { viewport()->update(); });
  connect(main->scene(), &QGraphicsScene::changed, this, [this] { refresh(); });
  refresh();
}

QRectF GraphOverview::visibleArea() const { return m_main->mapToScene(m_main->viewport()->rect()).boundingRect(); }

void GraphOverview::refresh() {
  const QRectF all = scene()->itemsBoundingRect().adjusted(-20, -20, 20, 20);
  // Only worth a corner when the view shows part of the graph.
  const bool partial = !all.isEmpty() && !visibleArea().contains(all);
  setVisible(partial);
  if (!partial) return;
  fitInView(all, Qt::KeepAspectRatio);
  move(m_main->viewport()->width() - width() - 6, m_main->viewport()->height() - height() - 6);
  viewport()->update();
}

void GraphOverview::drawForeground(QPainter* painter, const QRectF&) {
  painter->setPen(QPen(QColor(220, 60, 30), 0));  // cosmetic: one pixel whatever the scale
  painter->setBrush(QColor(220, 60, 30, 40));
  painter->drawRect(visibleArea());
}

void GraphOverview::mousePressEvent(QMouseEvent* event) { moveMainTo(event->position().toPoint()); }

void GraphOverview::mouseMoveEvent(QMouseEvent* event) {
  if (event->buttons() & Qt::LeftButton) moveMainTo(event->position().toPoint());
}

void GraphOverview::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  refresh();
}

void GraphOverview::moveMainTo(const QPoint& at) {
  m_main->centerOn(mapToScene(at));
  viewport()->update();
}

}  // namespace mstmm::gui
