#pragma once
// The beam of a body (equations.md §11, docs/model-format.md "Beams"):
// length, material, section, segments, stretch and damping. Every field
// becomes an undoable edit of the body (signal `edited`, which the body
// page turns into its EditBodyCommand).

#include <QWidget>
#include <functional>

#include "core/spec/model_spec.hpp"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QSpinBox;

namespace mstmm::gui {

class QuantityBox;

class BeamEditor : public QWidget {
  Q_OBJECT
 public:
  explicit BeamEditor(QWidget* parent = nullptr);
  void show(const BeamSpec& beam);

 signals:
  void edited(const QString& field, const std::function<void(BodySpec&)>& edit);
  void refused(const QString& reason);

 private:
  QuantityBox* addBox(const QString& label, const QString& unit, const char* name, const std::function<void(BeamSpec&, double)>& set);
  void edit(const QString& field, const std::function<void(BeamSpec&)>& change);

  QFormLayout* m_form;
  QuantityBox *m_length, *m_youngs, *m_shear, *m_poisson, *m_density;
  QComboBox* m_section;
  QuantityBox *m_width, *m_height, *m_radius, *m_inner, *m_area, *m_iy, *m_iz, *m_torsion;
  QSpinBox* m_segments;
  QCheckBox* m_axial;
  QuantityBox *m_beta, *m_alpha;
  bool m_loading = false;
};

}  // namespace mstmm::gui
