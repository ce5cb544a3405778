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

/// An arrow from the tip-side body to the root-side body (or the ground).
class HingeItem : public QGraphicsItem {
 public:
  explicit HingeItem(quint32 id);
  int type() const override { return static_cast<int>(GraphItemKind::Hinge); }
  quint32 id() const { return m_id; }

  void setEnds(const QGraphicsItem* tip, const QGraphicsItem* root);
  void setLabel(const QString& name, const QString& typeName);
  void setProblem(const QString& problem);
  /// A hinge cut to open a closed loop is drawn dotted with a cut mark.
  void setCut(bool cut);
  bool isCut() const { return m_cut; }
  /// Re-reads the end positions (after a node moved).
  void updateGeometry();

  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  QLineF visibleLine() const;
  quint32 m_id;
  const QGraphicsItem* m_tip = nullptr;
  const QGraphicsItem* m_root = nullptr;
  QString m_name, m_typeName, m_problem;
  QLineF m_line;
  bool m_cut = false;
};

/// A point-to-point spring-damper between two bodies, or from a body to the
/// ground (drawn with a small ground hatch beside the body): a zig-zag, so it
/// is never taken for a hinge; it carries no transfer direction.
class StrutItem : public QGraphicsItem {
 public:
  explicit StrutItem(int index);
  int type() const override { return static_cast<int>(GraphItemKind::Strut); }
  int index() const { return m_index; }

  /// `b` null: to the ground.
  void setEnds(const QGraphicsItem* a, const QGraphicsItem* b);
  void setLabel(const QString& name);
  void updateGeometry();

  QRectF boundingRect() const override;
  QPainterPath shape() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  QLineF visibleLine() const;
  int m_index;
  const QGraphicsItem* m_a = nullptr;
  const QGraphicsItem* m_b = nullptr;
  QString m_name;
  QLineF m_line;
};

}  // namespace mstmm::gui
