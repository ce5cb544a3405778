#include "gui/properties/contacts_editor.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "gui/document/commands.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

ContactsEditor::ContactsEditor(ModelDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  setProperty("fieldSection", "Contacts");  // its labels' tooltips: docs/guide/fields.md, section Contacts
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(0, 0, 0, 0);
  column->addWidget(new QLabel(tr("<b>Contacts with the ground</b>")));
  auto* row = new QHBoxLayout;
  m_pick = new QComboBox;
  m_pick->setObjectName("contactPick");
  m_add = new QPushButton(tr("Add"));
  m_add->setObjectName("addContact");
  m_add->setToolTip(tr("A contact sphere on the first body, at its origin; choose its body and centre below"));
  m_remove = new QPushButton(tr("Remove"));
  m_remove->setObjectName("removeContact");
  row->addWidget(m_pick, 1);
  row->addWidget(m_add);
  row->addWidget(m_remove);
  column->addLayout(row);
  m_fields = new QWidget;
  m_contactForm = new QFormLayout(m_fields);
  m_contactForm->setContentsMargins(0, 0, 0, 0);
  m_name = new QLineEdit;
  m_name->setObjectName("contactName");
  m_body = new QComboBox;
  m_body->setObjectName("contactBody");
  m_point = new Vec3Editor("m");
  m_law = new QComboBox;
  m_law->setObjectName("contactLaw");
  m_law->addItem(tr("linear"), static_cast<int>(ContactLaw::Linear));
  m_law->addItem(tr("Hunt-Crossley"), static_cast<int>(ContactLaw::HuntCrossley));
  m_radius = QuantityBox::checked("m", "contactRadius", true);
  m_stiffness = QuantityBox::checked("N/m", "contactStiffness", true);
  m_damping = QuantityBox::checked("N s/m", "contactDamping", true);
  m_exponent = QuantityBox::checked("", "contactExponent", true);
  m_static = QuantityBox::checked("", "contactStaticFriction", true);
  m_dynamic = QuantityBox::checked("", "contactDynamicFriction", true);
  m_slip = QuantityBox::checked("m/s", "contactSlipVelocity", true);
  m_rolling = QuantityBox::checked("", "contactRolling", true);
  m_contactForm->addRow(tr("Name"), m_name);
  m_contactForm->addRow(tr("Body"), m_body);
  m_contactForm->addRow(tr("Centre"), m_point);
  m_contactForm->labelForField(m_point)->setToolTip(tr("The sphere's centre in the body's frame, as the body's ends are given"));
  m_contactForm->addRow(tr("Radius"), m_radius);
  m_contactForm->addRow(tr("Normal force"), m_law);
  m_contactForm->addRow(tr("Stiffness"), m_stiffness);
  m_contactForm->addRow(tr("Damping"), m_damping);
  m_contactForm->addRow(tr("Exponent"), m_exponent);
  m_contactForm->addRow(tr("Static friction"), m_static);
  m_contactForm->addRow(tr("Dynamic friction"), m_dynamic);
  m_contactForm->addRow(tr("Slip velocity"), m_slip);
  m_contactForm->labelForField(m_slip)->setToolTip(tr("Below it friction grows with the slip instead of holding: the regularisation velocity v_r"));
  m_contactForm->addRow(tr("Rolling resistance"), m_rolling);
  column->addWidget(m_fields);
  // The ground matters only to contacts: shown once there is one.
  m_ground = new QWidget;
  auto* groundColumn = new QVBoxLayout(m_ground);
  groundColumn->setContentsMargins(0, 0, 0, 0);
  groundColumn->addWidget(new QLabel(tr("<b>Ground</b>")));
  m_groundForm = new QFormLayout;
  m_groundPoint = new Vec3Editor("m");
  m_normal = new Vec3Editor("");
  m_direction = new Vec3Editor("");
  m_road = new QComboBox;
  m_road->setObjectName("roadKind");
  m_road->addItem(tr("flat"), static_cast<int>(RoadKind::Flat));
  m_road->addItem(tr("bump"), static_cast<int>(RoadKind::Bump));
  m_road->addItem(tr("step"), static_cast<int>(RoadKind::Step));
  m_road->addItem(tr("table (from the file)"), static_cast<int>(RoadKind::Table));
  m_roadStart = QuantityBox::checked("m", "roadStart", false);
  m_roadLength = QuantityBox::checked("m", "roadLength", true);
  m_roadHeight = QuantityBox::checked("m", "roadHeight", false);
  m_groundForm->addRow(tr("Point"), m_groundPoint);
  m_groundForm->addRow(tr("Normal"), m_normal);
  m_groundForm->addRow(tr("Road direction"), m_direction);
  m_groundForm->addRow(tr("Road"), m_road);
  m_groundForm->addRow(tr("Road from"), m_roadStart);
  m_groundForm->addRow(tr("Road length"), m_roadLength);
  m_groundForm->addRow(tr("Road height"), m_roadHeight);
  groundColumn->addLayout(m_groundForm);
  column->addWidget(m_ground);

  connect(m_pick, &QComboBox::activated, this, [this](int k) {
    m_index = k;
    load();
  });
  connect(m_add, &QPushButton::clicked, this, &ContactsEditor::addContact);
  connect(m_remove, &QPushButton::clicked, this, &ContactsEditor::removeContact);
  connect(m_name, &QLineEdit::editingFinished, this, [this] {
    const std::string name = m_name->text().trimmed().toStdString();
    const auto& contacts = m_document->spec().contacts;
    for (std::size_t k = 0; k < contacts.size(); ++k)
      if (contacts[k].name == name && static_cast<int>(k) != m_index) {
        emit refused(tr("the name '%1' is used by another contact").arg(m_name->text()));
        load();
        return;
      }
    if (name.empty()) {
      emit refused(tr("a contact needs a name"));
      load();
      return;
    }
    commitContact(tr("name"), [name](ContactSpec& c) { c.name = name; }, false);
  });
  connect(m_body, &QComboBox::activated, this, [this] {
    const std::string body = m_body->currentText().toStdString();
    commitContact(tr("body"), [body](ContactSpec& c) { c.body = body; }, false);
  });
  connect(m_law, &QComboBox::activated, this, [this] {
    const auto law = static_cast<ContactLaw>(m_law->currentData().toInt());
    commitContact(tr("normal force law"), [law](ContactSpec& c) { c.law = law; }, false);
  });
  connect(m_point, &Vec3Editor::valueChanged, this, [this](const Vec3& p) { commitContact(tr("centre"), [p](ContactSpec& c) { c.point = p; }); });
  bindContact(m_radius, tr("radius"), &ContactSpec::radius);
  bindContact(m_stiffness, tr("stiffness"), &ContactSpec::stiffness);
  bindContact(m_damping, tr("damping"), &ContactSpec::damping);
  bindContact(m_exponent, tr("exponent"), &ContactSpec::exponent);
  bindContact(m_static, tr("static friction"), &ContactSpec::staticFriction);
  bindContact(m_dynamic, tr("dynamic friction"), &ContactSpec::dynamicFriction);
  bindContact(m_slip, tr("slip velocity"), &ContactSpec::slipVelocity);
  bindContact(m_rolling, tr("rolling resistance"), &ContactSpec::rolling);
  connect(m_groundPoint, &Vec3Editor::valueChanged, this, [this](const Vec3& p) { commitGround(tr("ground point"), [p](GroundSpec& g) { g.point = p; }); });
  auto direction = [this](Vec3Editor* editor, const QString& field, Vec3 GroundSpec::*member) {
    editor->setCheck([](double v) { return std::isfinite(v) ? QString() : tr("must be a finite number"); });
    connect(editor, &Vec3Editor::valueChanged, this, [this, field, member](const Vec3& v) {
      if (v.norm() < 1e-12) {
        emit refused(tr("a direction cannot be the zero vector"));
        load();
        return;
      }
      commitGround(field, [member, v](GroundSpec& g) { g.*member = v; });
    });
  };
  direction(m_normal, tr("ground normal"), &GroundSpec::normal);
  direction(m_direction, tr("road direction"), &GroundSpec::direction);
  connect(m_road, &QComboBox::activated, this, [this] {
    const auto kind = static_cast<RoadKind>(m_road->currentData().toInt());
    if (kind == RoadKind::Table && m_document->spec().ground.road.points.size() < 2) {
      emit refused(tr("a road table's points come from the model file ('ground': 'road': 'points')"));
      load();
      return;
    }
    commitGround(tr("road"), [kind](GroundSpec& g) { g.road.kind = kind; }, false);
  });
  bindRoad(m_roadStart, tr("road start"), &RoadProfile::start);
  bindRoad(m_roadLength, tr("road length"), &RoadProfile::length);
  bindRoad(m_roadHeight, tr("road height"), &RoadProfile::height);
  for (Vec3Editor* e : {m_point, m_groundPoint, m_normal, m_direction}) connect(e, &Vec3Editor::refused, this, &ContactsEditor::refused);
}

void ContactsEditor::bindContact(QuantityBox* box, const QString& field, double ContactSpec::*member) {
  connect(box, &QuantityBox::refused, this, &ContactsEditor::refused);
  connect(box, &QuantityBox::siChanged, this, [this, field, member](double v) { commitContact(field, [member, v](ContactSpec& c) { c.*member = v; }); });
}

void ContactsEditor::bindRoad(QuantityBox* box, const QString& field, double RoadProfile::*member) {
  connect(box, &QuantityBox::refused, this, &ContactsEditor::refused);
  connect(box, &QuantityBox::siChanged, this, [this, field, member](double v) { commitGround(field, [member, v](GroundSpec& g) { g.road.*member = v; }); });
}

// A sphere of a tenth of the body's size at its frame origin, on the
// selected body or the first one, with a stiffness that holds the whole
// model's weight at a penetration of about a millimetre.
void ContactsEditor::addContact() {
  const ModelSpec& spec = m_document->spec();
  if (spec.bodies.empty()) {
    emit refused(tr("add a body first: a contact sits on a body"));
    return;
  }
  const Selection& s = m_document->selection();
  const BodySpec* body = s.bodies.isEmpty() ? &spec.bodies.front() : m_document->body(BodyId{*s.bodies.begin()});
  if (!body) body = &spec.bodies.front();
  double mass = 0.0;
  for (const BodySpec& b : spec.bodies) mass += b.shape.mass;
  ContactSpec c;
  for (int k = static_cast<int>(spec.contacts.size()) + 1;; ++k) {
    c.name = "contact " + std::to_string(k);
    if (std::none_of(spec.contacts.begin(), spec.contacts.end(), [&](const ContactSpec& o) { return o.name == c.name; })) break;
  }
  c.body = body->name;
  c.point = body->inputs.front();
  c.radius = 0.05;
  c.stiffness = std::max(1e3, mass * 9.81 / 1e-3);
  c.damping = std::sqrt(c.stiffness * std::max(mass, 1e-3));  // half the critical 2 sqrt(k m)
  c.staticFriction = 0.6;
  c.dynamicFriction = 0.5;
  c.slipVelocity = 1e-2;
  std::vector<ContactSpec> after = spec.contacts;
  after.push_back(c);
  m_document->undoStack()->push(new EditContactsCommand(m_document, spec.contacts, after, tr("Add contact '%1'").arg(QString::fromStdString(c.name))));
  m_index = static_cast<int>(after.size()) - 1;
  load();
}

void ContactsEditor::removeContact() {
  const std::vector<ContactSpec>& before = m_document->spec().contacts;
  if (m_index < 0 || m_index >= static_cast<int>(before.size())) return;
  std::vector<ContactSpec> after = before;
  const QString name = QString::fromStdString(after[static_cast<std::size_t>(m_index)].name);
  after.erase(after.begin() + m_index);
  m_document->undoStack()->push(new EditContactsCommand(m_document, before, after, tr("Remove contact '%1'").arg(name)));
  m_index = std::min(m_index, static_cast<int>(after.size()) - 1);
  load();
}

void ContactsEditor::commitContact(const QString& field, const std::function<void(ContactSpec&)>& edit, bool merge) {
  const std::vector<ContactSpec>& before = m_document->spec().contacts;
  if (m_loading || m_index < 0 || m_index >= static_cast<int>(before.size())) return;
  std::vector<ContactSpec> after = before;
  edit(after[static_cast<std::size_t>(m_index)]);
  if (after == before) return;
  const QString name = QString::fromStdString(before[static_cast<std::size_t>(m_index)].name);
  m_document->undoStack()->push(new EditContactsCommand(m_document, before, after, tr("Change %1 of contact '%2'").arg(field, name),
                                                        merge ? QString("%1/%2").arg(m_index).arg(field) : QString()));
}

void ContactsEditor::commitGround(const QString& field, const std::function<void(GroundSpec&)>& edit, bool merge) {
  if (m_loading) return;
  const GroundSpec& before = m_document->spec().ground;
  GroundSpec after = before;
  edit(after);
  if (after == before) return;
  m_document->undoStack()->push(new EditGroundCommand(m_document, before, after, tr("Change %1").arg(field), merge ? field : QString()));
}

void ContactsEditor::load() {
  const ModelSpec& spec = m_document->spec();
  m_loading = true;
  const QSignalBlocker b1(m_pick), b2(m_body), b3(m_law), b4(m_road), b5(m_name);
  m_pick->clear();
  for (const ContactSpec& c : spec.contacts) m_pick->addItem(QString::fromStdString(c.name));
  if (m_index >= static_cast<int>(spec.contacts.size())) m_index = static_cast<int>(spec.contacts.size()) - 1;
  if (m_index < 0 && !spec.contacts.empty()) m_index = 0;
  m_pick->setCurrentIndex(m_index);
  m_remove->setEnabled(m_index >= 0);
  m_fields->setVisible(m_index >= 0);
  const bool planar = spec.kind == ModelKind::Planar;
  if (m_index >= 0) {
    const ContactSpec& c = spec.contacts[static_cast<std::size_t>(m_index)];
    m_name->setText(QString::fromStdString(c.name));
    m_body->clear();
    for (const BodySpec& b : spec.bodies) m_body->addItem(QString::fromStdString(b.name));
    m_body->setCurrentIndex(m_body->findText(QString::fromStdString(c.body)));
    m_point->setValue(c.point);
    m_point->setPlanar(planar);
    m_law->setCurrentIndex(m_law->findData(static_cast<int>(c.law)));
    m_radius->setSi(c.radius);
    m_stiffness->setSi(c.stiffness);
    m_damping->setSi(c.damping);
    m_exponent->setSi(c.exponent);
    m_contactForm->setRowVisible(m_exponent, c.law == ContactLaw::HuntCrossley);
    m_static->setSi(c.staticFriction);
    m_dynamic->setSi(c.dynamicFriction);
    m_slip->setSi(c.slipVelocity);
    m_rolling->setSi(c.rolling);
  }
  m_ground->setVisible(!spec.contacts.empty());
  const GroundSpec& g = spec.ground;
  m_groundPoint->setValue(g.point);
  m_normal->setValue(g.normal);
  m_direction->setValue(g.direction);
  for (Vec3Editor* e : {m_groundPoint, m_normal, m_direction}) e->setPlanar(planar);
  m_road->setCurrentIndex(m_road->findData(static_cast<int>(g.road.kind)));
  const bool shaped = g.road.kind == RoadKind::Bump || g.road.kind == RoadKind::Step;
  m_roadStart->setSi(g.road.start);
  m_roadLength->setSi(g.road.length);
  m_roadHeight->setSi(g.road.height);
  for (QuantityBox* box : {m_roadStart, m_roadLength, m_roadHeight}) m_groundForm->setRowVisible(box, shaped);
  m_loading = false;
}

}  // namespace mstmm::gui
