#pragma once
// The model's bearings and unbalances (docs/rotors.md), on the model page:
// pick one, edit its fields, add one on a body, remove it. Every change is
// one undo step (EditBearingsCommand, EditUnbalancesCommand); successive
// values of one number field merge into one. A bearing whose coefficients
// are a table against speed shows them read-only (the table lives in the
// model file).

#include <QWidget>
#include <functional>

#include "gui/document/model_document.hpp"

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace mstmm::gui {

class QuantityBox;
class Vec3Editor;

class RotorEditor : public QWidget {
  Q_OBJECT
 public:
  explicit RotorEditor(ModelDocument* document, QWidget* parent = nullptr);
  void load();

 signals:
  void refused(const QString& reason);

 private:
  void buildBearing();
  void buildUnbalance();
  void addBearing();
  void addUnbalance();
  void removeBearing();
  void removeUnbalance();
  void commitBearing(const QString& field, const std::function<void(BearingSpec&)>& edit, bool merge = true);
  void commitUnbalance(const QString& field, const std::function<void(UnbalanceSpec&)>& edit, bool merge = true);
  /// The body on which a new element goes: the selected one, or the first.
  const BodySpec* targetBody();
  bool uniqueName(const QString& name, bool bearing, int index);

  ModelDocument* m_document;
  int m_bearing = -1, m_unbalance = -1;
  bool m_loading = false;
  QComboBox *m_pickBearing, *m_pickUnbalance;
  QPushButton *m_removeBearing, *m_removeUnbalance;
  QWidget *m_bearingFields, *m_unbalanceFields;
  QFormLayout *m_bearingForm, *m_unbalanceForm;
  QLineEdit *m_bearingName, *m_unbalanceName;
  QComboBox *m_journal, *m_housing, *m_unbalanceBody;
  Vec3Editor *m_point, *m_housingPoint, *m_axis, *m_xAxis, *m_centre, *m_unbalanceAxis;
  QuantityBox* m_coefficient[kBearingCoefficients];
  QLabel* m_table;
  QuantityBox *m_mass, *m_eccentricity, *m_phase;
};

}  // namespace mstmm::gui
