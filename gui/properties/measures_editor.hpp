#pragma once
// The model's named measures (docs/measures.md), on the model page: pick
// one, edit its fields, add one on a body, remove it. Every change is one
// undo step (EditMeasuresCommand); successive values of one field merge.

#include <QWidget>
#include <functional>

#include "gui/document/model_document.hpp"

class QComboBox;
class QFormLayout;
class QLineEdit;
class QPushButton;

namespace mstmm::gui {

class Vec3Editor;

class MeasuresEditor : public QWidget {
  Q_OBJECT
 public:
  explicit MeasuresEditor(ModelDocument* document, QWidget* parent = nullptr);
  void load();

 signals:
  void refused(const QString& reason);

 private:
  void build();
  void add();
  void remove();
  void commit(const QString& field, const std::function<void(MeasureSpec&)>& edit, bool merge = true);

  ModelDocument* m_document;
  int m_measure = -1;
  bool m_loading = false;
  QComboBox* m_pick;
  QPushButton* m_remove;
  QWidget* m_fields;
  QFormLayout* m_form;
  QLineEdit* m_name;
  QComboBox *m_kind, *m_body, *m_reference;
  Vec3Editor *m_point, *m_referencePoint, *m_axis;
};

}  // namespace mstmm::gui
