#pragma once
// The one clock that the 3-D view and every plot follow. It holds a time in
// the recorded range, advances it while playing at a speed relative to real
// time (1x = real time), and steps from recorded sample to recorded sample.
// While a run is still computing, the range grows and playback runs up to
// the latest result and waits there.

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <vector>

#include "core/sim/interpolation.hpp"

namespace mstmm::gui {

class PlaybackClock : public QObject {
  Q_OBJECT

 public:
  static constexpr double kMinSpeed = 0.1, kMaxSpeed = 10.0;

  explicit PlaybackClock(QObject* parent = nullptr);

  /// Forgets the samples (a new run, or none).
  void reset();
  /// Appends recorded sample times (increasing, after those already known).
  void appendSampleTimes(const std::vector<double>& times);
  /// Whether more samples may still arrive (a run is computing).
  void setLive(bool live);
  bool isLive() const { return m_live; }

  int sampleCount() const { return static_cast<int>(m_times.size()); }
  const std::vector<double>& sampleTimes() const { return m_times; }
  double startTime() const { return m_times.empty() ? 0.0 : m_times.front(); }
  double endTime() const { return m_times.empty() ? 0.0 : m_times.back(); }

  double time() const { return m_time; }
  /// Where the current time falls among the samples (for interpolation).
  SampleLocation location() const { return locateTime(m_times, m_time); }
  /// The recorded sample at or just before the current time.
  int frame() const { return location().frame; }

  bool isPlaying() const { return m_playing; }
  double speed() const { return m_speed; }
  bool loops() const { return m_loop; }

  /// Advances the time by `wallSeconds` of real time at the current speed
  /// (what the timer does every tick; public so tests can drive it).
  void advance(double wallSeconds);

 public slots:
  void setTime(double t);
  void play();
  void pause();
  void togglePlay();
  void stepForward();
  void stepBack();
  void toStart();
  void toEnd();
  void setSpeed(double speed);
  void setLoop(bool loop);

 signals:
  void timeChanged(double t);
  void playingChanged(bool playing);
  void rangeChanged(double start, double end);
  void speedChanged(double speed);
  void loopChanged(bool loop);

 private:
  void tick();

  std::vector<double> m_times;
  double m_time = 0.0;
  double m_speed = 1.0;
  bool m_playing = false;
  bool m_loop = false;
  bool m_live = false;
  QTimer m_timer;
  QElapsedTimer m_wall;
};

}  // namespace mstmm::gui
