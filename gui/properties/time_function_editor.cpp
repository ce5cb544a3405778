#include "gui/properties/time_function_editor.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <cmath>

#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"
#include "gui/properties/time_function_preview.hpp"

namespace mstmm::gui {

TimeFunctionEditor::TimeFunctionEditor(const QString& unit, bool angle, bool motion, QWidget* parent)
    : QWidget(parent), m_unit(unit), m_motion(motion), m_angle(angle) {
  setProperty("fieldSection", "Function of time");  // its labels' tooltips: docs/guide/fields.md
  m_form = new QFormLayout(this);
  m_form->setContentsMargins(12, 0, 0, 0);  // indented under the section's check box
  m_kind = new QComboBox;
  m_kind->setObjectName("functionKind");
  m_kind->addItem(tr("constant"), static_cast<int>(TimeFunctionKind::Constant));
  m_kind->addItem(tr("step (quintic blend)"), static_cast<int>(TimeFunctionKind::Step));
  m_kind->addItem(tr("ramp"), static_cast<int>(TimeFunctionKind::Ramp));
  m_kind->addItem(tr("sine"), static_cast<int>(TimeFunctionKind::Sine));
  m_kind->addItem(tr("spin-up"), static_cast<int>(TimeFunctionKind::SpinUp));
  m_kind->addItem(tr("table"), static_cast<int>(TimeFunctionKind::Table));
  m_form->addRow(tr("Function"), m_kind);
  const QString perSecond = unit + "/s";
  m_value = addBox(tr("Value"), unit, "functionValue", false, [](TimeFunction& f, double v) { f.value = v; });
  m_to = addBox(tr("After"), unit, "functionTo", false, [](TimeFunction& f, double v) { f.to = v; });
  m_amplitude = addBox(tr("Amplitude"), unit, "functionAmplitude", false, [](TimeFunction& f, double v) { f.amplitude = v; });
  m_frequency = addBox(tr("Frequency"), "Hz", "functionFrequency", true, [](TimeFunction& f, double v) { f.frequency = v; });
  m_phase = addBox(tr("Phase"), "rad", "functionPhase", false, [](TimeFunction& f, double v) { f.phase = v; });
  m_slope = addBox(tr("Slope"), perSecond, "functionSlope", false, [](TimeFunction& f, double v) { f.slope = v; });
  m_start = addBox(tr("Start"), "s", "functionStart", false, [](TimeFunction& f, double v) { f.start = v; });
  m_duration = addBox(tr("Rise time"), "s", "functionDuration", true, [](TimeFunction& f, double v) { f.duration = v; });
  m_phase->makeAngle();
  if (angle) {
    for (QuantityBox* b : {m_value, m_to, m_amplitude}) b->makeAngle();
    m_slope->makeAngle(true);
  }
  m_points = new QLabel;
  m_points->setObjectName("functionPoints");
  m_smooth = new QCheckBox(tr("Smooth (natural cubic spline)"));
  m_smooth->setObjectName("functionSmooth");
  m_import = new QPushButton(tr("Import CSV…"));
  m_import->setObjectName("functionImport");
  m_import->setToolTip(tr("Two columns: time [s] and value [%1]; ',' or ';' between them, '#' comments, an optional header row").arg(unit));
  m_form->addRow(tr("Table"), m_points);
  m_form->addRow(QString(), m_smooth);
  m_form->addRow(QString(), m_import);
  m_preview = new TimeFunctionPreview;
  m_form->addRow(m_preview);

  connect(m_kind, &QComboBox::activated, this, [this] {
    const auto kind = static_cast<TimeFunctionKind>(m_kind->currentData().toInt());
    emit edited(tr("function kind"), [kind](TimeFunction& f) {
      // A new table starts flat at the current value, two points a second apart.
      if (kind == TimeFunctionKind::Table && f.points.empty()) f.points = {{0.0, f.value}, {1.0, f.value}};
      f.kind = kind;
    });
  });
  connect(m_smooth, &QCheckBox::toggled, this, [this](bool on) {
    if (!m_loading) emit edited(tr("table smoothing"), [on](TimeFunction& f) { f.smooth = on; });
  });
  connect(m_import, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a table"), QString(), tr("CSV tables (*.csv *.txt);;All files (*)"));
    if (!path.isEmpty()) importTable(path);
  });
}

QuantityBox* TimeFunctionEditor::addBox(const QString& label, const QString& unit, const QString& name, bool nonNegative,
                                        std::function<void(TimeFunction&, double)> set) {
  auto* box = QuantityBox::checked(unit, name, nonNegative);
  connect(box, &QuantityBox::refused, this, &TimeFunctionEditor::refused);
  connect(box, &QuantityBox::siChanged, this, [this, label, set](double v) {
    if (!m_loading) emit edited(label.toLower(), [set, v](TimeFunction& f) { set(f, v); });
  });
  m_form->addRow(label, box);
  return box;
}

void TimeFunctionEditor::importTable(const QString& path) {
  std::vector<std::pair<double, double>> points;
  try {
    points = readTablePoints(path.toStdString());
  } catch (const Error& e) {
    emit refused(QString::fromStdString(e.what()));
    return;
  }
  TimeFunction candidate;
  candidate.kind = TimeFunctionKind::Table;
  candidate.points = points;
  if (const std::string why = checkTimeFunction(candidate, false); !why.empty()) {
    emit refused(tr("%1: %2").arg(path, QString::fromStdString(why)));
    return;
  }
  emit edited(tr("table from %1").arg(path), [points](TimeFunction& f) {
    f.kind = TimeFunctionKind::Table;
    f.points = points;
  });
}

// The labels say what each field means for this kind (value is the value
// before a step, the offset of a ramp or a sine).
void TimeFunctionEditor::showKind(TimeFunctionKind kind) {
  using K = TimeFunctionKind;
  auto label = [this](QWidget* w, const QString& text) {
    if (auto* l = qobject_cast<QLabel*>(m_form->labelForField(w))) l->setText(text);
  };
  label(m_value, kind == K::Constant ? tr("Value") : kind == K::Step ? tr("Before") : tr("Offset"));
  label(m_start, kind == K::Step ? tr("At") : tr("Start"));
  label(m_duration, kind == K::SpinUp ? tr("Spin-up time") : tr("Rise time"));
  label(m_slope, kind == K::SpinUp ? tr("Final rate") : tr("Slope"));
  setRowVisible(m_form, m_value, kind != K::Table);
  setRowVisible(m_form, m_to, kind == K::Step);
  setRowVisible(m_form, m_duration, kind == K::Step || kind == K::SpinUp);
  setRowVisible(m_form, m_start, kind == K::Step || kind == K::Ramp || kind == K::SpinUp);
  setRowVisible(m_form, m_slope, kind == K::Ramp || kind == K::SpinUp);
  for (QWidget* w : {static_cast<QWidget*>(m_amplitude), static_cast<QWidget*>(m_frequency), static_cast<QWidget*>(m_phase)})
    setRowVisible(m_form, w, kind == K::Sine);
  for (QWidget* w : {static_cast<QWidget*>(m_points), static_cast<QWidget*>(m_smooth), static_cast<QWidget*>(m_import)})
    setRowVisible(m_form, w, kind == K::Table);
}

void TimeFunctionEditor::show(const TimeFunction& f, double endTime) {
  m_loading = true;
  m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(f.kind)));
  m_value->setSi(f.value);
  m_to->setSi(f.to);
  m_start->setSi(f.start);
  m_duration->setSi(f.duration);
  m_slope->setSi(f.slope);
  m_amplitude->setSi(f.amplitude);
  m_frequency->setSi(f.frequency);
  m_phase->setSi(f.phase);
  m_smooth->setChecked(f.smooth);
  m_points->setText(f.points.empty() ? tr("no points")
                                     : tr("%1 points, t = %2 to %3 s").arg(f.points.size()).arg(f.points.front().first).arg(f.points.back().first));
  showKind(f.kind);
  const AnglePreference& angles = AnglePreference::instance();
  m_preview->setFunction(f, endTime, m_motion, m_angle ? angles.unit() : m_unit, m_angle ? angles.factor() : 1.0);
  m_loading = false;
}

}  // namespace mstmm::gui
