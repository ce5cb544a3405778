#pragma once
// One plot of curves over time with a vertical cursor at the playback time.
// This is the only class that touches Qt Charts (deprecated from Qt 6.10 in
// favour of Qt Graphs): everything else talks to PlotPane, so moving to
// another chart library changes this file only.
//
// Mouse: click or drag in the plot moves the playback clock there (seek);
// Shift+drag or right-drag zooms into a rectangle; the wheel zooms the time
// axis around the pointer; middle-drag pans; double-click resets the view.

#include <QColor>
#include <QPointF>
#include <QWidget>
#include <vector>

class QChart;
class QLineSeries;
class QCategoryAxis;
class QGraphicsLineItem;
class QListWidget;
class QPainter;

namespace mstmm::gui {

class PlotChartView;

class PlotPane : public QWidget {
  Q_OBJECT

 public:
  /// Curves with more points than this are thinned for drawing (keeping
  /// each bucket's minimum and maximum); their data stays exact.
  static constexpr int kMaxDrawnPoints = 20000;

  explicit PlotPane(QWidget* parent = nullptr);
  ~PlotPane() override;

  void setTitle(const QString& title);
  QString title() const;
  void setAxisTitles(const QString& x, const QString& y);
  /// The horizontal axis holds log10 of its quantity (a Bode plot's
  /// frequency): its ticks then read the quantity at 1, 2, 5 x 10^k.
  void setLogarithmicX(bool logarithmic);
  QString yAxisTitle() const;

  void clearCurves();
  /// No curves, and the axes as a new pane has them (t 0-1, values -1-1):
  /// another model shows nothing of the previous one's ranges.
  void clearAll();
  /// A new curve; returns its index.
  int addCurve(const QString& name);
  void setCurveData(int curve, std::vector<double> t, std::vector<double> v);
  /// Draws `curve` in `like`'s colour, dashed and thinner: a compared run's
  /// curve beside the current one it compares with.
  void drawAsComparison(int curve, int like);
  /// Appends points to a curve (a live run).
  void appendCurveData(int curve, const std::vector<double>& t, const std::vector<double>& v);
  int curveCount() const { return static_cast<int>(m_curves.size()); }
  QString curveName(int curve) const;
  const std::vector<double>& curveTimes(int curve) const { return m_curves[static_cast<std::size_t>(curve)].t; }
  const std::vector<double>& curveValues(int curve) const { return m_curves[static_cast<std::size_t>(curve)].v; }
  QColor curveColour(int curve) const;
  /// The curve's pen style (solid, dashed, dotted: the palette's second and third rounds).
  Qt::PenStyle curveStyle(int curve) const;
  bool curveVisible(int curve) const;
  /// The legend beside the plot: one entry per curve, scrolled when they do
  /// not fit (the chart's own legend cut them off beyond about seven); an
  /// entry's box hides or shows its curve.
  QListWidget* legend() const { return m_legend; }
  /// Where an exported image of `size` draws each curve's legend entry: in
  /// columns on the right, every one inside the image.
  std::vector<QRectF> exportLegendLayout(const QSize& size) const;

  /// Whether the horizontal axis is time (the default): otherwise (one
  /// quantity against another) there is no playback cursor and a click
  /// does not seek.
  void setTimeAxis(bool time);
  bool timeAxis() const { return m_timeAxis; }
  void setCursorTime(double t);
  double cursorTime() const { return m_cursorTime; }
  /// The widget position of a (time, value) point, and back (tests, seeking).
  QPointF positionOf(double t, double v) const;
  double timeAt(const QPointF& widgetPosition) const;
  /// Horizontal position of the cursor line in widget coordinates.
  double cursorX() const;

  /// Fits the axes to the data again (after zooming).
  void resetView();
  void zoomTo(double t0, double t1, double v0, double v1);
  /// Axis ranges currently shown.
  QPointF timeRange() const;
  QPointF valueRange() const;
  /// The tick labels now shown on the time axis (Horizontal) or value axis.
  QStringList tickLabels(Qt::Orientation orientation) const;

  /// Renders the plot into a PNG or SVG file of the given size (pixels);
  /// false if the file could not be written.
  bool savePng(const QString& path, const QSize& size) const;
  bool saveSvg(const QString& path, const QSize& size, const QString& title = {}) const;
  /// Panes stacked top to bottom in one PNG or SVG (by the file's suffix),
  /// each `size` high: a Bode plot's magnitude over its phase.
  static bool saveStacked(const std::vector<const PlotPane*>& panes, const QString& path, const QSize& size);

 signals:
  void seekRequested(double t);

 private:
  friend class PlotChartView;
  struct Curve {
    QLineSeries* series = nullptr;
    std::vector<double> t, v;
  };
  void redraw(Curve& curve);
  void fitAxes();
  void label(QCategoryAxis* axis, int target);
  void placeCursor();
  void renderTo(QPainter& painter, const QSize& size) const;

  void addLegendEntry(int curve);
  /// The width the exported legend takes at `size`, and its rows per column.
  int exportLegendWidth(const QSize& size, int* rows = nullptr) const;
  QChart* m_chart;
  PlotChartView* m_view;
  QListWidget* m_legend;
  QCategoryAxis *m_x, *m_y;  // value axes whose labels we write (core axisTicks)
  QGraphicsLineItem* m_cursor;
  std::vector<Curve> m_curves;
  double m_cursorTime = 0.0;
  bool m_zoomed = false;
  bool m_timeAxis = true;
  int m_timeTicks = 6;  // the time axis's tick target, for the plot's width
  bool m_logX = false;
};

}  // namespace mstmm::gui
