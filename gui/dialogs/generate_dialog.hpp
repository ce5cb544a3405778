#pragma once
// Generate…: builds the systems the CLI's `generate` builds (chains, the
// paper's branch system, random and binary trees) as a new model.

#include <QDialog>

#include "core/spec/model_spec.hpp"

class QComboBox;
class QSpinBox;
class QCheckBox;
class QLabel;

namespace mstmm::gui {

class GenerateDialog : public QDialog {
  Q_OBJECT
 public:
  explicit GenerateDialog(QWidget* parent = nullptr);
  /// The model described by the dialog's fields.
  ModelSpec model() const;

 private:
  void update();
  QComboBox* m_kind;
  QSpinBox *m_bodies, *m_seed;
  QCheckBox* m_planar;
  QLabel* m_info;
};

}  // namespace mstmm::gui
