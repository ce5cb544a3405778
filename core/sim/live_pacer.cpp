#include "core/sim/live_pacer.hpp"

#include <cmath>

namespace mstmm {

namespace {
double steadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
void waitOn(std::condition_variable& wake, std::unique_lock<std::mutex>& lock, double seconds) {
  wake.wait_for(lock, std::chrono::duration<double>(seconds));
}
}  // namespace

LivePacer::LivePacer() : LivePacer(steadySeconds, waitOn) {}

LivePacer::LivePacer(Clock clock, Wait wait) : m_clock(std::move(clock)), m_wait(std::move(wait)) {}

void LivePacer::setSpeed(double factor) {
  std::lock_guard lock(m_mutex);
  if (!(factor > 0.0)) return;  // NaN, zero or negative: no pace to keep
  m_speed = factor;
  m_anchored = false;  // the new pace starts from where the run is
  m_wake.notify_all();
}

double LivePacer::speed() const {
  std::lock_guard lock(m_mutex);
  return m_speed;
}

void LivePacer::pause() {
  std::lock_guard lock(m_mutex);
  m_paused = true;
  m_stepping = false;
}

void LivePacer::resume() {
  std::lock_guard lock(m_mutex);
  m_paused = false;
  m_stepping = false;
  m_anchored = false;  // no catching up on the time spent paused
  m_wake.notify_all();
}

bool LivePacer::holding() const {
  std::lock_guard lock(m_mutex);
  return m_holding && m_paused && !m_stepping;
}

bool LivePacer::paused() const {
  std::lock_guard lock(m_mutex);
  return m_paused;
}

void LivePacer::stepOnce() {
  std::lock_guard lock(m_mutex);
  if (!m_paused) return;
  m_stepping = true;
  m_wake.notify_all();
}

void LivePacer::stop() {
  std::lock_guard lock(m_mutex);
  m_stopped = true;
  m_wake.notify_all();
}

void LivePacer::restart() {
  std::lock_guard lock(m_mutex);
  m_stopped = false;
  m_stepping = false;
  m_anchored = false;
}

void LivePacer::restartPace(double t) {
  m_wall0 = m_clock();
  m_t0 = t;
  m_anchored = true;
}

void LivePacer::afterStep(double t, bool recorded) {
  std::unique_lock lock(m_mutex);
  if (m_stepping && recorded) m_stepping = false;  // arrived: wait here for the next Step or Resume
  for (;;) {
    if (m_stopped) {
      m_holding = false;
      return;
    }
    if (m_paused && !m_stepping) {
      m_holding = true;
      m_wait(m_wake, lock, 0.1);
      continue;
    }
    m_holding = false;
    if (m_stepping || std::isinf(m_speed)) return;  // single steps and "as fast as possible" keep no pace
    if (!m_anchored) restartPace(t);
    const double due = m_wall0 + (t - m_t0) / m_speed, now = m_clock();
    if (now >= due) {
      if (now - due > kMostBehind) restartPace(t);  // too slow for this speed: keep pace from here
      return;
    }
    m_wait(m_wake, lock, due - now);
  }
}

}  // namespace mstmm
