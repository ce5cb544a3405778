#pragma once
// The hinge page's section for the loads a hinge carries (docs/loads.md):
// a spring with damper and stops on its coordinate. Each change is handed
// to the page as one edit of the hinge (one undo step). Units follow the
// hinge: N m/rad and rad for rotations, N/m and m for slides.

#include <QWidget>
#include <functional>

#include "core/model/model_spec.hpp"

class QCheckBox;
class QFormLayout;

namespace mstmm::gui {

class QuantityBox;

class HingeLoadsEditor : public QWidget {
  Q_OBJECT
 public:
  explicit HingeLoadsEditor(QWidget* parent = nullptr);
  /// Shows the loads of `hinge` without emitting anything.
  void show(const HingeSpec& hinge, ModelKind kind);

 signals:
  void edited(const QString& field, const std::function<void(HingeSpec&)>& edit);
  void refused(const QString& reason);

 private:
  void build(bool slide);
  QuantityBox* addBox(const QString& label, const QString& unit, const QString& name, bool nonNegative);
  void setRow(QWidget* field, bool visible);

  QFormLayout* m_form = nullptr;
  QCheckBox *m_spring = nullptr, *m_stops = nullptr;
  QuantityBox *m_stiffness = nullptr, *m_damping = nullptr, *m_rest = nullptr;
  QuantityBox *m_lower = nullptr, *m_upper = nullptr, *m_stopStiffness = nullptr, *m_stopDamping = nullptr;
  int m_builtFor = -1;  // 0 rotation, 1 slide
  bool m_loading = false;
};

}  // namespace mstmm::gui
