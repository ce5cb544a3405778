#include "gui/exports/export_dialogs.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>

namespace mstmm::gui {
namespace {

QSpinBox* pixelBox(int value) {
  auto* box = new QSpinBox;
  box->setRange(16, 16384);
  box->setValue(value);
  box->setSuffix(QObject::tr(" px"));
  return box;
}

QDoubleSpinBox* numberBox(double min, double max, double value, int decimals, const QString& suffix) {
  auto* box = new QDoubleSpinBox;
  box->setRange(min, max);
  box->setDecimals(decimals);
  box->setValue(value);
  box->setSuffix(suffix);
  return box;
}

void addButtons(QDialog* dialog, QFormLayout* form) {
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
  form->addRow(buttons);
}

}  // namespace

ImageSizeDialog::ImageSizeDialog(const QSize& viewSize, QWidget* parent, bool buttons)
    : QDialog(parent), m_width(pixelBox(viewSize.width())), m_height(pixelBox(viewSize.height())), m_preset(new QComboBox),
      m_currentCamera(new QCheckBox(tr("Use the view's camera as it is (otherwise the whole motion is framed for this size)"))) {
  setWindowTitle(tr("Image Size"));
  const QList<QSize> presets = {viewSize, viewSize * 2, {1280, 720}, {1920, 1080}, {3840, 2160}};
  const QStringList names = {tr("As on screen"), tr("Twice the screen size"), tr("HD 1280 × 720"), tr("Full HD 1920 × 1080"), tr("4K 3840 × 2160")};
  for (int i = 0; i < presets.size(); ++i)
    m_preset->addItem(QStringLiteral("%1 (%2 × %3)").arg(names[i]).arg(presets[i].width()).arg(presets[i].height()), presets[i]);
  connect(m_preset, &QComboBox::activated, this, [this](int i) {
    const QSize s = m_preset->itemData(i).toSize();
    m_width->setValue(s.width());
    m_height->setValue(s.height());
  });
  auto* form = new QFormLayout(this);
  form->addRow(tr("Preset:"), m_preset);
  form->addRow(tr("Width:"), m_width);
  form->addRow(tr("Height:"), m_height);
  form->addRow(m_currentCamera);
  m_currentCamera->setVisible(false);
  if (buttons) addButtons(this, form);
}

QSize ImageSizeDialog::imageSize() const { return {m_width->value(), m_height->value()}; }

void ImageSizeDialog::offerCurrentCamera() { m_currentCamera->setVisible(true); }

bool ImageSizeDialog::currentCamera() const { return m_currentCamera->isVisible() && m_currentCamera->isChecked(); }

AnimationDialog::AnimationDialog(const QSize& viewSize, double startTime, double endTime, bool trails, double trailWindow, QWidget* parent)
    : ImageSizeDialog(viewSize, parent, false), m_fps(numberBox(1, 240, 30, 1, tr(" frames/s"))), m_speed(numberBox(0.01, 100, 1, 2, tr("×"))),
      m_start(numberBox(startTime, endTime, startTime, 4, tr(" s"))), m_end(numberBox(startTime, endTime, endTime, 4, tr(" s"))),
      m_trailWindow(numberBox(0.01, 1e6, trailWindow, 2, tr(" s"))), m_trails(new QCheckBox(tr("Trace the tips (or the selected bodies)"))),
      m_timeStamp(new QCheckBox(tr("Simulated time in the top left corner"))) {
  setWindowTitle(tr("Animation"));
  m_preset->setCurrentIndex(2);
  m_width->setValue(1280);
  m_height->setValue(720);
  m_speed->setToolTip(tr("Simulated seconds per second of animation (1× is real time)"));
  m_trails->setChecked(trails);
  auto* form = static_cast<QFormLayout*>(layout());
  form->addRow(tr("Frame rate:"), m_fps);
  form->addRow(tr("Speed:"), m_speed);
  form->addRow(tr("From:"), m_start);
  form->addRow(tr("To:"), m_end);
  form->addRow(tr("Trails:"), m_trails);
  m_timeStamp->setChecked(true);
  form->addRow(tr("Time stamp:"), m_timeStamp);
  form->addRow(tr("Trail length:"), m_trailWindow);
  offerCurrentCamera();
  addButtons(this, form);
}

render::AnimationOptions AnimationDialog::options() const {
  render::AnimationOptions o;
  o.width = m_width->value();
  o.height = m_height->value();
  o.fps = m_fps->value();
  o.speed = m_speed->value();
  o.startTime = m_start->value();
  o.endTime = m_end->value();
  o.trails = m_trails->isChecked();
  o.timeStamp = m_timeStamp->isChecked();
  o.trailWindow = m_trailWindow->value();
  o.currentCamera = currentCamera();
  return o;
}

}  // namespace mstmm::gui
