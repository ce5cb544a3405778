#include "gui/properties/hinge_loads_editor.hpp"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <cmath>

#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

HingeLoadsEditor::HingeLoadsEditor(QWidget* parent) : QWidget(parent) {}

QuantityBox* HingeLoadsEditor::addBox(const QString& label, const QString& unit, const QString& name, bool nonNegative) {
  auto* box = new QuantityBox(unit);
  box->setObjectName(name);
  box->setRange(-1e12, 1e12);
  box->setCheck([nonNegative](double v) {
    if (!std::isfinite(v)) return tr("must be a finite number");
    return nonNegative && v < 0.0 ? tr("must not be negative") : QString();
  });
  connect(box, &QuantityBox::refused, this, &HingeLoadsEditor::refused);
  m_form->addRow(label, box);
  return box;
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

  auto spring = [](HingeSpec& h) -> HingeSpringSpec& {
    if (!h.loads.spring) h.loads.spring = HingeSpringSpec{};
    return *h.loads.spring;
  };
  auto stops = [](HingeSpec& h) -> HingeStopsSpec& {
    if (!h.loads.stops) h.loads.stops = HingeStopsSpec{-1.0, 1.0};
    return *h.loads.stops;
  };
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
  auto bind = [this](QuantityBox* box, const QString& field, std::function<void(HingeSpec&, double)> set) {
    connect(box, &QuantityBox::siChanged, this, [this, field, set](double v) {
      if (!m_loading) emit edited(field, [set, v](HingeSpec& h) { set(h, v); });
    });
  };
  bind(m_stiffness, tr("spring stiffness"), [spring](HingeSpec& h, double v) { spring(h).stiffness = v; });
  bind(m_damping, tr("spring damping"), [spring](HingeSpec& h, double v) { spring(h).damping = v; });
  bind(m_rest, tr("spring rest value"), [spring](HingeSpec& h, double v) { spring(h).rest = v; });
  bind(m_lower, tr("lower stop"), [stops](HingeSpec& h, double v) { stops(h).lower = v; });
  bind(m_upper, tr("upper stop"), [stops](HingeSpec& h, double v) { stops(h).upper = v; });
  bind(m_stopStiffness, tr("stop stiffness"), [stops](HingeSpec& h, double v) { stops(h).stiffness = v; });
  bind(m_stopDamping, tr("stop damping"), [stops](HingeSpec& h, double v) { stops(h).damping = v; });
}

void HingeLoadsEditor::show(const HingeSpec& hinge, ModelKind kind) {
  const bool slide = hinge.type == HingeType::Slider;
  const bool ball = hinge.type == HingeType::Ball && kind == ModelKind::Spatial;
  if (m_builtFor != (slide ? 1 : 0)) build(slide);
  m_loading = true;
  const HingeLoadsSpec& l = hinge.loads;
  m_spring->setChecked(l.spring.has_value());
  const HingeSpringSpec spring = l.spring.value_or(HingeSpringSpec{});
  m_stiffness->setSi(spring.stiffness);
  m_damping->setSi(spring.damping);
  m_rest->setSi(spring.rest);
  for (QWidget* w : {static_cast<QWidget*>(m_stiffness), static_cast<QWidget*>(m_damping)}) setRow(w, l.spring.has_value());
  setRow(m_rest, l.spring.has_value() && !ball);  // a ball's rest is an orientation (model file)
  m_stops->setVisible(!ball);  // stops need one coordinate
  m_stops->setChecked(l.stops.has_value());
  const HingeStopsSpec stops = l.stops.value_or(HingeStopsSpec{});
  m_lower->setSi(stops.lower.value_or(-INFINITY));
  m_upper->setSi(stops.upper.value_or(INFINITY));
  m_stopStiffness->setSi(stops.stiffness);
  m_stopDamping->setSi(stops.damping);
  for (QWidget* w : {static_cast<QWidget*>(m_lower), static_cast<QWidget*>(m_upper), static_cast<QWidget*>(m_stopStiffness),
                     static_cast<QWidget*>(m_stopDamping)})
    setRow(w, l.stops.has_value() && !ball);
  m_loading = false;
}

}  // namespace mstmm::gui
