// Every editor action is one undo step that restores the model exactly: the
// serialized JSON (graph positions included) after undo equals the JSON
// before the action, and after redo the JSON after it. Spin-box drags merge
// into one step; invalid values are refused with the reason.

#include <QApplication>
#include <QComboBox>
#include <QCheckBox>
#include <QPushButton>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QtTest>
#include <Eigen/Geometry>
#include <numbers>

#include "core/analysis/rotor/campbell.hpp"
#include "core/generate/rotor_examples.hpp"
#include "core/generate/floating_examples.hpp"
#include "core/generate/generators.hpp"
#include "core/dynamics/loops/closure_projection.hpp"
#include "core/io/model_json.hpp"
#include "core/math/rotation.hpp"
#include "core/model/beam_step.hpp"
#include "core/model/model.hpp"
#include "gui/document/commands.hpp"
#include "gui/document/model_actions.hpp"
#include "gui/editor/topology_scene.hpp"
#include "core/dynamics/applied_loads.hpp"
#include "gui/properties/properties_panel.hpp"
#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"
#include "gui/properties/time_function_editor.hpp"
#include "gui/properties/time_function_preview.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;
using namespace mstmm::gui;

namespace {

std::string json(const ModelDocument& d) { return modelToJson(d.specForSaving()); }

/// Runs `action`, then checks that undo restores the JSON from before and
/// redo the JSON from after, and that it was exactly one undo step.
void checkUndoRedo(ModelDocument& doc, const std::function<void()>& action) {
  const std::string before = json(doc);
  const int steps = doc.undoStack()->count();
  action();
  const std::string after = json(doc);
  QVERIFY2(after != before, "the action changed nothing");
  QCOMPARE(doc.undoStack()->count(), steps + 1);
  doc.undoStack()->undo();
  QCOMPARE(json(doc), before);
  doc.undoStack()->redo();
  QCOMPARE(json(doc), after);
}

BodyId bodyNamed(const ModelDocument& doc, const std::string& name) {
  for (const BodySpec& b : doc.spec().bodies)
    if (b.name == name) return b.id;
  return BodyId{999999};
}

/// Selects exactly the body of that name (the properties panel shows it).
void selectOnly(ModelDocument& doc, const std::string& name) {
  Selection s;
  s.bodies.insert(bodyNamed(doc, name).value);
  doc.setSelection(s);
}

/// Selects the body of that name alone and returns its id.
BodyId selectBody(ModelDocument& doc, const std::string& name) {
  BodyId id;
  for (const BodySpec& b : doc.spec().bodies)
    if (b.name == name) id = b.id;
  Selection s;
  s.bodies.insert(id.value);
  doc.setSelection(s);
  return id;
}

/// Selects the hinge of that name alone and returns its id.
HingeId selectHinge(ModelDocument& doc, const std::string& name) {
  HingeId id;
  for (const HingeSpec& h : doc.spec().hinges)
    if (h.name == name) id = h.id;
  Selection s;
  s.hinges.insert(id.value);
  doc.setSelection(s);
  return id;
}

}  // namespace

class TestEditorCommands : public QObject {
  Q_OBJECT

 private slots:
  void addBody() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    checkUndoRedo(doc, [&] { mstmm::gui::addBody(&doc, QPointF(100, 200)); });
    QCOMPARE(doc.spec().bodies.size(), std::size_t(5));
    QCOMPARE(doc.position(doc.spec().bodies.back().id), QPointF(100, 200));
  }

  void connectToAFreeInputAndToANewOne() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    mstmm::gui::addBody(&doc, QPointF(0, 300));
    const BodyId added = doc.spec().bodies.back().id;
    // Body 3's only input I_1 is free: the hinge takes it.
    checkUndoRedo(doc, [&] { QCOMPARE(connectBodies(&doc, added, bodyNamed(doc, "3"), HingeType::Pin), QString()); });
    QCOMPARE(doc.spec().hinges.back().parentInput, 0);
    QVERIFY(doc.isValid());
    // Body 7's two inputs are taken: a third input end is added in the same step.
    mstmm::gui::addBody(&doc, QPointF(300, 300));
    const BodyId second = doc.spec().bodies.back().id;
    checkUndoRedo(doc, [&] { QCOMPARE(connectBodies(&doc, second, bodyNamed(doc, "7"), HingeType::Pin), QString()); });
    QCOMPARE(doc.body(bodyNamed(doc, "7"))->inputs.size(), std::size_t(3));
    QCOMPARE(doc.spec().hinges.back().parentInput, 2);
    QVERIFY(doc.isValid());
  }

  // Drawing a hinge from a body that already hangs from one closes a loop:
  // the hinge starts at a free input end of that body, its other end gets a
  // new input end at the same place, so the initial state closes the loop,
  // and the core cuts it.
  void drawingALoopClosesIt() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    const BodyId one = bodyNamed(doc, "1"), three = bodyNamed(doc, "3");
    checkUndoRedo(doc, [&] { QCOMPARE(connectBodies(&doc, one, three, HingeType::Pin), QString()); });
    const HingeSpec& loop = doc.spec().hinges.back();
    QCOMPARE(loop.childEnd, 0);  // body 1's free tip
    QCOMPARE(doc.body(three)->inputs.size(), std::size_t(2));
    QCOMPARE(loop.parentInput, 1);
    QVERIFY(doc.isValid());
    const auto model = compile(doc.spec());
    QCOMPARE(static_cast<int>(model->cuts().size()), 1);
    QCOMPARE(model->cuts().front().name, loop.name);
    Eigen::VectorXd y = initialState(*model);
    ClosureProjector(*model).requireClosed(y);  // the ends meet where they were drawn: would throw otherwise
    // A second ground connection closes a loop through the ground at the body's free end.
    checkUndoRedo(doc, [&] { QCOMPARE(attachToGround(&doc, bodyNamed(doc, "5"), HingeType::Pin), QString()); });
    const HingeSpec& ground = doc.spec().hinges.back();
    QVERIFY(ground.isGround() && ground.childEnd >= 0);
    const auto looped = compile(doc.spec());
    QCOMPARE(static_cast<int>(looped->cuts().size()), 2);
    ClosureProjector(*looped).requireClosed(initialState(*looped));
  }

  void deleteBodiesTakesTheirHingesAlong() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    selectOnly(doc, "5");  // holds hinge 8.2 (output) and 4 (input)
    checkUndoRedo(doc, [&] { QCOMPARE(deleteSelection(&doc), QString()); });
    QCOMPARE(doc.spec().bodies.size(), std::size_t(3));
    QCOMPARE(doc.spec().hinges.size(), std::size_t(2));
    QVERIFY(!doc.isValid());  // body 3 is left hanging from nothing, and it is shown
  }

  void moveNodes() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    const BodyId one = bodyNamed(doc, "1");
    QHash<quint32, QPointF> before{{one.value, doc.position(one)}}, after{{one.value, doc.position(one) + QPointF(55, -20)}};
    checkUndoRedo(doc, [&] { doc.undoStack()->push(new MoveNodesCommand(&doc, before, after)); });
    QCOMPARE(doc.position(one), before.value(one.value) + QPointF(55, -20));
  }

  void copyAndPasteASubgraph() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    Selection s;
    s.bodies = {bodyNamed(doc, "5").value, bodyNamed(doc, "3").value};
    doc.setSelection(s);
    const QString clip = copySelection(&doc);
    QVERIFY(!clip.isEmpty());
    checkUndoRedo(doc, [&] {
      QCOMPARE(mstmm::gui::paste(&doc, clip, QPointF(200, 0)), QString());
      QCOMPARE(doc.selection().bodies.size(), 2);  // the pasted bodies are selected
    });
    QCOMPARE(doc.spec().bodies.size(), std::size_t(6));
    // The hinge between them came along, renamed; the one to body 7 did not.
    QCOMPARE(doc.spec().hinges.size(), std::size_t(5));
    QVERIFY(bodyNamed(doc, "3_2").value != 999999 && bodyNamed(doc, "5_2").value != 999999);  // unique names
    QCOMPARE(doc.spec().hinges[4].name, std::string("4_2"));
    QCOMPARE(doc.spec().hinges[4].child, bodyNamed(doc, "3_2"));
    QCOMPARE(*doc.spec().hinges[4].parent, bodyNamed(doc, "5_2"));
  }

  void switchKindAndAutoLayout() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    checkUndoRedo(doc, [&] { QCOMPARE(setModelKind(&doc, ModelKind::Spatial), QString()); });
    QCOMPARE(doc.spec().hinges[0].type, HingeType::Ball);
    QCOMPARE(doc.spec().bodies[0].shape.type, ShapeType::Cylinder);
    QVERIFY(doc.isValid());
    const BodyId one = bodyNamed(doc, "1");
    doc.undoStack()->push(new MoveNodesCommand(&doc, {{one.value, doc.position(one)}}, {{one.value, QPointF(900, 900)}}));
    checkUndoRedo(doc, [&] { applyAutoLayout(&doc); });
  }

  // Issue 30: a refusal was written at the bottom of the Properties panel,
  // far from the field at its top. It now also stands right under the
  // field, and goes once a value is accepted.
  void aRefusalStandsUnderItsField() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    panel.resize(360, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    selectOnly(doc, "1");
    auto* length = panel.bodyPage()->findChild<QuantityBox*>("bodyLength");
    QVERIFY(length && length->isVisible());
    QString text = "-2 m";
    int pos = 0;
    QCOMPARE(length->validate(text, pos), QValidator::Intermediate);
    QLabel* note = panel.fieldNote();
    QVERIFY(note && note->isVisible());
    QVERIFY2(note->text().contains("must be a positive length"), qPrintable(note->text()));
    const QRect field(length->mapTo(&panel, QPoint(0, 0)), length->size());
    const QRect under = note->geometry();
    QVERIFY2(under.top() >= field.bottom() && under.top() <= field.bottom() + 6, qPrintable(QString("%1 under %2").arg(under.top()).arg(field.bottom())));
    QVERIFY(under.left() < field.right() && under.right() > field.left());  // beside it, not across the panel
    QDir().mkpath(QString(MSTMM_BINARY_DIR) + "/artifacts");
    panel.grab().save(QString(MSTMM_BINARY_DIR) + "/artifacts/refusal-under-its-field.png");  // to be looked at
    length->setValue(2.0);
    QVERIFY(!note->isVisible());
  }

  // Issue 55.9: the note floated over the next field and took its clicks.
  // A click on the next field, where the note covers it, goes to that field,
  // and the note goes with the focus.
  void aRefusalNoteLetsTheNextFieldBeClicked() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    panel.resize(360, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&panel));
    selectOnly(doc, "1");
    auto* length = panel.bodyPage()->findChild<QuantityBox*>("bodyLength");
    QVERIFY(length && length->isVisible());
    length->setFocus();
    QString text = "-2 m";
    int pos = 0;
    QCOMPARE(length->validate(text, pos), QValidator::Intermediate);
    QLabel* note = panel.fieldNote();
    QVERIFY(note->isVisible());
    // The visible field the note lies over.
    QWidget* next = nullptr;
    for (QWidget* w : panel.bodyPage()->findChildren<QWidget*>()) {
      if (w == length || !w->isVisible() || !(w->focusPolicy() & Qt::ClickFocus) || !w->isEnabled()) continue;
      const QRect r(w->mapTo(&panel, QPoint(0, 0)), w->size());
      if (r.intersects(note->geometry()) && r.top() > length->mapTo(&panel, QPoint(0, 0)).y() && (!next || r.top() < next->mapTo(&panel, QPoint(0, 0)).y())) next = w;
    }
    QVERIFY2(next, "the note covers no field here; the test needs one under it");
    const QRect over = QRect(next->mapTo(&panel, QPoint(0, 0)), next->size()).intersected(note->geometry());
    // Where a click there lands, as the window delivers it (the widget on top).
    QWidget* hit = panel.childAt(over.center());
    QVERIFY(hit);
    QTest::mouseClick(hit, Qt::LeftButton, {}, hit->mapFrom(&panel, over.center()));
    QTRY_VERIFY2(next->hasFocus() || next->isAncestorOf(QApplication::focusWidget()), qPrintable(next->objectName()));
    QTRY_VERIFY(!note->isVisible());
  }

  void spinBoxDragsMergeIntoOneStep() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    selectOnly(doc, "1");
    const std::string before = json(doc);
    const int steps = doc.undoStack()->count();
    auto* mass = panel.bodyPage()->findChildren<QuantityBox*>().at(0);  // the first is the mass
    QCOMPARE(mass->si(), 1.0);
    for (int k = 0; k < 5; ++k) mass->stepBy(1);  // holding the arrow: five changes
    QCOMPARE(doc.body(bodyNamed(doc, "1"))->shape.mass, 1.5);
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    doc.undoStack()->undo();
    QCOMPARE(json(doc), before);
  }

  void sliderIsEditedOnTheHingePage() {
    // Turning the demo's pin 8.1 into a slider: the page offers the slider,
    // gives it an axis in the plane, shows the slide fields, and every edit
    // is one undo step; the compiled model then has the slide as a state.
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    const HingeId id = selectHinge(doc, "8.1");
    HingePage* page = panel.hingePage();
    auto* type = page->findChildren<QComboBox*>().at(0);
    const int sliderIndex = type->findData(static_cast<int>(HingeType::Slider));
    QVERIFY(sliderIndex >= 0);
    checkUndoRedo(doc, [&] {
      type->setCurrentIndex(sliderIndex);
      emit type->activated(sliderIndex);
    });
    QCOMPARE(doc.hinge(id)->type, HingeType::Slider);
    QCOMPARE(doc.hinge(id)->axis, Vec3::UnitX());  // the pin's z axis is no slide axis in the plane
    auto* slideBox = page->findChild<QuantityBox*>("initialSlide");
    QVERIFY(slideBox && !slideBox->isHidden());
    checkUndoRedo(doc, [&] { slideBox->stepBy(3); });
    QVERIFY(doc.hinge(id)->slide != 0.0);
    QVERIFY(doc.isValid());
    const auto model = compile(doc.spec());
    QCOMPARE(model->sliderCount(), 1);
  }

  // Issue 13.7: a rod made longer carries the ends at its tip along (the
  // next hinge stays at the tip, not mid-rod); ends elsewhere stay; one
  // undo step restores both.
  void rodLengthCarriesItsTipEnds() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    auto* length = panel.bodyPage()->findChild<QuantityBox*>("bodyLength");
    QVERIFY(length);
    const BodyId one = selectBody(doc, "1");
    QCOMPARE(doc.body(one)->output, Vec3(1.0, 0.0, 0.0));
    checkUndoRedo(doc, [&] { length->setValue(1.5); });
    QCOMPARE(doc.body(one)->shape.length, 1.5);
    QCOMPARE(doc.body(one)->output, Vec3(1.5, 0.0, 0.0));
    // Body 7 hangs at its midpoint: its output stays there; its tip input moves.
    const BodyId seven = selectBody(doc, "7");
    const BodySpec before = *doc.body(seven);
    checkUndoRedo(doc, [&] { length->setValue(2.0); });
    QCOMPARE(doc.body(seven)->output, before.output);
    for (std::size_t k = 0; k < before.inputs.size(); ++k)
      QCOMPARE(doc.body(seven)->inputs[k], before.inputs[k] == Vec3(1.0, 0.0, 0.0) ? Vec3(2.0, 0.0, 0.0) : before.inputs[k]);
    QVERIFY(doc.isValid());
  }

  // Issue 13.9: the hinge page names hinge types as the connect menu does
  // (both from hingeTypeLabel); a refused value says why, also for NaN, and
  // the refusal goes once a valid value is accepted.
  void hingeTypeNamesAndRefusalsReadRight() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    selectHinge(doc, "8.1");
    auto* type = panel.hingePage()->findChildren<QComboBox*>().at(0);
    QStringList names;
    for (int i = 0; i < type->count(); ++i) names << type->itemText(i);
    QCOMPARE(names, (QStringList{"Pin", "Slider (prismatic)", "Point on a line", "Free (6 DOF; to the ground: a floating root)", "Weld (clamp)"}));
    ChainOptions o;
    o.bodies = 2;
    doc.newModel(generateChain(o));
    selectHinge(doc, doc.spec().hinges.front().name);
    names.clear();
    for (int i = 0; i < type->count(); ++i) names << type->itemText(i);
    QCOMPARE(names, (QStringList{"Ball-and-socket", "Revolute", "Universal (Cardan)", "Cylindrical", "Slider (prismatic)",
                                 "Planar (slides in a plane, turns about its normal)", "Point on a line", "Free (6 DOF; to the ground: a floating root)",
                                 "Screw (helical: turns and slides along one axis)", "Weld (clamp)"}));

    doc.newModel(riccatiDemo());
    const BodyId one = selectBody(doc, "1");
    auto* length = panel.bodyPage()->findChild<QuantityBox*>("bodyLength");
    QString text = "-2 m";
    int pos = 0;
    QCOMPARE(length->validate(text, pos), QValidator::Intermediate);
    QVERIFY2(panel.refusalText().contains("must be a positive length"), qPrintable(panel.refusalText()));
    length->setValue(2.0);  // a valid value accepted
    QCOMPARE(doc.body(one)->shape.length, 2.0);
    QVERIFY(panel.refusalText().isEmpty());
    text = "nan m";
    QCOMPARE(length->validate(text, pos), QValidator::Intermediate);
    QVERIFY2(panel.refusalText().contains("'nan' is not a finite number"), qPrintable(panel.refusalText()));
    // Typed key by key, "nan" reaches the field: its first letters are the
    // start of a word QLocale reads, not "'n' is not a number" (issue 30).
    for (const char* typed : {"n m", "na m", "i m", "inf m", "-in m", "infin m"}) {
      text = typed;
      QCOMPARE(length->validate(text, pos), QValidator::Intermediate);
    }
    text = "1x";
    QCOMPARE(length->validate(text, pos), QValidator::Invalid);
    QVERIFY2(panel.refusalText().contains("'1x' is not a number"), qPrintable(panel.refusalText()));
  }

  // Issue 13.9: a spatial body's initial orientation can be given relative
  // to its parent body: with body 3 turned, entering yaw 30 deg relative to
  // it stores A_2 = A_3 Rz(30 deg) (checked with Eigen's own rotations), and
  // the page shows the relative angles back.
  void initialOrientationRelativeToTheParent() {
    ChainOptions o;
    o.bodies = 3;
    ModelDocument doc;
    doc.newModel(generateChain(o));
    PropertiesPanel panel(&doc);
    const BodyId three = selectBody(doc, "3");
    const Eigen::Quaterniond turn = Eigen::Quaterniond(Eigen::AngleAxisd(0.4, Vec3(1, 2, 3).normalized()));
    {
      BodySpec b = *doc.body(three);
      b.orientation = Quat(turn.w(), turn.x(), turn.y(), turn.z());
      doc.undoStack()->push(new EditBodyCommand(&doc, *doc.body(three), b, "orientation"));
    }
    const BodyId two = selectBody(doc, "2");
    auto* frame = panel.bodyPage()->findChild<QComboBox*>("orientationFrame");
    QVERIFY(frame && !frame->isHidden());
    frame->setCurrentIndex(1);
    auto* cardan = panel.bodyPage()->findChildren<Vec3Editor*>().at(0);
    for (Vec3Editor* v : panel.bodyPage()->findChildren<Vec3Editor*>())
      if (v->box(0)->toolTip() == "yaw about z") cardan = v;
    cardan->box(1)->setValue(0.0);
    cardan->box(2)->setValue(0.0);
    cardan->box(0)->setValue(30.0);  // degrees (the default unit)
    const Quat stored = doc.body(two)->orientation;
    const Mat3 expected = (turn * Eigen::AngleAxisd(30.0 * std::numbers::pi / 180.0, Vec3::UnitZ())).toRotationMatrix();
    QVERIFY2((rotationFromQuaternion(stored) - expected).norm() < 1e-9, qPrintable(QString::number((rotationFromQuaternion(stored) - expected).norm())));
    QVERIFY(std::abs(cardan->box(0)->value() - 30.0) < 1e-9);  // shown relative
    frame->setCurrentIndex(0);  // back to world axes: the same orientation, other numbers
    QVERIFY(std::abs(cardan->box(0)->value() - 30.0) > 1e-3);
    QCOMPARE(doc.body(two)->orientation, stored);
  }

  void loadsOnTheCoordinatesOfAHingeWithSeveralAreEditedOnTheHingePage() {
    // The cylindrical hinge 5-4 of the eight-body system: the coordinate is
    // chosen above the fields; a torsion spring on its angle and a motion on
    // its slide are each one undo step, the slide's fields carry slide units,
    // and the compiled model then has one entry per loaded coordinate.
    ModelDocument doc;
    doc.newModel(generateEightBodySystem(false));
    const int dofBefore = compile(doc.spec())->degreesOfFreedom();
    PropertiesPanel panel(&doc);
    const HingeId id = selectHinge(doc, "5-4");
    HingePage* page = panel.hingePage();
    auto* coordinate = page->findChild<QComboBox*>("loadsCoordinate");
    QVERIFY(coordinate && !coordinate->isHidden());
    QCOMPARE(coordinate->count(), 2);
    QCOMPARE(coordinate->currentData().toString(), QString("slide"));
    const int angle = coordinate->findData(QString("angle"));
    coordinate->setCurrentIndex(angle);
    emit coordinate->activated(angle);
    coordinate = page->findChild<QComboBox*>("loadsCoordinate");  // the section is built anew for an angle's units
    QCOMPARE(coordinate->currentData().toString(), QString("angle"));
    auto* spring = page->findChild<QCheckBox*>("springEnabled");
    QVERIFY(spring && !spring->isChecked());
    checkUndoRedo(doc, [&] { spring->setChecked(true); });
    auto* stiffness = page->findChild<QuantityBox*>("springStiffness");
    QVERIFY2(stiffness->suffix().contains("N m/rad"), qPrintable(stiffness->suffix()));
    checkUndoRedo(doc, [&] { stiffness->setSi(2.5), emit stiffness->siChanged(2.5); });
    const HingeSpec& h = *doc.hinge(id);
    QCOMPARE(h.coordinateLoads.size(), std::size_t(1));
    QCOMPARE(h.coordinateLoads.front().coordinate, std::string("angle"));
    QCOMPARE(h.coordinateLoads.front().loads.spring->stiffness, 2.5);
    QVERIFY(h.loads.empty());
    QVERIFY(coordinate->itemText(angle).contains("loaded"));
    const int slide = coordinate->findData(QString("slide"));
    coordinate->setCurrentIndex(slide);
    emit coordinate->activated(slide);
    QVERIFY(!page->findChild<QCheckBox*>("springEnabled")->isChecked());  // the slide has no spring
    QVERIFY(page->findChild<QuantityBox*>("springStiffness")->suffix().contains("N/m"));
    auto* motion = page->findChild<QCheckBox*>("motionEnabled");
    checkUndoRedo(doc, [&] { motion->setChecked(true); });
    QCOMPARE(doc.hinge(id)->coordinateLoads.size(), std::size_t(2));
    QCOMPARE(doc.hinge(id)->coordinateLoads.front().coordinate, std::string("slide"));  // in the order of the coordinates
    QVERIFY2(doc.isValid(), "the motion starts at the slide's initial value and rate");
    const auto model = compile(doc.spec());
    QCOMPARE(model->degreesOfFreedom(), dofBefore - 1);
    QCOMPARE(model->loads().hinges.size(), std::size_t(2));
    QCOMPARE(model->loads().hinges[0].name, std::string("5-4.slide"));
    QCOMPARE(model->loads().hinges[1].name, std::string("5-4.angle"));
    // Removing the slide's motion leaves no empty entry behind.
    checkUndoRedo(doc, [&] { page->findChild<QCheckBox*>("motionEnabled")->setChecked(false); });
    QCOMPARE(doc.hinge(id)->coordinateLoads.size(), std::size_t(1));
  }

  void springDamperAndStopsAreEditedOnTheHingePage() {
    // The demo's pin 8.1 gets a spring-damper and stops from the hinge page:
    // each toggle and each value is one undo step, the compiled model then
    // carries them, and a run records them.
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    const HingeId id = selectHinge(doc, "8.1");
    HingePage* page = panel.hingePage();
    auto* spring = page->findChild<QCheckBox*>("springEnabled");
    QVERIFY(spring && !spring->isChecked());
    checkUndoRedo(doc, [&] { spring->setChecked(true); });
    QVERIFY(doc.hinge(id)->loads.spring.has_value());
    auto* stiffness = page->findChild<QuantityBox*>("springStiffness");
    auto* damping = page->findChild<QuantityBox*>("springDamping");
    QVERIFY(stiffness && !stiffness->isHidden() && damping && !damping->isHidden());
    checkUndoRedo(doc, [&] { stiffness->stepBy(5); });
    checkUndoRedo(doc, [&] { damping->stepBy(2); });
    const double c = doc.hinge(id)->loads.spring->damping;
    QVERIFY(doc.hinge(id)->loads.spring->stiffness > 0.0 && c > 0.0);
    // Stepping below zero is refused with the reason; nothing negative is committed.
    for (int k = 0; k < 40 && panel.lastRefusal().isEmpty(); ++k) damping->stepBy(-1);
    QCOMPARE(panel.lastRefusal(), QString("must not be negative"));
    QVERIFY(doc.hinge(id)->loads.spring->damping >= 0.0);
    auto* stops = page->findChild<QCheckBox*>("stopsEnabled");
    checkUndoRedo(doc, [&] { stops->setChecked(true); });
    auto* upper = page->findChild<QuantityBox*>("stopUpper");
    QVERIFY(upper && !upper->isHidden());
    checkUndoRedo(doc, [&] { upper->setSi(0.5), emit upper->siChanged(0.5); });
    QCOMPARE(doc.hinge(id)->loads.stops->upper.value(), 0.5);
    QVERIFY(doc.isValid());
    const auto model = compile(doc.spec());
    QVERIFY(model->hasLoads());
    QCOMPARE(model->loads().hinges.front().name, std::string("8.1"));
    checkUndoRedo(doc, [&] { spring->setChecked(false); });
    QVERIFY(!doc.hinge(id)->loads.spring.has_value());
  }

  void armatureIsEditedOnTheHingePageWithItsUnits() {
    // The demo's pin 8.1 takes a rotor of 0.3 kg m^2 in one undo step, which
    // the compiled model carries; the cylindrical hinge 5-4 of the
    // eight-body system takes one on its slide, in kg.
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    const HingeId id = selectHinge(doc, "8.1");
    auto* armature = panel.hingePage()->findChild<QuantityBox*>("armature");
    QVERIFY(armature && !armature->isHidden());
    QVERIFY2(armature->suffix().contains("kg·m²"), qPrintable(armature->suffix()));
    checkUndoRedo(doc, [&] { armature->setSi(0.3), emit armature->siChanged(0.3); });
    QCOMPARE(doc.hinge(id)->loads.armature, 0.3);
    QVERIFY(doc.isValid());
    const auto model = compile(doc.spec());
    QCOMPARE(model->loads().hinges.size(), std::size_t(1));
    QCOMPARE(model->loads().hinges.front().name, std::string("8.1"));
    QCOMPARE(model->loads().hinges.front().armature, 0.3);
    doc.undoStack()->undo();  // a hinge whose only load was its rotor has none again
    QVERIFY(doc.hinge(id)->loads.empty());

    ModelDocument eight;
    eight.newModel(generateEightBodySystem(false));
    PropertiesPanel eightPanel(&eight);
    const HingeId cylindrical = selectHinge(eight, "5-4");
    auto* slideArmature = eightPanel.hingePage()->findChild<QuantityBox*>("armature");
    QCOMPARE(eightPanel.hingePage()->findChild<QComboBox*>("loadsCoordinate")->currentData().toString(), QString("slide"));
    QVERIFY2(slideArmature->suffix().trimmed().endsWith("kg"), qPrintable(slideArmature->suffix()));
    checkUndoRedo(eight, [&] { slideArmature->setSi(1.5), emit slideArmature->siChanged(1.5); });
    QCOMPARE(eight.hinge(cylindrical)->coordinateLoads.front().coordinate, std::string("slide"));
    QCOMPARE(eight.hinge(cylindrical)->coordinateLoads.front().loads.armature, 1.5);
  }

  void actuatorAndPrescribedMotionAreEditedOnTheHingePage() {
    // Pin 8.1 of the demo gets a PD servo tracking a sine, then a prescribed
    // motion instead (a hinge is actuated or driven, not both), whose function
    // becomes a table imported from CSV: each step one undo step, the
    // previews drawn from the functions as the solver evaluates them.
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    const int dofBefore = compile(doc.spec())->degreesOfFreedom();
    PropertiesPanel panel(&doc);
    const HingeId id = selectHinge(doc, "8.1");
    HingePage* page = panel.hingePage();
    auto* actuator = page->findChild<QCheckBox*>("actuatorEnabled");
    QVERIFY(actuator && !actuator->isChecked());
    checkUndoRedo(doc, [&] { actuator->setChecked(true); });
    QVERIFY(doc.hinge(id)->loads.actuator.has_value());
    auto* kind = page->findChild<QComboBox*>("actuatorKind");
    const int servo = kind->findData(static_cast<int>(ActuatorKind::Servo));
    checkUndoRedo(doc, [&] {
      kind->setCurrentIndex(servo);
      emit kind->activated(servo);
    });
    QCOMPARE(doc.hinge(id)->loads.actuator->kind, ActuatorKind::Servo);
    auto* reference = page->findChild<TimeFunctionEditor*>("actuatorReference");
    QVERIFY(reference && !reference->isHidden());
    auto* function = reference->findChild<QComboBox*>("functionKind");
    const int sine = function->findData(static_cast<int>(TimeFunctionKind::Sine));
    checkUndoRedo(doc, [&] {
      function->setCurrentIndex(sine);
      emit function->activated(sine);
    });
    auto* amplitude = reference->findChild<QuantityBox*>("functionAmplitude");
    auto* frequency = reference->findChild<QuantityBox*>("functionFrequency");
    QVERIFY(amplitude && !amplitude->isHidden() && frequency && !frequency->isHidden());
    checkUndoRedo(doc, [&] { amplitude->setSi(0.3), emit amplitude->siChanged(0.3); });
    checkUndoRedo(doc, [&] { frequency->setSi(1.0), emit frequency->siChanged(1.0); });
    auto* kp = page->findChild<QuantityBox*>("actuatorKp");
    checkUndoRedo(doc, [&] { kp->setSi(40.0), emit kp->siChanged(40.0); });
    const HingeActuatorSpec& a = *doc.hinge(id)->loads.actuator;
    QCOMPARE(a.reference.kind, TimeFunctionKind::Sine);
    QCOMPARE(a.reference.amplitude, 0.3);
    QCOMPARE(a.kp, 40.0);
    // 10 periods in the demo's 10 s at 40 samples each: the peaks within 0.3 (1 - cos(pi/40)).
    const TimeFunctionPreview* preview = reference->preview();
    QVERIFY(preview->refusal().isEmpty());
    QVERIFY(std::abs(preview->highest() - 0.3) < 1e-3 && std::abs(preview->lowest() + 0.3) < 1e-3);
    QVERIFY(doc.isValid());
    QVERIFY(compile(doc.spec())->hasLoads());

    // A prescribed motion replaces the actuator and starts where the pin is:
    // a ramp through the initial angle theta_8 - theta_parent and its rate.
    auto* motion = page->findChild<QCheckBox*>("motionEnabled");
    checkUndoRedo(doc, [&] { motion->setChecked(true); });
    const HingeSpec& h = *doc.hinge(id);
    QVERIFY(!h.loads.actuator.has_value() && h.loads.motion.has_value());
    const BodySpec& tip = *doc.body(h.child);
    const BodySpec& root = *doc.body(*h.parent);
    QCOMPARE(h.loads.motion->kind, TimeFunctionKind::Ramp);
    QCOMPARE(h.loads.motion->value, tip.theta - root.theta);
    QCOMPARE(h.loads.motion->slope, tip.thetaDot - root.thetaDot);
    QVERIFY(doc.isValid());
    QCOMPARE(compile(doc.spec())->degreesOfFreedom(), dofBefore - 1);
    // A jump is no motion: the preview says why rather than drawing it.
    auto* motionEditor = page->findChild<TimeFunctionEditor*>("motionFunction");
    auto* motionKind = motionEditor->findChild<QComboBox*>("functionKind");
    const int step = motionKind->findData(static_cast<int>(TimeFunctionKind::Step));
    checkUndoRedo(doc, [&] {
      motionKind->setCurrentIndex(step);
      emit motionKind->activated(step);
    });
    QVERIFY(motionEditor->preview()->refusal().contains("jump"));
    QVERIFY(!doc.isValid());
    // A table from CSV: header and comment skipped, three rows read.
    QTemporaryDir dir;
    const QString csv = dir.filePath("motion.csv");
    QFile file(csv);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("# from the test bench\nt [s],angle [rad]\n0,0.5\n1,0.7\n2.5,0.6\n");
    file.close();
    checkUndoRedo(doc, [&] { motionEditor->importTable(csv); });
    QCOMPARE(doc.hinge(id)->loads.motion->kind, TimeFunctionKind::Table);
    const std::vector<std::pair<double, double>> expected{{0.0, 0.5}, {1.0, 0.7}, {2.5, 0.6}};
    QCOMPARE(doc.hinge(id)->loads.motion->points, expected);
    // A file that is not a table is refused with the file and line; nothing changes.
    const QString bad = dir.filePath("bad.csv");
    QFile badFile(bad);
    QVERIFY(badFile.open(QIODevice::WriteOnly));
    badFile.write("0,1\n1\n");
    badFile.close();
    const std::string before = json(doc);
    motionEditor->importTable(bad);
    QVERIFY(panel.lastRefusal().contains("line 2"));
    QCOMPARE(json(doc), before);
  }

  void strutsAreCreatedEditedAndDeletedAsOneStepEach() {
    // A spring-damper joined by the connecting drag's "Spring-damper (strut)"
    // (addStrut) between bodies 1 and 3 of the demo: drawn as its own item in
    // the graph, starting unloaded, edited on its page, following a renamed
    // body, and deleted with its body.
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    TopologyScene scene(&doc);
    PropertiesPanel panel(&doc);
    checkUndoRedo(doc, [&] { QCOMPARE(addStrut(&doc, bodyNamed(doc, "1"), bodyNamed(doc, "3")), QString()); });
    QCOMPARE(doc.spec().springs.size(), std::size_t{1});
    QCOMPARE(scene.strutItems().size(), 1);
    doc.undoStack()->undo();  // once more, to see what the drag leaves selected: the new strut, its page shown
    QCOMPARE(addStrut(&doc, bodyNamed(doc, "1"), bodyNamed(doc, "3")), QString());
    QVERIFY(scene.strutItems().front()->isSelected());
    QVERIFY(doc.isValid());
    {  // unloaded at the start: the core measures its length as its rest length
      const auto model = compile(doc.spec());
      AppliedLoads loads(*model);
      loads.evaluate(0.0, initialState(*model));
      QVERIFY(std::abs(loads.struts().front().length - doc.spec().springs.front().restLength) < 1e-12);
      QVERIFY(loads.struts().front().length > 0.1);
    }
    StrutPage* page = panel.strutPage();
    auto* stiffness = page->findChild<QuantityBox*>("strutStiffness");
    QVERIFY(stiffness && stiffness->isVisibleTo(&panel));
    checkUndoRedo(doc, [&] { stiffness->setSi(2500.0), emit stiffness->siChanged(2500.0); });
    QCOMPARE(doc.spec().springs.front().stiffness, 2500.0);
    auto* bodyB = page->findChild<QComboBox*>("strutBodyB");
    checkUndoRedo(doc, [&] {
      bodyB->setCurrentIndex(0);  // the ground
      emit bodyB->activated(0);
    });
    QVERIFY(doc.spec().springs.front().groundB());
    QCOMPARE(scene.strutItems().size(), 1);
    const int three = bodyB->findText("3");
    checkUndoRedo(doc, [&] {  // and back to body 3
      bodyB->setCurrentIndex(three);
      emit bodyB->activated(three);
    });
    // Renaming body 3 renames the strut's end with it, in the same step.
    const BodySpec before = *doc.body(bodyNamed(doc, "3"));
    BodySpec after = before;
    after.name = "three";
    checkUndoRedo(doc, [&] { doc.undoStack()->push(new EditBodyCommand(&doc, before, after, "name")); });
    QCOMPARE(doc.spec().springs.front().bodyB, std::string("three"));
    QVERIFY(doc.isValid());
    // Deleting body 1 takes its strut along: one step.
    selectOnly(doc, "1");
    checkUndoRedo(doc, [&] { QCOMPARE(deleteSelection(&doc), QString()); });
    QVERIFY(doc.spec().springs.empty());
    QCOMPARE(scene.strutItems().size(), 0);
  }

  void aRootIsSetFreeAndAHingeMadeUniversalInOneStepEach() {
    // The demo's ground hinge '9' made free (the system floats): one step,
    // its translation fields shown and edited; then a spatial chain's hinge
    // made universal with its second axis.
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    selectHinge(doc, "9");
    auto* type = panel.hingePage()->findChildren<QComboBox*>().at(0);
    const int free = type->findData(static_cast<int>(HingeType::Free));
    checkUndoRedo(doc, [&] {
      type->setCurrentIndex(free);
      emit type->activated(free);
    });
    QVERIFY(doc.isValid());
    auto* translation = panel.hingePage()->findChild<Vec3Editor*>("initialTranslation");
    QVERIFY(translation && translation->isVisibleTo(&panel));
    checkUndoRedo(doc, [&] { emit translation->valueChanged(Vec3(0.0, 1.0, 0.0)); });
    QCOMPARE(doc.spec().hinges.back().translation.y(), 1.0);
    QCOMPARE(compile(doc.spec())->degreesOfFreedom(), 6);  // the 4 rods' angles and the free root's x, y
    ChainOptions o;
    o.bodies = 2;
    doc.newModel(generateChain(o));
    selectHinge(doc, doc.spec().hinges.back().name);
    const int universal = type->findData(static_cast<int>(HingeType::Universal));
    checkUndoRedo(doc, [&] {
      type->setCurrentIndex(universal);
      emit type->activated(universal);
    });
    auto* axis2 = panel.hingePage()->findChild<Vec3Editor*>("axis2");
    QVERIFY(axis2 && axis2->isVisibleTo(&panel));
    checkUndoRedo(doc, [&] { emit axis2->valueChanged(Vec3(0.0, 1.0, 0.0)); });
    QCOMPARE(doc.spec().hinges.back().axis2, Vec3(0.0, 1.0, 0.0));
  }

  void contactsAndTheGroundAreEditedAsOneStepEach() {
    // On the model page (nothing selected): a contact added on the demo's
    // first body, its stiffness, law and body changed, the ground tilted and
    // given a bump, the contact following a renamed body and deleted with
    // its body; each one undo step, and the model stays valid.
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    doc.setSelection({});
    auto* add = panel.modelPage()->findChild<QPushButton*>("addContact");
    QVERIFY(add && add->isVisibleTo(&panel));
    checkUndoRedo(doc, [&] { add->click(); });
    QCOMPARE(doc.spec().contacts.size(), std::size_t{1});
    const std::string first = doc.spec().bodies.front().name;
    QCOMPARE(doc.spec().contacts.front().body, first);
    QVERIFY(doc.isValid());
    auto* stiffness = panel.modelPage()->findChild<QuantityBox*>("contactStiffness");
    QVERIFY(stiffness && stiffness->isVisibleTo(&panel));
    checkUndoRedo(doc, [&] { stiffness->setSi(5e4), emit stiffness->siChanged(5e4); });
    QCOMPARE(doc.spec().contacts.front().stiffness, 5e4);
    auto* law = panel.modelPage()->findChild<QComboBox*>("contactLaw");
    checkUndoRedo(doc, [&] {
      law->setCurrentIndex(1);
      emit law->activated(1);
    });
    QVERIFY(doc.spec().contacts.front().law == ContactLaw::HuntCrossley);
    auto* body = panel.modelPage()->findChild<QComboBox*>("contactBody");
    const int three = body->findText("3");
    checkUndoRedo(doc, [&] {
      body->setCurrentIndex(three);
      emit body->activated(three);
    });
    QCOMPARE(doc.spec().contacts.front().body, std::string("3"));
    auto* road = panel.modelPage()->findChild<QComboBox*>("roadKind");
    const int bump = road->findData(static_cast<int>(RoadKind::Bump));
    checkUndoRedo(doc, [&] {
      road->setCurrentIndex(bump);
      emit road->activated(bump);
    });
    QVERIFY(doc.spec().ground.road.kind == RoadKind::Bump);
    auto* height = panel.modelPage()->findChild<QuantityBox*>("roadHeight");
    QVERIFY(height && height->isVisibleTo(&panel));
    checkUndoRedo(doc, [&] { height->setSi(0.1), emit height->siChanged(0.1); });
    QCOMPARE(doc.spec().ground.road.height, 0.1);
    QVERIFY(doc.isValid());
    // Renaming body 3 renames the contact's body in the same step.
    const BodySpec before = *doc.body(bodyNamed(doc, "3"));
    BodySpec after = before;
    after.name = "three";
    checkUndoRedo(doc, [&] { doc.undoStack()->push(new EditBodyCommand(&doc, before, after, "name")); });
    QCOMPARE(doc.spec().contacts.front().body, std::string("three"));
    // Deleting the body takes its contact along: one step.
    selectOnly(doc, "three");
    checkUndoRedo(doc, [&] { QCOMPARE(deleteSelection(&doc), QString()); });
    QVERIFY(doc.spec().contacts.empty());
    doc.setSelection({});
    auto* remove = panel.modelPage()->findChild<QPushButton*>("removeContact");
    QVERIFY(!remove->isEnabled());
  }

  // Issue 54: bearings and unbalances on the model page. On the Jeffcott
  // rotor, the bearing removed and a new one added on the disk, its kyy and
  // cross-coupling set, an unbalance added and given a mass; each one undo
  // step; the disk renamed takes both along, and deleting it takes both
  // away in one step. The edited model's criticals are sqrt(kxx/m) and
  // sqrt(kyy/m) less the damping's share (docs/rotors.md R8).
  void bearingsAndUnbalancesAreEditedAsOneStepEach() {
    ModelDocument doc;
    doc.newModel(generateJeffcottRotor());
    PropertiesPanel panel(&doc);
    doc.setSelection({});
    auto* remove = panel.modelPage()->findChild<QPushButton*>("removeBearing");
    QVERIFY(remove && remove->isEnabled());
    checkUndoRedo(doc, [&] { remove->click(); });
    QVERIFY(doc.spec().bearings.empty());
    auto* add = panel.modelPage()->findChild<QPushButton*>("addBearing");
    checkUndoRedo(doc, [&] { add->click(); });
    QCOMPARE(doc.spec().bearings.size(), std::size_t{1});
    QCOMPARE(doc.spec().bearings.front().body, std::string("disk"));
    auto* kyy = panel.modelPage()->findChild<QuantityBox*>("bearing_kyy");
    QVERIFY(kyy && kyy->isVisibleTo(&panel));
    checkUndoRedo(doc, [&] { kyy->setSi(2.5e6), emit kyy->siChanged(2.5e6); });
    QCOMPARE(doc.spec().bearings.front().coefficients[3], std::vector<double>{2.5e6});
    auto* kxy = panel.modelPage()->findChild<QuantityBox*>("bearing_kxy");
    checkUndoRedo(doc, [&] { kxy->setSi(-3e3), emit kxy->siChanged(-3e3); });  // cross terms take either sign
    QCOMPARE(doc.spec().bearings.front().coefficients[1], std::vector<double>{-3e3});
    kxy->setSi(0.0), emit kxy->siChanged(0.0);
    auto* kxx = panel.modelPage()->findChild<QuantityBox*>("bearing_kxx");
    QSignalSpy refused(kxx, &QuantityBox::refused);
    kxx->selectAll();
    QTest::keyClicks(kxx, "-5");
    QTest::keyClick(kxx, Qt::Key_Return);
    QVERIFY(refused.count() >= 1);  // a direct stiffness is never negative: refused, the model kept
    QCOMPARE(doc.spec().bearings.front().coefficients[0], std::vector<double>{1e6});
    auto* addUnbalance = panel.modelPage()->findChild<QPushButton*>("addUnbalance");
    QVERIFY(panel.modelPage()->findChild<QPushButton*>("removeUnbalance")->isEnabled());  // the example's own
    checkUndoRedo(doc, [&] { addUnbalance->click(); });
    QCOMPARE(doc.spec().unbalances.size(), std::size_t{2});
    auto* pick = panel.modelPage()->findChild<QComboBox*>("unbalancePick");
    QCOMPARE(pick->count(), 2);
    pick->setCurrentIndex(1);
    emit pick->activated(1);
    auto* mass = panel.modelPage()->findChild<QuantityBox*>("unbalanceMass");
    checkUndoRedo(doc, [&] { mass->setSi(0.02), emit mass->siChanged(0.02); });
    QCOMPARE(doc.spec().unbalances.back().mass, 0.02);
    QVERIFY(doc.isValid());
    const RotorAtSpeed rotor(doc.spec(), {"spin", ""});
    CampbellOptions options;
    for (int i = 0; i <= 8; ++i) options.speeds.push_back(100.0 * i);
    options.modes = 2;
    const std::vector<CriticalSpeed> critical = criticalSpeeds(rotor, campbellDiagram(rotor, options));
    QCOMPARE(critical.size(), std::size_t{2});
    const double m = 10.0, c = 100.0;  // the disk; the new bearing's damping
    QVERIFY(std::abs(critical[0].speed / std::sqrt(1e6 / m - c * c / (4 * m * m)) - 1.0) < 1e-9);
    QVERIFY(std::abs(critical[1].speed / std::sqrt(2.5e6 / m - c * c / (4 * m * m)) - 1.0) < 1e-9);
    // Renamed, the disk takes its bearing and unbalances along; deleted, it takes them away.
    const BodySpec before = *doc.body(bodyNamed(doc, "disk"));
    BodySpec after = before;
    after.name = "rotor";
    checkUndoRedo(doc, [&] { doc.undoStack()->push(new EditBodyCommand(&doc, before, after, "name")); });
    QCOMPARE(doc.spec().bearings.front().body, std::string("rotor"));
    QCOMPARE(doc.spec().unbalances.back().body, std::string("rotor"));
    selectOnly(doc, "rotor");
    checkUndoRedo(doc, [&] { QCOMPARE(deleteSelection(&doc), QString()); });
    QVERIFY(doc.spec().bearings.empty() && doc.spec().unbalances.empty());
  }

  // Issue 55: named measures on the model page. On the demo, a measure added
  // on the selected body, made an angle against another body, given a
  // point, each one undo step; a run records it, and the angle is
  // theta_body - theta_reference (states of their own) up to whole turns.
  // The body renamed takes it along; deleted, takes it away in one step.
  void measuresAreEditedAsOneStepEachAndRecorded() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    const std::string body = doc.spec().bodies[2].name, reference = doc.spec().bodies[1].name;
    doc.setSelection({});  // the model page; a new measure goes on the first body
    auto* add = panel.modelPage()->findChild<QPushButton*>("addMeasure");
    QVERIFY(add && add->isVisibleTo(&panel));
    QVERIFY(!panel.modelPage()->findChild<QPushButton*>("removeMeasure")->isEnabled());
    checkUndoRedo(doc, [&] { add->click(); });
    QCOMPARE(doc.spec().measures.size(), std::size_t{1});
    QCOMPARE(doc.spec().measures.front().body, doc.spec().bodies.front().name);
    QCOMPARE(doc.spec().measures.front().kind, MeasureKind::Position);
    auto* measured = panel.modelPage()->findChild<QComboBox*>("measureBody");
    const int at = measured->findText(QString::fromStdString(body));
    checkUndoRedo(doc, [&] { measured->setCurrentIndex(at), emit measured->activated(at); });
    QCOMPARE(doc.spec().measures.front().body, body);
    auto* kind = panel.modelPage()->findChild<QComboBox*>("measureKind");
    const int angle = kind->findData(static_cast<int>(MeasureKind::Angle));
    checkUndoRedo(doc, [&] { kind->setCurrentIndex(angle), emit kind->activated(angle); });
    QCOMPARE(doc.spec().measures.front().kind, MeasureKind::Angle);
    auto* ref = panel.modelPage()->findChild<QComboBox*>("measureReference");
    const int r = ref->findText(QString::fromStdString(reference));
    checkUndoRedo(doc, [&] { ref->setCurrentIndex(r), emit ref->activated(r); });
    QCOMPARE(doc.spec().measures.front().relativeTo, reference);
    auto* name = panel.modelPage()->findChild<QLineEdit*>("measureName");
    checkUndoRedo(doc, [&] { name->setText("bend"), emit name->editingFinished(); });
    QCOMPARE(doc.spec().measures.front().name, std::string("bend"));
    QVERIFY(doc.isValid());
    // Recorded by a run: theta_body - theta_reference, up to whole turns.
    const auto model = compile(doc.spec());
    Results results(*model);
    SimulationSettings settings = doc.spec().simulation;
    settings.endTime = 0.5;
    simulate(model, settings, results);
    const int a = results.slotOf(model->bodyByName(body)), b = results.slotOf(model->bodyByName(reference));
    QCOMPARE(results.measureChannels().size(), std::size_t{1});
    for (int f = 0; f < results.frameCount(); f += 10) {
      const double off = results.measureValue(f, 0) - (results.theta(f, a) - results.theta(f, b));
      QVERIFY2(std::abs(std::remainder(off, 2.0 * std::numbers::pi)) < 1e-9, qPrintable(QString::number(off)));
    }
    // Renamed, the body takes its measure along; deleted, takes it away.
    const BodySpec before = *doc.body(bodyNamed(doc, reference));
    BodySpec after = before;
    after.name = "frame";
    checkUndoRedo(doc, [&] { doc.undoStack()->push(new EditBodyCommand(&doc, before, after, "name")); });
    QCOMPARE(doc.spec().measures.front().relativeTo, std::string("frame"));
    selectOnly(doc, "frame");
    checkUndoRedo(doc, [&] { QCOMPARE(deleteSelection(&doc), QString()); });
    QVERIFY(doc.spec().measures.empty());
  }

  // Issue 28: a body becomes an elastic beam and back, and each of its
  // fields is edited, one undo step each; the model compiles into pieces.
  void aBodyBecomesABeamEditedOnTheBodyPage() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    BodyPage* page = panel.bodyPage();
    const BodyId one = selectBody(doc, "1");
    auto* shape = page->findChildren<QComboBox*>().front();
    const int beamItem = shape->findText("elastic beam");
    QVERIFY(beamItem >= 0);
    checkUndoRedo(doc, [&] {
      shape->setCurrentIndex(beamItem);
      emit shape->activated(beamItem);
    });
    QVERIFY(doc.body(one)->beam.has_value());
    QCOMPARE(doc.body(one)->beam->length, 1.0);  // the rod's length
    auto* editor = page->findChild<QWidget*>("beamEditor");
    QVERIFY(editor && !editor->isHidden());
    QVERIFY(page->findChild<QuantityBox*>("bodyLength")->isHidden());
    auto* youngs = page->findChild<QuantityBox*>("beamYoungs");
    checkUndoRedo(doc, [&] { youngs->setSi(7e10), emit youngs->siChanged(7e10); });
    QCOMPARE(doc.body(one)->beam->youngsModulus, 7e10);
    // G from Poisson's ratio: one undo step; the box shows E / 2G - 1.
    auto* poisson = page->findChild<QuantityBox*>("beamPoisson");
    QVERIFY(poisson && !poisson->isHidden());
    checkUndoRedo(doc, [&] { poisson->setSi(0.25), emit poisson->siChanged(0.25); });
    QCOMPARE(doc.body(one)->beam->shearModulus, 7e10 / 2.5);
    QVERIFY(std::abs(poisson->si() - 0.25) < 1e-12);
    poisson->setSi(0.5);
    emit poisson->siChanged(0.5);  // the largest it may be
    QCOMPARE(doc.body(one)->beam->shearModulus, 7e10 / 3.0);
    poisson->stepBy(1);  // past 0.5: refused with the reason, G kept
    QCOMPARE(panel.lastRefusal(), QString("must lie in (-1, 0.5]"));
    QCOMPARE(doc.body(one)->beam->shearModulus, 7e10 / 3.0);
    auto* section = page->findChild<QComboBox*>("beamSection");
    const int circle = section->findData(static_cast<int>(BeamSectionKind::Circle));
    checkUndoRedo(doc, [&] {
      section->setCurrentIndex(circle);
      emit section->activated(circle);
    });
    QCOMPARE(doc.body(one)->beam->section.kind, BeamSectionKind::Circle);
    QVERIFY(!page->findChild<QuantityBox*>("beamRadius")->isHidden());
    QVERIFY(page->findChild<QuantityBox*>("beamWidth")->isHidden());
    auto* segments = page->findChild<QSpinBox*>("beamSegments");
    checkUndoRedo(doc, [&] {
      segments->setValue(4);
      emit segments->editingFinished();
    });
    QCOMPARE(doc.body(one)->beam->segments, 4);
    // Stepping the density down past zero is refused with the reason.
    auto* density = page->findChild<QuantityBox*>("beamDensity");
    density->setSi(0.5);
    for (int k = 0; k < 10; ++k) density->stepBy(-1);
    QCOMPARE(panel.lastRefusal(), QString("must be positive"));
    QVERIFY(doc.body(one)->beam->density > 0.0);
    QVERIFY(doc.isValid());
    const auto model = compile(doc.spec());
    QCOMPARE(model->beams().size(), std::size_t{1});
    QCOMPARE(model->beams().front().pieces.size(), std::size_t{5});
    // Back to a rod: one step, the beam gone.
    const int rod = shape->findData(static_cast<int>(ShapeType::Rod));
    checkUndoRedo(doc, [&] {
      shape->setCurrentIndex(rod);
      emit shape->activated(rod);
    });
    QVERIFY(!doc.body(one)->beam.has_value());
  }

  void externalLoadsAreEditedOnTheBodyPage() {
    // Body 1 of the demo gets a load: added, its y force a constant -20 N,
    // its moment z a sine, in body axes, then a second load, and removed:
    // each one undo step, compiled into the model's external loads.
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    selectOnly(doc, "1");
    BodyPage* page = panel.bodyPage();
    const BodyId id = bodyNamed(doc, "1");
    auto* add = page->findChild<QPushButton*>("addBodyLoad");
    QVERIFY(add);
    checkUndoRedo(doc, [&] { add->click(); });
    QCOMPARE(doc.body(id)->loads.size(), std::size_t{1});
    auto* component = page->findChild<QComboBox*>("bodyLoadComponent");
    QCOMPARE(component->count(), 3);  // planar: force x, force y, moment z
    const int fy = component->findData(1);
    component->setCurrentIndex(fy);
    emit component->activated(fy);
    auto* force = page->findChild<TimeFunctionEditor*>("bodyLoadForce");
    auto* value = force->findChild<QuantityBox*>("functionValue");
    checkUndoRedo(doc, [&] { value->setSi(-20.0), emit value->siChanged(-20.0); });
    QCOMPARE(doc.body(id)->loads.front().force[1].value, -20.0);
    const int mz = component->findData(5);
    component->setCurrentIndex(mz);
    emit component->activated(mz);
    auto* moment = page->findChild<TimeFunctionEditor*>("bodyLoadMoment");
    QVERIFY(!moment->isHidden() && force->isHidden());
    auto* kind = moment->findChild<QComboBox*>("functionKind");
    const int sine = kind->findData(static_cast<int>(TimeFunctionKind::Sine));
    checkUndoRedo(doc, [&] {
      kind->setCurrentIndex(sine);
      emit kind->activated(sine);
    });
    QCOMPARE(doc.body(id)->loads.front().moment[2].kind, TimeFunctionKind::Sine);
    auto* axes = page->findChild<QComboBox*>("bodyLoadAxes");
    checkUndoRedo(doc, [&] {
      axes->setCurrentIndex(1);
      emit axes->activated(1);
    });
    QVERIFY(doc.body(id)->loads.front().bodyAxes);
    QVERIFY(doc.isValid());
    const auto model = compile(doc.spec());
    QCOMPARE(model->loads().bodyLoads.size(), std::size_t{1});
    checkUndoRedo(doc, [&] { add->click(); });  // a second one is a step of its own
    QCOMPARE(doc.body(id)->loads.size(), std::size_t{2});
    auto* remove = page->findChild<QPushButton*>("removeBodyLoad");
    checkUndoRedo(doc, [&] { remove->click(); });
    QCOMPARE(doc.body(id)->loads.size(), std::size_t{1});
  }

  // Issue 51, point 10: the step a model's beams take shows under the time
  // step (it was in a tooltip only), in the warning's colour when the step
  // is longer; a segment edit drops a deformed shape saved for the old division.
  void theBeamsStepShowsUnderTheTimeStep() {
    ModelDocument doc;
    ModelSpec spec = loadModel(test::sourcePath("resources/examples/flexible-double-pendulum.json"));
    spec.simulation.timeStep = 1e-3;
    doc.newModel(spec);
    PropertiesPanel panel(&doc);
    auto* hint = panel.modelPage()->findChild<QLabel*>("beamStepHint");
    QVERIFY(hint);
    const double limit = beamStepLimit(spec);
    QVERIFY(limit > 1e-4 && limit < 1e-3);
    QVERIFY2(hint->text().startsWith("Too long for its beams: at most " + QString::number(limit, 'g', 3) + " s with RK4"), qPrintable(hint->text()));
    ModelProperties shorter = ModelProperties::of(doc.spec());
    shorter.simulation.timeStep = 1e-4;
    doc.undoStack()->push(new EditModelCommand(&doc, ModelProperties::of(doc.spec()), shorter, "time step"));
    QVERIFY2(hint->text().startsWith("Its beams take at most"), qPrintable(hint->text()));
    // An equilibrium's deformation is kept per joint; another division drops it, in one undoable step.
    ModelSpec bent = doc.spec();
    bent.bodies[0].deformation.angle.assign(static_cast<std::size_t>(bent.bodies[0].beam->segments), 0.01);
    doc.newModel(bent);
    selectOnly(doc, "upper");
    auto* segments = panel.bodyPage()->findChild<QSpinBox*>("beamSegments");
    QVERIFY(segments);
    segments->setValue(8);
    emit segments->editingFinished();
    QCOMPARE(doc.body(bodyNamed(doc, "upper"))->beam->segments, 8);
    QVERIFY(doc.body(bodyNamed(doc, "upper"))->deformation.empty());
    QVERIFY(doc.isValid());
    doc.undoStack()->undo();
    QCOMPARE(doc.body(bodyNamed(doc, "upper"))->deformation.angle.size(), std::size_t{6});
  }

  void invalidValuesAreRefusedWithTheReason() {
    ModelDocument doc;
    doc.newModel(riccatiDemo());
    PropertiesPanel panel(&doc);
    // Issue 30: "Record every 0" is refused with the reason, not set to 1 in silence.
    auto* every = panel.modelPage()->findChild<QSpinBox*>("recordEvery");
    QVERIFY(every);
    const int recorded = doc.spec().simulation.outputEvery;
    every->setValue(0);
    QCOMPARE(panel.lastRefusal(), QString("record every: at least 1 step (1 records every step)"));
    QCOMPARE(doc.spec().simulation.outputEvery, recorded);
    QCOMPARE(every->value(), recorded);
    selectOnly(doc, "1");
    const std::string before = json(doc);
    auto* mass = panel.bodyPage()->findChildren<QuantityBox*>().at(0);
    for (int k = 0; k < 40; ++k) mass->stepBy(-1);  // down to 0 kg (a massless frame), then refused
    QCOMPARE(panel.lastRefusal(), QString("mass must not be negative (0 kg makes a massless frame)"));
    QCOMPARE(doc.body(bodyNamed(doc, "1"))->shape.mass, 0.0);
    QString typed = "-3";
    int pos = 2;
    QCOMPARE(mass->validate(typed, pos), QValidator::Intermediate);  // kept while typing, never committed
    doc.undoStack()->undo();
    QCOMPARE(json(doc), before);
  }
};

QTEST_MAIN(TestEditorCommands)
#include "test_editor_commands.moc"
