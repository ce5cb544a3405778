#pragma once
// The dialogs of File ▸ Export that need more than a file name: the pixel
// size of a 3-D image, and the frames of an animation (size, frames per
// second, playback speed, time range, trails).

#include <QDialog>

#include "render/animation_export.hpp"

class QComboBox;
class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;

namespace mstmm::gui {

/// Width and height in pixels, with common presets.
class ImageSizeDialog : public QDialog {
  Q_OBJECT
 public:
  ImageSizeDialog(const QSize& viewSize, QWidget* parent = nullptr) : ImageSizeDialog(viewSize, parent, true) {}
  QSize imageSize() const;
  /// For 3-D exports: a choice to keep the view's camera as it is
  /// (otherwise the whole motion is framed for the image's shape).
  void offerCurrentCamera();
  bool currentCamera() const;

 protected:
  /// `buttons`: false when a subclass adds rows (and the buttons) itself.
  ImageSizeDialog(const QSize& viewSize, QWidget* parent, bool buttons);
  QSpinBox *m_width, *m_height;
  QComboBox* m_preset;
  QCheckBox* m_currentCamera;
};

/// Everything an animation export asks for.
class AnimationDialog : public ImageSizeDialog {
  Q_OBJECT
 public:
  AnimationDialog(const QSize& viewSize, double startTime, double endTime, bool trails, double trailWindow, QWidget* parent = nullptr);
  render::AnimationOptions options() const;

 private:
  QDoubleSpinBox *m_fps, *m_speed, *m_start, *m_end, *m_trailWindow;
  QCheckBox *m_trails, *m_timeStamp;
};

}  // namespace mstmm::gui
