// Plot axis ticks (issue 13.8): round values, labelled exactly, zero as "0".
// Expected labels are written out by hand.

#include <QtTest>
#include <cmath>
#include <random>

#include "core/plot/axis_ticks.hpp"

using namespace mstmm;

namespace {

QStringList labels(const std::vector<AxisTick>& ticks) {
  QStringList out;
  for (const AxisTick& t : ticks) out << QString::fromStdString(t.label);
  return out;
}

}  // namespace

class TestAxisTicks : public QObject {
  Q_OBJECT

 private slots:
  void roundRangesGetTheirOwnValues_data() {
    QTest::addColumn<double>("lo");
    QTest::addColumn<double>("hi");
    QTest::addColumn<int>("target");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("0-5 s (the crank-slider's time axis)") << 0.0 << 5.0 << 6 << QStringList{"0", "1", "2", "3", "4", "5"};
    QTest::newRow("0-2.5 s") << 0.0 << 2.5 << 6 << QStringList{"0", "0.5", "1.0", "1.5", "2.0", "2.5"};
    QTest::newRow("symmetric tenths") << -0.6 << 0.6 << 6 << QStringList{"-0.6", "-0.4", "-0.2", "0", "0.2", "0.4", "0.6"};
    QTest::newRow("padded angle range") << -115.0 << 2400.0 << 5 << QStringList{"0", "500", "1000", "1500", "2000"};
    QTest::newRow("quarter steps") << 0.0 << 1.0 << 4 << QStringList{"0", "0.25", "0.50", "0.75", "1.00"};
    QTest::newRow("tenths, not 0.30000000000000004") << 0.0 << 1.0 << 10 << QStringList{"0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"};
    QTest::newRow("small values") << 0.0 << 3e-7 << 6 << QStringList{"0", "5e-08", "1e-07", "1.5e-07", "2e-07", "2.5e-07", "3e-07"};
    QTest::newRow("large values") << 0.0 << 4e6 << 4 << QStringList{"0", "1e+06", "2e+06", "3e+06", "4e+06"};
  }
  void roundRangesGetTheirOwnValues() {
    QFETCH(double, lo);
    QFETCH(double, hi);
    QFETCH(int, target);
    QFETCH(QStringList, expected);
    const std::vector<AxisTick> ticks = axisTicks(lo, hi, target);
    QCOMPARE(labels(ticks), expected);
    for (const AxisTick& t : ticks)
      if (t.label == "0") QCOMPARE(t.value, 0.0);
  }

  // Any range: ticks inside it, distinct labels that read back as their
  // values, a step of 1, 2, 2.5 or 5 times a power of ten, zero exact.
  void anyRangeGetsDistinctExactLabels() {
    std::mt19937 random(7);
    std::uniform_real_distribution<double> exponent(-8.0, 8.0), unit(-1.0, 1.0);
    for (int trial = 0; trial < 2000; ++trial) {
      const double scale = std::pow(10.0, exponent(random));
      double lo = scale * unit(random), hi = scale * unit(random);
      if (lo > hi) std::swap(lo, hi);
      const int target = 3 + trial % 8;
      const std::vector<AxisTick> ticks = axisTicks(lo, hi, target);
      QVERIFY2(ticks.size() >= 2 && static_cast<int>(ticks.size()) <= 2 * target + 1, qPrintable(QString("%1 %2: %3").arg(lo).arg(hi).arg(ticks.size())));
      const double step = ticks[1].value - ticks[0].value;
      const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
      QVERIFY(std::abs(mantissa - 1) < 1e-9 || std::abs(mantissa - 2) < 1e-9 || std::abs(mantissa - 2.5) < 1e-9 || std::abs(mantissa - 5) < 1e-9);
      const QStringList text = labels(ticks);
      QCOMPARE(QSet<QString>(text.begin(), text.end()).size(), text.size());
      for (const AxisTick& t : ticks) {
        QVERIFY(t.value >= lo - 1e-9 * step && t.value <= hi + 1e-9 * step);
        QVERIFY2(std::abs(std::stod(t.label) - t.value) <= 1e-9 * step, qPrintable(QString::fromStdString(t.label)));
        QVERIFY(t.label != "-0" && (t.value != 0.0 || t.label == "0"));
      }
    }
  }

  void roundOffAroundZeroShowsAsZero() {
    double lo = -3.333e-10, hi = 3.333e-10;
    plotRange(lo, hi);
    QCOMPARE(lo, -1.0);
    QCOMPARE(hi, 1.0);
    lo = hi = 5.0;  // a constant
    plotRange(lo, hi);
    QCOMPARE(lo, 4.75);
    QCOMPARE(hi, 5.25);
    lo = 0.0, hi = 10.0;
    plotRange(lo, hi);
    QCOMPARE(lo, -0.5);
    QCOMPARE(hi, 10.5);
    QVERIFY(axisTicks(0.0, 0.0).empty());
    QVERIFY(axisTicks(0.0, std::nan("")).empty());
  }
};

QTEST_MAIN(TestAxisTicks)
#include "test_axis_ticks.moc"
