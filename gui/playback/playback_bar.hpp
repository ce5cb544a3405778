#pragma once
// The playback controls under the 3-D view: to start, step back, play/pause,
// step forward, to end, a scrub slider over the recorded range, the time,
// the speed (0.1x to 10x; 1x is real time) and looping. The keyboard
// shortcuts (Space, Left/Right, Home/End) are the main window's actions.

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace mstmm::gui {

class PlaybackClock;

class PlaybackBar : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kSliderSteps = 10000;

  PlaybackBar(PlaybackClock* clock, QWidget* parent = nullptr);

  QSlider* slider() const { return m_slider; }
  QComboBox* speedBox() const { return m_speed; }

 private:
  void updateTime(double t);
  void updateRange();
  void sliderMoved(int value);

  PlaybackClock* m_clock;
  QToolButton *m_start, *m_back, *m_play, *m_forward, *m_end;
  QSlider* m_slider;
  QLabel* m_time;
  QComboBox* m_speed;
  QCheckBox* m_loop;
  bool m_updating = false;
};

}  // namespace mstmm::gui
