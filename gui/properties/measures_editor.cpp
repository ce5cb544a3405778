#include "gui/properties/measures_editor.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "gui/document/commands.hpp"
#include "gui/properties/element_list.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

MeasuresEditor::MeasuresEditor(ModelDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  setProperty("fieldSection", "Measures");  // its labels' tooltips: docs/guide/fields.md, section Measures
  auto* column = new QVBoxLayout(this);
  column->setContentsMargins(0, 0, 0, 0);
  QPushButton* addButton = nullptr;
  m_pick = pickRow(column, tr("<b>Measures</b>"), "measure", addButton, m_remove,
                   tr("A measure of the selected body (or the first): its origin's position in the world. Plot it under Measures after a run."));
  build();
  column->addWidget(m_fields);
  connect(m_pick, &QComboBox::activated, this, [this](int k) {
    m_measure = k;
    load();
  });
  connect(addButton, &QPushButton::clicked, this, &MeasuresEditor::add);
  connect(m_remove, &QPushButton::clicked, this, &MeasuresEditor::remove);
}

void MeasuresEditor::build() {
  m_fields = new QWidget;
  m_form = new QFormLayout(m_fields);
  m_form->setContentsMargins(0, 0, 0, 0);
  m_name = new QLineEdit;
  m_name->setObjectName("measureName");
  m_kind = new QComboBox;
  m_kind->setObjectName("measureKind");
  for (MeasureKind k : {MeasureKind::Position, MeasureKind::Velocity, MeasureKind::Acceleration, MeasureKind::Distance, MeasureKind::Angle})
    m_kind->addItem(QString(toString(k)), static_cast<int>(k));
  m_body = new QComboBox;
  m_body->setObjectName("measureBody");
  m_reference = new QComboBox;
  m_reference->setObjectName("measureReference");
  m_point = new Vec3Editor("m");
  m_referencePoint = new Vec3Editor("m");
  m_axis = new Vec3Editor("");
  m_form->addRow(tr("Name"), m_name);
  m_form->addRow(tr("Kind"), m_kind);
  m_form->addRow(tr("Body"), m_body);
  m_form->addRow(tr("Point"), m_point);
  m_form->addRow(tr("Relative to"), m_reference);
  m_form->addRow(tr("Reference point"), m_referencePoint);
  m_form->addRow(tr("Angle axis"), m_axis);
  connect(m_name, &QLineEdit::editingFinished, this, [this] {
    const std::string name = m_name->text().trimmed().toStdString();
    if (const QString problem = nameProblem(m_document->spec().measures, name, m_measure, tr("measure")); !problem.isEmpty()) {
      emit refused(problem);
      load();
      return;
    }
    commit(tr("name"), [name](MeasureSpec& m) { m.name = name; }, false);
  });
  connect(m_kind, &QComboBox::activated, this, [this] {
    const auto kind = static_cast<MeasureKind>(m_kind->currentData().toInt());
    commit(tr("kind"), [kind](MeasureSpec& m) { m.kind = kind; }, false);
    load();  // the axis shows for an angle only
  });
  connect(m_body, &QComboBox::activated, this, [this] {
    const std::string body = m_body->currentText().toStdString();
    commit(tr("body"), [body](MeasureSpec& m) { m.body = body; }, false);
  });
  connect(m_reference, &QComboBox::activated, this, [this](int k) {
    const std::string reference = k == 0 ? std::string() : m_reference->currentText().toStdString();
    commit(tr("reference"), [reference](MeasureSpec& m) { m.relativeTo = reference; }, false);
  });
  connect(m_point, &Vec3Editor::valueChanged, this, [this](const Vec3& p) { commit(tr("point"), [p](MeasureSpec& m) { m.point = p; }); });
  connect(m_referencePoint, &Vec3Editor::valueChanged, this, [this](const Vec3& p) { commit(tr("reference point"), [p](MeasureSpec& m) { m.relativePoint = p; }); });
  connect(m_axis, &Vec3Editor::valueChanged, this, [this](const Vec3& v) {
    if (const QString why = zeroDirection(v); !why.isEmpty()) {
      emit refused(why);
      load();
      return;
    }
    commit(tr("angle axis"), [v](MeasureSpec& m) { m.axis = v; });
  });
  for (Vec3Editor* e : {m_point, m_referencePoint, m_axis}) connect(e, &Vec3Editor::refused, this, &MeasuresEditor::refused);
}

void MeasuresEditor::add() {
  const BodySpec* body = targetBody(m_document);
  if (!body) {
    emit refused(tr("add a body first: a measure reads a point of a body"));
    return;
  }
  const ModelSpec& spec = m_document->spec();
  MeasureSpec m;
  m.name = freshName(spec.measures, "measure");
  m.body = body->name;
  std::vector<MeasureSpec> after = spec.measures;
  after.push_back(m);
  m_document->undoStack()->push(new EditMeasuresCommand(m_document, spec.measures, after, tr("Add measure '%1'").arg(QString::fromStdString(m.name))));
  m_measure = static_cast<int>(after.size()) - 1;
  load();
}

void MeasuresEditor::remove() {
  const std::vector<MeasureSpec>& before = m_document->spec().measures;
  if (m_measure < 0 || m_measure >= static_cast<int>(before.size())) return;
  std::vector<MeasureSpec> after = before;
  const QString name = QString::fromStdString(after[static_cast<std::size_t>(m_measure)].name);
  after.erase(after.begin() + m_measure);
  m_document->undoStack()->push(new EditMeasuresCommand(m_document, before, after, tr("Remove measure '%1'").arg(name)));
  m_measure = std::min(m_measure, static_cast<int>(after.size()) - 1);
  load();
}

void MeasuresEditor::commit(const QString& field, const std::function<void(MeasureSpec&)>& edit, bool merge) {
  const std::vector<MeasureSpec>& before = m_document->spec().measures;
  if (m_loading || m_measure < 0 || m_measure >= static_cast<int>(before.size())) return;
  std::vector<MeasureSpec> after = before;
  edit(after[static_cast<std::size_t>(m_measure)]);
  if (after == before) return;
  const QString name = QString::fromStdString(before[static_cast<std::size_t>(m_measure)].name);
  m_document->undoStack()->push(new EditMeasuresCommand(m_document, before, after, tr("Change %1 of measure '%2'").arg(field, name),
                                                        merge ? QString("%1/%2").arg(m_measure).arg(field) : QString()));
}

void MeasuresEditor::load() {
  const ModelSpec& spec = m_document->spec();
  m_loading = true;
  const QSignalBlocker b1(m_pick), b2(m_kind), b3(m_body), b4(m_reference), b5(m_name);
  m_pick->clear();
  for (const MeasureSpec& m : spec.measures) m_pick->addItem(QString("%1 (%2)").arg(QString::fromStdString(m.name), toString(m.kind)));
  m_measure = std::min(m_measure, static_cast<int>(spec.measures.size()) - 1);
  if (m_measure < 0 && !spec.measures.empty()) m_measure = 0;
  m_pick->setCurrentIndex(m_measure);
  m_remove->setEnabled(m_measure >= 0);
  m_fields->setVisible(m_measure >= 0);
  if (m_measure >= 0) {
    const MeasureSpec& m = spec.measures[static_cast<std::size_t>(m_measure)];
    QStringList bodies;
    for (const BodySpec& b : spec.bodies) bodies << QString::fromStdString(b.name);
    m_name->setText(QString::fromStdString(m.name));
    m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(m.kind)));
    m_body->clear();
    m_body->addItems(bodies);
    m_body->setCurrentIndex(m_body->findText(QString::fromStdString(m.body)));
    m_reference->clear();
    m_reference->addItem(tr("ground"));
    m_reference->addItems(bodies);
    m_reference->setCurrentIndex(m.groundReference() ? 0 : m_reference->findText(QString::fromStdString(m.relativeTo)));
    m_point->setValue(m.point);
    m_referencePoint->setValue(m.relativePoint);
    m_axis->setValue(m.axis);
    const bool planar = spec.kind == ModelKind::Planar;
    for (Vec3Editor* e : {m_point, m_referencePoint}) e->setPlanar(planar);
    const bool angle = m.kind == MeasureKind::Angle;
    m_form->setRowVisible(m_axis, angle);
    m_form->setRowVisible(m_point, !angle);
    m_form->setRowVisible(m_referencePoint, !angle);
  }
  m_loading = false;
}

}  // namespace mstmm::gui
