#include "gui/properties/body_loads_editor.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"
#include "gui/properties/time_function_editor.hpp"

namespace mstmm::gui {

namespace {
const char* kComponentNames[6] = {"force x", "force y", "force z", "moment x", "moment y", "moment z"};
}

BodyLoadsEditor::BodyLoadsEditor(QWidget* parent) : QWidget(parent) {
  setProperty("fieldSection", "Body loads");  // its labels' tooltips: docs/guide/fields.md, section Body loads
  m_form = new QFormLayout(this);
  m_form->setContentsMargins(0, 0, 0, 0);
  auto* title = new QLabel(tr("<b>External loads</b>"));
  m_form->addRow(title);
  m_loads = new QComboBox;
  m_loads->setObjectName("bodyLoads");
  m_add = new QPushButton(tr("Add"));
  m_add->setObjectName("addBodyLoad");
  m_remove = new QPushButton(tr("Remove"));
  m_remove->setObjectName("removeBodyLoad");
  auto* row = new QWidget;
  auto* rowLayout = new QHBoxLayout(row);
  rowLayout->setContentsMargins(0, 0, 0, 0);
  rowLayout->addWidget(m_loads, 1);
  rowLayout->addWidget(m_add);
  rowLayout->addWidget(m_remove);
  m_form->addRow(tr("Load"), row);
  m_name = new QLineEdit;
  m_name->setObjectName("bodyLoadName");
  m_form->addRow(tr("Name"), m_name);
  m_point = new Vec3Editor("m");
  m_point->setObjectName("bodyLoadPoint");
  m_form->addRow(tr("At point"), m_point);
  m_form->labelForField(m_point)->setToolTip(tr("Where the force acts, in the body's frame (as its ends are given)"));
  m_axes = new QComboBox;
  m_axes->setObjectName("bodyLoadAxes");
  m_axes->addItem(tr("world axes"));
  m_axes->addItem(tr("body axes (turn with the body)"));
  m_form->addRow(tr("Axes"), m_axes);
  m_componentBox = new QComboBox;
  m_componentBox->setObjectName("bodyLoadComponent");
  m_form->addRow(tr("Component"), m_componentBox);
  m_force = new TimeFunctionEditor("N", false, false);
  m_force->setObjectName("bodyLoadForce");
  m_moment = new TimeFunctionEditor("N m", false, false);
  m_moment->setObjectName("bodyLoadMoment");
  m_form->addRow(m_force);
  m_form->addRow(m_moment);

  connect(m_loads, &QComboBox::activated, this, [this](int k) { select(k, m_component); });
  connect(m_componentBox, &QComboBox::activated, this, [this](int k) { select(m_load, m_componentBox->itemData(k).toInt()); });
  connect(m_add, &QPushButton::clicked, this, [this] {
    BodyLoadSpec l;
    QSet<QString> used;
    for (const BodyLoadSpec& e : m_body.loads) used.insert(QString::fromStdString(e.name));
    for (int k = static_cast<int>(m_body.loads.size()) + 1; l.name.empty(); ++k)
      if (!used.contains(QString("load %1").arg(k))) l.name = QString("load %1").arg(k).toStdString();
    l.point = m_body.output;  // a first guess: the output end
    m_load = static_cast<int>(m_body.loads.size());
    // Named in the field, so that two additions are two steps (edits of one field merge).
    emit edited(tr("add load '%1'").arg(QString::fromStdString(l.name)), [l](BodySpec& b) { b.loads.push_back(l); });
  });
  connect(m_remove, &QPushButton::clicked, this, [this] {
    const int k = m_load;
    if (k < 0 || k >= static_cast<int>(m_body.loads.size())) return;
    emit edited(tr("remove load '%1'").arg(QString::fromStdString(m_body.loads[static_cast<std::size_t>(k)].name)),
                [k](BodySpec& b) { b.loads.erase(b.loads.begin() + k); });
  });
  connect(m_name, &QLineEdit::editingFinished, this, [this] {
    const std::string name = m_name->text().trimmed().toStdString();
    if (name.empty()) {
      emit refused(tr("a load needs a name"));
      refresh();
      return;
    }
    editLoad(tr("load name"), [name](BodyLoadSpec& l) { l.name = name; });
  });
  connect(m_point, &Vec3Editor::valueChanged, this, [this](const Vec3& p) { editLoad(tr("load point"), [p](BodyLoadSpec& l) { l.point = p; }); });
  connect(m_point, &Vec3Editor::refused, this, &BodyLoadsEditor::refused);
  connect(m_axes, &QComboBox::activated, this, [this](int k) { editLoad(tr("load axes"), [k](BodyLoadSpec& l) { l.bodyAxes = k == 1; }); });
  for (TimeFunctionEditor* editor : {m_force, m_moment}) {
    connect(editor, &TimeFunctionEditor::refused, this, &BodyLoadsEditor::refused);
    connect(editor, &TimeFunctionEditor::edited, this, [this](const QString& field, const std::function<void(TimeFunction&)>& edit) {
      const int c = m_component;
      editLoad(QString("%1: %2").arg(QString::fromLatin1(kComponentNames[c]), field),
               [c, edit](BodyLoadSpec& l) { edit(c < 3 ? l.force[c] : l.moment[c - 3]); });
    });
  }
}

void BodyLoadsEditor::editLoad(const QString& field, const std::function<void(BodyLoadSpec&)>& edit) {
  if (m_loading || m_load < 0 || m_load >= static_cast<int>(m_body.loads.size())) return;
  const int k = m_load;
  emit edited(field, [k, edit](BodySpec& b) {
    if (k < static_cast<int>(b.loads.size())) edit(b.loads[static_cast<std::size_t>(k)]);
  });
}

void BodyLoadsEditor::show(const BodySpec& body, const ModelSpec& spec) {
  m_body = body;
  m_planar = spec.kind == ModelKind::Planar;
  m_endTime = spec.simulation.endTime;
  refresh();
}

void BodyLoadsEditor::select(int load, int component) {
  m_load = load;
  m_component = component;
  refresh();
}

void BodyLoadsEditor::refresh() {
  m_loading = true;
  const bool planar = m_planar;
  const int n = static_cast<int>(m_body.loads.size());
  m_load = std::clamp(m_load, 0, std::max(0, n - 1));
  if (planar && (m_component == 2 || m_component == 3 || m_component == 4)) m_component = 0;
  m_loads->clear();
  for (const BodyLoadSpec& l : m_body.loads) m_loads->addItem(QString::fromStdString(l.name));
  if (n == 0) m_loads->addItem(tr("(none)"));
  m_loads->setCurrentIndex(n == 0 ? 0 : m_load);
  m_loads->setEnabled(n > 0);
  m_remove->setEnabled(n > 0);
  m_componentBox->clear();
  for (int c = 0; c < 6; ++c)
    if (!planar || c == 0 || c == 1 || c == 5) m_componentBox->addItem(QString::fromLatin1(kComponentNames[c]), c);
  m_componentBox->setCurrentIndex(m_componentBox->findData(m_component));
  const bool has = n > 0;
  for (QWidget* w : {static_cast<QWidget*>(m_name), static_cast<QWidget*>(m_point), static_cast<QWidget*>(m_axes), static_cast<QWidget*>(m_componentBox)})
    setRowVisible(m_form, w, has);
  setRowVisible(m_form, m_force, has && m_component < 3);
  setRowVisible(m_form, m_moment, has && m_component >= 3);
  if (has) {
    BodyLoadSpec l = m_body.loads[static_cast<std::size_t>(m_load)];
    m_name->setText(QString::fromStdString(l.name));
    m_point->setValue(l.point);
    m_point->setPlanar(planar);
    m_axes->setCurrentIndex(l.bodyAxes ? 1 : 0);
    (m_component < 3 ? m_force : m_moment)->show(component(l), m_endTime);
  }
  m_loading = false;
}

}  // namespace mstmm::gui
