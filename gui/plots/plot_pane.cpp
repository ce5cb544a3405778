#include "gui/plots/plot_pane.hpp"

#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsLineItem>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QMouseEvent>
#include <QPainter>
#include <QRubberBand>
#include <QValueAxis>
#include <QHBoxLayout>
#include <QListWidget>
#include <QScrollBar>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/plot/axis_ticks.hpp"
#include "gui/exports/atomic_save.hpp"

namespace mstmm::gui {

/// The chart view with our mouse handling (seek, zoom, pan).
class PlotChartView : public QChartView {
 public:
  PlotChartView(QChart* chart, PlotPane* pane) : QChartView(chart), m_pane(pane), m_band(new QRubberBand(QRubberBand::Rectangle, this)) {
    setRenderHint(QPainter::Antialiasing);
    setMouseTracking(false);
  }

 protected:
  void mousePressEvent(QMouseEvent* event) override {
    m_pressAt = m_lastAt = event->position();
    const bool zoom = event->button() == Qt::RightButton || (event->button() == Qt::LeftButton && event->modifiers() & Qt::ShiftModifier);
    m_mode = zoom ? Mode::Zoom : event->button() == Qt::MiddleButton ? Mode::Pan : event->button() == Qt::LeftButton ? Mode::Seek : Mode::None;
    if (m_mode == Mode::Zoom) {
      m_band->setGeometry(QRect(m_pressAt.toPoint(), QSize()));
      m_band->show();
    }
    if (m_mode == Mode::Seek) seek(event->position());
    event->accept();
  }
  void mouseMoveEvent(QMouseEvent* event) override {
    if (m_mode == Mode::Seek) seek(event->position());
    if (m_mode == Mode::Zoom) m_band->setGeometry(QRect(m_pressAt.toPoint(), event->position().toPoint()).normalized());
    if (m_mode == Mode::Pan) {
      const QPointF delta = event->position() - m_lastAt;
      chart()->scroll(-delta.x(), delta.y());
      m_pane->m_zoomed = true;
      m_pane->placeCursor();
    }
    m_lastAt = event->position();
  }
  void mouseReleaseEvent(QMouseEvent* event) override {
    if (m_mode == Mode::Zoom) {
      m_band->hide();
      const QRectF r = QRectF(m_pressAt, event->position()).normalized();
      if (r.width() > 4 && r.height() > 4) {
        const QPointF a = chart()->mapToValue(mapToScene(r.topLeft().toPoint())), b = chart()->mapToValue(mapToScene(r.bottomRight().toPoint()));
        m_pane->zoomTo(a.x(), b.x(), std::min(a.y(), b.y()), std::max(a.y(), b.y()));
      }
    }
    m_mode = Mode::None;
  }
  void mouseDoubleClickEvent(QMouseEvent*) override { m_pane->resetView(); }
  void wheelEvent(QWheelEvent* event) override {
    const double factor = std::pow(0.85, event->angleDelta().y() / 120.0);
    const QPointF range = m_pane->timeRange();
    const double at = m_pane->timeAt(mapTo(m_pane, event->position().toPoint()));
    const QPointF values = m_pane->valueRange();
    m_pane->zoomTo(at - (at - range.x()) * factor, at + (range.y() - at) * factor, values.x(), values.y());
    event->accept();
  }

 private:
  enum class Mode { None, Seek, Zoom, Pan };
  void seek(const QPointF& at) {
    if (m_pane->timeAxis()) emit m_pane->seekRequested(m_pane->timeAt(mapTo(m_pane, at.toPoint())));
  }

  PlotPane* m_pane;
  QRubberBand* m_band;
  Mode m_mode = Mode::None;
  QPointF m_pressAt, m_lastAt;
};

PlotPane::PlotPane(QWidget* parent) : QWidget(parent), m_chart(new QChart), m_legend(new QListWidget), m_x(new QCategoryAxis), m_y(new QCategoryAxis) {
  m_chart->setMargins(QMargins(4, 4, 4, 4));
  m_chart->legend()->hide();  // the list beside the chart scrolls; exports draw their own (renderTo)
  m_chart->addAxis(m_x, Qt::AlignBottom);
  m_chart->addAxis(m_y, Qt::AlignLeft);
  m_x->setTitleText(tr("t [s]"));
  m_x->setRange(0, 1);
  m_y->setRange(-1, 1);
  m_view = new PlotChartView(m_chart, this);
  m_cursor = new QGraphicsLineItem(m_chart);
  m_cursor->setPen(QPen(QColor(220, 60, 30), 1.5));
  m_cursor->setZValue(100);
  m_legend->setObjectName("plotLegend");
  m_legend->setFrameShape(QFrame::NoFrame);
  m_legend->setIconSize(QSize(28, 10));
  m_legend->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_legend->setTextElideMode(Qt::ElideRight);
  m_legend->setSelectionMode(QAbstractItemView::NoSelection);
  m_legend->setVisible(false);
  connect(m_legend, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
    const int curve = m_legend->row(item);
    if (curve >= 0 && curve < curveCount()) m_curves[static_cast<std::size_t>(curve)].series->setVisible(item->checkState() == Qt::Checked);
  });
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(m_view, 1);
  layout->addWidget(m_legend);
  // As many time ticks as fit their labels ("0.0125" takes some 50 px):
  // a narrow plot beside the legend got "0..." labels.
  connect(m_chart, &QChart::plotAreaChanged, this, [this](const QRectF& area) {
    placeCursor();
    const int fit = std::clamp(static_cast<int>(area.width() / 75.0), 2, 6);
    if (fit != m_timeTicks) {
      m_timeTicks = fit;
      label(m_x, m_timeTicks);
    }
  });
  connect(m_x, &QValueAxis::rangeChanged, this, [this] {
    placeCursor();
    label(m_x, m_timeTicks);
  });
  connect(m_y, &QValueAxis::rangeChanged, this, [this] { label(m_y, 5); });
  for (QCategoryAxis* axis : {m_x, m_y}) axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
  label(m_x, m_timeTicks);
  label(m_y, 5);
  setMinimumHeight(180);  // room for a y axis title such as "Angular velocity [deg/s]" and five ticks
}

PlotPane::~PlotPane() = default;

void PlotPane::setTitle(const QString& title) { m_chart->setTitle(title); }
QString PlotPane::title() const { return m_chart->title(); }

void PlotPane::setLogarithmicX(bool logarithmic) {
  m_logX = logarithmic;
  label(m_x, m_timeTicks);
}

void PlotPane::setAxisTitles(const QString& x, const QString& y) {
  m_x->setTitleText(x);
  m_y->setTitleText(y);
}

QString PlotPane::yAxisTitle() const { return m_y->titleText(); }

void PlotPane::clearAll() {
  clearCurves();
  m_x->setRange(0, 1);
  m_y->setRange(-1, 1);
  placeCursor();
}

void PlotPane::clearCurves() {
  m_chart->removeAllSeries();
  m_curves.clear();
  m_legend->clear();
  m_legend->setVisible(false);
  m_zoomed = false;
}

int PlotPane::addCurve(const QString& name) {
  // Sixteen colours no two alike (ten well separated, then six darker or
  // lighter ones; the chart theme has five), then the same dashed and
  // dotted: up to 48 curves, each its own pen.
  static const QColor palette[] = {QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),  QColor(214, 39, 40),
                                   QColor(148, 103, 189), QColor(140, 86, 75),  QColor(227, 119, 194), QColor(127, 127, 127),
                                   QColor(188, 189, 34), QColor(23, 190, 207),  QColor(0, 0, 0),      QColor(120, 0, 60),
                                   QColor(0, 90, 90),    QColor(170, 120, 0),  QColor(90, 60, 200),  QColor(0, 140, 255)};
  constexpr std::size_t kColours = std::size(palette);
  static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine};
  const auto index = m_curves.size();
  auto* series = new QLineSeries;
  series->setName(name);
  QPen pen(palette[index % kColours], 1.6);
  pen.setStyle(styles[(index / kColours) % 3]);
  series->setPen(pen);
  m_chart->addSeries(series);
  series->attachAxis(m_x);
  series->attachAxis(m_y);
  m_curves.push_back({series, {}, {}});
  addLegendEntry(static_cast<int>(m_curves.size()) - 1);
  return static_cast<int>(m_curves.size()) - 1;
}

namespace {

// A legend entry's sample of the curve's pen.
QPixmap penSample(const QPen& pen, const QSize& size) {
  QPixmap sample(size);
  sample.fill(Qt::transparent);
  QPainter p(&sample);
  p.setRenderHint(QPainter::Antialiasing);
  QPen wide(pen);
  wide.setWidthF(2.2);
  p.setPen(wide);
  p.drawLine(QPointF(1, size.height() / 2.0), QPointF(size.width() - 1, size.height() / 2.0));
  return sample;
}

}  // namespace

void PlotPane::addLegendEntry(int curve) {
  auto* item = new QListWidgetItem(QIcon(penSample(m_curves[static_cast<std::size_t>(curve)].series->pen(), m_legend->iconSize())),
                                   m_curves[static_cast<std::size_t>(curve)].series->name(), m_legend);
  item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
  item->setCheckState(Qt::Checked);
  item->setToolTip(item->text());
  const int widest = m_legend->sizeHintForColumn(0) + m_legend->verticalScrollBar()->sizeHint().width() + 8;
  // Wide enough for a name like "line 4 (forward)"
  // before the pane is laid out (width() is then its default); a longer one
  // is cut at its end, where a name's least telling part is.
  m_legend->setFixedWidth(std::clamp(widest, 80, std::max(160, width() / 3)));
  m_legend->setVisible(true);
}

void PlotPane::drawAsComparison(int curve, int like) {
  QPen pen = m_curves[static_cast<std::size_t>(like)].series->pen();
  pen.setStyle(Qt::DashLine);
  pen.setWidthF(1.2);
  m_curves[static_cast<std::size_t>(curve)].series->setPen(pen);
  if (QListWidgetItem* item = m_legend->item(curve)) item->setIcon(QIcon(penSample(pen, m_legend->iconSize())));
}

bool PlotPane::curveVisible(int curve) const { return m_curves[static_cast<std::size_t>(curve)].series->isVisible(); }

Qt::PenStyle PlotPane::curveStyle(int curve) const { return m_curves[static_cast<std::size_t>(curve)].series->pen().style(); }

// The exported legend: entries of one line each, in as many columns as the
// image's height needs, right of the chart.
int PlotPane::exportLegendWidth(const QSize& size, int* rows) const {
  const int count = curveCount();
  const QFontMetrics metrics(m_chart->legend()->font());
  const int line = metrics.height() + 4;
  const int perColumn = std::max(1, (size.height() - 16) / line);
  if (rows) *rows = perColumn;
  if (count == 0) return 0;
  int widest = 0;
  for (const Curve& c : m_curves) widest = std::max(widest, metrics.horizontalAdvance(c.series->name()));
  const int columnWidth = std::min(widest, size.width() / 4) + 40;
  const int columns = (count + perColumn - 1) / perColumn;
  return std::min(columns * columnWidth, size.width() / 2);
}

std::vector<QRectF> PlotPane::exportLegendLayout(const QSize& size) const {
  int rows = 1;
  const int width = exportLegendWidth(size, &rows);
  std::vector<QRectF> at;
  const int count = curveCount();
  if (count == 0) return at;
  const int columns = (count + rows - 1) / rows;
  const double columnWidth = static_cast<double>(width) / columns;
  const double line = QFontMetrics(m_chart->legend()->font()).height() + 4;
  for (int k = 0; k < count; ++k)
    at.emplace_back(size.width() - width + (k / rows) * columnWidth, 8 + (k % rows) * line, columnWidth, line);
  return at;
}

QString PlotPane::curveName(int curve) const { return m_curves[static_cast<std::size_t>(curve)].series->name(); }
QColor PlotPane::curveColour(int curve) const { return m_curves[static_cast<std::size_t>(curve)].series->color(); }

void PlotPane::setCurveData(int curve, std::vector<double> t, std::vector<double> v) {
  Curve& c = m_curves[static_cast<std::size_t>(curve)];
  c.t = std::move(t);
  c.v = std::move(v);
  c.v.resize(c.t.size());
  redraw(c);
  if (!m_zoomed) fitAxes();
}

void PlotPane::appendCurveData(int curve, const std::vector<double>& t, const std::vector<double>& v) {
  Curve& c = m_curves[static_cast<std::size_t>(curve)];
  const std::size_t n = std::min(t.size(), v.size());
  c.t.insert(c.t.end(), t.begin(), t.begin() + static_cast<long>(n));
  c.v.insert(c.v.end(), v.begin(), v.begin() + static_cast<long>(n));
  redraw(c);
  if (!m_zoomed) fitAxes();
}

void PlotPane::redraw(Curve& c) {
  QList<QPointF> points;
  const std::size_t n = c.t.size();
  if (n <= static_cast<std::size_t>(kMaxDrawnPoints)) {
    points.reserve(static_cast<qsizetype>(n));
    for (std::size_t i = 0; i < n; ++i) points.append(QPointF(c.t[i], c.v[i]));
  } else {
    // Min and max of each bucket, in time order: the envelope survives.
    const std::size_t buckets = kMaxDrawnPoints / 2, per = (n + buckets - 1) / buckets;
    for (std::size_t b = 0; b < n; b += per) {
      const std::size_t e = std::min(n, b + per);
      const auto [lo, hi] = std::minmax_element(c.v.begin() + static_cast<long>(b), c.v.begin() + static_cast<long>(e));
      const std::size_t i = static_cast<std::size_t>(lo - c.v.begin()), j = static_cast<std::size_t>(hi - c.v.begin());
      points.append(QPointF(c.t[std::min(i, j)], c.v[std::min(i, j)]));
      if (i != j) points.append(QPointF(c.t[std::max(i, j)], c.v[std::max(i, j)]));
    }
  }
  c.series->replace(points);
}

void PlotPane::fitAxes() {
  double t0 = std::numeric_limits<double>::infinity(), t1 = -t0, v0 = t0, v1 = -t0;
  for (const Curve& c : m_curves) {
    if (c.t.empty()) continue;
    if (m_timeAxis) {  // times increase: the ends are the range, unpadded
      t0 = std::min(t0, c.t.front());
      t1 = std::max(t1, c.t.back());
    } else {  // another quantity (a phase portrait) goes back and forth: all of it, padded as values are
      for (double t : c.t)
        if (std::isfinite(t)) t0 = std::min(t0, t), t1 = std::max(t1, t);
    }
    for (double v : c.v)
      if (std::isfinite(v)) v0 = std::min(v0, v), v1 = std::max(v1, v);
  }
  if (!(t1 >= t0)) return;
  if (!m_timeAxis) plotRange(t0, t1);
  if (t1 == t0) t1 = t0 + 1.0;
  plotRange(v0, v1);
  m_x->setRange(t0, t1);
  m_y->setRange(v0, v1);
  placeCursor();
}

// Writes the axis's tick labels for its current range: round values with
// exact labels (core axisTicks), where QValueAxis would print fractions of
// the range rounded by a printf format (1.3 for 1.25, 3.333e-10 for 0).
void PlotPane::label(QCategoryAxis* axis, int target) {
  for (const QString& old : axis->categoriesLabels()) axis->remove(old);
  const std::vector<AxisTick> ticks = axis == m_x && m_logX ? logAxisTicks(axis->min(), axis->max()) : axisTicks(axis->min(), axis->max(), target);
  if (ticks.empty()) return;
  const double step = ticks.size() > 1 ? ticks[1].value - ticks[0].value : axis->max() - axis->min();
  axis->setStartValue(ticks.front().value - step);  // the first category ends at the first tick, where its label goes
  for (const AxisTick& t : ticks) axis->append(QString::fromStdString(t.label), t.value);
}

QStringList PlotPane::tickLabels(Qt::Orientation orientation) const {
  return (orientation == Qt::Horizontal ? m_x : m_y)->categoriesLabels();
}

void PlotPane::resetView() {
  m_zoomed = false;
  fitAxes();
}

void PlotPane::zoomTo(double t0, double t1, double v0, double v1) {
  if (!(t1 > t0) || !(v1 > v0)) return;
  m_zoomed = true;
  m_x->setRange(t0, t1);
  m_y->setRange(v0, v1);
  placeCursor();
}

QPointF PlotPane::timeRange() const { return {m_x->min(), m_x->max()}; }
QPointF PlotPane::valueRange() const { return {m_y->min(), m_y->max()}; }

void PlotPane::setCursorTime(double t) {
  m_cursorTime = t;
  placeCursor();
}

void PlotPane::setTimeAxis(bool time) {
  m_timeAxis = time;
  placeCursor();
}

void PlotPane::placeCursor() {
  const QRectF area = m_chart->plotArea();
  const bool inside = m_cursorTime >= m_x->min() && m_cursorTime <= m_x->max();
  m_cursor->setVisible(m_timeAxis && inside && area.isValid());
  if (!inside) return;
  const double x = m_chart->mapToPosition(QPointF(m_cursorTime, m_y->min())).x();
  m_cursor->setLine(x, area.top(), x, area.bottom());
}

QPointF PlotPane::positionOf(double t, double v) const {
  const QPointF scene = m_chart->mapToScene(m_chart->mapToPosition(QPointF(t, v)));
  return m_view->mapTo(this, m_view->mapFromScene(scene));
}

double PlotPane::timeAt(const QPointF& widgetPosition) const {
  const QPointF scene = m_view->mapToScene(m_view->mapFrom(this, widgetPosition.toPoint()));
  return m_chart->mapToValue(m_chart->mapFromScene(scene)).x();
}

double PlotPane::cursorX() const {
  if (!m_cursor->isVisible()) return std::numeric_limits<double>::quiet_NaN();
  const QPointF scene = m_cursor->mapToScene(m_cursor->line().p1());
  return m_view->mapTo(this, m_view->mapFromScene(scene)).x();
}

void PlotPane::renderTo(QPainter& painter, const QSize& size) const {
  // Lay the chart out at the requested size (fonts and lines keep their
  // size, the plot area grows), draw it, and put it back.
  const QRectF shown = m_chart->geometry();
  const int legendWidth = exportLegendWidth(size);
  const QSizeF chartSize(size.width() - legendWidth, size.height());
  m_chart->setGeometry(QRectF(QPointF(0, 0), chartSize));
  m_cursor->setVisible(false);  // exported plots show the curves, not the playback position
  painter.setRenderHint(QPainter::Antialiasing);
  m_view->scene()->render(&painter, QRectF(QPointF(0, 0), chartSize), m_chart->geometry());
  m_chart->setGeometry(shown);
  // The legend, every entry (the chart's own legend cut them off).
  painter.setFont(m_chart->legend()->font());
  const std::vector<QRectF> entries = exportLegendLayout(size);
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const QRectF& r = entries[k];
    QPen pen = m_curves[k].series->pen();
    pen.setWidthF(2.2);
    painter.setPen(pen);
    painter.drawLine(QPointF(r.left() + 4, r.center().y()), QPointF(r.left() + 30, r.center().y()));
    painter.setPen(Qt::black);
    painter.drawText(r.adjusted(36, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                     QFontMetrics(painter.font()).elidedText(m_curves[k].series->name(), Qt::ElideMiddle, static_cast<int>(r.width()) - 38));
  }
  const_cast<PlotPane*>(this)->placeCursor();
}

bool PlotPane::savePng(const QString& path, const QSize& size) const {
  QImage image(size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    renderTo(painter, size);
  }
  return savePngAtomically(image, path).isEmpty();
}

bool PlotPane::saveSvg(const QString& path, const QSize& size, const QString& title) const {
  return saveSvgAtomically(size, title.isEmpty() ? m_chart->title() : title, [&](QPainter& painter) { renderTo(painter, size); }, path).isEmpty();
}

bool PlotPane::saveStacked(const std::vector<const PlotPane*>& panes, const QString& path, const QSize& size) {
  const QSize whole(size.width(), size.height() * static_cast<int>(panes.size()));
  auto paint = [&](QPainter& painter) {
    for (std::size_t k = 0; k < panes.size(); ++k) {
      painter.save();
      painter.translate(0, static_cast<int>(k) * size.height());
      panes[k]->renderTo(painter, size);
      painter.restore();
    }
  };
  // Put in place whole (atomic_save): a failure (a full disk) leaves an old
  // file of that name whole.
  if (path.endsWith(".svg", Qt::CaseInsensitive)) return saveSvgAtomically(whole, QString(), paint, path).isEmpty();
  QImage image(whole, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  {
    QPainter painter(&image);
    paint(painter);
  }
  return savePngAtomically(image, path).isEmpty();
}

}  // namespace mstmm::gui
