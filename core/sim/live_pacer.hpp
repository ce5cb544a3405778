#pragma once
// Keeps a run in step with the wall clock: the studio's live mode (issue
// 30.1). The run calls afterStep() after every integrator step on its own
// thread; the pacer blocks it there until the wall clock has caught up with
// the simulated time at the chosen speed, while paused, and between single
// steps. pause(), resume(), stepOnce(), setSpeed() and stop() come from any
// other thread. No Qt: the CLI and the tests pace runs too.

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace mstmm {

class LivePacer {
 public:
  /// Wall seconds since some fixed instant.
  using Clock = std::function<double()>;
  /// Waits on `wake` for at most `seconds` (or until notified); the tests
  /// give one that moves their own clock instead.
  using Wait = std::function<void(std::condition_variable& wake, std::unique_lock<std::mutex>& lock, double seconds)>;

  LivePacer();
  LivePacer(Clock clock, Wait wait);

  /// Simulated seconds per wall second: 0.1 to 10 in the studio; infinity
  /// runs as fast as the machine can.
  void setSpeed(double factor);
  double speed() const;
  void pause();
  void resume();
  bool paused() const;
  /// Paused, and the run waits in afterStep(): its state stands still
  /// until resumed (between pause() and this, it may finish a step).
  bool holding() const;
  /// While paused: the run goes on to its next recorded instant and waits
  /// there again.
  void stepOnce();
  /// Lets the run go for good, without waiting (it is being cancelled).
  void stop();
  /// Ready for another run (after stop()): the speed and a pause are kept,
  /// the pace starts again from the run's first step.
  void restart();

  /// The run's side: the step that reached simulated time t, and whether
  /// it recorded a frame.
  void afterStep(double t, bool recorded);

  /// Falling further behind the wall clock than this (a model slower than
  /// real time), the pacer stops trying to catch up and keeps the pace from
  /// where the run is: no burst of steps after a slow stretch.
  static constexpr double kMostBehind = 0.25;  // s

 private:
  void restartPace(double t);

  Clock m_clock;
  Wait m_wait;
  mutable std::mutex m_mutex;
  std::condition_variable m_wake;
  double m_speed = 1.0;
  bool m_paused = false, m_stepping = false, m_stopped = false;
  bool m_holding = false;  // the run's thread waits in afterStep() while paused
  bool m_anchored = false;
  double m_wall0 = 0.0, m_t0 = 0.0;  // the pace: simulated time m_t0 at wall time m_wall0
};

}  // namespace mstmm
