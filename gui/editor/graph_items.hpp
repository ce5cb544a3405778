#pragma once
// Graphics items of the topology graph in the notation of 000 Fig. 1(b):
// bodies as circles with their names, hinges as arrows in transfer direction
// (from the tip-side body towards the root), the ground boundary as "0",
// point-to-point spring-dampers (struts) as zig-zag edges.

#include <QGraphicsItem>
#include <QString>

namespace mstmm::gui {

enum class GraphItemKind { Body = QGraphicsItem::UserType + 1, Hinge, Ground, Strut };

class BodyItem : public QGraphicsItem {
 public:
  static constexpr double kRadius = 18.0;
  explicit BodyItem(quint32 id);
  int type() const override { return static_cast<int>(GraphItemKind::Body); }
  quint32 id() const { return m_id; }

  void setLabel(const QString& name);
  /// How to draw it: multi-input bodies get a double ring, the root a heavy
  /// outline, a body with a problem is red and explains it in its tooltip.
  void setState(bool multiInput, bool root, const QString& problem);
  bool hasProblem() const { return !m_problem.isEmpty(); }
  /// Drawn as a folded chain of `count` bodies ("bodies 12–998 (987)") when
  /// count > 1; double-clicking it unfolds the chain.
  void setChain(int count, const QString& label);
  int chainCount() const { return m_chainCount; }

  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 protected:
  QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

 private:
  quint32 m_id;
  QString m_name;
  bool m_multiInput = false;
  bool m_root = false;
  QString m_problem;
  int m_chainCount = 1;
  QString m_chainLabel;
  double m_chainHalfWidth = 0.0;
};

/// The ground boundary "0" that a ground hinge points to.
class GroundItem : public QGraphicsItem {
 public:
  explicit GroundItem(quint32 hingeId);
  int type() const override { return static_cast<int>(GraphItemKind::Ground); }
  quint32 hingeId() const { return m_hingeId; }
  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  quint32 m_hingeId;
};

/// An edge between two graph nodes: its ends follow the nodes, and what it
/// draws runs from the edge of the first node's circle to a gap before the
/// second. Hinges and struts are edges.
class EdgeItem : public QGraphicsItem {
 public:
  /// `to` null: the edge ends at `from`'s position plus groundOffset().
  void setEnds(const QGraphicsItem* from, const QGraphicsItem* to);
  /// Re-reads the end positions (after a node moved).
  void updateGeometry();
  QRectF boundingRect() const override;

 protected:
  virtual QPointF groundOffset() const { return {}; }
  /// How far before the second end the drawn line stops.
  virtual double endGap() const = 0;
  QLineF visibleLine() const;
  /// The element's name in small type, in `colour`, within `rect`.
  static void drawLabel(QPainter* painter, const QRectF& rect, Qt::Alignment align, const QColor& colour, const QString& name);
  const QGraphicsItem* m_from = nullptr;
  const QGraphicsItem* m_to = nullptr;
  QLineF m_line;
};

/// An arrow from the tip-side body to the root-side body (or the ground).
class HingeItem : public EdgeItem {
 public:
  explicit HingeItem(quint32 id);
  int type() const override { return static_cast<int>(GraphItemKind::Hinge); }
  quint32 id() const { return m_id; }

  void setLabel(const QString& name, const QString& typeName);
  void setProblem(const QString& problem);
  /// A hinge cut to open a closed loop is drawn dotted with a cut mark.
  void setCut(bool cut);
  bool isCut() const { return m_cut; }

  QPainterPath shape() const override;
  QRectF boundingRect() const override { return EdgeItem::boundingRect().united(labelRect()); }
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  /// Where the name is written: beside the arrow's middle, clear of the
  /// arrow whatever its direction (issue 55: over it on level arrows).
  QRectF labelRect() const;
  /// The arrow as drawn, from the tip body's circle to the root's.
  QLineF arrowLine() const { return visibleLine(); }

 private:
  double endGap() const override;
  quint32 m_id;
  QString m_name, m_typeName, m_problem;
  bool m_cut = false;
};

/// A point-to-point spring-damper between two bodies, or from a body to the
/// ground (drawn with a small ground hatch beside the body): a zig-zag, so it
/// is never taken for a hinge; it carries no transfer direction.
class StrutItem : public EdgeItem {
 public:
  explicit StrutItem(int index);
  int type() const override { return static_cast<int>(GraphItemKind::Strut); }
  int index() const { return m_index; }
  void setLabel(const QString& name);

  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  QPointF groundOffset() const override { return {56, 48}; }  // down and right of the body, clear of its hinges
  double endGap() const override;
  int m_index;
  QString m_name;
};

}  // namespace mstmm::gui
