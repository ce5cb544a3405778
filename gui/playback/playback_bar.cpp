#include "gui/playback/playback_bar.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProxyStyle>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <cmath>

#include "gui/playback/playback_clock.hpp"

namespace mstmm::gui {
namespace {

QToolButton* button(QWidget* parent, QStyle::StandardPixmap icon, const QString& tip) {
  auto* b = new QToolButton(parent);
  b->setIcon(parent->style()->standardIcon(icon));
  b->setToolTip(tip);
  b->setAutoRaise(true);
  b->setFocusPolicy(Qt::NoFocus);  // keep Space for play/pause
  return b;
}

/// A click on the slider's track jumps there (as video players do), not one
/// page towards it.
class JumpToClickStyle : public QProxyStyle {
 public:
  int styleHint(StyleHint hint, const QStyleOption* option, const QWidget* widget, QStyleHintReturn* returned) const override {
    if (hint == SH_Slider_AbsoluteSetButtons) return Qt::LeftButton;
    return QProxyStyle::styleHint(hint, option, widget, returned);
  }
};

}  // namespace

PlaybackBar::PlaybackBar(PlaybackClock* clock, QWidget* parent) : QWidget(parent), m_clock(clock) {
  m_start = button(this, QStyle::SP_MediaSkipBackward, tr("Jump to start (Home)"));
  m_back = button(this, QStyle::SP_MediaSeekBackward, tr("Step back one recorded frame (Left)"));
  m_play = button(this, QStyle::SP_MediaPlay, tr("Play/pause (Space)"));
  m_forward = button(this, QStyle::SP_MediaSeekForward, tr("Step forward one recorded frame (Right)"));
  m_end = button(this, QStyle::SP_MediaSkipForward, tr("Jump to end (End)"));
  m_slider = new QSlider(Qt::Horizontal, this);
  m_slider->setRange(0, kSliderSteps);
  m_slider->setFocusPolicy(Qt::NoFocus);
  m_slider->setToolTip(tr("Click or drag to move through the results"));
  auto* jumpStyle = new JumpToClickStyle;  // on the application's style
  jumpStyle->setParent(m_slider);
  m_slider->setStyle(jumpStyle);
  m_slider->setMinimumWidth(120);
  m_time = new QLabel(this);
  m_time->setMinimumWidth(m_time->fontMetrics().horizontalAdvance("0000.0000 / 0000.0000 s"));
  m_speed = new QComboBox(this);
  m_speed->setToolTip(tr("Playback speed relative to real time"));
  for (double s : {0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0})
    m_speed->addItem(s == 1.0 ? tr("1× (real time)") : QString("%1×").arg(s), s);
  m_speed->setCurrentIndex(3);
  m_speed->setFocusPolicy(Qt::NoFocus);
  m_loop = new QCheckBox(tr("Loop"), this);
  m_loop->setFocusPolicy(Qt::NoFocus);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  for (QWidget* w : {static_cast<QWidget*>(m_start), static_cast<QWidget*>(m_back), static_cast<QWidget*>(m_play), static_cast<QWidget*>(m_forward),
                     static_cast<QWidget*>(m_end)})
    layout->addWidget(w);
  layout->addWidget(m_slider, 1);
  layout->addWidget(m_time);
  layout->addWidget(m_speed);
  layout->addWidget(m_loop);

  connect(m_start, &QToolButton::clicked, clock, &PlaybackClock::toStart);
  connect(m_back, &QToolButton::clicked, clock, &PlaybackClock::stepBack);
  connect(m_play, &QToolButton::clicked, clock, &PlaybackClock::togglePlay);
  connect(m_forward, &QToolButton::clicked, clock, &PlaybackClock::stepForward);
  connect(m_end, &QToolButton::clicked, clock, &PlaybackClock::toEnd);
  connect(m_slider, &QSlider::valueChanged, this, &PlaybackBar::sliderMoved);
  connect(m_speed, &QComboBox::currentIndexChanged, this, [this] { m_clock->setSpeed(m_speed->currentData().toDouble()); });
  connect(m_loop, &QCheckBox::toggled, clock, &PlaybackClock::setLoop);
  connect(clock, &PlaybackClock::loopChanged, m_loop, &QCheckBox::setChecked);
  connect(clock, &PlaybackClock::speedChanged, this, [this](double s) {
    const int i = m_speed->findData(s);
    if (i >= 0) m_speed->setCurrentIndex(i);
  });
  connect(clock, &PlaybackClock::timeChanged, this, &PlaybackBar::updateTime);
  connect(clock, &PlaybackClock::rangeChanged, this, &PlaybackBar::updateRange);
  connect(clock, &PlaybackClock::playingChanged, this, [this](bool playing) {
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  });
  updateRange();
}

void PlaybackBar::updateRange() {
  const bool any = m_clock->sampleCount() > 1;
  for (QWidget* w : {static_cast<QWidget*>(m_start), static_cast<QWidget*>(m_back), static_cast<QWidget*>(m_play), static_cast<QWidget*>(m_forward),
                     static_cast<QWidget*>(m_end), static_cast<QWidget*>(m_slider)})
    w->setEnabled(any);
  updateTime(m_clock->time());
}

void PlaybackBar::updateTime(double t) {
  const double start = m_clock->startTime(), end = m_clock->endTime();
  m_time->setText(QString("%1 / %2 s").arg(t, 0, 'f', 4).arg(end, 0, 'f', 4));
  const int value = end > start ? static_cast<int>(std::lround((t - start) / (end - start) * kSliderSteps)) : 0;
  m_updating = true;
  m_slider->setValue(value);
  m_updating = false;
}

void PlaybackBar::sliderMoved(int value) {
  if (m_updating) return;
  const double start = m_clock->startTime(), end = m_clock->endTime();
  m_clock->setTime(start + (end - start) * value / kSliderSteps);
}

}  // namespace mstmm::gui
