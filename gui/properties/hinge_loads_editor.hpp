#pragma once
// The hinge page's section for the loads a hinge carries (docs/loads.md):
// a spring with damper and stops on its coordinate, an actuator (a load
// that is a function of time, or a PD servo tracking a reference) and a
// prescribed motion. Each change is handed to the page as one edit of the
// hinge (one undo step). Units follow the hinge: N m/rad and rad for
// rotations, N/m and m for slides. A hinge with several coordinates
// (universal, cylindrical, planar, free, point-on-line) shows one at a
// time, chosen above the fields (docs/hinge-types.md H9).

#include <QWidget>
#include <functional>

#include "core/spec/model_spec.hpp"

class QCheckBox;
class QComboBox;
class QFormLayout;

namespace mstmm::gui {

class QuantityBox;
class TimeFunctionEditor;

class HingeLoadsEditor : public QWidget {
  Q_OBJECT
 public:
  explicit HingeLoadsEditor(QWidget* parent = nullptr);
  /// Shows the loads of `hinge` of `spec` without emitting anything.
  void show(const HingeSpec& hinge, const ModelSpec& spec);

 signals:
  void edited(const QString& field, const std::function<void(HingeSpec&)>& edit);
  void refused(const QString& reason);
  /// The user chose another coordinate to show (not an edit): show the hinge again.
  void coordinateChosen();

 private:
  void build(bool slide, bool coordinates);
  int chooseCoordinate(const HingeSpec& hinge, const std::vector<std::string>& names, bool otherHinge);
  void fillCoordinates(const HingeSpec& hinge, const std::vector<std::string>& names);
  void editLoads(const QString& field, const std::function<void(HingeLoadsSpec&)>& edit);
  void buildSpringAndStops(bool slide);
  void buildArmature(bool slide);
  void buildActuator(bool slide);
  void buildMotion(bool slide);
  QuantityBox* addBox(const QString& label, const QString& unit, const QString& name, bool nonNegative);
  QString m_hingeName;  // of the hinge shown: the study addresses of the fields
  void bind(QuantityBox* box, const QString& field, std::function<void(HingeLoadsSpec&, double)> set);
  /// Hands on an edit of one of the hinge's functions as an edit of the hinge.
  void bindFunction(TimeFunctionEditor* editor, const QString& what, std::function<TimeFunction&(HingeLoadsSpec&)> function);
  void setRow(QWidget* field, bool visible);
  void showActuator(const HingeLoadsSpec& loads, bool oneCoordinate, double endTime);

  QFormLayout* m_form = nullptr;
  QCheckBox *m_spring = nullptr, *m_stops = nullptr, *m_actuator = nullptr, *m_motion = nullptr, *m_limit = nullptr;
  QuantityBox *m_stiffness = nullptr, *m_damping = nullptr, *m_rest = nullptr;
  QuantityBox *m_lower = nullptr, *m_upper = nullptr, *m_stopStiffness = nullptr, *m_stopDamping = nullptr;
  QComboBox* m_actuatorKind = nullptr;
  TimeFunctionEditor *m_load = nullptr, *m_reference = nullptr, *m_motionFunction = nullptr;
  QuantityBox *m_kp = nullptr, *m_kd = nullptr, *m_maxLoad = nullptr;
  QuantityBox* m_armature = nullptr;
  int m_builtFor = -1;  // 0 rotation, 1 slide; + 2 with the coordinate chooser
  QComboBox* m_coordinates = nullptr;  // hinges with several coordinates
  std::string m_coordinate;            // the coordinate shown; empty: the hinge's one
  ModelKind m_kind = ModelKind::Spatial;
  bool m_loading = false;
  // The initial coordinate and rate of the hinge shown: a new prescribed
  // motion starts there (a ramp through them), as validation requires.
  double m_q0 = 0.0, m_rate0 = 0.0;
};

}  // namespace mstmm::gui
