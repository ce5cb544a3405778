#include "gui/panels/controls_panel.hpp"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSlider>
#include <QVBoxLayout>

#include "gui/properties/quantity_box.hpp"
#include <algorithm>
#include <cmath>
#include <limits>

namespace mstmm::gui {

ControlsPanel::ControlsPanel(QWidget* parent) : QWidget(parent), m_note(new QLabel), m_rowsWidget(new QWidget) {
  setObjectName("controlsPanel");
  auto* layout = new QVBoxLayout(this);
  m_note->setWordWrap(true);
  layout->addWidget(m_note);
  m_rowsLayout = new QVBoxLayout(m_rowsWidget);
  m_rowsLayout->setContentsMargins(0, 0, 0, 0);
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(m_rowsWidget);
  layout->addWidget(scroll, 1);
  clear(idleNote());
}

QString ControlsPanel::idleNote() { return tr("Controls act on a live run (Simulate ▸ Run Live): a slider for each actuator and servo set-point."); }

void ControlsPanel::clear(const QString& why) {
  m_inputs.reset();
  for (Row& r : m_rows) r.set->parentWidget()->deleteLater();
  m_rows.clear();
  m_note->setText(why);
}

void ControlsPanel::setChannels(const std::vector<ControlChannel>& channels, std::shared_ptr<LiveInputs> inputs) {
  clear({});
  m_inputs = std::move(inputs);
  m_note->setText(channels.empty() ? tr("This model has no actuators or servos to control. Ctrl+drag a body in the 3-D view to pull it, "
                                        "Ctrl+right-drag to turn it.")
                                   : tr("Tick Set (or move a slider) to replace an actuator's function of time while the run goes on. "
                                        "Alt+1…9 picks a control, Alt+0 gives all back to the model."));
  for (const ControlChannel& c : channels) addRow(c);
  m_rowsLayout->addStretch(1);
}

void ControlsPanel::addRow(const ControlChannel& channel) {
  const int k = count();
  auto* box = new QWidget;
  auto* grid = new QGridLayout(box);
  grid->setContentsMargins(0, 4, 0, 4);
  Row row{channel, new QCheckBox(tr("Set")), new QSlider(Qt::Horizontal), new QDoubleSpinBox};
  QString unit = QString::fromStdString(channel.unit());
  if (channel.servo && channel.rotational) {  // a set-point angle, in the studio's angle unit
    row.shownPerSi = AnglePreference::instance().factor();
    unit = AnglePreference::instance().unit();
  }
  auto* name = new QLabel(tr("%1. %2 — %3 (%4)")
                              .arg(k + 1)
                              .arg(QString::fromStdString(channel.name), channel.servo ? tr("set-point") : tr("load"), unit));
  name->setToolTip(tr("Alt+%1").arg(k + 1));
  row.set->setObjectName(QString("controlSet%1").arg(k));
  row.slider->setObjectName(QString("controlSlider%1").arg(k));
  row.spin->setObjectName(QString("controlValue%1").arg(k));
  row.slider->setRange(0, kSliderSteps);
  row.slider->setPageStep(kSliderSteps / 20);
  row.spin->setDecimals(3);
  row.spin->setRange(channel.lower * row.shownPerSi, channel.upper * row.shownPerSi);
  row.spin->setSingleStep((channel.upper - channel.lower) * row.shownPerSi / 100.0);
  row.spin->setSuffix(" " + unit);
  grid->addWidget(name, 0, 0, 1, 3);
  grid->addWidget(row.set, 1, 0);
  grid->addWidget(row.slider, 1, 1);
  grid->addWidget(row.spin, 1, 2);
  grid->setColumnStretch(1, 1);
  m_rowsLayout->addWidget(box);
  m_rows.push_back(row);
  m_updating = true;
  take(k, std::clamp(channel.initial, channel.lower, channel.upper));
  m_updating = false;
  connect(row.slider, &QSlider::valueChanged, this, [this, k](int position) {
    if (m_updating) return;
    const ControlChannel& c = m_rows[static_cast<std::size_t>(k)].channel;
    take(k, c.lower + (c.upper - c.lower) * position / kSliderSteps);
  });
  connect(row.spin, &QDoubleSpinBox::valueChanged, this, [this, k](double shown) {
    if (!m_updating) take(k, shown / m_rows[static_cast<std::size_t>(k)].shownPerSi);
  });
  connect(row.set, &QCheckBox::toggled, this, [this, k] {
    if (!m_updating) send(k);
  });
}

void ControlsPanel::take(int control, double value) {
  Row& r = m_rows[static_cast<std::size_t>(control)];
  r.value = value;
  const bool user = !m_updating;
  m_updating = true;
  r.spin->setValue(value * r.shownPerSi);
  r.slider->setValue(static_cast<int>(std::lround((value - r.channel.lower) / (r.channel.upper - r.channel.lower) * kSliderSteps)));
  if (user) r.set->setChecked(true);
  m_updating = false;
  if (user) send(control);
}

void ControlsPanel::send(int control) {
  if (!m_inputs) return;
  const Row& r = m_rows[static_cast<std::size_t>(control)];
  m_inputs->setControl(control, r.set->isChecked() ? r.value : std::numeric_limits<double>::quiet_NaN());
}

QSlider* ControlsPanel::slider(int control) const { return m_rows.at(static_cast<std::size_t>(control)).slider; }

void ControlsPanel::setValue(int control, double value) {
  const Row& r = m_rows.at(static_cast<std::size_t>(control));
  take(control, std::clamp(value, r.channel.lower, r.channel.upper));
}

double ControlsPanel::value(int control) const {
  const Row& r = m_rows.at(static_cast<std::size_t>(control));
  return r.set->isChecked() ? r.value : std::numeric_limits<double>::quiet_NaN();
}

void ControlsPanel::release(int control) { m_rows.at(static_cast<std::size_t>(control)).set->setChecked(false); }

void ControlsPanel::releaseAll() {
  for (int k = 0; k < count(); ++k) release(k);
}

void ControlsPanel::focusControl(int control) {
  if (control >= 0 && control < count()) slider(control)->setFocus(Qt::ShortcutFocusReason);
}

}  // namespace mstmm::gui
