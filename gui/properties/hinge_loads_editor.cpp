#include "gui/properties/hinge_loads_editor.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <algorithm>
#include <cmath>

#include "core/model/load_validation.hpp"
#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"
#include "gui/properties/time_function_editor.hpp"

namespace mstmm::gui {

namespace {

HingeSpringSpec& springOf(HingeLoadsSpec& l) {
  if (!l.spring) l.spring = HingeSpringSpec{};
  return *l.spring;
}
HingeStopsSpec& stopsOf(HingeLoadsSpec& l) {
  if (!l.stops) l.stops = HingeStopsSpec{-1.0, 1.0};
  return *l.stops;
}
HingeActuatorSpec& actuatorOf(HingeLoadsSpec& l) {
  if (!l.actuator) l.actuator = HingeActuatorSpec{};
  return *l.actuator;
}
TimeFunction& motionOf(HingeLoadsSpec& l) {
  if (!l.motion) l.motion = TimeFunction{};
  return *l.motion;
}

/// The loads of coordinate `coordinate` of a hinge with several, or of its
/// one coordinate (empty name).
HingeLoadsSpec& loadsOf(HingeSpec& h, const std::string& coordinate, ModelKind kind) { return coordinate.empty() ? h.loads : h.loadsOn(coordinate, kind); }

const HingeLoadsSpec& shownLoads(const HingeSpec& h, const std::string& coordinate) {
  static const HingeLoadsSpec none;
  if (coordinate.empty()) return h.loads;
  for (const CoordinateLoadsSpec& c : h.coordinateLoads)
    if (c.coordinate == coordinate) return c.loads;
  return none;
}

}  // namespace

HingeLoadsEditor::HingeLoadsEditor(QWidget* parent) : QWidget(parent) {
  setProperty("fieldSection", "Hinge loads");  // its labels' tooltips: docs/guide/fields.md, section Hinge loads
}

QuantityBox* HingeLoadsEditor::addBox(const QString& label, const QString& unit, const QString& name, bool nonNegative) {
  auto* box = QuantityBox::checked(unit, name, nonNegative);
  connect(box, &QuantityBox::refused, this, &HingeLoadsEditor::refused);
  m_form->addRow(label, box);
  return box;
}

// Every edit is of the loads of the coordinate shown when it is made; a
// coordinate left with no loads leaves the hinge's list.
void HingeLoadsEditor::editLoads(const QString& field, const std::function<void(HingeLoadsSpec&)>& edit) {
  if (m_loading) return;
  const QString what = m_coordinate.empty() ? field : QString::fromStdString(m_coordinate) + ": " + field;
  emit edited(what, [edit, coordinate = m_coordinate, kind = m_kind](HingeSpec& h) {
    edit(loadsOf(h, coordinate, kind));
    std::erase_if(h.coordinateLoads, [](const CoordinateLoadsSpec& c) { return c.loads.empty(); });
  });
}

void HingeLoadsEditor::bind(QuantityBox* box, const QString& field, std::function<void(HingeLoadsSpec&, double)> set) {
  connect(box, &QuantityBox::siChanged, this, [this, field, set](double v) { editLoads(field, [set, v](HingeLoadsSpec& l) { set(l, v); }); });
}

void HingeLoadsEditor::bindFunction(TimeFunctionEditor* editor, const QString& what, std::function<TimeFunction&(HingeLoadsSpec&)> function) {
  connect(editor, &TimeFunctionEditor::refused, this, &HingeLoadsEditor::refused);
  connect(editor, &TimeFunctionEditor::edited, this, [this, what, function](const QString& field, const std::function<void(TimeFunction&)>& edit) {
    editLoads(what + ": " + field, [function, edit](HingeLoadsSpec& l) { edit(function(l)); });
  });
}

void HingeLoadsEditor::setRow(QWidget* field, bool visible) { setRowVisible(m_form, field, visible); }

// The boxes carry their units, so a change between a rotation and a slide
// builds the section anew.
void HingeLoadsEditor::build(bool slide, bool coordinates) {
  m_builtFor = (slide ? 1 : 0) + (coordinates ? 2 : 0);
  delete m_form;
  qDeleteAll(findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly));
  m_form = new QFormLayout(this);
  m_form->setContentsMargins(0, 0, 0, 0);
  m_coordinates = nullptr;
  if (coordinates) {
    m_coordinates = new QComboBox;
    m_coordinates->setObjectName("loadsCoordinate");
    m_coordinates->setToolTip(tr("The coordinate of the hinge whose spring, stops, actuator and motion are shown below"));
    m_form->addRow(tr("Coordinate"), m_coordinates);
    connect(m_coordinates, &QComboBox::activated, this, [this] {
      m_coordinate = m_coordinates->currentData().toString().toStdString();
      emit coordinateChosen();
    });
  }
  buildSpringAndStops(slide);
  buildArmature(slide);
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
    editLoads(on ? tr("add spring-damper") : tr("remove spring-damper"), [on](HingeLoadsSpec& l) {
      if (on) l.spring = HingeSpringSpec{};
      else l.spring.reset();
    });
  });
  connect(m_stops, &QCheckBox::toggled, this, [this, slide](bool on) {
    const double limit = slide ? 0.5 : 1.0;  // a first guess the user then sets
    editLoads(on ? tr("add stops") : tr("remove stops"), [on, limit](HingeLoadsSpec& l) {
      if (on) l.stops = HingeStopsSpec{-limit, limit};
      else l.stops.reset();
    });
  });
  const std::pair<QuantityBox*, const char*> addressed[] = {{m_stiffness, "spring/stiffness"}, {m_damping, "spring/damping"},
                                                            {m_stopStiffness, "stops/stiffness"}, {m_stopDamping, "stops/damping"}};
  for (const auto& [box, field] : addressed)
    box->setStudyAddress([this, field = QString(field)] {
      return "hinge:" + m_hingeName + "/" + (m_coordinate.empty() ? QString() : "coordinates/" + QString::fromStdString(m_coordinate) + "/") + field;
    });
  bind(m_stiffness, tr("spring stiffness"), [](HingeLoadsSpec& l, double v) { springOf(l).stiffness = v; });
  bind(m_damping, tr("spring damping"), [](HingeLoadsSpec& l, double v) { springOf(l).damping = v; });
  bind(m_rest, tr("spring rest value"), [](HingeLoadsSpec& l, double v) { springOf(l).rest = v; });
  bind(m_lower, tr("lower stop"), [](HingeLoadsSpec& l, double v) { stopsOf(l).lower = v; });
  bind(m_upper, tr("upper stop"), [](HingeLoadsSpec& l, double v) { stopsOf(l).upper = v; });
  bind(m_stopStiffness, tr("stop stiffness"), [](HingeLoadsSpec& l, double v) { stopsOf(l).stiffness = v; });
  bind(m_stopDamping, tr("stop damping"), [](HingeLoadsSpec& l, double v) { stopsOf(l).damping = v; });
}

// Rotor inertia on the coordinate (equations.md §3.8), as MuJoCo's armature.
void HingeLoadsEditor::buildArmature(bool slide) {
  m_armature = addBox(tr("Armature"), slide ? "kg" : "kg·m²", "armature", true);
  m_armature->setToolTip(tr("Rotor inertia on this %1: a motor's rotor through its gear, J times the gear ratio squared; "
                            "it adds J times the coordinate's acceleration to the load the coordinate needs")
                             .arg(slide ? tr("slide") : tr("angle")));
  m_armature->setStudyAddress([this] {
    return "hinge:" + m_hingeName + "/" + (m_coordinate.empty() ? QString() : "coordinates/" + QString::fromStdString(m_coordinate) + "/") + "armature";
  });
  bind(m_armature, tr("armature"), [](HingeLoadsSpec& l, double v) { l.armature = v; });
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
    editLoads(on ? tr("add actuator") : tr("remove actuator"), [on](HingeLoadsSpec& l) {
      if (on) {
        l.actuator = HingeActuatorSpec{};
        l.motion.reset();
      } else {
        l.actuator.reset();
      }
    });
  });
  connect(m_actuatorKind, &QComboBox::activated, this, [this] {
    const auto kind = static_cast<ActuatorKind>(m_actuatorKind->currentData().toInt());
    editLoads(tr("actuator kind"), [kind](HingeLoadsSpec& l) { actuatorOf(l).kind = kind; });
  });
  connect(m_limit, &QCheckBox::toggled, this, [this](bool on) {
    const double guess = std::max(1.0, m_maxLoad->si());
    editLoads(on ? tr("limit actuator load") : tr("unlimit actuator load"), [on, guess](HingeLoadsSpec& l) {
      if (on) actuatorOf(l).maxLoad = guess;
      else actuatorOf(l).maxLoad.reset();
    });
  });
  bindFunction(m_load, tr("actuator load"), [](HingeLoadsSpec& l) -> TimeFunction& { return actuatorOf(l).load; });
  bindFunction(m_reference, tr("servo reference"), [](HingeLoadsSpec& l) -> TimeFunction& { return actuatorOf(l).reference; });
  bind(m_kp, tr("servo gain kp"), [](HingeLoadsSpec& l, double v) { actuatorOf(l).kp = v; });
  bind(m_kd, tr("servo gain kd"), [](HingeLoadsSpec& l, double v) { actuatorOf(l).kd = v; });
  bind(m_maxLoad, tr("actuator load limit"), [](HingeLoadsSpec& l, double v) { actuatorOf(l).maxLoad = v; });
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
    // Starts where the hinge is, moving as it moves: validation's condition.
    TimeFunction start;
    start.kind = TimeFunctionKind::Ramp;
    start.value = m_q0;
    start.slope = m_rate0;
    editLoads(on ? tr("prescribe motion") : tr("remove prescribed motion"), [on, start](HingeLoadsSpec& l) {
      if (on) {
        l.motion = start;
        l.actuator.reset();
      } else {
        l.motion.reset();
      }
    });
  });
  bindFunction(m_motionFunction, tr("motion"), motionOf);
}

void HingeLoadsEditor::showActuator(const HingeLoadsSpec& loads, bool oneCoordinate, double endTime) {
  const std::optional<HingeActuatorSpec>& a = loads.actuator;
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
  const QString name = QString::fromStdString(hinge.name);
  const std::vector<std::string>& names = hingeCoordinateNames(hinge.type, spec.kind);
  m_kind = spec.kind;
  const int k = chooseCoordinate(hinge, names, name != m_hingeName);
  m_hingeName = name;
  const bool slide = hinge.type == HingeType::Slider || (k >= 0 && k < hingeSlideCount(hinge.type, spec.kind));
  const bool ball = (hinge.type == HingeType::Ball && spec.kind == ModelKind::Spatial) || m_coordinate == "rotation";
  const int layout = (slide ? 1 : 0) + (names.empty() ? 0 : 2);
  if (m_builtFor != layout) build(slide, !names.empty());
  if (m_coordinates) fillCoordinates(hinge, names);
  m_loading = true;
  m_q0 = m_rate0 = 0.0;
  initialCoordinate(spec, hinge, k, m_q0, m_rate0);
  const double endTime = spec.simulation.endTime;
  const HingeLoadsSpec& l = shownLoads(hinge, m_coordinate);
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
  m_armature->setSi(l.armature);
  showActuator(l, !ball, endTime);
  m_motion->setVisible(!ball);
  m_motion->setChecked(l.motion.has_value());
  m_motionFunction->show(l.motion.value_or(TimeFunction{}), endTime);
  setRow(m_motionFunction, l.motion.has_value() && !ball);
  m_loading = false;
}

// Which coordinate to show: the one shown before while the same hinge is
// shown, else its first coordinate with loads, else its first.
int HingeLoadsEditor::chooseCoordinate(const HingeSpec& hinge, const std::vector<std::string>& names, bool otherHinge) {
  if (names.empty()) {
    m_coordinate.clear();
    return -1;
  }
  auto index = [&](const std::string& n) {
    const auto it = std::find(names.begin(), names.end(), n);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
  };
  if (otherHinge || index(m_coordinate) < 0) {
    m_coordinate = names.front();
    for (const CoordinateLoadsSpec& c : hinge.coordinateLoads)
      if (!c.loads.empty() && index(c.coordinate) >= 0) {
        m_coordinate = c.coordinate;
        break;
      }
  }
  return index(m_coordinate);
}

// One entry per coordinate, marked when it carries loads.
void HingeLoadsEditor::fillCoordinates(const HingeSpec& hinge, const std::vector<std::string>& names) {
  const QSignalBlocker block(m_coordinates);
  m_coordinates->clear();
  for (const std::string& n : names) {
    const bool loaded = !shownLoads(hinge, n).empty();
    m_coordinates->addItem(QString::fromStdString(n) + (loaded ? tr(" (loaded)") : QString()), QString::fromStdString(n));
  }
  m_coordinates->setCurrentIndex(m_coordinates->findData(QString::fromStdString(m_coordinate)));
}

}  // namespace mstmm::gui
