#pragma once
// The properties panel: the model and its simulation settings when nothing
// is selected, one body or one hinge when that is selected, a count when
// several are. A refused value shows its reason at the bottom.

#include <QPointer>
#include <QWidget>

#include "gui/document/model_document.hpp"

class QLabel;
class QStackedWidget;

namespace mstmm::gui {

class ModelPage;
class BodyPage;
class HingePage;
class StrutPage;

class PropertiesPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PropertiesPanel(ModelDocument* document, QWidget* parent = nullptr);
  /// The last refusal shown (tests read it).
  QString lastRefusal() const { return m_lastRefusal; }
  ModelPage* modelPage() const { return m_model; }
  BodyPage* bodyPage() const { return m_body; }
  /// The refusal shown under the page (empty when none).
  QString refusalText() const;
  HingePage* hingePage() const { return m_hinge; }
  StrutPage* strutPage() const { return m_strut; }
  /// The refusal shown right under the field it is about (issue 30: the
  /// line at the bottom of the panel was far from a field at its top); null
  /// or hidden when none.
  QLabel* fieldNote() const { return m_fieldNote; }

 private:
  void showSelection();
  void showRefusal(const QString& reason);
  /// Places the note under `field` (a widget of this panel), or hides it.
  void placeFieldNote(QWidget* field, const QString& text);

  ModelDocument* m_document;
  QStackedWidget* m_stack;
  ModelPage* m_model;
  BodyPage* m_body;
  HingePage* m_hinge;
  StrutPage* m_strut;
  QLabel* m_several;
  QLabel* m_refusal;
  QLabel* m_fieldNote;
  QPointer<QWidget> m_noteField;  // the field the note is about
  QString m_lastRefusal;
};

}  // namespace mstmm::gui
