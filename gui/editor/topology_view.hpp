#pragma once
// The view of the topology graph and the editing gestures:
//   wheel: zoom under the mouse; middle drag: pan; drag on empty space:
//   rubber-band selection; drag a body: move (one undo step per drag);
//   Shift+drag from a body to another: connect them (choose the hinge type),
//   to empty space: attach it to the ground; double-click empty space: new
//   body; right click: context menu.

#include <QGraphicsView>
#include <QHash>

#include "gui/document/model_document.hpp"

namespace mstmm::gui {

class BodyItem;
class TopologyScene;

class TopologyView : public QGraphicsView {
  Q_OBJECT

 public:
  TopologyView(ModelDocument* document, TopologyScene* scene, QWidget* parent = nullptr);
  void fitAll();
  class GraphOverview* overview() const { return m_overview; }
  /// Centres an item at a readable scale (nodes at their drawn size or larger).
  void focusOn(QGraphicsItem* item);
  void zoomBy(double factor);
  /// Asks with which hinge type (the menu a connecting drag to empty space
  /// opens) and attaches each selected body to the ground with it: Attach
  /// to Ground and the body's context menu.
  void attachSelectionToGround();

 signals:
  /// Something the user should read in the status bar.
  void message(const QString& text);

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;

 private:
  BodyItem* bodyAt(const QPoint& viewPos) const;
  void finishConnect(const QPoint& viewPos);
  /// The menu after a connecting drag: hinge types under `title`, and (if
  /// `strut` is given) a spring-damper.
  void chooseHingeType(const QPoint& viewPos, const QString& title, const std::function<void(HingeType)>& then, const std::function<void()>& strut = {});
  void commitMove();

  ModelDocument* m_document;
  TopologyScene* m_scene;
  class GraphOverview* m_overview = nullptr;
  QHash<quint32, QPointF> m_pressPositions;  // selected bodies when a drag began
  BodyItem* m_connectFrom = nullptr;
  QGraphicsLineItem* m_connectLine = nullptr;
  bool m_panning = false;
  QPoint m_lastPan;
};

}  // namespace mstmm::gui
