#include "gui/properties/rotor_editor.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "gui/document/commands.hpp"
#include "gui/properties/element_list.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {


RotorEditor::RotorEditor(ModelDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  setProperty("fieldSection", "Rotors");  // its labels' tooltips: docs/guide/fields.md, section Rotors
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(0, 0, 0, 0);
  QPushButton *addBearing = nullptr, *addUnbalance = nullptr;
  m_pickBearing = pickRow(column, tr("<b>Bearings</b>"), "bearing", addBearing, m_removeBearing,
                          tr("A bearing holding the selected body (or the first) to the ground at its origin: 1 MN/m, 100 N s/m each way"));
  buildBearing();
  column->addWidget(m_bearingFields);
  m_pickUnbalance = pickRow(column, tr("<b>Unbalances</b>"), "unbalance", addUnbalance, m_removeUnbalance,
                            tr("An unbalance on the selected body (or the first): 10 g at 50 mm from its z axis"));
  buildUnbalance();
  column->addWidget(m_unbalanceFields);
  connect(m_pickBearing, &QComboBox::activated, this, [this](int k) {
    m_bearing = k;
    load();
  });
  connect(m_pickUnbalance, &QComboBox::activated, this, [this](int k) {
    m_unbalance = k;
    load();
  });
  connect(addBearing, &QPushButton::clicked, this, &RotorEditor::addBearing);
  connect(addUnbalance, &QPushButton::clicked, this, &RotorEditor::addUnbalance);
  connect(m_removeBearing, &QPushButton::clicked, this, &RotorEditor::removeBearing);
  connect(m_removeUnbalance, &QPushButton::clicked, this, &RotorEditor::removeUnbalance);
}

void RotorEditor::buildBearing() {
  m_bearingFields = new QWidget;
  m_bearingForm = new QFormLayout(m_bearingFields);
  m_bearingForm->setContentsMargins(0, 0, 0, 0);
  m_bearingName = new QLineEdit;
  m_bearingName->setObjectName("bearingName");
  m_journal = new QComboBox;
  m_journal->setObjectName("bearingBody");
  m_housing = new QComboBox;
  m_housing->setObjectName("bearingHousing");
  m_point = new Vec3Editor("m");
  m_housingPoint = new Vec3Editor("m");
  m_axis = new Vec3Editor("");
  m_xAxis = new Vec3Editor("");
  m_bearingForm->addRow(tr("Name"), m_bearingName);
  m_bearingForm->addRow(tr("Journal body"), m_journal);
  m_bearingForm->addRow(tr("Journal point"), m_point);
  m_bearingForm->addRow(tr("Housing"), m_housing);
  m_bearingForm->addRow(tr("Housing point"), m_housingPoint);
  m_bearingForm->addRow(tr("Axis"), m_axis);
  m_bearingForm->addRow(tr("x axis"), m_xAxis);
  for (int k = 0; k < kBearingCoefficients; ++k) {
    const bool direct = k == 0 || k == 3 || k == 4 || k == 7;
    m_coefficient[k] = QuantityBox::checked(k < 4 ? "N/m" : "N s/m", QString("bearing_") + bearingCoefficientName(k), direct);
    m_bearingForm->addRow(QString(bearingCoefficientName(k)), m_coefficient[k]);
    connect(m_coefficient[k], &QuantityBox::refused, this, &RotorEditor::refused);
    connect(m_coefficient[k], &QuantityBox::siChanged, this, [this, k](double v) {
      commitBearing(bearingCoefficientName(k), [k, v](BearingSpec& b) { b.coefficients[static_cast<std::size_t>(k)] = {v}; });
    });
  }
  m_table = new QLabel;
  m_table->setWordWrap(true);
  m_bearingForm->addRow(m_table);
  connect(m_bearingName, &QLineEdit::editingFinished, this, [this] {
    if (!uniqueName(m_bearingName->text(), true, m_bearing)) return;
    const std::string name = m_bearingName->text().trimmed().toStdString();
    commitBearing(tr("name"), [name](BearingSpec& b) { b.name = name; }, false);
  });
  connect(m_journal, &QComboBox::activated, this, [this] {
    const std::string body = m_journal->currentText().toStdString();
    commitBearing(tr("journal body"), [body](BearingSpec& b) { b.body = body; }, false);
  });
  connect(m_housing, &QComboBox::activated, this, [this](int k) {
    const std::string housing = k == 0 ? std::string() : m_housing->currentText().toStdString();
    commitBearing(tr("housing"), [housing](BearingSpec& b) { b.housing = housing; }, false);
  });
  connect(m_point, &Vec3Editor::valueChanged, this, [this](const Vec3& p) { commitBearing(tr("journal point"), [p](BearingSpec& b) { b.point = p; }); });
  connect(m_housingPoint, &Vec3Editor::valueChanged, this, [this](const Vec3& p) { commitBearing(tr("housing point"), [p](BearingSpec& b) { b.housingPoint = p; }); });
  // (No structured bindings here: clang before 16 cannot capture them.)
  auto direction = [this](Vec3Editor* editor, const QString& field, Vec3 BearingSpec::*member) {
    connect(editor, &Vec3Editor::valueChanged, this, [this, field, member](const Vec3& v) {
      if (const QString why = zeroDirection(v); !why.isEmpty()) {
        emit refused(why);
        load();
        return;
      }
      commitBearing(field, [member, v](BearingSpec& b) { b.*member = v; });
    });
  };
  direction(m_axis, tr("axis"), &BearingSpec::axis);
  direction(m_xAxis, tr("x axis"), &BearingSpec::xAxis);
  for (Vec3Editor* e : {m_point, m_housingPoint, m_axis, m_xAxis}) connect(e, &Vec3Editor::refused, this, &RotorEditor::refused);
}

void RotorEditor::buildUnbalance() {
  m_unbalanceFields = new QWidget;
  m_unbalanceForm = new QFormLayout(m_unbalanceFields);
  m_unbalanceForm->setContentsMargins(0, 0, 0, 0);
  m_unbalanceName = new QLineEdit;
  m_unbalanceName->setObjectName("unbalanceName");
  m_unbalanceBody = new QComboBox;
  m_unbalanceBody->setObjectName("unbalanceBody");
  m_mass = QuantityBox::checked("kg", "unbalanceMass", true);
  m_eccentricity = QuantityBox::checked("m", "unbalanceEccentricity", true);
  m_phase = QuantityBox::checked("rad", "unbalancePhase", false);
  m_phase->makeAngle();
  m_centre = new Vec3Editor("m");
  m_unbalanceAxis = new Vec3Editor("");
  m_unbalanceForm->addRow(tr("Name"), m_unbalanceName);
  m_unbalanceForm->addRow(tr("Body"), m_unbalanceBody);
  m_unbalanceForm->addRow(tr("Mass"), m_mass);
  m_unbalanceForm->addRow(tr("Eccentricity"), m_eccentricity);
  m_unbalanceForm->addRow(tr("Phase"), m_phase);
  m_unbalanceForm->addRow(tr("Spin centre"), m_centre);
  m_unbalanceForm->addRow(tr("Spin axis"), m_unbalanceAxis);
  connect(m_unbalanceName, &QLineEdit::editingFinished, this, [this] {
    if (!uniqueName(m_unbalanceName->text(), false, m_unbalance)) return;
    const std::string name = m_unbalanceName->text().trimmed().toStdString();
    commitUnbalance(tr("name"), [name](UnbalanceSpec& u) { u.name = name; }, false);
  });
  connect(m_unbalanceBody, &QComboBox::activated, this, [this] {
    const std::string body = m_unbalanceBody->currentText().toStdString();
    commitUnbalance(tr("body"), [body](UnbalanceSpec& u) { u.body = body; }, false);
  });
  auto bind = [this](QuantityBox* box, const QString& field, double UnbalanceSpec::*member) {
    connect(box, &QuantityBox::refused, this, &RotorEditor::refused);
    connect(box, &QuantityBox::siChanged, this, [this, field, member](double v) { commitUnbalance(field, [member, v](UnbalanceSpec& u) { u.*member = v; }); });
  };
  bind(m_mass, tr("mass"), &UnbalanceSpec::mass);
  bind(m_eccentricity, tr("eccentricity"), &UnbalanceSpec::eccentricity);
  bind(m_phase, tr("phase"), &UnbalanceSpec::phase);
  connect(m_centre, &Vec3Editor::valueChanged, this, [this](const Vec3& p) { commitUnbalance(tr("spin centre"), [p](UnbalanceSpec& u) { u.centre = p; }); });
  connect(m_unbalanceAxis, &Vec3Editor::valueChanged, this, [this](const Vec3& v) {
    if (const QString why = zeroDirection(v); !why.isEmpty()) {
      emit refused(why);
      load();
      return;
    }
    commitUnbalance(tr("spin axis"), [v](UnbalanceSpec& u) { u.axis = v; });
  });
  for (Vec3Editor* e : {m_centre, m_unbalanceAxis}) connect(e, &Vec3Editor::refused, this, &RotorEditor::refused);
}

bool RotorEditor::uniqueName(const QString& text, bool bearing, int index) {
  const std::string name = text.trimmed().toStdString();
  const ModelSpec& spec = m_document->spec();
  const QString problem = bearing ? nameProblem(spec.bearings, name, index, tr("bearing")) : nameProblem(spec.unbalances, name, index, tr("unbalance"));
  if (problem.isEmpty()) return true;
  emit refused(problem);
  load();
  return false;
}

const BodySpec* RotorEditor::targetBody() {
  const BodySpec* body = gui::targetBody(m_document);
  if (!body) emit refused(tr("add a body first: bearings and unbalances sit on bodies"));
  return body;
}

void RotorEditor::addBearing() {
  const BodySpec* body = targetBody();
  if (!body) return;
  const ModelSpec& spec = m_document->spec();
  const std::string name = freshName(spec.bearings, "bearing");
  BearingSpec b = BearingSpec::isotropic(name, body->name, 1e6, 100.0);
  std::vector<BearingSpec> after = spec.bearings;
  after.push_back(b);
  m_document->undoStack()->push(new EditBearingsCommand(m_document, spec.bearings, after, tr("Add bearing '%1'").arg(QString::fromStdString(name))));
  m_bearing = static_cast<int>(after.size()) - 1;
  load();
}

void RotorEditor::addUnbalance() {
  const BodySpec* body = targetBody();
  if (!body) return;
  const ModelSpec& spec = m_document->spec();
  UnbalanceSpec u;
  u.name = freshName(spec.unbalances, "unbalance");
  u.body = body->name;
  u.mass = 0.01;
  u.eccentricity = 0.05;
  std::vector<UnbalanceSpec> after = spec.unbalances;
  after.push_back(u);
  m_document->undoStack()->push(new EditUnbalancesCommand(m_document, spec.unbalances, after, tr("Add unbalance '%1'").arg(QString::fromStdString(u.name))));
  m_unbalance = static_cast<int>(after.size()) - 1;
  load();
}

void RotorEditor::removeBearing() {
  const std::vector<BearingSpec>& before = m_document->spec().bearings;
  if (m_bearing < 0 || m_bearing >= static_cast<int>(before.size())) return;
  std::vector<BearingSpec> after = before;
  const QString name = QString::fromStdString(after[static_cast<std::size_t>(m_bearing)].name);
  after.erase(after.begin() + m_bearing);
  m_document->undoStack()->push(new EditBearingsCommand(m_document, before, after, tr("Remove bearing '%1'").arg(name)));
  m_bearing = std::min(m_bearing, static_cast<int>(after.size()) - 1);
  load();
}

void RotorEditor::removeUnbalance() {
  const std::vector<UnbalanceSpec>& before = m_document->spec().unbalances;
  if (m_unbalance < 0 || m_unbalance >= static_cast<int>(before.size())) return;
  std::vector<UnbalanceSpec> after = before;
  const QString name = QString::fromStdString(after[static_cast<std::size_t>(m_unbalance)].name);
  after.erase(after.begin() + m_unbalance);
  m_document->undoStack()->push(new EditUnbalancesCommand(m_document, before, after, tr("Remove unbalance '%1'").arg(name)));
  m_unbalance = std::min(m_unbalance, static_cast<int>(after.size()) - 1);
  load();
}

void RotorEditor::commitBearing(const QString& field, const std::function<void(BearingSpec&)>& edit, bool merge) {
  const std::vector<BearingSpec>& before = m_document->spec().bearings;
  if (m_loading || m_bearing < 0 || m_bearing >= static_cast<int>(before.size())) return;
  std::vector<BearingSpec> after = before;
  edit(after[static_cast<std::size_t>(m_bearing)]);
  if (after == before) return;
  const QString name = QString::fromStdString(before[static_cast<std::size_t>(m_bearing)].name);
  m_document->undoStack()->push(new EditBearingsCommand(m_document, before, after, tr("Change %1 of bearing '%2'").arg(field, name),
                                                        merge ? QString("%1/%2").arg(m_bearing).arg(field) : QString()));
}

void RotorEditor::commitUnbalance(const QString& field, const std::function<void(UnbalanceSpec&)>& edit, bool merge) {
  const std::vector<UnbalanceSpec>& before = m_document->spec().unbalances;
  if (m_loading || m_unbalance < 0 || m_unbalance >= static_cast<int>(before.size())) return;
  std::vector<UnbalanceSpec> after = before;
  edit(after[static_cast<std::size_t>(m_unbalance)]);
  if (after == before) return;
  const QString name = QString::fromStdString(before[static_cast<std::size_t>(m_unbalance)].name);
  m_document->undoStack()->push(new EditUnbalancesCommand(m_document, before, after, tr("Change %1 of unbalance '%2'").arg(field, name),
                                                          merge ? QString("%1/%2").arg(m_unbalance).arg(field) : QString()));
}

void RotorEditor::load() {
  const ModelSpec& spec = m_document->spec();
  m_loading = true;
  const QSignalBlocker b1(m_pickBearing), b2(m_pickUnbalance), b3(m_journal), b4(m_housing), b5(m_unbalanceBody), b6(m_bearingName), b7(m_unbalanceName);
  const bool planar = spec.kind == ModelKind::Planar;
  QStringList bodies;
  for (const BodySpec& b : spec.bodies) bodies << QString::fromStdString(b.name);
  m_pickBearing->clear();
  for (const BearingSpec& b : spec.bearings) m_pickBearing->addItem(QString::fromStdString(b.name));
  m_bearing = std::min(m_bearing, static_cast<int>(spec.bearings.size()) - 1);
  if (m_bearing < 0 && !spec.bearings.empty()) m_bearing = 0;
  m_pickBearing->setCurrentIndex(m_bearing);
  m_removeBearing->setEnabled(m_bearing >= 0);
  m_bearingFields->setVisible(m_bearing >= 0);
  if (m_bearing >= 0) {
    const BearingSpec& b = spec.bearings[static_cast<std::size_t>(m_bearing)];
    m_bearingName->setText(QString::fromStdString(b.name));
    m_journal->clear();
    m_journal->addItems(bodies);
    m_journal->setCurrentIndex(m_journal->findText(QString::fromStdString(b.body)));
    m_housing->clear();
    m_housing->addItem(tr("ground"));
    m_housing->addItems(bodies);
    m_housing->setCurrentIndex(b.groundHousing() ? 0 : m_housing->findText(QString::fromStdString(b.housing)));
    m_point->setValue(b.point);
    m_housingPoint->setValue(b.housingPoint);
    m_axis->setValue(b.axis);
    m_xAxis->setValue(b.xAxis);
    for (Vec3Editor* e : {m_point, m_housingPoint}) e->setPlanar(planar);
    bool table = false;
    for (int k = 0; k < kBearingCoefficients; ++k) {
      const std::vector<double>& values = b.coefficients[static_cast<std::size_t>(k)];
      table = table || values.size() > 1;
      m_coefficient[k]->setSi(values.empty() ? 0.0 : values.front());
      m_coefficient[k]->setEnabled(values.size() <= 1);
    }
    m_table->setVisible(table);
    m_table->setText(tr("Some coefficients are a table against %1 speeds (edit them in the model file); shown: their values at the first speed.").arg(b.speeds.size()));
  }
  m_pickUnbalance->clear();
  for (const UnbalanceSpec& u : spec.unbalances) m_pickUnbalance->addItem(QString::fromStdString(u.name));
  m_unbalance = std::min(m_unbalance, static_cast<int>(spec.unbalances.size()) - 1);
  if (m_unbalance < 0 && !spec.unbalances.empty()) m_unbalance = 0;
  m_pickUnbalance->setCurrentIndex(m_unbalance);
  m_removeUnbalance->setEnabled(m_unbalance >= 0);
  m_unbalanceFields->setVisible(m_unbalance >= 0);
  if (m_unbalance >= 0) {
    const UnbalanceSpec& u = spec.unbalances[static_cast<std::size_t>(m_unbalance)];
    m_unbalanceName->setText(QString::fromStdString(u.name));
    m_unbalanceBody->clear();
    m_unbalanceBody->addItems(bodies);
    m_unbalanceBody->setCurrentIndex(m_unbalanceBody->findText(QString::fromStdString(u.body)));
    m_mass->setSi(u.mass);
    m_eccentricity->setSi(u.eccentricity);
    m_phase->setSi(u.phase);
    m_centre->setValue(u.centre);
    m_unbalanceAxis->setValue(u.axis);
    m_centre->setPlanar(planar);
  }
  m_loading = false;
}

}  // namespace mstmm::gui
