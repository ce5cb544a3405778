#pragma once
// The pages of the properties panel: the model (with its simulation
// settings), one body, one hinge, one strut. Every edit becomes an undo command; a
// value that cannot be accepted is refused with the reason (signal
// `refused`). Pages reload from the document after every change, so undo
// and redo show up here too.

#include <QWidget>

#include "gui/document/commands.hpp"
#include "gui/document/model_document.hpp"
#include "gui/properties/simulation_fields.hpp"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableWidget;

namespace mstmm::gui {

class QuantityBox;
class Vec3Editor;
class ContactsEditor;
class RotorEditor;
class MeasuresEditor;

/// Shows or hides a row of a QFormLayout (label and field together).
void setRowVisible(QFormLayout* form, QWidget* field, bool visible);

/// Why `name` cannot be the name of element `self` among `elements` (bodies
/// or hinges, called `noun`), or an empty string when it can.
template <class Element, class Id>
QString nameRefusal(const std::vector<Element>& elements, const std::string& name, Id self, const QString& noun, const QString& typed) {
  if (name.empty()) return QObject::tr("a %1 needs a name").arg(noun);
  for (const Element& e : elements)
    if (e.name == name && e.id != self) return QObject::tr("the name '%1' is used by another %2").arg(typed, noun);
  return {};
}

class ModelPage : public QWidget {
  Q_OBJECT
 public:
  explicit ModelPage(ModelDocument* document, QWidget* parent = nullptr);
  void load();
 signals:
  void refused(const QString& reason);

 private:
  void commit(const QString& field, const std::function<void(ModelProperties&)>& edit);
  ModelDocument* m_document;
  QLineEdit* m_name;
  QComboBox* m_kind;
  Vec3Editor* m_gravity;
  SimulationFields m_sim;
  QLabel* m_summary;
  QFormLayout* m_form;
  ContactsEditor* m_contacts;
  RotorEditor* m_rotor;
  MeasuresEditor* m_measures;
};

class BodyPage : public QWidget {
  Q_OBJECT
 public:
  explicit BodyPage(ModelDocument* document, QWidget* parent = nullptr);
  void showBody(BodyId id);
  void load();
 signals:
  void refused(const QString& reason);

 private:
  void buildShape(QFormLayout* form);
  void buildEnds(QFormLayout* form);
  void buildInitial(QFormLayout* form);
  void commit(const QString& field, const std::function<void(BodySpec&)>& edit);
  void loadShape(const BodySpec& b);
  void loadEnds(const BodySpec& b);
  void loadInitial(const BodySpec& b);
  /// The parent body's initial orientation when orientations are shown
  /// relative to it (and the body hangs from a body), else none.
  std::optional<Quat> relativeFrame(const BodySpec& b) const;
  void addInput();
  void removeInput();
  void commitTable(QTableWidget* table, const QString& field);

  ModelDocument* m_document;
  BodyId m_id;
  bool m_loading = false;
  QFormLayout* m_form;
  QLineEdit* m_name;
  QComboBox* m_shape;
  QuantityBox *m_mass, *m_length, *m_radius;
  Vec3Editor *m_size, *m_center, *m_com;
  QCheckBox* m_customCenter;
  QuantityBox* m_inertia[6];
  QWidget* m_inertiaRow;
  QComboBox* m_about;
  QTableWidget* m_points;
  QTableWidget* m_inputs;
  Vec3Editor* m_output;
  QuantityBox *m_theta, *m_thetaDot;
  Vec3Editor *m_cardan, *m_omega;
  QComboBox* m_orientationFrame;  // world, or relative to the parent body (a view choice; the file holds world orientations)
  QLabel* m_derived;
  class BodyLoadsEditor* m_bodyLoads;
  class BeamEditor* m_beam;
};

class HingePage : public QWidget {
  Q_OBJECT
 public:
  explicit HingePage(ModelDocument* document, QWidget* parent = nullptr);
  void showHinge(HingeId id);
  void load();
 signals:
  void refused(const QString& reason);

 private:
  void commit(const QString& field, const std::function<void(HingeSpec&)>& edit);
  ModelDocument* m_document;
  HingeId m_id;
  bool m_loading = false;
  QFormLayout* m_form;
  QLineEdit* m_name;
  QComboBox* m_type;
  QLabel* m_connects;
  QSpinBox* m_input;
  QComboBox* m_cut;
  Vec3Editor *m_axis, *m_anchor, *m_axis2, *m_translation, *m_translationRate;
  QuantityBox *m_slide, *m_slideRate, *m_pitch;
  class HingeLoadsEditor* m_loads;
};

/// One point-to-point spring-damper (strut): its bodies and points, and its
/// stiffness, damping, rest length and preload (docs/loads.md L5).
class StrutPage : public QWidget {
  Q_OBJECT
 public:
  explicit StrutPage(ModelDocument* document, QWidget* parent = nullptr);
  void showStrut(int index);
  void load();
 signals:
  void refused(const QString& reason);

 private:
  void commit(const QString& field, const std::function<void(SpringDamperSpec&)>& edit, bool merge = true);
  ModelDocument* m_document;
  int m_index = -1;
  bool m_loading = false;
  QFormLayout* m_form;
  QLineEdit* m_name;
  QComboBox *m_bodyA, *m_bodyB;
  Vec3Editor *m_pointA, *m_pointB;
  QuantityBox *m_stiffness, *m_damping, *m_rest, *m_preload;
};

}  // namespace mstmm::gui
