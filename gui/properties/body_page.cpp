#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QVBoxLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>

#include "core/model/mass_properties.hpp"
#include "gui/properties/body_loads_editor.hpp"
#include "gui/properties/beam_editor.hpp"
#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

namespace {

QString positiveLength(double v) { return v > 0 && std::isfinite(v) ? QString() : QObject::tr("must be a positive length"); }
// Zero is a massless frame (issue 29.1); the model check says where one
// leaves a hinge's motion undetermined.
QString massOrZero(double v) { return v >= 0 && std::isfinite(v) ? QString() : QObject::tr("mass must not be negative (0 kg makes a massless frame)"); }
/// The shape list's item for an elastic beam (not a ShapeType).
constexpr int kBeamItem = -1;
QString finiteValue(double v) { return std::isfinite(v) ? QString() : QObject::tr("must be a finite number"); }

QTableWidget* makeTable(const QStringList& headers) {
  auto* table = new QTableWidget(0, static_cast<int>(headers.size()));
  table->setHorizontalHeaderLabels(headers);
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table->verticalHeader()->setDefaultSectionSize(22);
  table->setMaximumHeight(130);
  return table;
}

void setCell(QTableWidget* table, int row, int column, double value) {
  auto* item = new QTableWidgetItem(QString::number(value, 'g', 10));
  table->setItem(row, column, item);
}

double cell(const QTableWidget* table, int row, int column, bool* ok) {
  const QTableWidgetItem* item = table->item(row, column);
  return item ? item->text().toDouble(ok) : (*ok = false, 0.0);
}

QString formatVec(const Vec3& v) { return QString("(%1, %2, %3)").arg(v.x(), 0, 'g', 5).arg(v.y(), 0, 'g', 5).arg(v.z(), 0, 'g', 5); }

}  // namespace

BodyPage::BodyPage(ModelDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  setProperty("fieldSection", "Body");  // its labels' tooltips: docs/guide/fields.md, section Body
  auto* page = new QVBoxLayout(this);
  page->setContentsMargins(0, 0, 0, 0);
  m_form = new QFormLayout;
  page->addLayout(m_form);
  m_name = new QLineEdit;
  m_form->addRow(tr("Name"), m_name);
  buildShape(m_form);
  buildEnds(m_form);
  buildInitial(m_form);
  m_bodyLoads = new BodyLoadsEditor;
  page->addWidget(m_bodyLoads);
  connect(m_bodyLoads, &BodyLoadsEditor::edited, this, [this](const QString& field, const std::function<void(BodySpec&)>& edit) { commit(field, edit); });
  connect(m_bodyLoads, &BodyLoadsEditor::refused, this, &BodyPage::refused);
  m_derived = new QLabel;
  m_derived->setWordWrap(true);
  m_derived->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // Word-wrapped labels sit below the form, not in it: Qt 6.4's QFormLayout
  // writes to freed memory when a row's heightForWidth re-enters the layout
  // (found with valgrind; it corrupted the heap when pages were switched).
  page->addWidget(m_derived);
  page->addStretch(1);
  connect(m_name, &QLineEdit::editingFinished, this, [this] {
    const std::string name = m_name->text().trimmed().toStdString();
    if (const QString refusal = nameRefusal(m_document->spec().bodies, name, m_id, tr("body"), m_name->text()); !refusal.isEmpty()) {
      emit refused(refusal);
      load();
      return;
    }
    commit("name", [name](BodySpec& b) { b.name = name; });
  });
}

void BodyPage::buildShape(QFormLayout* form) {
  m_shape = new QComboBox;
  for (ShapeType t : {ShapeType::Rod, ShapeType::Cylinder, ShapeType::Box, ShapeType::PointMasses, ShapeType::Custom})
    m_shape->addItem(QString::fromLatin1(toString(t)), static_cast<int>(t));
  m_shape->addItem(tr("elastic beam"), kBeamItem);
  m_mass = new QuantityBox("kg");
  m_mass->setCheck(massOrZero);
  m_length = new QuantityBox("m");
  m_length->setObjectName("bodyLength");
  m_length->setCheck(positiveLength);
  m_radius = new QuantityBox("m");
  m_radius->setCheck(positiveLength);
  m_radius->setSingleStep(0.01);
  m_size = new Vec3Editor("m");
  m_size->setCheck(positiveLength);
  m_customCenter = new QCheckBox(tr("own centroid"));
  m_customCenter->setToolTip(tr("Without it the centroid is half the length along x from the body-frame origin"));
  m_center = new Vec3Editor("m");
  m_center->setCheck(finiteValue);
  m_com = new Vec3Editor("m");
  m_com->setCheck(finiteValue);
  m_inertiaRow = new QWidget;
  auto* grid = new QGridLayout(m_inertiaRow);
  grid->setContentsMargins(0, 0, 0, 0);
  const char* names[6] = {"Ixx", "Iyy", "Izz", "Ixy", "Ixz", "Iyz"};
  for (int k = 0; k < 6; ++k) {
    m_inertia[k] = new QuantityBox("");
    m_inertia[k]->setToolTip(QString("%1 [kg·m²]").arg(names[k]));
    m_inertia[k]->setPrefix(QString(names[k]) + " ");
    m_inertia[k]->setCheck(finiteValue);
    grid->addWidget(m_inertia[k], k / 3, k % 3);
  }
  m_about = new QComboBox;
  m_about->addItem(tr("about the centre of mass"), static_cast<int>(InertiaReference::CentreOfMass));
  m_about->addItem(tr("about the body-frame origin"), static_cast<int>(InertiaReference::BodyOrigin));
  m_points = makeTable({tr("mass [kg]"), "x [m]", "y [m]", "z [m]"});
  form->addRow(tr("Shape"), m_shape);
  form->addRow(tr("Mass"), m_mass);
  form->addRow(tr("Length (along x)"), m_length);
  form->addRow(tr("Radius"), m_radius);
  form->addRow(tr("Edges"), m_size);
  form->addRow(QString(), m_customCenter);
  form->addRow(tr("Centroid"), m_center);
  form->addRow(tr("Centre of mass"), m_com);
  form->addRow(tr("Inertia [kg·m²]"), m_inertiaRow);
  form->addRow(tr("Inertia given"), m_about);
  form->addRow(tr("Point masses"), m_points);

  m_beam = new BeamEditor;
  m_beam->setObjectName("beamEditor");
  form->addRow(m_beam);
  connect(m_beam, &BeamEditor::edited, this, [this](const QString& field, const std::function<void(BodySpec&)>& edit) { commit(field, edit); });
  connect(m_beam, &BeamEditor::refused, this, &BodyPage::refused);
  connect(m_shape, &QComboBox::activated, this, [this] {
    if (m_shape->currentData().toInt() == kBeamItem) {
      // A beam as long as the body's rod or box, from its origin along x.
      commit("shape", [](BodySpec& b) {
        if (b.beam) return;
        BeamSpec beam;
        beam.length = b.shape.type == ShapeType::Box ? b.shape.size.x() : b.shape.length;
        b.beam = beam;
      });
      return;
    }
    const auto t = static_cast<ShapeType>(m_shape->currentData().toInt());
    commit("shape", [t](BodySpec& b) {
      b.beam.reset();
      b.shape.type = t;
      if (t == ShapeType::PointMasses && b.shape.points.empty()) b.shape.points = {{b.shape.mass, Vec3(b.shape.length, 0, 0)}};
      if (t == ShapeType::Custom) b.shape.com = shapeCentroid(b.shape);
    });
  });
  auto addressOf = [this](const QString& field) {
    return [this, field] {
      const BodySpec* b = m_document->body(m_id);
      return "body:" + (b ? QString::fromStdString(b->name) : QString()) + "/" + field;
    };
  };
  m_mass->setStudyAddress(addressOf("shape/mass"));
  m_length->setStudyAddress(addressOf("shape/length"));
  m_radius->setStudyAddress(addressOf("shape/radius"));
  connect(m_mass, &QuantityBox::siChanged, this, [this](double v) { commit("mass", [v](BodySpec& b) { b.shape.mass = v; }); });
  connect(m_length, &QuantityBox::siChanged, this, [this](double v) { commit("length", [v](BodySpec& b) { setRodLength(b, v); }); });
  connect(m_radius, &QuantityBox::siChanged, this, [this](double v) { commit("radius", [v](BodySpec& b) { b.shape.radius = v; }); });
  connect(m_size, &Vec3Editor::valueChanged, this, [this](const Vec3& v) { commit("edges", [v](BodySpec& b) { b.shape.size = v; }); });
  connect(m_customCenter, &QCheckBox::toggled, this, [this](bool on) {
    commit("centroid", [on](BodySpec& b) { b.shape.center = on ? std::optional<Vec3>(shapeCentroid(b.shape)) : std::nullopt; });
  });
  connect(m_center, &Vec3Editor::valueChanged, this, [this](const Vec3& v) { commit("centroid", [v](BodySpec& b) { b.shape.center = v; }); });
  connect(m_com, &Vec3Editor::valueChanged, this, [this](const Vec3& v) { commit("centre of mass", [v](BodySpec& b) { b.shape.com = v; }); });
  for (int k = 0; k < 6; ++k)
    connect(m_inertia[k], &QuantityBox::siChanged, this, [this, k](double v) {
      static const int rc[6][2] = {{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}};
      commit("inertia", [v, k](BodySpec& b) { b.shape.inertia(rc[k][0], rc[k][1]) = b.shape.inertia(rc[k][1], rc[k][0]) = v; });
    });
  connect(m_about, &QComboBox::activated, this, [this] {
    const auto a = static_cast<InertiaReference>(m_about->currentData().toInt());
    commit("inertia reference", [a](BodySpec& b) { b.shape.inertiaAbout = a; });
  });
  connect(m_points, &QTableWidget::cellChanged, this, [this] { commitTable(m_points, "point masses"); });
  for (QuantityBox* b : {m_mass, m_length, m_radius}) connect(b, &QuantityBox::refused, this, &BodyPage::refused);
  for (Vec3Editor* v : {m_size, m_center, m_com}) connect(v, &Vec3Editor::refused, this, &BodyPage::refused);
}

void BodyPage::buildEnds(QFormLayout* form) {
  m_inputs = makeTable({"x [m]", "y [m]", "z [m]"});
  auto* buttons = new QWidget;
  auto* row = new QHBoxLayout(buttons);
  row->setContentsMargins(0, 0, 0, 0);
  auto* add = new QPushButton(tr("Add input end"));
  auto* remove = new QPushButton(tr("Remove selected"));
  row->addWidget(add);
  row->addWidget(remove);
  m_output = new Vec3Editor("m");
  m_output->setCheck(finiteValue);
  form->addRow(tr("Input ends"), m_inputs);
  form->addRow(QString(), buttons);
  form->addRow(tr("Output end O"), m_output);
  connect(m_inputs, &QTableWidget::cellChanged, this, [this] { commitTable(m_inputs, "input ends"); });
  connect(add, &QPushButton::clicked, this, &BodyPage::addInput);
  connect(remove, &QPushButton::clicked, this, &BodyPage::removeInput);
  connect(m_output, &Vec3Editor::valueChanged, this, [this](const Vec3& v) { commit("output end", [v](BodySpec& b) { b.output = v; }); });
  connect(m_output, &Vec3Editor::refused, this, &BodyPage::refused);
}

void BodyPage::buildInitial(QFormLayout* form) {
  m_theta = new QuantityBox("");
  m_theta->makeAngle();
  m_theta->setCheck(finiteValue);
  m_thetaDot = new QuantityBox("");
  m_thetaDot->makeAngle(true);
  m_thetaDot->setCheck(finiteValue);
  m_cardan = new Vec3Editor("");
  m_cardan->makeAngle(false);
  m_cardan->setCheck(finiteValue);
  for (int i = 0; i < 3; ++i) m_cardan->box(i)->setToolTip(QStringList{tr("yaw about z"), tr("pitch about y"), tr("roll about x")}[i]);
  m_omega = new Vec3Editor("");
  m_omega->makeAngle(true);
  m_omega->setCheck(finiteValue);
  form->addRow(tr("Initial angle θ"), m_theta);
  form->addRow(tr("Initial rate θ'"), m_thetaDot);
  m_orientationFrame = new QComboBox;
  m_orientationFrame->setObjectName("orientationFrame");
  m_orientationFrame->addItem(tr("in world axes"));
  m_orientationFrame->addItem(tr("relative to the parent body"));
  m_orientationFrame->setToolTip(tr("How the initial orientation below is given: of the body in world axes, or relative to the body it hangs from "
                                    "(converted on entry; the model keeps world orientations, so turning the parent later does not turn this body)"));
  form->addRow(tr("Orientation given"), m_orientationFrame);
  form->addRow(tr("Orientation (z-y-x)"), m_cardan);
  form->itemAt(form->rowCount() - 1, QFormLayout::LabelRole)->widget()->setToolTip(tr("Initial orientation as Cardan angles: yaw about z, then pitch about y, then roll about x"));
  form->addRow(tr("Ang. velocity Ω"), m_omega);
  form->itemAt(form->rowCount() - 1, QFormLayout::LabelRole)->widget()->setToolTip(tr("Initial absolute angular velocity, world axes"));
  connect(m_theta, &QuantityBox::siChanged, this, [this](double v) { commit("initial angle", [v](BodySpec& b) { b.theta = v; }); });
  connect(m_thetaDot, &QuantityBox::siChanged, this, [this](double v) { commit("initial rate", [v](BodySpec& b) { b.thetaDot = v; }); });
  connect(m_cardan, &Vec3Editor::valueChanged, this, [this](const Vec3& v) {
    const BodySpec* current = m_document->body(m_id);
    const std::optional<Quat> parent = current ? relativeFrame(*current) : std::nullopt;
    const Quat entered = quaternionFromCardan(v);
    const Quat world = parent ? Quat(quaternionProduct(*parent, entered).normalized()) : entered;  // A = A_parent A_rel
    commit("initial orientation", [world](BodySpec& b) { b.orientation = world; });
  });
  connect(m_orientationFrame, &QComboBox::currentIndexChanged, this, [this] {
    if (const BodySpec* b = m_document->body(m_id)) {
      m_cardan->setValue(Vec3::Zero());  // the shown angles change meaning: reload them
      loadInitial(*b);
    }
  });
  connect(m_omega, &Vec3Editor::valueChanged, this, [this](const Vec3& v) { commit("initial angular velocity", [v](BodySpec& b) { b.angularVelocity = v; }); });
  for (QuantityBox* b : {m_theta, m_thetaDot}) connect(b, &QuantityBox::refused, this, &BodyPage::refused);
  for (Vec3Editor* v : {m_cardan, m_omega}) connect(v, &Vec3Editor::refused, this, &BodyPage::refused);
}

void BodyPage::showBody(BodyId id) {
  m_id = id;
  load();
}

void BodyPage::commit(const QString& field, const std::function<void(BodySpec&)>& edit) {
  if (m_loading) return;
  const BodySpec* current = m_document->body(m_id);
  if (!current) return;
  BodySpec after = *current;
  edit(after);
  if (after == *current) return;
  m_document->undoStack()->push(new EditBodyCommand(m_document, *current, after, field));
}

// A table of numbers back into the body; a cell that is not a finite number is refused.
void BodyPage::commitTable(QTableWidget* table, const QString& field) {
  if (m_loading) return;
  std::vector<std::vector<double>> rows;
  for (int r = 0; r < table->rowCount(); ++r) {
    std::vector<double> row;
    for (int c = 0; c < table->columnCount(); ++c) {
      bool ok = false;
      const double v = cell(table, r, c, &ok);
      if (!ok || !std::isfinite(v)) {
        emit refused(tr("row %1, %2: not a number").arg(r + 1).arg(table->horizontalHeaderItem(c)->text()));
        load();
        return;
      }
      row.push_back(v);
    }
    rows.push_back(row);
  }
  if (table == m_points) {
    for (const auto& row : rows)
      if (!(row[0] > 0)) {
        emit refused(tr("the mass of a point must be positive"));
        load();
        return;
      }
    commit(field, [&rows](BodySpec& b) {
      b.shape.points.clear();
      for (const auto& row : rows) b.shape.points.push_back({row[0], Vec3(row[1], row[2], row[3])});
    });
  } else {
    commit(field, [&rows](BodySpec& b) {
      for (std::size_t k = 0; k < rows.size() && k < b.inputs.size(); ++k) b.inputs[k] = Vec3(rows[k][0], rows[k][1], rows[k][2]);
    });
  }
}

void BodyPage::addInput() {
  commit("input ends", [](BodySpec& b) { b.inputs.push_back(b.output + Vec3(0.5, 0, 0)); });
}

// Removes the selected input end if no hinge holds it; hinges on later input
// ends move down one index in the same undo step.
void BodyPage::removeInput() {
  const int k = m_inputs->currentRow();
  const BodySpec* body = m_document->body(m_id);
  if (!body || k < 0) return;
  if (k == 0) {
    emit refused(tr("I_1 is the body frame's reference point and cannot be removed"));
    return;
  }
  std::vector<HingeSpec> moved;
  for (const HingeSpec& h : m_document->spec().hinges) {
    if (h.parent != m_id) continue;
    if (h.parentInput == k) {
      emit refused(tr("input end %1 holds hinge '%2': delete or move that hinge first").arg(k + 1).arg(QString::fromStdString(h.name)));
      return;
    }
    if (h.parentInput > k) moved.push_back(h);
  }
  QUndoStack* undo = m_document->undoStack();
  undo->beginMacro(tr("Remove input end %1 of body '%2'").arg(k + 1).arg(QString::fromStdString(body->name)));
  BodySpec after = *body;
  after.inputs.erase(after.inputs.begin() + k);
  undo->push(new EditBodyCommand(m_document, *body, after, "input ends"));
  for (const HingeSpec& h : moved) {
    HingeSpec shifted = h;
    --shifted.parentInput;
    undo->push(new EditHingeCommand(m_document, h, shifted, "input end"));
  }
  undo->endMacro();
}

void BodyPage::load() {
  const BodySpec* b = m_document->body(m_id);
  if (!b) return;
  m_loading = true;
  const QSignalBlocker blockers[] = {QSignalBlocker(m_name), QSignalBlocker(m_shape), QSignalBlocker(m_customCenter), QSignalBlocker(m_about)};
  if (m_name->text() != QString::fromStdString(b->name)) m_name->setText(QString::fromStdString(b->name));
  loadShape(*b);
  loadEnds(*b);
  loadInitial(*b);
  m_bodyLoads->show(*b, m_document->spec());
  const MassProperties mp = massProperties(b->shape);
  const Mat3& j = mp.inertiaAtCom;
  if (b->beam) {
    const SectionProperties p = sectionProperties(b->beam->section);
    m_derived->setText(tr("<small>Derived: mass %1 kg; section A %2 m², I_y %3, I_z %4, J %5 m⁴; runs as %6 rigid pieces named %7[0] … %7[%8].</small>")
                           .arg(b->beam->density * p.area * b->beam->length, 0, 'g', 6).arg(p.area, 0, 'g', 4).arg(p.iy, 0, 'g', 4).arg(p.iz, 0, 'g', 4)
                           .arg(p.torsion, 0, 'g', 4).arg(b->beam->segments + 1).arg(QString::fromStdString(b->name)).arg(b->beam->segments));
    m_loading = false;
    return;
  }
  m_derived->setText(tr("<small>Derived: mass %1 kg, centre of mass %2 m, inertia about it diag %3, products (%4, %5, %6) kg·m².</small>")
                         .arg(mp.mass, 0, 'g', 6).arg(formatVec(mp.com)).arg(formatVec(j.diagonal()))
                         .arg(j(0, 1), 0, 'g', 4).arg(j(0, 2), 0, 'g', 4).arg(j(1, 2), 0, 'g', 4));
  m_loading = false;
}

void BodyPage::loadShape(const BodySpec& b) {
  const ShapeSpec& s = b.shape;
  const bool planar = m_document->spec().kind == ModelKind::Planar;
  const bool beam = b.beam.has_value();
  m_shape->setCurrentIndex(beam ? m_shape->findData(kBeamItem) : m_shape->findData(static_cast<int>(s.type)));
  const bool rodLike = !beam && (s.type == ShapeType::Rod || s.type == ShapeType::Cylinder);
  const bool solid = rodLike || (!beam && s.type == ShapeType::Box);
  const bool custom = !beam && s.type == ShapeType::Custom;
  setRowVisible(m_form, m_mass, !beam && s.type != ShapeType::PointMasses);
  setRowVisible(m_form, m_length, rodLike);
  setRowVisible(m_form, m_radius, !beam && s.type == ShapeType::Cylinder);
  setRowVisible(m_form, m_size, !beam && s.type == ShapeType::Box);
  setRowVisible(m_form, m_customCenter, solid);
  setRowVisible(m_form, m_center, solid && s.center.has_value());
  setRowVisible(m_form, m_com, custom);
  setRowVisible(m_form, m_inertiaRow, custom);
  setRowVisible(m_form, m_about, custom);
  setRowVisible(m_form, m_points, !beam && s.type == ShapeType::PointMasses);
  setRowVisible(m_form, m_beam, beam);
  if (beam) m_beam->show(*b.beam);
  m_mass->setSi(s.mass);
  m_length->setSi(s.length);
  m_radius->setSi(s.radius);
  m_size->setValue(s.size);
  m_customCenter->setChecked(s.center.has_value());
  m_center->setValue(s.center.value_or(shapeCentroid(s)));
  m_center->setPlanar(planar);
  m_com->setValue(s.com);
  m_com->setPlanar(planar);
  const double values[6] = {s.inertia(0, 0), s.inertia(1, 1), s.inertia(2, 2), s.inertia(0, 1), s.inertia(0, 2), s.inertia(1, 2)};
  for (int k = 0; k < 6; ++k) {
    m_inertia[k]->setSi(values[k]);
    m_inertia[k]->setVisible(!planar || (k != 4 && k != 5));
  }
  m_about->setCurrentIndex(m_about->findData(static_cast<int>(s.inertiaAbout)));
  const QSignalBlocker block(m_points);
  m_points->setRowCount(static_cast<int>(s.points.size()));
  for (std::size_t r = 0; r < s.points.size(); ++r) {
    setCell(m_points, static_cast<int>(r), 0, s.points[r].mass);
    for (int c = 0; c < 3; ++c) setCell(m_points, static_cast<int>(r), c + 1, s.points[r].position[c]);
  }
}

void BodyPage::loadEnds(const BodySpec& b) {
  const bool planar = m_document->spec().kind == ModelKind::Planar;
  const QSignalBlocker block(m_inputs);
  m_inputs->setRowCount(static_cast<int>(b.inputs.size()));
  QStringList labels;
  for (std::size_t k = 0; k < b.inputs.size(); ++k) {
    labels << QString("I_%1").arg(k + 1);
    for (int c = 0; c < 3; ++c) setCell(m_inputs, static_cast<int>(k), c, b.inputs[k][c]);
  }
  m_inputs->setVerticalHeaderLabels(labels);
  m_inputs->setColumnHidden(2, planar);
  m_output->setValue(b.output);
  m_output->setPlanar(planar);
}

std::optional<Quat> BodyPage::relativeFrame(const BodySpec& b) const {
  if (m_orientationFrame->currentIndex() != 1) return std::nullopt;
  const HingeSpec* hangs = m_document->outputHinge(b.id);
  const BodySpec* parent = hangs && hangs->parent ? m_document->body(*hangs->parent) : nullptr;
  if (!parent) return std::nullopt;
  return parent->orientation.normalized();
}

void BodyPage::loadInitial(const BodySpec& b) {
  const bool planar = m_document->spec().kind == ModelKind::Planar;
  setRowVisible(m_form, m_theta, planar);
  setRowVisible(m_form, m_thetaDot, planar);
  setRowVisible(m_form, m_cardan, !planar);
  setRowVisible(m_form, m_omega, !planar);
  const HingeSpec* hangs = m_document->outputHinge(b.id);
  setRowVisible(m_form, m_orientationFrame, !planar && hangs && hangs->parent);
  m_theta->setSi(b.theta);
  m_thetaDot->setSi(b.thetaDot);
  // Only reload the angles when they describe a different orientation, so
  // that typing one angle does not rewrite the other two.
  const std::optional<Quat> parent = relativeFrame(b);
  const Quat target = parent ? Quat(quaternionProduct(quaternionConjugate(*parent), b.orientation.normalized()).normalized()) : Quat(b.orientation.normalized());
  const Quat shown = quaternionFromCardan(m_cardan->value());
  if (std::abs(std::abs(shown.dot(target)) - 1.0) > 1e-12) m_cardan->setValue(cardanFromRotation(rotationFromQuaternion(target)));
  m_omega->setValue(b.angularVelocity);
}

}  // namespace mstmm::gui
