#pragma once
// The body page's section for the external loads on a body (docs/loads.md
// L4): a list of loads, each a force at a body point and a moment, in world
// or body axes, every component a function of time. One load and one
// component are edited at a time; each change is handed to the page as one
// edit of the body (one undo step).

#include <QWidget>
#include <functional>

#include "core/spec/model_spec.hpp"

class QComboBox;
class QFormLayout;
class QLineEdit;
class QPushButton;

namespace mstmm::gui {

class TimeFunctionEditor;
class Vec3Editor;

class BodyLoadsEditor : public QWidget {
  Q_OBJECT
 public:
  explicit BodyLoadsEditor(QWidget* parent = nullptr);
  /// Shows the loads of `body` without emitting anything.
  void show(const BodySpec& body, const ModelSpec& spec);
  /// Which load and which component (0-2 force x y z, 3-5 moment x y z) are shown.
  void select(int load, int component);

 signals:
  void edited(const QString& field, const std::function<void(BodySpec&)>& edit);
  void refused(const QString& reason);

 private:
  /// The edit of the shown load, or nothing if there is none.
  void editLoad(const QString& field, const std::function<void(BodyLoadSpec&)>& edit);
  TimeFunction& component(BodyLoadSpec& l) const { return m_component < 3 ? l.force[m_component] : l.moment[m_component - 3]; }
  void refresh();

  QFormLayout* m_form;
  QComboBox *m_loads, *m_axes, *m_componentBox;
  QPushButton *m_add, *m_remove;
  QLineEdit* m_name;
  Vec3Editor* m_point;
  TimeFunctionEditor *m_force, *m_moment;
  BodySpec m_body;
  bool m_planar = false;   // planar: force x, y and moment z only
  double m_endTime = 1.0;  // the previews' span
  int m_load = 0, m_component = 0;
  bool m_loading = false;
};

}  // namespace mstmm::gui
