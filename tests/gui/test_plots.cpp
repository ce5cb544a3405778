// The plots show exactly the recorded values (converted only to the unit
// asked for), their cursor follows the playback clock and a click seeks it;
// the plotted series export to CSV that reads back to the same numbers, and
// a plot exports to an SVG that is well-formed XML with one path per curve
// and to a PNG of the requested size.

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QGraphicsView>
#include <QWheelEvent>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QComboBox>
#include <QListWidget>
#include <QScrollBar>
#include <QSet>
#include <Eigen/Geometry>
#include <numbers>

#include "core/io/model_json.hpp"
#include "core/io/table_csv.hpp"
#include "core/dynamics/load_channels.hpp"
#include "core/plot/series_catalog.hpp"
#include "core/sim/simulation.hpp"
#include "gui/playback/playback_clock.hpp"
#include "gui/plots/plot_pane.hpp"
#include "gui/plots/plots_panel.hpp"
#include "gui/run/run_results.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::gui;

namespace {

constexpr double kDeg = 180.0 / std::numbers::pi;

/// A copy of what a run recorded (the panel locks the results itself).
Results recorded(const RunResults& results) {
  return results.read([](const Results& r) { return r; });
}

std::shared_ptr<RunResults> run(const std::string& example, double endTime) {
  const std::shared_ptr<const Model> model = compile(loadModel(test::sourcePath("resources/examples/" + example)));
  SimulationSettings settings = model->spec().simulation;
  settings.endTime = endTime;
  auto results = std::make_shared<RunResults>(model, RecordOptions{});
  simulate(model, settings, *results);
  return results;
}

/// A plots panel showing a run (the panel needs a clock to follow).
struct PanelOnRun {
  explicit PanelOnRun(const std::shared_ptr<RunResults>& results) { panel.setResults(results); }
  PlaybackClock clock;
  PlotsPanel panel{&clock};
};

/// Reads a CSV written by tableCsv: the header row and the numbers.
std::vector<std::vector<double>> readCsv(const QString& path, QStringList& header) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  std::vector<std::vector<double>> rows;
  while (!file.atEnd()) {
    const QString line = QString::fromUtf8(file.readLine()).trimmed();
    if (line.startsWith('#') || line.isEmpty()) continue;
    if (header.isEmpty()) {
      header = line.split(',');
      continue;
    }
    std::vector<double> row;
    for (const QString& cell : line.split(',')) row.push_back(std::strtod(cell.toLatin1().constData(), nullptr));
    rows.push_back(row);
  }
  return rows;
}

/// A panel large enough for mouse work, on screen.
bool showOnScreen(QWidget& panel) {
  panel.resize(900, 600);
  panel.show();
  return QTest::qWaitForWindowExposed(&panel);
}

}  // namespace

class TestPlots : public QObject {
  Q_OBJECT

 private slots:
  void planarCurvesAreTheRecordedValues() {
    const auto results = run("riccati-demo-planar.json", 1.0);
    PanelOnRun shown(results);
    PlotsPanel& panel = shown.panel;
    PlotPane* pane = panel.currentPane();
    const Model& model = *results->model();
    {
      const Results r = recorded(*results);
      QCOMPARE(pane->curveCount(), std::min(4, r.recordedBodyCount()));  // the first four bodies are ticked
      for (int c = 0; c < pane->curveCount(); ++c) {
        const int slot = r.slotOf(panel.plottedBodies()[static_cast<std::size_t>(c)]);
        QCOMPARE(pane->curveTimes(c), r.times());
        for (int f = 0; f < r.frameCount(); ++f) QCOMPARE(pane->curveValues(c)[static_cast<std::size_t>(f)], r.theta(f, slot) * kDeg);
      }
      // Energies and hinge forces: the recorded numbers as they are.
      panel.setPaneQuantity(pane, Quantity::Energy, 2);
      QCOMPARE(pane->curveCount(), 1);
      for (int f = 0; f < r.frameCount(); ++f) QCOMPARE(pane->curveValues(0)[static_cast<std::size_t>(f)], r.energy(f).total());
      panel.setPaneQuantity(pane, Quantity::HingeForce, 1);
      const int slot = r.slotOf(panel.plottedBodies().front());
      for (int f = 0; f < r.frameCount(); ++f) QCOMPARE(pane->curveValues(0)[static_cast<std::size_t>(f)], r.hingeForce(f, slot).y());
      QVERIFY(pane->yAxisTitle().contains("[N]"));
    }
    (void)model;
  }

  // Issue 55: one quantity against another. The demo's angular velocities
  // against their angles (a phase portrait) are, point by point, each body's
  // recorded theta' against its theta; such a plot has no time cursor and a
  // click does not move the clock; energies do not pair with a body's angle,
  // and the plot says so; back against t, the curves are over time again.
  void aPhasePortraitPlotsEachBodysRateAgainstItsAngle() {
    const auto results = run("riccati-demo-planar.json", 1.0);
    PanelOnRun shown(results);
    PlotsPanel& panel = shown.panel;
    PlotPane* pane = panel.currentPane();
    panel.setPaneQuantity(pane, Quantity::AngularVelocity, -1);
    panel.setPaneAgainst(pane, Quantity::Angle);
    QVERIFY(!pane->timeAxis());
    const Results r = recorded(*results);
    QVERIFY(pane->curveCount() >= 2);
    for (int c = 0; c < pane->curveCount(); ++c) {
      const int slot = r.slotOf(panel.plottedBodies()[static_cast<std::size_t>(c)]);
      QCOMPARE(pane->curveTimes(c).size(), static_cast<std::size_t>(r.frameCount()));
      for (int f = 0; f < r.frameCount(); f += 7) {
        QCOMPARE(pane->curveTimes(c)[static_cast<std::size_t>(f)], r.theta(f, slot) * kDeg);
        QCOMPARE(pane->curveValues(c)[static_cast<std::size_t>(f)], r.angularVelocity(f, slot).z() * kDeg);
      }
    }
    QVERIFY(pane->tickLabels(Qt::Horizontal).size() >= 2);
    // The horizontal axis holds every curve whole (it held the first and last
    // x of each, as time's ends, and cut the portraits off).
    for (int c = 0; c < pane->curveCount(); ++c)
      for (double x : pane->curveTimes(c)) QVERIFY2(x >= pane->timeRange().x() && x <= pane->timeRange().y(), qPrintable(QString("curve %1: x = %2").arg(c).arg(x)));
    panel.resize(900, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy seek(pane, &PlotPane::seekRequested);
    QGraphicsView* view = pane->findChild<QGraphicsView*>();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->viewport()->rect().center());
    QCOMPARE(seek.count(), 0);
    QVERIFY(std::isnan(pane->cursorX()));  // no time cursor
    // Exported, each curve's x series is a column of its own beside its y
    // series, over the recorded times (the angles went out as "t [s]").
    std::vector<double> times;
    const std::vector<TableColumn> columns = panel.plottedColumns(times);
    QCOMPARE(times, r.times());
    QCOMPARE(columns.size(), static_cast<std::size_t>(2 * pane->curveCount()));
    QCOMPARE(columns[0].name + " [" + columns[0].unit + "]", std::string("1 theta [deg]"));
    QCOMPARE(columns[1].name + " [" + columns[1].unit + "]", std::string("1 omega z [deg/s]"));
    QCOMPARE(columns[0].values, pane->curveTimes(0));
    QCOMPARE(columns[1].values, pane->curveValues(0));
    panel.setPaneQuantity(pane, Quantity::Energy, 1);
    panel.setPaneAgainst(pane, Quantity::Angle);
    QVERIFY2(pane->title().contains("no angle to plot against"), qPrintable(pane->title()));
    panel.setPaneAgainst(pane, std::nullopt);
    QVERIFY(pane->timeAxis());
    QCOMPARE(pane->curveTimes(0), r.times());
    QVERIFY(pane->title().isEmpty());
  }

  // Issue 55: named measures plot as the built-in quantities do. The demo
  // with a point's position and its distance from the origin: "Measures"
  // offers the position whole (x and y, one unit) and each channel; the
  // curves are the recorded values, y against x is the point's path, and
  // the distance curve is |(x, y)| of the same instant.
  void measuresPlotWholeByChannelAndAgainstEachOther() {
    ModelSpec spec = loadModel(test::sourcePath("resources/examples/riccati-demo-planar.json"));
    MeasureSpec tip;
    tip.name = "tip";
    tip.body = spec.bodies.front().name;
    tip.point = spec.bodies.front().inputs.front();
    spec.measures.push_back(tip);
    MeasureSpec reach = tip;
    reach.name = "reach";
    reach.kind = MeasureKind::Distance;
    spec.measures.push_back(reach);
    const std::shared_ptr<const Model> model = compile(spec);
    SimulationSettings settings = spec.simulation;
    settings.endTime = 1.0;
    auto results = std::make_shared<RunResults>(model, RecordOptions{});
    simulate(model, settings, *results);
    PanelOnRun shown(results);
    PlotsPanel& panel = shown.panel;
    PlotPane* pane = panel.currentPane();
    const Results r = recorded(*results);
    panel.setPaneQuantity(pane, Quantity::Measure, -1);  // all three channels: one unit, m
    QCOMPARE(pane->curveCount(), 3);
    QVERIFY2(pane->yAxisTitle() == "Measures [m]", qPrintable(pane->yAxisTitle()));
    panel.setPaneQuantity(pane, Quantity::Measure, PlotsPanel::kFirstGroup);  // the first group: position 'tip' whole
    QCOMPARE(pane->curveCount(), 2);
    for (int c = 0; c < 2; ++c)
      for (int f = 0; f < r.frameCount(); f += 5) QCOMPARE(pane->curveValues(c)[static_cast<std::size_t>(f)], r.measureValue(f, c));
    panel.setPaneQuantity(pane, Quantity::Measure, 1);  // tip.y
    panel.setPaneAgainst(pane, Quantity::Measure);      // against tip.x: the path
    QVERIFY(!pane->timeAxis());
    QCOMPARE(pane->curveCount(), 1);
    double worst = 0.0;
    for (int f = 0; f < r.frameCount(); ++f) {
      QCOMPARE(pane->curveTimes(0)[static_cast<std::size_t>(f)], r.measureValue(f, 0));
      QCOMPARE(pane->curveValues(0)[static_cast<std::size_t>(f)], r.measureValue(f, 1));
      worst = std::max(worst, std::abs(std::hypot(r.measureValue(f, 0), r.measureValue(f, 1)) - r.measureValue(f, 2)));
    }
    QVERIFY2(worst < 1e-12, qPrintable(QString::number(worst)));
    panel.setPaneAgainst(pane, std::nullopt);
    // Not offered to a model without measures.
    PanelOnRun other(run("riccati-demo-planar.json", 0.1));
    QComboBox* quantity = nullptr;
    for (QComboBox* c : other.panel.findChildren<QComboBox*>())
      if (c->findData(static_cast<int>(Quantity::Measure)) >= 0 && c->objectName() != "plotAgainst") quantity = c;
    QVERIFY(quantity);
    auto* items = qobject_cast<QStandardItemModel*>(quantity->model());
    QVERIFY(!items->item(quantity->findData(static_cast<int>(Quantity::Measure)))->isEnabled());
  }

  // Issue 55: two runs compared. The demo run, kept; a second run of it
  // with gravity halved: each angle curve has its kept twin, dashed in its
  // colour, whose values are the kept run's recorded angles. The first
  // run's plotted series saved as CSV and read back compare the same way;
  // a file that is not such a table is refused by its line; Clear leaves
  // the current run alone.
  void aKeptRunAndSavedSeriesAreLaidOverTheCurrentRun() {
    ModelSpec spec = loadModel(test::sourcePath("resources/examples/riccati-demo-planar.json"));
    auto runOf = [](const ModelSpec& sp) {
      const std::shared_ptr<const Model> model = compile(sp);
      SimulationSettings settings = sp.simulation;
      settings.endTime = 1.0;
      auto results = std::make_shared<RunResults>(model, RecordOptions{});
      simulate(model, settings, *results);
      return results;
    };
    const auto first = runOf(spec);
    PanelOnRun shown(first);
    PlotsPanel& panel = shown.panel;
    PlotPane* pane = panel.currentPane();
    panel.setPaneQuantity(pane, Quantity::Angle, -1);
    const int curves = pane->curveCount();
    QVERIFY(curves >= 2);
    std::vector<double> times;
    const std::vector<TableColumn> saved = panel.plottedColumns(times);
    QVERIFY(panel.keepForComparison());
    QVERIFY(panel.comparisonLabel().startsWith("run kept at"));
    spec.gravity *= 0.5;
    const auto second = runOf(spec);
    panel.setResults(second);
    QCOMPARE(pane->curveCount(), 2 * curves);
    const Results a = recorded(*first), b = recorded(*second);
    for (int c = 0; c < curves; ++c) {
      const int twin = curves + c;
      QCOMPARE(pane->curveName(twin), pane->curveName(c) + " (" + panel.comparisonLabel() + ")");
      QCOMPARE(pane->curveColour(twin), pane->curveColour(c));
      QCOMPARE(pane->curveStyle(twin), Qt::DashLine);
      const int slot = a.slotOf(panel.plottedBodies()[static_cast<std::size_t>(c)]);
      for (int f = 0; f < a.frameCount(); f += 9) {
        QCOMPARE(pane->curveValues(twin)[static_cast<std::size_t>(f)], a.theta(f, slot) * kDeg);
        QCOMPARE(pane->curveValues(c)[static_cast<std::size_t>(f)], b.theta(f, slot) * kDeg);
      }
    }
    QVERIFY(std::abs(pane->curveValues(curves).back() - pane->curveValues(0).back()) > 1.0);  // the runs differ
    // The current run's export holds the current run's curves only.
    std::vector<double> now;
    QCOMPARE(panel.plottedColumns(now).size(), static_cast<std::size_t>(curves));
    // Saved plotted series, read back.
    QTemporaryDir dir;
    const QString path = dir.filePath("first.csv");
    writeTableCsv(path.toStdString(), {"first run"}, times, saved);
    QCOMPARE(panel.compareWithFile(path), QString());
    QCOMPARE(panel.comparisonLabel(), QString("first.csv"));
    QCOMPARE(pane->curveCount(), 2 * curves);
    for (int c = 0; c < curves; ++c)
      for (int f = 0; f < a.frameCount(); f += 9) QCOMPARE(pane->curveValues(curves + c)[static_cast<std::size_t>(f)], saved[static_cast<std::size_t>(c)].values[static_cast<std::size_t>(f)]);
    QFile bad(dir.filePath("bad.csv"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("# x\nt [s],a [deg]\n0,1\n0.1,zwei\n");
    bad.close();
    const QString problem = panel.compareWithFile(bad.fileName());
    QVERIFY2(problem.contains("line 4") && problem.contains("'zwei' is not a number"), qPrintable(problem));
    QCOMPARE(panel.comparisonLabel(), QString("first.csv"));  // the refused file changed nothing
    panel.clearComparison();
    QCOMPARE(pane->curveCount(), curves);
    QCOMPARE(panel.comparisonLabel(), QString());
  }

  void slideCurvesAreTheRecordedSlides() {
    // The crank-slider's block: the slide curve is the recorded s, in metres,
    // and stays between l - r and l + r (0.4 and 0.8 m) as the crank turns.
    const auto results = run("crank-slider.json", 1.0);
    PanelOnRun shown(results);
    PlotsPanel& panel = shown.panel;
    PlotPane* pane = panel.currentPane();
    const Results r = recorded(*results);
    panel.setPaneQuantity(pane, Quantity::Slide, -1);
    QCOMPARE(pane->curveCount(), 1);
    QVERIFY(pane->yAxisTitle().contains("[m]"));
    double low = INFINITY, high = -INFINITY;
    for (int f = 0; f < r.frameCount(); ++f) {
      const double v = pane->curveValues(0)[static_cast<std::size_t>(f)];
      QCOMPARE(v, r.slide(f, 0));
      low = std::min(low, v);
      high = std::max(high, v);
    }
    QVERIFY(low > 0.4 - 1e-9 && low < 0.41 && high < 0.8 + 1e-9 && high > 0.79);
    panel.setPaneQuantity(pane, Quantity::SlideRate, 0);
    for (int f = 0; f < r.frameCount(); ++f) QCOMPARE(pane->curveValues(0)[static_cast<std::size_t>(f)], r.slideRate(f, 0));
    QVERIFY(pane->yAxisTitle().contains("[m/s]"));
    // Offered only to models with sliders.
    QComboBox* quantity = nullptr;  // the pane's quantity chooser: the combo that lists "Slide"
    for (QComboBox* c : panel.findChildren<QComboBox*>())
      if (c->findText("Slide") >= 0) quantity = c;
    QVERIFY(quantity);
    auto* items = qobject_cast<QStandardItemModel*>(quantity->model());
    QVERIFY(items);
    const int slideItem = quantity->findText("Slide");
    QVERIFY(items->item(slideItem)->isEnabled());
    panel.setResults(run("riccati-demo-planar.json", 0.1));
    QVERIFY(!items->item(slideItem)->isEnabled());
  }

  void spatialAnglesRebuildTheRecordedRotation() {
    const auto results = run("chain-5-spatial.json", 1.0);
    PanelOnRun shown(results);
    PlotsPanel& panel = shown.panel;
    PlotPane* pane = panel.currentPane();
    panel.setPlottedBodies({results->model()->root()});
    panel.setAngleRepresentation(AngleRepresentation::Cardan);
    panel.setPaneQuantity(pane, Quantity::Angle);
    QCOMPARE(pane->curveCount(), 3);
    {
      const Results r = recorded(*results);
      const int slot = r.slotOf(results->model()->root());
      double turned = 0.0;
      for (int f = 0; f < r.frameCount(); ++f) {
        // Independent: z-y-x Cardan angles (in degrees, possibly unwrapped by 360) give back the rotation.
        const double yaw = pane->curveValues(0)[f] / kDeg, pitch = pane->curveValues(1)[f] / kDeg, roll = pane->curveValues(2)[f] / kDeg;
        const Eigen::Matrix3d rebuilt = (Eigen::AngleAxisd(yaw, Vec3::UnitZ()) * Eigen::AngleAxisd(pitch, Vec3::UnitY()) *
                                         Eigen::AngleAxisd(roll, Vec3::UnitX())).toRotationMatrix();
        const Quat p = r.orientation(f, slot).normalized();
        const Eigen::Matrix3d recorded = Eigen::Quaterniond(p[0], p[1], p[2], p[3]).toRotationMatrix();
        QVERIFY((rebuilt - recorded).cwiseAbs().maxCoeff() < 1e-12);
        turned = std::max(turned, std::abs(pane->curveValues(1)[f]));
      }
      QVERIFY(turned > 1.0);  // the body really turned
      panel.setAngleRepresentation(AngleRepresentation::Quaternion);
      panel.setPaneQuantity(pane, Quantity::Angle);
      QCOMPARE(pane->curveCount(), 4);
      for (int f = 0; f < r.frameCount(); ++f)
        for (int c = 0; c < 4; ++c) QCOMPARE(pane->curveValues(c)[f], r.orientation(f, slot).normalized()[c]);
    }
  }

  void cursorFollowsTheClockAndAClickSeeks() {
    const auto results = run("riccati-demo-planar.json", 2.0);
    PlaybackClock clock;
    PlotsPanel panel(&clock);
    QVERIFY(showOnScreen(panel));
    panel.setResults(results);
    {
      const Results r = recorded(*results);
      clock.appendSampleTimes(r.times());
    }
    PlotPane* pane = panel.currentPane();
    for (double t : {0.5, 1.25, 2.0}) {
      clock.setTime(t);
      QCOMPARE(pane->cursorTime(), t);
      QVERIFY(std::abs(pane->cursorX() - pane->positionOf(t, 0.0).x()) < 0.5);
    }
    auto* view = pane->findChild<QGraphicsView*>();
    QVERIFY(view);
    const double target = 0.8;
    const QPoint at = view->viewport()->mapFrom(pane, pane->positionOf(target, 0.0).toPoint());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    const double perPixel = pane->timeAt(QPointF(pane->positionOf(target, 0).x() + 1, 0)) - target;
    QVERIFY2(std::abs(clock.time() - target) <= 1.5 * std::abs(perPixel), qPrintable(QString::number(clock.time())));
    QCOMPARE(pane->cursorTime(), clock.time());
  }

  void wheelZoomsTimeAboutThePointerAndDoubleClickResets() {
    const auto results = run("riccati-demo-planar.json", 2.0);
    PlaybackClock clock;
    PlotsPanel panel(&clock);
    QVERIFY(showOnScreen(panel));
    panel.setResults(results);
    PlotPane* pane = panel.currentPane();
    QCOMPARE(pane->timeRange(), QPointF(0.0, 2.0));
    auto* view = pane->findChild<QGraphicsView*>();
    const double at = 0.5;
    const QPoint p = view->viewport()->mapFrom(pane, pane->positionOf(at, 0.0).toPoint());
    const double pointerTime = pane->timeAt(pane->positionOf(at, 0.0));
    QWheelEvent wheel(p, view->viewport()->mapToGlobal(p), {}, QPoint(0, 120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(view->viewport(), &wheel);
    const QPointF zoomed = pane->timeRange();  // 0.85 of the span, the time under the pointer kept
    QVERIFY(std::abs((zoomed.y() - zoomed.x()) - 0.85 * 2.0) < 1e-9);
    QVERIFY(std::abs((pointerTime - zoomed.x()) - 0.85 * pointerTime) < 1e-9);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, p);
    QCOMPARE(pane->timeRange(), QPointF(0.0, 2.0));
  }

  void plottedSeriesExportAndReadBack() {
    const auto results = run("riccati-demo-planar.json", 1.0);
    PanelOnRun shown(results);
    PlotsPanel& panel = shown.panel;
    panel.addPane(Quantity::Energy);
    std::vector<double> times;
    const std::vector<TableColumn> columns = panel.plottedColumns(times);
    QCOMPARE(static_cast<int>(columns.size()), 4 + 3);  // four angles, three energies
    QTemporaryDir dir;
    const QString path = dir.filePath("plotted.csv");
    writeTableCsv(path.toStdString(), {"test"}, times, columns);
    QStringList header;
    const auto rows = readCsv(path, header);
    QCOMPARE(header.first(), QString("t [s]"));
    const std::string firstBody = results->model()->body(panel.plottedBodies().front()).name;
    QCOMPARE(header.at(1), QString::fromStdString(firstBody + " theta [deg]"));
    QVERIFY(header.last().endsWith("[J]"));
    {
      const Results r = recorded(*results);
      QCOMPARE(static_cast<int>(rows.size()), r.frameCount());
      const int slot = r.slotOf(panel.plottedBodies().front());
      for (int f = 0; f < r.frameCount(); ++f) {
        QCOMPARE(rows[f][0], r.time(f));
        QCOMPARE(rows[f][1], r.theta(f, slot) * kDeg);
        QCOMPARE(rows[f][7], r.energy(f).total());
      }
    }
  }

  // The damped double pendulum's energy plot, exported as the plotted CSV
  // and read back: the balance E_kin + E_grav + E_spring - W_in + E_diss,
  // recombined from the exported columns, stays within 1e-8 of the energy
  // over the example's 10 s while the dampers take energy out.
  void energyBalanceOfTheDampedExampleReadBackFromItsExport() {
    const auto results = run("damped-double-pendulum.json", 10.0);
    PanelOnRun shown(results);
    PlotsPanel& panel = shown.panel;
    panel.addPane(Quantity::Energy);
    std::vector<double> times;
    const std::vector<TableColumn> columns = panel.plottedColumns(times);
    QTemporaryDir dir;
    const QString path = dir.filePath("energy.csv");
    writeTableCsv(path.toStdString(), {"test"}, times, columns);
    QStringList header;
    const auto rows = readCsv(path, header);
    auto column = [&](const QString& what) {
      for (int c = 0; c < header.size(); ++c)
        if (header[c].contains(what) && header[c].endsWith("[J]")) return c;
      return -1;
    };
    const int kinetic = column("kinetic"), potential = column("potential"), spring = column("spring"), work = column("work in"),
              dissipated = column("dissipated"), balance = column("balance");
    QVERIFY(kinetic > 0 && potential > 0 && spring > 0 && work > 0 && dissipated > 0 && balance > 0);
    double lo = INFINITY, hi = -INFINITY, scale = 0.0, recombined = 0.0;
    for (const std::vector<double>& row : rows) {
      lo = std::min(lo, row[balance]);
      hi = std::max(hi, row[balance]);
      scale = std::max(scale, std::abs(row[kinetic]) + std::abs(row[potential]));
      recombined = std::max(recombined, std::abs(row[kinetic] + row[potential] + row[spring] - row[work] + row[dissipated] - row[balance]));
    }
    qInfo("damped double pendulum, exported energy plot (%zu rows): balance moves %.2e J of %.4g J, dissipated %.4g J, columns recombine to %.1e J",
          rows.size(), hi - lo, scale, rows.back()[dissipated], recombined);
    QCOMPARE(static_cast<int>(rows.size()), recorded(*results).frameCount());
    QVERIFY(rows.back()[dissipated] > 0.05 * scale);  // 2.69 J of 27 J: the dampers work
    QVERIFY(hi - lo <= 1e-8 * scale);
    QVERIFY(recombined <= 1e-12 * scale);
  }

  // A new model's first plot shows what it is about: the motor torque of
  // the driven crank-slider (whose only drive closes its loop), the slide of
  // the block between stops (no hinge turns), the angles of the pendulum;
  // a second run of the same model keeps what the user chose.
  // Issue 30.5: load elements chosen by what they measure. The vehicle's
  // "every normal force" is its four tyres' normal forces on one axis in N,
  // each curve the recorded channel, each legend entry the tyre's name first.
  void loadElementsOfOneKindShareOneAxis() {
    auto results = run("vehicle.json", 10.0);
    PanelOnRun on(results);
    const Model& model = *results->model();
    const std::vector<LoadGroup> groups = loadGroups(model);
    std::size_t g = 0;
    while (g < groups.size() && groups[g].quantity != "normal force") ++g;
    QVERIFY(g < groups.size());
    QCOMPARE(groups[g].unit, std::string("N"));
    QCOMPARE(groups[g].channels.size(), std::size_t(4));
    PlotPane* pane = on.panel.panes().front().pane;
    on.panel.setPaneQuantity(pane, Quantity::LoadElement, PlotsPanel::kFirstGroup - static_cast<int>(g));
    QVERIFY2(on.panel.panes().front().component->currentText().startsWith("every normal force [N] (4)"), qPrintable(on.panel.panes().front().component->currentText()));
    QCOMPARE(pane->curveCount(), 4);
    QCOMPARE(pane->yAxisTitle(), QString("Normal force [N]"));
    const Results r = recorded(*results);
    QStringList names;
    for (int k = 0; k < 4; ++k) {
      const int channel = groups[g].channels[static_cast<std::size_t>(k)];
      names << pane->curveName(k);
      QVERIFY2(pane->curveName(k).startsWith("tyre ") && pane->curveName(k).endsWith(": normal force"), qPrintable(pane->curveName(k)));
      QCOMPARE(pane->curveValues(k).size(), static_cast<std::size_t>(r.loadFrameCount()));
      for (int f = 0; f < r.loadFrameCount(); f += 97) QCOMPARE(pane->curveValues(k)[static_cast<std::size_t>(f)], r.loadValue(f, channel));
    }
    names.removeDuplicates();
    QCOMPARE(names.size(), 4);
    on.panel.resize(1280, 800);  // an artefact to look at: build/artifacts/vehicle-tyre-normal-forces-1280x800.png
    on.panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&on.panel));
    QDir().mkpath(QString(MSTMM_BINARY_DIR) + "/artifacts");
    QVERIFY(on.panel.grab().save(QString(MSTMM_BINARY_DIR) + "/artifacts/vehicle-tyre-normal-forces-1280x800.png"));
  }

  // Issue 55.9: a Load elements plot never puts two units on one axis. The
  // vehicle's load channels are in N, m/s and m: "all components" is not
  // offered, the pane opens on the first kind (one unit), and every kind and
  // every channel offered plots in one unit, named on the axis.
  void loadElementsInSeveralUnitsNeverShareAnAxis() {
    auto results = run("vehicle.json", 0.5);
    PanelOnRun on(results);
    const Model& model = *results->model();
    QVERIFY(!loadChannelsShareOneUnit(model));
    PlotPane* pane = on.panel.panes().front().pane;
    on.panel.setPaneQuantity(pane, Quantity::LoadElement);
    QComboBox* component = on.panel.panes().front().component;
    QCOMPARE(component->findData(-1), -1);
    const std::vector<LoadChannel> channels = loadChannels(model);
    QStringList units;
    for (const LoadChannel& c : channels) units << QString::fromStdString(c.unit);
    units.removeDuplicates();
    QVERIFY(units.size() >= 3);
    for (int i = 0; i < component->count(); ++i) {
      on.panel.setPaneQuantity(pane, Quantity::LoadElement, component->itemData(i).toInt());
      const QString title = pane->yAxisTitle();
      QVERIFY2(pane->curveCount() >= 1, qPrintable(component->itemText(i)));
      QVERIFY2(!title.contains(','), qPrintable(component->itemText(i) + ": " + title));
      QVERIFY2(title.endsWith(']'), qPrintable(title));
    }
    // Asked for every channel (as the old default did), the pane shows the
    // first kind offered, in its one unit.
    on.panel.setPaneQuantity(pane, Quantity::LoadElement, -1);
    QCOMPARE(component->currentIndex(), 0);
    QVERIFY2(!pane->yAxisTitle().contains(','), qPrintable(pane->yAxisTitle()));
  }

  // Issue 55.9: legends were cut beyond about seven series and colours
  // repeated from the eleventh. Twenty curves (the chain of 20 bodies'
  // angles): twenty different pens (colour and dash), a legend entry for
  // each that can be scrolled to and hides its curve, and an exported image
  // whose legend draws every entry inside the image.
  // A narrow plot beside its legend (a whirl's 15 ms period beside "spin:
  // driving load") printed "0..." for every time tick: the ticks are now as
  // many as their labels fit, and each label is drawn whole.
  void aNarrowPlotShowsWholeTimeLabels() {
    PlotPane pane;
    pane.resize(420, 250);
    const int curve = pane.addCurve("spin: driving load of hinge 'spin'");
    std::vector<double> t, v;
    for (int k = 0; k <= 60; ++k) t.push_back(0.0151 * k / 60), v.push_back(std::sin(k * 0.1));
    pane.setCurveData(curve, t, v);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QTest::qWait(100);
    const QStringList labels = pane.tickLabels(Qt::Horizontal);
    QVERIFY(labels.size() >= 2);
    const double spacing = pane.positionOf(0.0151, 0.0).x() - pane.positionOf(0.0, 0.0).x();
    const QFontMetrics metrics(pane.font());
    int widest = 0;
    for (const QString& l : labels) widest = std::max(widest, metrics.horizontalAdvance(l));
    // Each label has its share of the axis, with room to spare.
    QVERIFY2(widest * labels.size() < 0.8 * spacing, qPrintable(QString("%1 labels of up to %2 px on %3 px: %4").arg(labels.size()).arg(widest).arg(spacing).arg(labels.join(" "))));
  }

  void twentyCurvesEachHaveTheirPenAndLegendEntry() {
    auto results = run("riccati-demo-planar.json", 0.1);
    PanelOnRun on(results);
    on.panel.resize(1280, 300);
    on.panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&on.panel));
    PlotPane* pane = on.panel.panes().front().pane;
    pane->clearCurves();
    for (int k = 0; k < 20; ++k) {
      pane->addCurve(QString("body %1: angle").arg(k + 1));
      pane->setCurveData(k, {0.0, 1.0}, {0.0, 0.1 * k});
    }
    QSet<QString> pens;
    for (int k = 0; k < 20; ++k) pens.insert(pane->curveColour(k).name() + QString::number(static_cast<int>(pane->curveStyle(k))));
    QCOMPARE(pens.size(), 20);
    QSet<QString> colours;
    for (int k = 0; k < 16; ++k) colours.insert(pane->curveColour(k).name());
    QCOMPARE(colours.size(), 16);  // no colour twice before the dashes start

    QListWidget* legend = pane->legend();
    QVERIFY(legend->isVisible());
    QCOMPARE(legend->count(), 20);
    QTRY_VERIFY(legend->verticalScrollBar()->maximum() > 0);  // 20 lines do not fit in 300 px: it scrolls
    for (int k = 0; k < 20; ++k) {
      legend->scrollToItem(legend->item(k));
      QVERIFY2(legend->viewport()->rect().contains(legend->visualItemRect(legend->item(k))), qPrintable(legend->item(k)->text()));
      QCOMPARE(legend->item(k)->text(), pane->curveName(k));
    }
    legend->item(3)->setCheckState(Qt::Unchecked);
    QVERIFY(!pane->curveVisible(3));
    legend->item(3)->setCheckState(Qt::Checked);
    QVERIFY(pane->curveVisible(3));

    for (const QSize size : {QSize(800, 240), QSize(1600, 900)}) {
      const std::vector<QRectF> entries = pane->exportLegendLayout(size);
      QCOMPARE(entries.size(), std::size_t{20});
      for (const QRectF& r : entries) QVERIFY(QRectF(QPointF(0, 0), QSizeF(size)).contains(r));
      for (std::size_t a = 0; a < entries.size(); ++a)
        for (std::size_t b = a + 1; b < entries.size(); ++b) QVERIFY(!entries[a].intersects(entries[b].adjusted(0.5, 0.5, -0.5, -0.5)));
    }
    // Artefacts to look at: the panel, and its export at 800 x 240.
    QDir().mkpath(QString(MSTMM_BINARY_DIR) + "/artifacts");
    QVERIFY(pane->savePng(QString(MSTMM_BINARY_DIR) + "/artifacts/plot-legend-20-curves-export.png", QSize(800, 240)));
    QVERIFY(on.panel.grab().save(QString(MSTMM_BINARY_DIR) + "/artifacts/plot-legend-20-curves-1280x300.png"));
  }

  void firstPlotOfANewModelFitsIt() {
    PlaybackClock clock;
    PlotsPanel panel(&clock);
    auto first = [&] { return static_cast<Quantity>(panel.panes().front().quantity->currentData().toInt()); };
    panel.setResults(run("driven-crank-slider.json", 0.2));
    QCOMPARE(first(), Quantity::LoadElement);
    std::vector<double> times;
    const std::vector<TableColumn> columns = panel.plottedColumns(times);
    QCOMPARE(columns.size(), std::size_t{1});  // the motor torque alone
    QVERIFY(columns.front().name.find("A: driving load") == 0);  // the element first, as legends show it
    panel.setResults(run("stops-slider.json", 0.2));
    QCOMPARE(first(), Quantity::Slide);
    panel.setResults(run("damped-double-pendulum.json", 0.2));
    QCOMPARE(first(), Quantity::Angle);
    panel.setPaneQuantity(panel.panes().front().pane, Quantity::Energy);
    panel.setResults(run("damped-double-pendulum.json", 0.3));
    QCOMPARE(first(), Quantity::Energy);
  }

  // Issue 13.8: a 0-5 s run's time axis reads 0, 1, ..., 5 (not 0.0, 1.3,
  // 2.5, 3.8), ticks stay exact when zoomed, and a curve of round-off
  // around zero shows as 0 on [-1, 1], not as ticks like 3.333e-10.
  void ticksAreExactRoundValues() {
    PlotPane pane;
    pane.resize(700, 300);
    const int c = pane.addCurve("theta");
    std::vector<double> t, v, noise;
    for (int i = 0; i <= 500; ++i) {
      t.push_back(0.01 * i);
      v.push_back(100.0 * std::sin(t.back()));
      noise.push_back((i % 3 - 1) * 3.333e-10);
    }
    pane.setCurveData(c, t, v);
    QCOMPARE(pane.tickLabels(Qt::Horizontal), (QStringList{"0", "1", "2", "3", "4", "5"}));
    QCOMPARE(pane.tickLabels(Qt::Vertical), (QStringList{"-100", "-50", "0", "50", "100"}));
    pane.zoomTo(1.25, 3.75, -10.0, 10.0);
    QCOMPARE(pane.tickLabels(Qt::Horizontal), (QStringList{"1.5", "2.0", "2.5", "3.0", "3.5"}));
    QCOMPARE(pane.tickLabels(Qt::Vertical), (QStringList{"-10", "-5", "0", "5", "10"}));
    pane.resetView();
    pane.setCurveData(c, t, noise);
    QCOMPARE(pane.valueRange(), QPointF(-1.0, 1.0));
    QCOMPARE(pane.tickLabels(Qt::Vertical), (QStringList{"-1.0", "-0.5", "0", "0.5", "1.0"}));
  }

  // Issue 13.9: hinge-load legends name the hinge ("hinge 8.1 force x"),
  // not the body it hangs ("hinge of 1 force x").
  void hingeLoadLegendsNameTheHinge() {
    const auto model = compile(riccatiDemo());
    const int one = model->bodyByName("1");
    QCOMPARE(QString::fromStdString(seriesName({Quantity::HingeForce, 0, one}, *model, {})), QString("hinge 8.1 force x"));
    QCOMPARE(QString::fromStdString(seriesName({Quantity::HingeMoment, 0, model->bodyByName("7")}, *model, {})).left(8), QString("hinge 9 "));
  }

  void plotExportsToSvgAndPng() {
    const auto results = run("riccati-demo-planar.json", 1.0);
    PanelOnRun shown(results);
    PlotsPanel& panel = shown.panel;
    PlotPane* pane = panel.currentPane();
    QTemporaryDir dir;
    const QString svg = dir.filePath("plot.svg"), png = dir.filePath("plot.png");
    QVERIFY(pane->saveSvg(svg, QSize(900, 500), "demo angles"));
    QVERIFY(pane->savePng(png, QSize(1234, 567)));
    QCOMPARE(QImage(png).size(), QSize(1234, 567));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    int paths = 0, polylines = 0;
    QString title, width;  // width: the view box
    while (!xml.atEnd()) {
      if (xml.readNext() != QXmlStreamReader::StartElement) continue;
      if (xml.name() == QLatin1String("svg")) width = xml.attributes().value("viewBox").toString();
      if (xml.name() == QLatin1String("title")) title = xml.readElementText();
      paths += xml.name() == QLatin1String("path");
      polylines += xml.name() == QLatin1String("polyline");
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(title, QString("demo angles"));
    QCOMPARE(width, QString("0 0 900 500"));  // the requested size
    QVERIFY2(paths + polylines >= pane->curveCount(), qPrintable(QString("%1 paths, %2 polylines").arg(paths).arg(polylines)));
  }
};

QTEST_MAIN(TestPlots)
#include "test_plots.moc"
