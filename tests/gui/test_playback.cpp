// The one playback clock: time <-> recorded frame with the interpolation
// weight, stepping from sample to sample, playing at a speed relative to
// real time, looping, waiting at the newest result of a live run; the
// playback bar follows it; and what is shown between samples is linear in
// position and a slerp in orientation (checked against Eigen's own slerp).

#include <QApplication>
#include <QComboBox>
#include <QSignalSpy>
#include <QSlider>
#include <QtTest>
#include <Eigen/Geometry>

#include "core/io/model_json.hpp"
#include "core/sim/interpolation.hpp"
#include "core/sim/simulation.hpp"
#include "gui/playback/playback_bar.hpp"
#include "gui/playback/playback_clock.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::gui;

class TestPlayback : public QObject {
  Q_OBJECT

  // Unevenly spaced samples, as an adaptive integrator records them.
  const std::vector<double> kTimes = {0.0, 0.1, 0.25, 0.5, 0.55, 1.0};

 private slots:
  void timeMapsToFrameAndWeight() {
    PlaybackClock clock;
    clock.appendSampleTimes(kTimes);
    QCOMPARE(clock.time(), 0.0);
    for (double t : {0.0, 0.05, 0.1, 0.2, 0.3, 0.52, 0.99}) {
      clock.setTime(t);
      int k = 0;  // the independent way: the last sample at or before t
      while (k + 1 < static_cast<int>(kTimes.size()) && kTimes[k + 1] <= t) ++k;
      QCOMPARE(clock.frame(), k);
      QVERIFY(std::abs(clock.location().alpha - (t - kTimes[k]) / (kTimes[k + 1] - kTimes[k])) < 1e-14);
    }
    clock.setTime(1.0);
    QCOMPARE(clock.frame(), 5);
    clock.setTime(7.0);  // clamped to the recorded range
    QCOMPARE(clock.time(), 1.0);
    clock.setTime(-3.0);
    QCOMPARE(clock.time(), 0.0);
  }

  void stepsGoFromSampleToSample() {
    PlaybackClock clock;
    clock.appendSampleTimes(kTimes);
    clock.setTime(0.3);
    clock.stepForward();
    QCOMPARE(clock.time(), 0.5);
    clock.stepForward();
    QCOMPARE(clock.time(), 0.55);
    clock.stepBack();
    QCOMPARE(clock.time(), 0.5);
    clock.setTime(0.3);
    clock.stepBack();
    QCOMPARE(clock.time(), 0.25);
    clock.toEnd();
    QCOMPARE(clock.time(), 1.0);
    clock.stepForward();  // nothing after the end
    QCOMPARE(clock.time(), 1.0);
    clock.toStart();
    QCOMPARE(clock.time(), 0.0);
    clock.stepBack();
    QCOMPARE(clock.time(), 0.0);
  }

  void playsAtItsSpeedAndStopsOrLoopsAtTheEnd() {
    PlaybackClock clock;
    clock.appendSampleTimes(kTimes);
    QSignalSpy playing(&clock, &PlaybackClock::playingChanged);
    clock.setSpeed(0.5);
    clock.play();
    QVERIFY(clock.isPlaying());
    clock.advance(0.4);  // 0.4 s of wall time at half speed
    QVERIFY(std::abs(clock.time() - 0.2) < 1e-15);
    clock.setSpeed(100.0);  // clamped to 10x
    QCOMPARE(clock.speed(), PlaybackClock::kMaxSpeed);
    clock.setSpeed(0.0);
    QCOMPARE(clock.speed(), PlaybackClock::kMinSpeed);
    clock.setSpeed(2.0);
    clock.advance(1.0);  // would reach 2.2 s: stops at the end
    QCOMPARE(clock.time(), 1.0);
    QVERIFY(!clock.isPlaying());
    QCOMPARE(playing.count(), 2);

    clock.setLoop(true);
    clock.play();  // from the end: starts again
    QCOMPARE(clock.time(), 0.0);
    clock.advance(0.3);  // t = 0.6
    clock.advance(0.3);  // t = 1.2 wraps to 0.2
    QVERIFY(std::abs(clock.time() - 0.2) < 1e-12);
    QVERIFY(clock.isPlaying());
  }

  void liveRunsPlayUpToTheNewestResultAndWait() {
    PlaybackClock clock;
    clock.setLive(true);
    clock.appendSampleTimes({0.0, 0.1, 0.2});
    clock.play();
    clock.advance(1.0);
    QCOMPARE(clock.time(), 0.2);
    QVERIFY(clock.isPlaying());  // waiting for more
    clock.appendSampleTimes({0.3, 0.4, 0.5});
    clock.advance(0.25);
    QVERIFY(std::abs(clock.time() - 0.45) < 1e-15);
    QCOMPARE(clock.endTime(), 0.5);
    clock.setLive(false);
    clock.advance(1.0);
    QVERIFY(!clock.isPlaying());
  }

  void theBarFollowsTheClock() {
    PlaybackClock clock;
    PlaybackBar bar(&clock);
    clock.appendSampleTimes(kTimes);
    clock.setTime(0.25);
    QCOMPARE(bar.slider()->value(), PlaybackBar::kSliderSteps / 4);
    bar.slider()->setValue(PlaybackBar::kSliderSteps / 2);  // scrubbing moves the clock
    QCOMPARE(clock.time(), 0.5);
    clock.setSpeed(5.0);
    QCOMPARE(bar.speedBox()->currentData().toDouble(), 5.0);
    bar.speedBox()->setCurrentIndex(0);
    QCOMPARE(clock.speed(), 0.1);
  }

  // Issue 55 point 9: a click on the track moves the time to the click, not
  // one page towards it.
  void aClickOnTheTrackJumpsThere() {
    PlaybackClock clock;
    PlaybackBar bar(&clock);
    bar.resize(800, 40);
    bar.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bar));
    clock.appendSampleTimes(kTimes);
    clock.setTime(0.0);
    QSlider* slider = bar.slider();
    QTest::mouseClick(slider, Qt::LeftButton, {}, QPoint(slider->width() * 3 / 4, slider->height() / 2));
    const double at = static_cast<double>(slider->value()) / PlaybackBar::kSliderSteps;
    QVERIFY2(std::abs(at - 0.75) < 0.05, qPrintable(QString::number(at)));
    QVERIFY(std::abs(clock.time() - 0.75 * kTimes.back()) < 0.05 * kTimes.back());
  }

  void betweenSamplesPositionsAreLinearAndOrientationsSlerped() {
    const std::shared_ptr<const Model> model = compile(loadModel(test::sourcePath("resources/examples/chain-5-spatial.json")));
    SimulationSettings settings = model->spec().simulation;
    settings.endTime = 0.5;
    settings.outputEvery = 50;  // coarse samples: large rotations between them
    Results results(*model);
    simulate(model, settings, results);
    QVERIFY(results.frameCount() >= 5);
    PlaybackClock clock;
    clock.appendSampleTimes(results.times());
    double largest = 0.0;
    for (int f = 0; f + 1 < results.frameCount(); ++f)
      for (double alpha : {0.25, 0.5, 0.8}) {
        clock.setTime(results.time(f) + alpha * (results.time(f + 1) - results.time(f)));
        const SampleLocation at = clock.location();
        QCOMPARE(at.frame, f);
        for (int slot = 0; slot < results.recordedBodyCount(); ++slot) {
          const InterpolatedBody b = interpolateBody(results, at, slot);
          const Vec3 linear = (1 - at.alpha) * results.inputEnd(f, slot) + at.alpha * results.inputEnd(f + 1, slot);
          QVERIFY((b.input - linear).norm() < 1e-13);
          const Quat p0 = results.orientation(f, slot), p1 = results.orientation(f + 1, slot);
          const Eigen::Quaterniond q0(p0[0], p0[1], p0[2], p0[3]), q1(p1[0], p1[1], p1[2], p1[3]);
          const Eigen::Quaterniond expected = q0.normalized().slerp(at.alpha, q1.normalized());
          const Eigen::Quaterniond got(b.orientation[0], b.orientation[1], b.orientation[2], b.orientation[3]);
          QVERIFY(got.angularDistance(expected) < 1e-9);
          largest = std::max(largest, q0.angularDistance(q1));
        }
      }
    QVERIFY(largest > 0.2);  // the test saw real rotations between samples
  }
};

QTEST_MAIN(TestPlayback)
#include "test_playback.moc"
