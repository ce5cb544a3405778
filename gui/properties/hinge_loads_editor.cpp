#include "gui/properties/hinge_loads_editor.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <cmath>

#include "core/loads/load_validation.hpp"
#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"
#include "gui/properties/time_function_editor.hpp"

namespace mstmm::gui {

namespace {

HingeSpringSpec& springOf(HingeSpec& h) {
  if (!h.loads.spring) h.loads.spring = HingeSpringSpec{};
  return *h.loads.spring;
}
HingeStopsSpec& stopsOf(HingeSpec& h) {
  if (!h.loads.stops) h.loads.stops = HingeStopsSpec{-1.0, 1.0};
  return *h.loads.stops;
}
HingeActuatorSpec& actuatorOf(HingeSpec& h) {
  if (!h.loads.actuator) h.loads.actuator = HingeActuatorSpec{};
  return *h.loads.actuator;
}
TimeFunction& motionOf(HingeSpec& h) {
  if (!h.loads.motion) h.loads.motion = TimeFunction{};
  return *h.loads.motion;
}

}  // namespace

HingeLoadsEditor::HingeLoadsEditor(QWidget* parent) : QWidget(parent) {}

QuantityBox* HingeLoadsEditor::addBox(const QString& label, const QString& unit, const QString& name, bool nonNegative) {
  auto* box = QuantityBox::checked(unit, name, nonNegative);
  connect(box, &QuantityBox::refused, this, &HingeLoadsEditor::refused);
  m_form->addRow(label, box);
  return box;
}

void HingeLoadsEditor::bind(QuantityBox* box, const QString& field, std::function<void(HingeSpec&, double)> set) {
  connect(box, &QuantityBox::siChanged, this, [this, field, set](double v) {
    if (!m_loading) emit edited(field, [set, v](HingeSpec& h) { set(h, v); });
  });
}

void HingeLoadsEditor::bindFunction(TimeFunctionEditor* editor, const QString& what, std::function<TimeFunction&(HingeSpec&)> function) {
  connect(editor, &TimeFunctionEditor::refused, this, &HingeLoadsEditor::refused);
  connect(editor, &TimeFunctionEditor::edited, this, [this, what, function](const QString& field, const std::function<void(TimeFunction&)>& edit) {
    if (!m_loading) emit edited(what + ": " + field, [function, edit](HingeSpec& h) { edit(function(h)); });
  });
}

void HingeLoadsEditor::setRow(QWidget* field, bool visible) { setRowVisible(m_form, field, visible); }

// The boxes carry their units, so a change between a rotation and a slide
// builds the section anew.
void HingeLoadsEditor::build(bool slide) {
  m_builtFor = slide ? 1 : 0;
  delete m_form;
  qDeleteAll(findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly));
  m_form = new QFormLayout(this);
  m_form->setContentsMargins(0, 0, 0, 0);
  buildSpringAndStops(slide);
  buildActuator(slide);
  buildMotion(slide);
}

void HingeLoadsEditor::buildSpringAndStops(bool slide) {
  const QString k = slide ? "N/m" : "N m/rad", c = slide ? "N s/m" : "N m s/rad";
  m_spring = new QCheckBox(tr("Spring and damper"));
  m_spring->setObjectName("springEnabled");
  m_form->addRow(m_spring);
  m_stiffness = addBox(tr("Stiffness"), k, "springStiffness", true);
  m_damping = addBox(tr("Damping"), c, "springDamping", true);
  m_rest = addBox(slide ? tr("Rest slide") : tr("Rest angle"), slide ? "m" : "rad", "springRest", false);
  if (!slide) m_rest->makeAngle();
  m_stops = new QCheckBox(tr("Stops"));
  m_stops->setObjectName("stopsEnabled");
  m_form->addRow(m_stops);
  m_lower = addBox(tr("Lower stop"), slide ? "m" : "rad", "stopLower", false);
  m_upper = addBox(tr("Upper stop"), slide ? "m" : "rad", "stopUpper", false);
  if (!slide) {
    m_lower->makeAngle();
    m_upper->makeAngle();
  }
  m_stopStiffness = addBox(tr("Stop stiffness"), k, "stopStiffness", true);
  m_stopDamping = addBox(tr("Stop damping"), c, "stopDamping", true);

  connect(m_spring, &QCheckBox::toggled, this, [this](bool on) {
    if (m_loading) return;
    emit edited(on ? tr("add spring-damper") : tr("remove spring-damper"), [on](HingeSpec& h) {
      if (on) h.loads.spring = HingeSpringSpec{};
      else h.loads.spring.reset();
    });
  });
  connect(m_stops, &QCheckBox::toggled, this, [this, slide](bool on) {
    if (m_loading) return;
    const double limit = slide ? 0.5 : 1.0;  // a first guess the user then sets
    emit edited(on ? tr("add stops") : tr("remove stops"), [on, limit](HingeSpec& h) {
      if (on) h.loads.stops = HingeStopsSpec{-limit, limit};
      else h.loads.stops.reset();
    });
  });
  const std::pair<QuantityBox*, const char*> addressed[] = {{m_stiffness, "spring/stiffness"}, {m_damping, "spring/damping"},
                                                            {m_stopStiffness, "stops/stiffness"}, {m_stopDamping, "stops/damping"}};
  for (const auto& [box, field] : addressed)
    box->setStudyAddress([this, field = QString(field)] { return "hinge:" + m_hingeName + "/" + field; });
  bind(m_stiffness, tr("spring stiffness"), [](HingeSpec& h, double v) { springOf(h).stiffness = v; });
  bind(m_damping, tr("spring damping"), [](HingeSpec& h, double v) { springOf(h).damping = v; });
  bind(m_rest, tr("spring rest value"), [](HingeSpec& h, double v) { springOf(h).rest = v; });
  bind(m_lower, tr("lower stop"), [](HingeSpec& h, double v) { stopsOf(h).lower = v; });
  bind(m_upper, tr("upper stop"), [](HingeSpec& h, double v) { stopsOf(h).upper = v; });
  bind(m_stopStiffness, tr("stop stiffness"), [](HingeSpec& h, double v) { stopsOf(h).stiffness = v; });
  bind(m_stopDamping, tr("stop damping"), [](HingeSpec& h, double v) { stopsOf(h).damping = v; });
}

// A hinge is either actuated or driven (a prescribed motion supplies its own
// load): switching one on switches the other off, in the same undo step.
void HingeLoadsEditor::buildActuator(bool slide) {
  const QString load = slide ? "N" : "N m";
  m_actuator = new QCheckBox(tr("Actuator"));
  m_actuator->setObjectName("actuatorEnabled");
  m_actuator->setToolTip(tr("A %1 on the hinge's coordinate: a function of time, or a PD servo tracking a reference").arg(slide ? tr("force") : tr("torque")));
  m_form->addRow(m_actuator);
  m_actuatorKind = new QComboBox;
  m_actuatorKind->setObjectName("actuatorKind");
  m_actuatorKind->addItem(slide ? tr("force as a function of time") : tr("torque as a function of time"), static_cast<int>(ActuatorKind::Force));
  m_actuatorKind->addItem(tr("PD servo tracking a reference"), static_cast<int>(ActuatorKind::Servo));
  m_form->addRow(tr("Kind"), m_actuatorKind);
  m_load = new TimeFunctionEditor(load, false, false);
  m_load->setObjectName("actuatorLoad");
  m_form->addRow(m_load);
  m_reference = new TimeFunctionEditor(slide ? "m" : "rad", !slide, false);
  m_reference->setObjectName("actuatorReference");
  m_form->addRow(m_reference);
  m_kp = addBox(tr("Gain kp"), slide ? "N/m" : "N m/rad", "actuatorKp", true);
  m_kd = addBox(tr("Gain kd"), slide ? "N s/m" : "N m s/rad", "actuatorKd", true);
  m_limit = new QCheckBox(tr("Limit the load"));
  m_limit->setObjectName("actuatorLimited");
  m_form->addRow(QString(), m_limit);
  m_maxLoad = addBox(tr("Load limit"), load, "actuatorMaxLoad", true);

  connect(m_actuator, &QCheckBox::toggled, this, [this](bool on) {
    if (m_loading) return;
    emit edited(on ? tr("add actuator") : tr("remove actuator"), [on](HingeSpec& h) {
      if (on) {
        h.loads.actuator = HingeActuatorSpec{};
        h.loads.motion.reset();
      } else {
        h.loads.actuator.reset();
      }
    });
  });
  connect(m_actuatorKind, &QComboBox::activated, this, [this] {
    const auto kind = static_cast<ActuatorKind>(m_actuatorKind->currentData().toInt());
    emit edited(tr("actuator kind"), [kind](HingeSpec& h) { actuatorOf(h).kind = kind; });
  });
  connect(m_limit, &QCheckBox::toggled, this, [this](bool on) {
    if (m_loading) return;
    const double guess = std::max(1.0, m_maxLoad->si());
    emit edited(on ? tr("limit actuator load") : tr("unlimit actuator load"), [on, guess](HingeSpec& h) {
      if (on) actuatorOf(h).maxLoad = guess;
      else actuatorOf(h).maxLoad.reset();
    });
  });
  bindFunction(m_load, tr("actuator load"), [](HingeSpec& h) -> TimeFunction& { return actuatorOf(h).load; });
  bindFunction(m_reference, tr("servo reference"), [](HingeSpec& h) -> TimeFunction& { return actuatorOf(h).reference; });
  bind(m_kp, tr("servo gain kp"), [](HingeSpec& h, double v) { actuatorOf(h).kp = v; });
  bind(m_kd, tr("servo gain kd"), [](HingeSpec& h, double v) { actuatorOf(h).kd = v; });
  bind(m_maxLoad, tr("actuator load limit"), [](HingeSpec& h, double v) { actuatorOf(h).maxLoad = v; });
}

void HingeLoadsEditor::buildMotion(bool slide) {
  m_motion = new QCheckBox(tr("Prescribed motion"));
  m_motion->setObjectName("motionEnabled");
  m_motion->setToolTip(tr("The %1 follows a function of time, as a motor with a speed control makes it; "
                          "the hinge loses its degree of freedom and the driving %2 is recorded")
                           .arg(slide ? tr("slide") : tr("angle"), slide ? tr("force") : tr("torque")));
  m_form->addRow(m_motion);
  m_motionFunction = new TimeFunctionEditor(slide ? "m" : "rad", !slide, true);
  m_motionFunction->setObjectName("motionFunction");
  m_form->addRow(m_motionFunction);
  connect(m_motion, &QCheckBox::toggled, this, [this](bool on) {
    if (m_loading) return;
    // Starts where the hinge is, moving as it moves: validation's condition.
    TimeFunction start;
    start.kind = TimeFunctionKind::Ramp;
    start.value = m_q0;
    start.slope = m_rate0;
    emit edited(on ? tr("prescribe motion") : tr("remove prescribed motion"), [on, start](HingeSpec& h) {
      if (on) {
        h.loads.motion = start;
        h.loads.actuator.reset();
      } else {
        h.loads.motion.reset();
      }
    });
  });
  bindFunction(m_motionFunction, tr("motion"), motionOf);
}

void HingeLoadsEditor::showActuator(const HingeSpec& hinge, bool oneCoordinate, double endTime) {
  const std::optional<HingeActuatorSpec>& a = hinge.loads.actuator;
  m_actuator->setVisible(oneCoordinate);
  m_actuator->setChecked(a.has_value());
  const HingeActuatorSpec shown = a.value_or(HingeActuatorSpec{});
  const bool on = oneCoordinate && a.has_value(), servo = shown.kind == ActuatorKind::Servo;
  m_actuatorKind->setCurrentIndex(m_actuatorKind->findData(static_cast<int>(shown.kind)));
  m_load->show(shown.load, endTime);
  m_reference->show(shown.reference, endTime);
  m_kp->setSi(shown.kp);
  m_kd->setSi(shown.kd);
  m_limit->setChecked(shown.maxLoad.has_value());
  m_maxLoad->setSi(shown.maxLoad.value_or(0.0));
  setRow(m_actuatorKind, on);
  setRow(m_load, on && !servo);
  for (QWidget* w : {static_cast<QWidget*>(m_reference), static_cast<QWidget*>(m_kp), static_cast<QWidget*>(m_kd)}) setRow(w, on && servo);
  setRow(m_limit, on);
  setRow(m_maxLoad, on && shown.maxLoad.has_value());
}

void HingeLoadsEditor::show(const HingeSpec& hinge, const ModelSpec& spec) {
  m_hingeName = QString::fromStdString(hinge.name);
  const bool slide = hinge.type == HingeType::Slider;
  const bool ball = hinge.type == HingeType::Ball && spec.kind == ModelKind::Spatial;
  if (m_builtFor != (slide ? 1 : 0)) build(slide);
  m_loading = true;
  m_q0 = m_rate0 = 0.0;
  initialHingeCoordinate(spec, hinge, m_q0, m_rate0);
  const double endTime = spec.simulation.endTime;
  const HingeLoadsSpec& l = hinge.loads;
  m_spring->setChecked(l.spring.has_value());
  const HingeSpringSpec spring = l.spring.value_or(HingeSpringSpec{});
  m_stiffness->setSi(spring.stiffness);
  m_damping->setSi(spring.damping);
  m_rest->setSi(spring.rest);
  for (QWidget* w : {static_cast<QWidget*>(m_stiffness), static_cast<QWidget*>(m_damping)}) setRow(w, l.spring.has_value());
  setRow(m_rest, l.spring.has_value() && !ball);  // a ball's rest is an orientation (model file)
  m_stops->setVisible(!ball);  // stops, actuators and drives need one coordinate
  m_stops->setChecked(l.stops.has_value());
  const HingeStopsSpec stops = l.stops.value_or(HingeStopsSpec{});
  m_lower->setSi(stops.lower.value_or(-INFINITY));
  m_upper->setSi(stops.upper.value_or(INFINITY));
  m_stopStiffness->setSi(stops.stiffness);
  m_stopDamping->setSi(stops.damping);
  for (QWidget* w : {static_cast<QWidget*>(m_lower), static_cast<QWidget*>(m_upper), static_cast<QWidget*>(m_stopStiffness),
                     static_cast<QWidget*>(m_stopDamping)})
    setRow(w, l.stops.has_value() && !ball);
  showActuator(hinge, !ball, endTime);
  m_motion->setVisible(!ball);
  m_motion->setChecked(l.motion.has_value());
  m_motionFunction->show(l.motion.value_or(TimeFunction{}), endTime);
  setRow(m_motionFunction, l.motion.has_value() && !ball);
  m_loading = false;
}

}  // namespace mstmm::gui
