#include "gui/playback/playback_clock.hpp"

#include <algorithm>

namespace mstmm::gui {

PlaybackClock::PlaybackClock(QObject* parent) : QObject(parent) {
  m_timer.setInterval(15);  // a little faster than 60 Hz; the view coalesces frames
  m_timer.setTimerType(Qt::PreciseTimer);
  connect(&m_timer, &QTimer::timeout, this, &PlaybackClock::tick);
}

void PlaybackClock::reset() {
  pause();
  m_times.clear();
  m_live = false;
  m_time = 0.0;
  emit rangeChanged(0.0, 0.0);
  emit timeChanged(m_time);
}

void PlaybackClock::appendSampleTimes(const std::vector<double>& times) {
  if (times.empty()) return;
  const bool first = m_times.empty();
  for (double t : times)
    if (m_times.empty() || t > m_times.back()) m_times.push_back(t);
  emit rangeChanged(startTime(), endTime());
  if (first) {  // always announce the first sample: views draw the run's first frame
    m_time = startTime();
    emit timeChanged(m_time);
  }
}

void PlaybackClock::setLive(bool live) { m_live = live; }

void PlaybackClock::setTime(double t) {
  const double clamped = std::clamp(t, startTime(), endTime());
  if (clamped == m_time) return;
  m_time = clamped;
  emit timeChanged(m_time);
}

void PlaybackClock::play() {
  if (m_playing || m_times.size() < 2) return;
  if (m_time >= endTime() && !m_live) setTime(startTime());  // play again from the start
  m_playing = true;
  m_wall.start();
  m_timer.start();
  emit playingChanged(true);
}

void PlaybackClock::pause() {
  if (!m_playing) return;
  m_playing = false;
  m_timer.stop();
  emit playingChanged(false);
}

void PlaybackClock::togglePlay() { m_playing ? pause() : play(); }

void PlaybackClock::tick() {
  const double wall = m_wall.nsecsElapsed() * 1e-9;
  m_wall.restart();
  advance(wall);
}

void PlaybackClock::advance(double wallSeconds) {
  double t = m_time + wallSeconds * m_speed;
  if (t >= endTime()) {
    if (m_live) t = endTime();  // wait at the latest result for more
    else if (m_loop && endTime() > startTime()) t = startTime() + std::fmod(t - startTime(), endTime() - startTime());
    else {
      setTime(endTime());
      pause();
      return;
    }
  }
  setTime(t);
}

void PlaybackClock::stepForward() {
  pause();
  const auto next = std::upper_bound(m_times.begin(), m_times.end(), m_time);
  if (next != m_times.end()) setTime(*next);
}

void PlaybackClock::stepBack() {
  pause();
  const auto before = std::lower_bound(m_times.begin(), m_times.end(), m_time);
  if (before != m_times.begin()) setTime(*(before - 1));
}

void PlaybackClock::toStart() { setTime(startTime()); }
void PlaybackClock::toEnd() { setTime(endTime()); }

void PlaybackClock::setSpeed(double speed) {
  const double s = std::clamp(speed, kMinSpeed, kMaxSpeed);
  if (s == m_speed) return;
  m_speed = s;
  emit speedChanged(s);
}

void PlaybackClock::setLoop(bool loop) {
  if (loop == m_loop) return;
  m_loop = loop;
  emit loopChanged(loop);
}

}  // namespace mstmm::gui
