#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

#include "core/model/joints/joint_model.hpp"
#include "gui/document/model_actions.hpp"
#include "gui/properties/hinge_loads_editor.hpp"
#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

HingePage::HingePage(ModelDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  setProperty("fieldSection", "Hinge");  // its labels' tooltips: docs/guide/fields.md, section Hinge
  m_form = new QFormLayout(this);
  m_name = new QLineEdit;
  m_type = new QComboBox;
  m_connects = new QLabel;
  m_connects->setWordWrap(false);  // a wrapped label in a QFormLayout corrupts the heap in Qt 6.4 (see body_page.cpp)
  m_connects->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // cut at the dock's edge, whole in its tooltip
  m_input = new QSpinBox;
  m_input->setPrefix("I_");
  m_cut = new QComboBox;
  m_cut->addItem(tr("chosen automatically"), static_cast<int>(CutChoice::Auto));
  m_cut->addItem(tr("cut here"), static_cast<int>(CutChoice::Cut));
  m_cut->addItem(tr("keep in the tree"), static_cast<int>(CutChoice::Keep));
  m_axis = new Vec3Editor("");
  m_anchor = new Vec3Editor("m");
  m_form->addRow(tr("Name"), m_name);
  m_form->addRow(tr("Type"), m_type);
  m_form->addRow(tr("Connects"), m_connects);
  m_form->addRow(tr("Input end"), m_input);
  m_form->labelForField(m_input)->setToolTip(tr("Which input end of the root-side body holds this hinge"));
  m_form->addRow(tr("Loop cut"), m_cut);
  m_form->labelForField(m_cut)->setToolTip(tr("Where a closed loop is cut open: each loop is cut at one hinge, whose two ends are then tied by the supplement equations"));
  m_form->addRow(tr("Axis"), m_axis);
  m_form->labelForField(m_axis)->setToolTip(tr("The revolute or slide axis in the root-side body's frame (world frame for the ground)"));
  m_axis2 = new Vec3Editor("");
  m_axis2->setObjectName("axis2");
  m_form->addRow(tr("Second axis"), m_axis2);
  m_form->addRow(tr("Ground anchor"), m_anchor);
  m_translation = new Vec3Editor("m");
  m_translationRate = new Vec3Editor("m/s");
  m_translation->setObjectName("initialTranslation");
  m_translationRate->setObjectName("initialTranslationRate");
  m_slide = new QuantityBox("m");
  m_slideRate = new QuantityBox("m/s");
  m_slide->setObjectName("initialSlide");
  m_slideRate->setObjectName("initialSlideRate");
  for (QuantityBox* box : {m_slide, m_slideRate}) {
    box->setRange(-1e9, 1e9);
    box->setCheck([](double v) { return std::isfinite(v) ? QString() : tr("must be a finite number"); });
  }
  m_form->addRow(tr("Initial slide"), m_slide);
  m_form->labelForField(m_slide)->setToolTip(tr("How far along the slide axis the tip-side body starts, from the root side's input end (or the ground anchor)"));
  m_form->addRow(tr("Initial slide rate"), m_slideRate);
  m_pitch = new QuantityBox("m/rad");
  m_pitch->setObjectName("pitch");
  m_pitch->setRange(-1e9, 1e9);
  m_pitch->setCheck([](double v) { return std::isfinite(v) && v != 0.0 ? QString() : tr("must be a finite, non-zero number (a pitch of 0 is a revolute hinge)"); });
  m_form->addRow(tr("Pitch"), m_pitch);
  m_form->labelForField(m_pitch)->setToolTip(tr("How far the tip side slides along the axis per radian it turns (s = p theta; a thread of lead L has p = L / 2 pi)"));
  m_form->addRow(tr("Initial translation"), m_translation);
  m_form->labelForField(m_translation)->setToolTip(tr("Free hinge: the slides along the root side's x, y, z axes (world axes for a floating root: where its output end starts, from the anchor). Planar hinge: the slides along the second axis and normal x second axis"));
  m_form->addRow(tr("Initial translation rate"), m_translationRate);
  m_loads = new HingeLoadsEditor;
  m_form->addRow(m_loads);
  connect(m_loads, &HingeLoadsEditor::edited, this, [this](const QString& field, const std::function<void(HingeSpec&)>& edit) { commit(field, edit); });
  connect(m_loads, &HingeLoadsEditor::refused, this, &HingePage::refused);
  connect(m_loads, &HingeLoadsEditor::coordinateChosen, this, &HingePage::load);

  connect(m_name, &QLineEdit::editingFinished, this, [this] {
    const std::string name = m_name->text().trimmed().toStdString();
    if (const QString refusal = nameRefusal(m_document->spec().hinges, name, m_id, tr("hinge"), m_name->text()); !refusal.isEmpty()) {
      emit refused(refusal);
      load();
      return;
    }
    commit("name", [name](HingeSpec& h) { h.name = name; });
  });
  connect(m_type, &QComboBox::activated, this, [this] {
    const auto type = static_cast<HingeType>(m_type->currentData().toInt());
    const bool planar = m_document->spec().kind == ModelKind::Planar;
    const ModelKind kind = m_document->spec().kind;
    commit("type", [type, planar, kind](HingeSpec& h) {
      setHingeType(h, type, kind);
      if ((type == HingeType::Slider || type == HingeType::PointOnLine) && planar) h.axis = planarSlideAxis(h.axis);
    });
  });
  connect(m_cut, &QComboBox::activated, this, [this] {
    const auto choice = static_cast<CutChoice>(m_cut->currentData().toInt());
    commit("loop cut", [choice](HingeSpec& h) { h.cut = choice; });
  });
  connect(m_input, &QSpinBox::valueChanged, this, [this](int k) {
    if (m_loading) return;
    const HingeSpec* self = m_document->hinge(m_id);
    for (const HingeSpec& h : m_document->spec().hinges)
      if (h.id != m_id && h.parent == self->parent && h.parentInput == k - 1) {
        emit refused(tr("input end %1 already holds hinge '%2'").arg(k).arg(QString::fromStdString(h.name)));
        load();
        return;
      }
    commit("input end", [k](HingeSpec& h) { h.parentInput = k - 1; });
  });
  m_axis->setCheck([](double v) { return std::isfinite(v) ? QString() : tr("must be a finite number"); });
  connect(m_axis, &Vec3Editor::valueChanged, this, [this](const Vec3& a) {
    if (a.norm() < 1e-12) {
      emit refused(tr("an axis cannot be the zero vector"));
      load();
      return;
    }
    commit("axis", [a](HingeSpec& h) { h.axis = a; });
  });
  connect(m_anchor, &Vec3Editor::valueChanged, this, [this](const Vec3& p) { commit("anchor", [p](HingeSpec& h) { h.anchor = p; }); });
  m_axis2->setCheck([](double v) { return std::isfinite(v) ? QString() : tr("must be a finite number"); });
  connect(m_axis2, &Vec3Editor::valueChanged, this, [this](const Vec3& a) {
    if (a.norm() < 1e-12) {
      emit refused(tr("an axis cannot be the zero vector"));
      load();
      return;
    }
    commit("second axis", [a](HingeSpec& h) { h.axis2 = a; });
  });
  connect(m_translation, &Vec3Editor::valueChanged, this, [this](const Vec3& v) { commit("initial translation", [v](HingeSpec& h) { h.translation = v; }); });
  connect(m_translationRate, &Vec3Editor::valueChanged, this,
          [this](const Vec3& v) { commit("initial translation rate", [v](HingeSpec& h) { h.translationRate = v; }); });
  for (Vec3Editor* e : {m_axis2, m_translation, m_translationRate}) connect(e, &Vec3Editor::refused, this, &HingePage::refused);
  connect(m_slide, &QuantityBox::siChanged, this, [this](double v) { commit("initial slide", [v](HingeSpec& h) { h.slide = v; }); });
  connect(m_slideRate, &QuantityBox::siChanged, this, [this](double v) { commit("initial slide rate", [v](HingeSpec& h) { h.slideRate = v; }); });
  connect(m_pitch, &QuantityBox::siChanged, this, [this](double v) { commit("pitch", [v](HingeSpec& h) { h.pitch = v; }); });
  connect(m_pitch, &QuantityBox::refused, this, &HingePage::refused);
  connect(m_slide, &QuantityBox::refused, this, &HingePage::refused);
  connect(m_slideRate, &QuantityBox::refused, this, &HingePage::refused);
  connect(m_axis, &Vec3Editor::refused, this, &HingePage::refused);
  connect(m_anchor, &Vec3Editor::refused, this, &HingePage::refused);
}

void HingePage::showHinge(HingeId id) {
  m_id = id;
  load();
}

void HingePage::commit(const QString& field, const std::function<void(HingeSpec&)>& edit) {
  if (m_loading) return;
  const HingeSpec* current = m_document->hinge(m_id);
  if (!current) return;
  HingeSpec after = *current;
  edit(after);
  if (after == *current) return;
  m_document->undoStack()->push(new EditHingeCommand(m_document, *current, after, field));
}

void HingePage::load() {
  const HingeSpec* h = m_document->hinge(m_id);
  if (!h) return;
  m_loading = true;
  const QSignalBlocker b1(m_name), b2(m_type), b3(m_input), b4(m_cut);
  m_cut->setCurrentIndex(m_cut->findData(static_cast<int>(h->cut)));
  const bool planar = m_document->spec().kind == ModelKind::Planar;
  m_name->setText(QString::fromStdString(h->name));
  m_type->clear();
  for (HingeType t : hingeTypesFor(m_document->spec().kind)) m_type->addItem(hingeTypeLabel(t), static_cast<int>(t));
  if (m_type->findData(static_cast<int>(h->type)) < 0) m_type->addItem(hingeTypeLabel(h->type) + tr(" (not for this kind)"), static_cast<int>(h->type));
  m_type->setCurrentIndex(m_type->findData(static_cast<int>(h->type)));
  const BodySpec* tip = m_document->body(h->child);
  const BodySpec* root = h->parent ? m_document->body(*h->parent) : nullptr;
  const QString tipName = tip ? QString::fromStdString(tip->name) : tr("(missing)");
  const QString tipEnd = h->atChildOutput() ? tr("output end of body '%1'").arg(tipName) : tr("input end %1 of body '%2'").arg(h->childEnd + 1).arg(tipName);
  m_connects->setText(h->isGround() ? tr("%1 → the ground").arg(tipEnd)
                                    : tr("%1 → input end %2 of body '%3'").arg(tipEnd).arg(h->parentInput + 1).arg(root ? QString::fromStdString(root->name) : tr("(missing)")));
  m_connects->setToolTip(m_connects->text());
  setRowVisible(m_form, m_input, root != nullptr);
  if (root) {
    m_input->setRange(1, static_cast<int>(root->inputs.size()));
    m_input->setValue(h->parentInput + 1);
  }
  // What the hinge's joint model reads (core/model/joints/): a planar model's
  // rotation axis is z, so only its slide lines show an axis.
  const HingeType type = h->type;
  const JointModel::Fields& fields = jointModel(type).fields;
  const bool slider = fields.slide;
  setRowVisible(m_form, m_axis, fields.axis && (!planar || slider));
  if (auto* label = qobject_cast<QLabel*>(m_form->labelForField(m_axis))) label->setText(tr(jointModel(type).axisName));
  m_axis->setValue(h->axis);
  m_axis->box(2)->setEnabled(!(planar && slider));  // a planar slide axis lies in the x-y plane
  setRowVisible(m_form, m_axis2, fields.axis2);
  m_form->labelForField(m_axis2)->setToolTip(type == HingeType::Universal ? tr("The tip-side axis of the cross, in the tip-side body's frame")
                                                                          : tr("The first slide direction in the plane, in the root-side body's frame"));
  m_axis2->setValue(h->axis2);
  setRowVisible(m_form, m_slide, slider);
  setRowVisible(m_form, m_slideRate, slider);
  setRowVisible(m_form, m_pitch, fields.pitch);
  m_pitch->setSi(h->pitch);
  setRowVisible(m_form, m_translation, fields.translation);
  setRowVisible(m_form, m_translationRate, fields.translation);
  m_translation->setValue(h->translation);
  m_translationRate->setValue(h->translationRate);
  m_translation->setPlanar(planar || type == HingeType::Planar);
  m_translationRate->setPlanar(planar || type == HingeType::Planar);
  m_slide->setSi(h->slide);
  m_slideRate->setSi(h->slideRate);
  setRowVisible(m_form, m_anchor, h->isGround());
  m_anchor->setValue(h->anchor);
  m_anchor->setPlanar(planar);
  setRowVisible(m_form, m_loads, jointModel(type).in(m_document->spec().kind).dof > 0);
  m_loads->show(*h, m_document->spec());
  m_loading = false;
}

}  // namespace mstmm::gui
