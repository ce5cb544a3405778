#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

StrutPage::StrutPage(ModelDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  setProperty("fieldSection", "Strut");  // its labels' tooltips: docs/guide/fields.md, section Strut
  m_form = new QFormLayout(this);
  m_name = new QLineEdit;
  m_name->setObjectName("strutName");
  m_bodyA = new QComboBox;
  m_bodyA->setObjectName("strutBodyA");
  m_bodyB = new QComboBox;
  m_bodyB->setObjectName("strutBodyB");
  m_pointA = new Vec3Editor("m");
  m_pointB = new Vec3Editor("m");
  m_form->addRow(tr("Name"), m_name);
  m_form->addRow(tr("Body A"), m_bodyA);
  m_form->addRow(tr("Point on A"), m_pointA);
  m_form->labelForField(m_pointA)->setToolTip(tr("In A's body frame, as the body's ends are given"));
  m_form->addRow(tr("Body B"), m_bodyB);
  m_form->addRow(tr("Point on B"), m_pointB);
  m_stiffness = QuantityBox::checked("N/m", "strutStiffness", true);
  m_damping = QuantityBox::checked("N s/m", "strutDamping", true);
  m_rest = QuantityBox::checked("m", "strutRestLength", true);
  m_preload = QuantityBox::checked("N", "strutPreload", false);
  m_form->addRow(tr("Stiffness"), m_stiffness);
  m_form->addRow(tr("Damping"), m_damping);
  m_form->addRow(tr("Rest length"), m_rest);
  m_form->addRow(tr("Preload"), m_preload);
  m_form->labelForField(m_preload)->setToolTip(tr("Tension at the rest length (negative: pushes)"));

  connect(m_name, &QLineEdit::editingFinished, this, [this] {
    const std::string name = m_name->text().trimmed().toStdString();
    const auto& struts = m_document->spec().springs;
    for (std::size_t k = 0; k < struts.size(); ++k)
      if (struts[k].name == name && static_cast<int>(k) != m_index) {
        emit refused(tr("the name '%1' is used by another spring-damper").arg(m_name->text()));
        load();
        return;
      }
    if (name.empty()) {
      emit refused(tr("a spring-damper needs a name"));
      load();
      return;
    }
    commit("name", [name](SpringDamperSpec& s) { s.name = name; }, false);
  });
  connect(m_bodyA, &QComboBox::activated, this, [this] {
    const std::string body = m_bodyA->currentText().toStdString();
    commit("body A", [body](SpringDamperSpec& s) { s.bodyA = body; }, false);
  });
  connect(m_bodyB, &QComboBox::activated, this, [this] {
    const std::string body = m_bodyB->currentIndex() == 0 ? std::string() : m_bodyB->currentText().toStdString();
    commit("body B", [body](SpringDamperSpec& s) { s.bodyB = body; }, false);
  });
  connect(m_pointA, &Vec3Editor::valueChanged, this, [this](const Vec3& p) { commit("point A", [p](SpringDamperSpec& s) { s.pointA = p; }); });
  connect(m_pointB, &Vec3Editor::valueChanged, this, [this](const Vec3& p) { commit("point B", [p](SpringDamperSpec& s) { s.pointB = p; }); });
  auto bind = [this](QuantityBox* box, const QString& field, double SpringDamperSpec::*member) {
    connect(box, &QuantityBox::refused, this, &StrutPage::refused);
    connect(box, &QuantityBox::siChanged, this, [this, field, member](double v) { commit(field, [member, v](SpringDamperSpec& s) { s.*member = v; }); });
  };
  bind(m_stiffness, tr("stiffness"), &SpringDamperSpec::stiffness);
  bind(m_damping, tr("damping"), &SpringDamperSpec::damping);
  bind(m_rest, tr("rest length"), &SpringDamperSpec::restLength);
  bind(m_preload, tr("preload"), &SpringDamperSpec::preload);
  for (Vec3Editor* e : {m_pointA, m_pointB}) connect(e, &Vec3Editor::refused, this, &StrutPage::refused);
}

void StrutPage::showStrut(int index) {
  m_index = index;
  load();
}

// Successive values of one number field merge into one step (a spin box
// stepped ten times); a choice of body or a name is a step of its own.
void StrutPage::commit(const QString& field, const std::function<void(SpringDamperSpec&)>& edit, bool merge) {
  const std::vector<SpringDamperSpec>& before = m_document->spec().springs;
  if (m_loading || m_index < 0 || m_index >= static_cast<int>(before.size())) return;
  std::vector<SpringDamperSpec> after = before;
  SpringDamperSpec& s = after[static_cast<std::size_t>(m_index)];
  edit(s);
  if (s == before[static_cast<std::size_t>(m_index)]) return;
  const QString name = QString::fromStdString(before[static_cast<std::size_t>(m_index)].name);
  m_document->undoStack()->push(new EditStrutsCommand(m_document, before, after, tr("Change %1 of spring-damper '%2'").arg(field, name),
                                                      merge ? QString("%1/%2").arg(m_index).arg(field) : QString()));
}

void StrutPage::load() {
  const std::vector<SpringDamperSpec>& struts = m_document->spec().springs;
  if (m_index < 0 || m_index >= static_cast<int>(struts.size())) return;
  const SpringDamperSpec& s = struts[static_cast<std::size_t>(m_index)];
  m_loading = true;
  const QSignalBlocker b1(m_name), b2(m_bodyA), b3(m_bodyB);
  const bool planar = m_document->spec().kind == ModelKind::Planar;
  m_name->setText(QString::fromStdString(s.name));
  m_bodyA->clear();
  m_bodyB->clear();
  m_bodyB->addItem(tr("the ground"));
  for (const BodySpec& b : m_document->spec().bodies) {
    m_bodyA->addItem(QString::fromStdString(b.name));
    m_bodyB->addItem(QString::fromStdString(b.name));
  }
  m_bodyA->setCurrentIndex(m_bodyA->findText(QString::fromStdString(s.bodyA)));
  m_bodyB->setCurrentIndex(s.groundB() ? 0 : m_bodyB->findText(QString::fromStdString(s.bodyB)));
  if (auto* label = qobject_cast<QLabel*>(m_form->labelForField(m_pointB)))
    label->setText(s.groundB() ? tr("Ground point") : tr("Point on B"));
  m_pointA->setValue(s.pointA);
  m_pointB->setValue(s.pointB);
  m_pointA->setPlanar(planar);
  m_pointB->setPlanar(planar);
  m_stiffness->setSi(s.stiffness);
  m_damping->setSi(s.damping);
  m_rest->setSi(s.restLength);
  m_preload->setSi(s.preload);
  m_loading = false;
}

}  // namespace mstmm::gui
