#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QVBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QLineEdit>
#include <QSpinBox>

#include "gui/document/model_actions.hpp"
#include "core/model/beam_step.hpp"
#include "core/dynamics/loops/mobility.hpp"
#include "core/model/beam_coordinates.hpp"
#include "core/model/spanning_tree.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "gui/properties/contacts_editor.hpp"
#include "gui/properties/measures_editor.hpp"
#include "gui/properties/rotor_editor.hpp"
#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

void setRowVisible(QFormLayout* form, QWidget* field, bool visible) {
  field->setVisible(visible);
  if (QWidget* label = form->labelForField(field)) label->setVisible(visible);
}

namespace {
QString finite(double v) { return std::isfinite(v) ? QString() : QStringLiteral("must be a finite number"); }
}  // namespace

ModelPage::ModelPage(ModelDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  setProperty("fieldSection", "Model");  // its labels' tooltips: docs/guide/fields.md, section Model
  auto* page = new QVBoxLayout(this);
  page->setContentsMargins(0, 0, 0, 0);
  m_form = new QFormLayout;
  page->addLayout(m_form);
  m_name = new QLineEdit;
  m_kind = new QComboBox;
  m_kind->addItem(tr("Planar (x-y plane)"), static_cast<int>(ModelKind::Planar));
  m_kind->addItem(tr("Spatial"), static_cast<int>(ModelKind::Spatial));
  m_gravity = new Vec3Editor("m/s²");
  m_gravity->setCheck(finite);
  m_summary = new QLabel;
  m_summary->setWordWrap(true);
  m_form->addRow(tr("Name"), m_name);
  m_form->addRow(tr("Kind"), m_kind);
  m_form->addRow(tr("Gravity"), m_gravity);
  m_form->addRow(new QLabel(tr("<b>Simulation</b>")));
  m_sim.addRows(m_form);
  // Word-wrapped labels sit below the form, not in it: Qt 6.4's QFormLayout
  // writes to freed memory when a row's heightForWidth re-enters the layout
  // (found with valgrind; it corrupted the heap when pages were switched).
  page->addWidget(m_summary);
  m_contacts = new ContactsEditor(document);
  page->addWidget(m_contacts);
  connect(m_contacts, &ContactsEditor::refused, this, &ModelPage::refused);
  m_rotor = new RotorEditor(document);
  page->addWidget(m_rotor);
  connect(m_rotor, &RotorEditor::refused, this, &ModelPage::refused);
  m_measures = new MeasuresEditor(document);
  page->addWidget(m_measures);
  connect(m_measures, &MeasuresEditor::refused, this, &ModelPage::refused);
  page->addStretch(1);

  connect(m_name, &QLineEdit::editingFinished, this, [this] {
    commit("model name", [this](ModelProperties& p) { p.name = m_name->text().toStdString(); });
  });
  connect(m_kind, &QComboBox::activated, this, [this] {
    const auto kind = static_cast<ModelKind>(m_kind->currentData().toInt());
    if (kind != m_document->spec().kind) setModelKind(m_document, kind);
  });
  connect(m_gravity, &Vec3Editor::valueChanged, this, [this](const Vec3& g) { commit("gravity", [g](ModelProperties& p) { p.gravity = g; }); });
  connect(m_sim.endTime, &QuantityBox::siChanged, this, [this](double v) { commit("end time", [v](ModelProperties& p) { p.simulation.endTime = v; }); });
  connect(m_sim.timeStep, &QuantityBox::siChanged, this, [this](double v) { commit("time step", [v](ModelProperties& p) { p.simulation.timeStep = v; }); });
  connect(m_sim.useStep, &QPushButton::clicked, this, [this] {
    const double v = m_sim.useStep->property("step").toDouble();
    commit("time step", [v](ModelProperties& p) { p.simulation.timeStep = v; });
  });
  connect(m_sim.rtol, &QuantityBox::siChanged, this, [this](double v) { commit("tolerance", [v](ModelProperties& p) { p.simulation.relativeTolerance = v; }); });
  connect(m_sim.atol, &QuantityBox::siChanged, this, [this](double v) { commit("tolerance", [v](ModelProperties& p) { p.simulation.absoluteTolerance = v; }); });
  connect(m_sim.rhoInf, &QuantityBox::siChanged, this, [this](double v) { commit("spectral radius", [v](ModelProperties& p) { p.simulation.spectralRadius = v; }); });
  connect(m_sim.every, &QSpinBox::valueChanged, this, [this](int v) {
    if (const QString refusal = m_sim.everyRefusal(); !refusal.isEmpty()) {
      emit refused(refusal);
      load();
      return;
    }
    commit("output interval", [v](ModelProperties& p) { p.simulation.outputEvery = v; });
  });
  connect(m_sim.integrator, &QComboBox::activated, this, [this] {
    const auto k = static_cast<IntegratorKind>(m_sim.integrator->currentData().toInt());
    commit("integrator", [k](ModelProperties& p) { p.simulation.integrator = k; });
  });
  connect(m_sim.solver, &QComboBox::activated, this, [this] {
    const auto k = static_cast<SolverKind>(m_sim.solver->currentData().toInt());
    commit("solver", [k](ModelProperties& p) { p.simulation.solver = k; });
  });
  connect(m_sim.loopStabilisation, &QComboBox::activated, this, [this] {
    const auto k = static_cast<LoopStabilisation>(m_sim.loopStabilisation->currentData().toInt());
    commit("loop drift control", [k](ModelProperties& p) { p.simulation.loopStabilisation = k; });
  });
  connect(m_sim.alpha, &QuantityBox::siChanged, this, [this](double v) { commit("Baumgarte alpha", [v](ModelProperties& p) { p.simulation.baumgarteAlpha = v; }); });
  connect(m_sim.beta, &QuantityBox::siChanged, this, [this](double v) { commit("Baumgarte beta", [v](ModelProperties& p) { p.simulation.baumgarteBeta = v; }); });
  connect(m_sim.projectInitial, &QCheckBox::toggled, this, [this](bool on) { commit("initial state projection", [on](ModelProperties& p) { p.simulation.projectInitialState = on; }); });
  for (QuantityBox* b : m_sim.quantities()) connect(b, &QuantityBox::refused, this, &ModelPage::refused);
  connect(m_gravity, &Vec3Editor::refused, this, &ModelPage::refused);
  load();
}

void ModelPage::commit(const QString& field, const std::function<void(ModelProperties&)>& edit) {
  const ModelProperties before = ModelProperties::of(m_document->spec());
  ModelProperties after = before;
  edit(after);
  if (after.name == before.name && after.gravity == before.gravity && after.simulation == before.simulation) return;
  m_document->undoStack()->push(new EditModelCommand(m_document, before, after, field));
}

void ModelPage::load() {
  const ModelSpec& s = m_document->spec();
  const QSignalBlocker b1(m_name), b2(m_kind), b3(m_sim.every), b4(m_sim.integrator), b5(m_sim.solver), b6(m_sim.loopStabilisation),
      b7(m_sim.projectInitial);
  if (m_name->text() != QString::fromStdString(s.name)) {
    m_name->setText(QString::fromStdString(s.name));
    m_name->setCursorPosition(0);  // a long name shows its start
  }
  m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(s.kind)));
  m_gravity->setValue(s.gravity);
  m_gravity->setPlanar(s.kind == ModelKind::Planar);
  m_sim.show(s.simulation);
  setRowVisible(m_form, m_sim.stepRow, m_sim.showStepLimit(beamStepLimit(s), s.simulation));
  const bool adaptive = isAdaptive(s.simulation.integrator);
  setRowVisible(m_form, m_sim.rtol, adaptive);
  setRowVisible(m_form, m_sim.atol, adaptive);
  setRowVisible(m_form, m_sim.rhoInf, s.simulation.integrator == IntegratorKind::GeneralizedAlpha);
  const SpanningTree tree = chooseSpanningTree(s);
  int loops = 0;
  for (std::size_t i = 0; i < s.hinges.size(); ++i) loops += tree.rootHinge >= 0 && tree.cut[i];
  // The beams' joints are degrees of freedom too; so are the rows a loop repeats.
  const int dof = degreesOfFreedom(s, tree) + beamCoordinates(s) + (loops > 0 ? repeatedLoopRows(s) : 0);
  const long long frames = settingsProblems(s.simulation).empty() ? recordedFrameCount(s.simulation) : 0;
  auto counted = [](long long n, const QString& one, const QString& many) { return QString::number(n) + ' ' + (n == 1 ? one : many); };
  const QString loopText = loops == 0 ? QString() : ", " + counted(loops, tr("closed loop"), tr("closed loops"));
  m_summary->setText(tr("%1, %2%3, %4; %5 recorded instants.")
                         .arg(counted(static_cast<long long>(s.bodies.size()), tr("body"), tr("bodies")),
                              counted(static_cast<long long>(s.hinges.size()), tr("hinge"), tr("hinges")), loopText,
                              counted(dof, tr("degree of freedom"), tr("degrees of freedom")))
                         .arg(frames));
  for (QWidget* w : std::initializer_list<QWidget*>{m_sim.loopStabilisation, m_sim.alpha, m_sim.beta, m_sim.projectInitial})
    setRowVisible(m_form, w, loops > 0);
  m_contacts->load();
  m_rotor->load();
  m_measures->load();
}

}  // namespace mstmm::gui
