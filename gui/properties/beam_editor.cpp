#include "gui/properties/beam_editor.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <cmath>

#include "core/model/beam_material.hpp"
#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

namespace {
QString positive(double v) { return v > 0 && std::isfinite(v) ? QString() : QObject::tr("must be positive"); }
QString zeroOrPositive(double v) { return v >= 0 && std::isfinite(v) ? QString() : QObject::tr("must not be negative"); }
}  // namespace

BeamEditor::BeamEditor(QWidget* parent) : QWidget(parent) {
  setProperty("fieldSection", "Beam");  // its labels' tooltips: docs/guide/fields.md, section Beam
  m_form = new QFormLayout(this);
  m_form->setContentsMargins(0, 0, 0, 0);
  m_form->addRow(new QLabel(tr("<b>Elastic beam</b> along x from the origin")));
  m_length = addBox(tr("Length"), "m", "beamLength", [](BeamSpec& b, double v) { b.length = v; });
  m_youngs = addBox(tr("Young's modulus E"), "Pa", "beamYoungs", [](BeamSpec& b, double v) { b.youngsModulus = v; });
  m_shear = addBox(tr("Shear modulus G"), "Pa", "beamShear", [](BeamSpec& b, double v) { b.shearModulus = v; });
  // Or G from Poisson's ratio (isotropic): the spec keeps G, this shows E / 2G - 1.
  m_poisson = addBox(tr("Poisson's ratio ν"), "", "beamPoisson", [](BeamSpec& b, double v) { b.shearModulus = shearModulusFromPoisson(b.youngsModulus, v); });
  m_poisson->setCheck([](double v) { return plausiblePoissonRatio(v) ? QString() : QObject::tr("must lie in (-1, 0.5]"); });
  m_poisson->setToolTip(tr("Sets G = E / (2 (1 + ν)) for an isotropic material"));
  m_density = addBox(tr("Density"), "kg/m³", "beamDensity", [](BeamSpec& b, double v) { b.density = v; });
  m_section = new QComboBox;
  m_section->setObjectName("beamSection");
  for (BeamSectionKind k : {BeamSectionKind::Rectangle, BeamSectionKind::Circle, BeamSectionKind::Tube, BeamSectionKind::Custom})
    m_section->addItem(QString::fromLatin1(toString(k)), static_cast<int>(k));
  m_form->addRow(tr("Section"), m_section);
  connect(m_section, &QComboBox::activated, this, [this] {
    const auto k = static_cast<BeamSectionKind>(m_section->currentData().toInt());
    edit(tr("beam section"), [k](BeamSpec& b) {
      // The new kind starts from the section's present properties where it can.
      const SectionProperties p = sectionProperties(b.section);
      b.section.kind = k;
      if (k == BeamSectionKind::Custom) b.section.area = p.area, b.section.iy = p.iy, b.section.iz = p.iz, b.section.torsion = p.torsion;
      if (k == BeamSectionKind::Tube && !(b.section.innerRadius < b.section.radius)) b.section.innerRadius = 0.8 * b.section.radius;
    });
  });
  m_width = addBox(tr("Width (along y)"), "m", "beamWidth", [](BeamSpec& b, double v) { b.section.width = v; });
  m_height = addBox(tr("Height (along z)"), "m", "beamHeight", [](BeamSpec& b, double v) { b.section.height = v; });
  m_radius = addBox(tr("Radius"), "m", "beamRadius", [](BeamSpec& b, double v) { b.section.radius = v; });
  m_inner = addBox(tr("Inner radius"), "m", "beamInnerRadius", [](BeamSpec& b, double v) { b.section.innerRadius = v; });
  m_area = addBox(tr("Area A"), "m²", "beamArea", [](BeamSpec& b, double v) { b.section.area = v; });
  m_iy = addBox(tr("I_y"), "m⁴", "beamIy", [](BeamSpec& b, double v) { b.section.iy = v; });
  m_iz = addBox(tr("I_z"), "m⁴", "beamIz", [](BeamSpec& b, double v) { b.section.iz = v; });
  m_torsion = addBox(tr("Torsion constant J"), "m⁴", "beamTorsion", [](BeamSpec& b, double v) { b.section.torsion = v; });
  m_inner->setCheck(zeroOrPositive);
  m_segments = new QSpinBox;
  m_segments->setObjectName("beamSegments");
  m_segments->setRange(1, 100000);
  m_segments->setToolTip(tr("Rigid pieces the beam is divided into, less one; its frequencies converge as 1/segments²"));
  m_form->addRow(tr("Segments"), m_segments);
  connect(m_segments, &QSpinBox::editingFinished, this, [this] {
    const int n = m_segments->value();
    if (m_loading) return;
    emit edited(tr("beam segments"), [n](BodySpec& body) {
      if (!body.beam || body.beam->segments == n) return;
      body.beam->segments = n;
      body.deformation = {};  // a shape saved joint by joint (an equilibrium's) has no meaning for another division
    });
  });
  m_axial = new QCheckBox(tr("stretches along its axis"));
  m_axial->setObjectName("beamAxial");
  m_axial->setToolTip(tr("The axial stiffness EA as a degree of freedom of each segment; off: the beam keeps its length"));
  m_form->addRow(QString(), m_axial);
  connect(m_axial, &QCheckBox::toggled, this, [this](bool on) {
    if (m_loading) return;
    emit edited(tr("beam stretch"), [on](BodySpec& body) {
      if (!body.beam) return;
      body.beam->axial = on;
      if (!on) body.deformation.stretch.clear(), body.deformation.stretchRate.clear();  // an inextensible beam has no stretches
    });
  });
  m_beta = addBox(tr("Damping β"), "s", "beamBeta", [](BeamSpec& b, double v) { b.dampingBeta = v; });
  m_beta->setCheck(zeroOrPositive);
  m_beta->setToolTip(tr("Rayleigh stiffness-proportional damping: each joint's damper is β times its spring"));
  m_alpha = addBox(tr("Damping α"), "1/s", "beamAlpha", [](BeamSpec& b, double v) { b.dampingAlpha = v; });
  m_alpha->setCheck(zeroOrPositive);
  m_alpha->setToolTip(tr("Rayleigh mass-proportional damping: each piece's motion relative to the beam's root piece is damped by α times its mass"));
}

QuantityBox* BeamEditor::addBox(const QString& label, const QString& unit, const char* name, const std::function<void(BeamSpec&, double)>& set) {
  auto* box = new QuantityBox(unit);
  box->setObjectName(name);
  box->setCheck(positive);
  m_form->addRow(label, box);
  connect(box, &QuantityBox::siChanged, this, [this, label, set](double v) { edit(label, [set, v](BeamSpec& b) { set(b, v); }); });
  connect(box, &QuantityBox::refused, this, &BeamEditor::refused);
  return box;
}

void BeamEditor::edit(const QString& field, const std::function<void(BeamSpec&)>& change) {
  if (m_loading) return;
  emit edited(field, [change](BodySpec& body) {
    if (body.beam) change(*body.beam);
  });
}

void BeamEditor::show(const BeamSpec& b) {
  m_loading = true;
  const QSignalBlocker blockers[] = {QSignalBlocker(m_section), QSignalBlocker(m_segments), QSignalBlocker(m_axial)};
  m_length->setSi(b.length);
  m_youngs->setSi(b.youngsModulus);
  m_shear->setSi(b.shearModulus);
  m_poisson->setSi(poissonRatio(b.youngsModulus, b.shearModulus));
  m_density->setSi(b.density);
  m_section->setCurrentIndex(m_section->findData(static_cast<int>(b.section.kind)));
  const BeamSectionKind k = b.section.kind;
  setRowVisible(m_form, m_width, k == BeamSectionKind::Rectangle);
  setRowVisible(m_form, m_height, k == BeamSectionKind::Rectangle);
  setRowVisible(m_form, m_radius, k == BeamSectionKind::Circle || k == BeamSectionKind::Tube);
  setRowVisible(m_form, m_inner, k == BeamSectionKind::Tube);
  for (QuantityBox* box : {m_area, m_iy, m_iz, m_torsion}) setRowVisible(m_form, box, k == BeamSectionKind::Custom);
  m_width->setSi(b.section.width);
  m_height->setSi(b.section.height);
  m_radius->setSi(b.section.radius);
  m_inner->setSi(b.section.innerRadius);
  m_area->setSi(b.section.area);
  m_iy->setSi(b.section.iy);
  m_iz->setSi(b.section.iz);
  m_torsion->setSi(b.section.torsion);
  m_segments->setValue(b.segments);
  m_axial->setChecked(b.axial);
  m_beta->setSi(b.dampingBeta);
  m_alpha->setSi(b.dampingAlpha);
  m_loading = false;
}

}  // namespace mstmm::gui
