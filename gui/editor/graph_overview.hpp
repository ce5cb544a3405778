#pragma once
// The overview of the topology graph: the whole graph small in a corner of
// the graph view, with a frame where the view is looking; a click or drag
// in it moves the view there. Shown when the graph is larger than the view.

#include <QGraphicsView>

namespace mstmm::gui {

class GraphOverview : public QGraphicsView {
  Q_OBJECT
 public:
  /// An overview of `main`'s scene, placed on `main`'s viewport.
  explicit GraphOverview(QGraphicsView* main);
  /// Fits the whole graph again, shows or hides itself, redraws the frame.
  void refresh();
  /// The part of the scene the main view shows (scene coordinates).
  QRectF visibleArea() const;

 protected:
  void drawForeground(QPainter* painter, const QRectF& rect) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void moveMainTo(const QPoint& at);
  QGraphicsView* m_main;
};

}  // namespace mstmm::gui
