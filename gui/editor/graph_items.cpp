#include "gui/editor/graph_items.hpp"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QtMath>
#include <algorithm>

#include "gui/editor/topology_scene.hpp"

namespace mstmm::gui {

namespace {

const QColor kBodyFill(219, 233, 246);
const QColor kMultiInputFill(251, 227, 194);
const QColor kProblemFill(248, 201, 201);
const QColor kOutline(60, 70, 80);
const QColor kProblem(192, 57, 43);
const QColor kSelected(31, 111, 235);

double levelOfDetail(const QStyleOptionGraphicsItem* option, const QPainter* painter) {
  return option->levelOfDetailFromTransform(painter->worldTransform());
}

}  // namespace

BodyItem::BodyItem(quint32 id) : m_id(id) {
  setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges);
  setZValue(2);
  setAcceptHoverEvents(true);
}

void BodyItem::setLabel(const QString& name) {
  m_name = name;
  update();
}

void BodyItem::setState(bool multiInput, bool root, const QString& problem) {
  m_multiInput = multiInput;
  m_root = root;
  m_problem = problem;
  QString tip = QString("body '%1'").arg(m_name);
  if (multiInput) tip += QStringLiteral(" (multi-input)");
  if (root) tip += QStringLiteral(" (root)");
  if (!problem.isEmpty()) tip += "\n" + problem;
  setToolTip(tip);
  update();
}

void BodyItem::setChain(int count, const QString& label) {
  prepareGeometryChange();
  m_chainCount = count;
  m_chainLabel = label;
  QFont font;
  font.setPointSizeF(8.0);
  m_chainHalfWidth = std::max(3.6 * kRadius, 0.5 * QFontMetricsF(font).horizontalAdvance(label) + 12.0);  // the label fits
  if (count > 1) setToolTip(QObject::tr("%1: a chain folded into one node; double-click to unfold it").arg(label));
  update();
}

QRectF BodyItem::boundingRect() const {
  const double r = kRadius + 7;
  if (m_chainCount > 1) return QRectF(-m_chainHalfWidth - 8, -r, 2 * m_chainHalfWidth + 16, 2 * r);
  return QRectF(-1.5 * kRadius, -r, 3 * kRadius, 2 * r);
}

QPainterPath BodyItem::shape() const {
  QPainterPath p;
  if (m_chainCount > 1) p.addRoundedRect(QRectF(-m_chainHalfWidth - 4, -kRadius - 4, 2 * m_chainHalfWidth + 8, 2 * kRadius + 8), 10, 10);
  else p.addEllipse(QPointF(0, 0), kRadius + 4, kRadius + 4);
  return p;
}

void BodyItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const bool selected = isSelected();
  const QColor fill = !m_problem.isEmpty() ? kProblemFill : m_multiInput ? kMultiInputFill : kBodyFill;
  QColor line = !m_problem.isEmpty() ? kProblem : kOutline;
  if (selected) line = kSelected;
  const double lod = levelOfDetail(option, painter);
  if (m_chainCount > 1) {  // a folded chain: a stack of two rounded boxes and its range
    painter->setRenderHint(QPainter::Antialiasing);
    const QRectF box(-m_chainHalfWidth, -kRadius, 2 * m_chainHalfWidth, 2 * kRadius);
    painter->setBrush(fill.darker(108));
    painter->setPen(QPen(line, 1.2));
    painter->drawRoundedRect(box.translated(4, 4), 9, 9);
    painter->setBrush(fill);
    painter->setPen(QPen(line, m_root ? 3.5 : (selected ? 2.5 : 1.5)));
    painter->drawRoundedRect(box, 9, 9);
    QFont font = painter->font();
    font.setPointSizeF(8.0);
    painter->setFont(font);
    painter->setPen(Qt::black);
    painter->drawText(box, Qt::AlignCenter, m_chainLabel);
    return;
  }
  if (lod < 0.35) {  // far out: a dot is enough, and thousands draw fast
    painter->setPen(Qt::NoPen);
    painter->setBrush(selected ? kSelected : (!m_problem.isEmpty() ? kProblem : fill.darker(115)));
    painter->drawEllipse(QPointF(0, 0), kRadius, kRadius);
    return;
  }
  painter->setRenderHint(QPainter::Antialiasing);
  painter->setBrush(fill);
  painter->setPen(QPen(line, m_root ? 3.5 : (selected ? 2.5 : 1.5)));
  painter->drawEllipse(QPointF(0, 0), kRadius, kRadius);
  if (m_multiInput) {  // a second ring marks a multi-input (MISO) body
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(line, 1.2));
    painter->drawEllipse(QPointF(0, 0), kRadius + 4, kRadius + 4);
  }
  if (lod < 0.6) return;  // labels only when they can be read
  QFont font = painter->font();
  font.setPointSizeF(m_name.size() <= 3 ? 9.5 : m_name.size() <= 5 ? 7.5 : 6.5);
  font.setBold(m_root);
  painter->setFont(font);
  painter->setPen(Qt::black);
  // Long names may run past the circle rather than be cut off.
  painter->drawText(QRectF(-1.5 * kRadius, -kRadius, 3 * kRadius, 2 * kRadius), Qt::AlignCenter, m_name);
}

QVariant BodyItem::itemChange(GraphicsItemChange change, const QVariant& value) {
  if (change == ItemPositionHasChanged)
    if (auto* s = dynamic_cast<TopologyScene*>(scene())) s->bodyItemMoved(m_id);
  return QGraphicsItem::itemChange(change, value);
}

GroundItem::GroundItem(quint32 hingeId) : m_hingeId(hingeId) {
  setZValue(2);
  setToolTip(QStringLiteral("the ground (boundary 0)"));
}

QRectF GroundItem::boundingRect() const { return QRectF(-20, -16, 40, 32); }

void GroundItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  painter->setRenderHint(QPainter::Antialiasing);
  painter->setPen(QPen(kOutline, 1.5));
  painter->setBrush(QColor(235, 235, 235));
  painter->drawRect(QRectF(-14, -10, 28, 18));
  for (int k = 0; k < 5; ++k) painter->drawLine(QPointF(-14 + 7 * k, -10), QPointF(-18 + 7 * k, -15));  // hatching: a fixed support
  if (levelOfDetail(option, painter) < 0.6) return;
  painter->setPen(Qt::black);
  painter->drawText(QRectF(-14, -10, 28, 18), Qt::AlignCenter, QStringLiteral("0"));
}

void EdgeItem::setEnds(const QGraphicsItem* from, const QGraphicsItem* to) {
  m_from = from;
  m_to = to;
  updateGeometry();
}

void EdgeItem::updateGeometry() {
  prepareGeometryChange();
  if (!m_from) {
    m_line = QLineF();
    return;
  }
  m_line = QLineF(m_from->pos(), m_to ? m_to->pos() : m_from->pos() + groundOffset());
}

QLineF EdgeItem::visibleLine() const {
  if (m_line.length() < 2 * BodyItem::kRadius) return QLineF(m_line.p1(), m_line.p1());
  const QPointF u = (m_line.p2() - m_line.p1()) / m_line.length();
  return QLineF(m_line.p1() + u * (BodyItem::kRadius + 2), m_line.p2() - u * endGap());
}

QRectF EdgeItem::boundingRect() const { return QRectF(m_line.p1(), m_line.p2()).normalized().adjusted(-40, -20, 40, 20); }

void EdgeItem::drawLabel(QPainter* painter, const QRectF& rect, Qt::Alignment align, const QColor& colour, const QString& name) {
  QFont font = painter->font();
  font.setPointSizeF(7.5);
  painter->setFont(font);
  painter->setPen(colour.darker(120));
  painter->drawText(rect, align, name);
}

HingeItem::HingeItem(quint32 id) : m_id(id) {
  setFlags(ItemIsSelectable);
  setZValue(1);
}

void HingeItem::setLabel(const QString& name, const QString& typeName) {
  prepareGeometryChange();  // the label's box is part of the item's
  m_name = name;
  m_typeName = typeName;
  const QString cut = m_cut ? QStringLiteral("\ncut to close a loop: its two ends are tied by the supplement equations") : QString();
  setToolTip(QString("hinge '%1' (%2)%3%4").arg(name, typeName, cut, m_problem.isEmpty() ? QString() : "\n" + m_problem));
  update();
}

void HingeItem::setCut(bool cut) {
  if (cut == m_cut) return;
  m_cut = cut;
  setLabel(m_name, m_typeName);
}

void HingeItem::setProblem(const QString& problem) {
  m_problem = problem;
  setLabel(m_name, m_typeName);
}

// From the edge of the tip circle to the edge of the root circle (or the "0").
double HingeItem::endGap() const {
  return m_to && m_to->type() == static_cast<int>(GraphItemKind::Ground) ? 12.0 : BodyItem::kRadius + 2;
}

QPainterPath HingeItem::shape() const {
  QPainterPath p(visibleLine().p1());
  p.lineTo(visibleLine().p2());
  QPainterPathStroker stroker;
  stroker.setWidth(10);
  return stroker.createStroke(p);
}

void HingeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const QLineF line = visibleLine();
  if (line.length() < 1.0) return;
  QColor colour = !m_problem.isEmpty() ? kProblem : QColor(85, 85, 85);
  if (isSelected()) colour = kSelected;
  const double lod = levelOfDetail(option, painter);
  QPen pen(colour, isSelected() ? 2.5 : 1.5);
  if (m_typeName == QLatin1String("revolute")) pen.setStyle(Qt::DashLine);
  if (m_typeName == QLatin1String("weld")) pen.setWidthF(pen.widthF() + 2.0);
  if (m_cut) pen.setStyle(Qt::DotLine);
  painter->setRenderHint(QPainter::Antialiasing, lod >= 0.35);
  painter->setPen(pen);
  if (m_typeName == QLatin1String("slider")) {  // two parallel lines: a rail
    const QPointF u = (line.p2() - line.p1()) / line.length();
    const QPointF n(-u.y() * 2.5, u.x() * 2.5);
    painter->drawLine(line.translated(n));
    painter->drawLine(line.translated(-n));
  } else {
    painter->drawLine(line);
  }
  if (m_cut) {  // two short bars across the middle: the loop is cut open here
    const QPointF u = (line.p2() - line.p1()) / line.length();
    const QPointF n(-u.y(), u.x());
    QPen bars(colour, 2.0);
    painter->setPen(bars);
    for (double s : {-3.0, 3.0}) painter->drawLine(QLineF(line.center() + s * u - 7 * n, line.center() + s * u + 7 * n));
  }
  // The arrowhead at the root side shows the transfer direction.
  const double angle = std::atan2(-line.dy(), line.dx());
  const QPointF tip = line.p2();
  const QPointF a = tip + QPointF(std::sin(angle - M_PI / 3) * 9, std::cos(angle - M_PI / 3) * 9);
  const QPointF b = tip + QPointF(std::sin(angle - M_PI + M_PI / 3) * 9, std::cos(angle - M_PI + M_PI / 3) * 9);
  painter->setPen(Qt::NoPen);
  painter->setBrush(colour);
  painter->drawPolygon(QPolygonF({tip, a, b}));
  if (lod < 0.8) return;
  drawLabel(painter, labelRect(), Qt::AlignCenter, colour, m_name);
}

// The label's box is centred on the normal through the arrow's middle, on
// the right of the arrow (above a level one), as far out as its half
// extent along that normal plus a gap: the box then lies wholly on one
// side of the line.
QRectF HingeItem::labelRect() const {
  const QLineF line = visibleLine();
  QFont font;
  font.setPointSizeF(7.5);
  const QSizeF text(QFontMetricsF(font).horizontalAdvance(m_name) + 4.0, 14.0);
  if (line.length() < 1.0) return QRectF(m_line.p1(), text);
  const QPointF u = (line.p2() - line.p1()) / line.length();
  QPointF n(-u.y(), u.x());
  if (n.x() < -1e-9 || (std::abs(n.x()) <= 1e-9 && n.y() > 0.0)) n = -n;
  const double half = 0.5 * (std::abs(n.x()) * text.width() + std::abs(n.y()) * text.height());
  const QPointF centre = line.center() + n * (half + 4.0);
  return QRectF(centre - QPointF(0.5 * text.width(), 0.5 * text.height()), text);
}

namespace {
constexpr double kStrutOffset = 22.0;  // the zig-zag's distance from the straight line
}

StrutItem::StrutItem(int index) : m_index(index) {
  setFlags(ItemIsSelectable);
  setZValue(0.5);
}

void StrutItem::setLabel(const QString& name) {
  m_name = name;
  setToolTip(QString("spring-damper '%1'").arg(name));
  update();
}

// A strut to the ground ends in its hatch; one to a body at its circle.
double StrutItem::endGap() const { return m_to ? BodyItem::kRadius + 2 : 0.0; }

QPainterPath StrutItem::shape() const {
  const QLineF line = visibleLine();
  QPainterPath p(line.p1());
  if (m_to && line.length() > 0.0) {
    const QPointF n = QPointF(line.dy(), -line.dx()) / line.length() * kStrutOffset;
    p.lineTo(line.pointAt(0.25) + n);
    p.lineTo(line.pointAt(0.75) + n);
  }
  p.lineTo(line.p2());
  QPainterPathStroker stroker;
  stroker.setWidth(12);
  return stroker.createStroke(p);
}

void StrutItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
  const QLineF line = visibleLine();
  if (line.length() < 1.0) return;
  const QColor colour = isSelected() ? kSelected : QColor(40, 120, 200);
  painter->setRenderHint(QPainter::Antialiasing, levelOfDetail(option, painter) >= 0.35);
  painter->setPen(QPen(colour, isSelected() ? 2.2 : 1.4));
  painter->setBrush(Qt::NoBrush);
  // Leads out to a zig-zag of 6 teeth beside the straight line, so a strut
  // alongside a hinge between the same bodies stays apart from it.
  const QPointF u = (line.p2() - line.p1()) / line.length(), n(-u.y(), u.x());
  const QPointF side = m_to ? -n * kStrutOffset : QPointF();  // left of A -> B: hinge labels sit to the right
  const QPointF start = line.pointAt(0.25) + side, end = line.pointAt(0.75) + side;
  QPolygonF zig{line.p1(), start};
  for (int k = 0; k < 12; ++k) zig << start + (end - start) * ((k + 0.5) / 12.0) + n * (k % 2 ? -6.0 : 6.0);
  zig << end << line.p2();
  painter->drawPolyline(zig);
  if (!m_to) {  // a ground hatch across the far end
    const QPointF g = line.p2();
    painter->drawLine(QLineF(g - n * 10, g + n * 10));
    for (int k = -2; k <= 2; ++k) painter->drawLine(QLineF(g + n * (4.0 * k), g + n * (4.0 * k) + u * 5 - n * 4));
  }
  if (levelOfDetail(option, painter) < 0.8) return;
  const QPointF mid = line.center() + side;  // the label left of the zig-zag, hinge labels being to the right
  drawLabel(painter, QRectF(mid.x() - 92, mid.y() - 8, 80, 16), Qt::AlignRight | Qt::AlignVCenter, colour, m_name);
}

}  // namespace mstmm::gui
