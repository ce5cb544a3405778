#pragma once
// Where the studio meets parameter studies: Simulate ▸ Parameter Study…,
// and "Vary in a Study…" in the context menu of a numeric property (the
// body's mass and length, a hinge's spring and stops, the time step); both
// open the study dialog on the open model. A point double-clicked in the
// dialog's plot becomes the open model (one undo step: "Study run: …") and
// runs, so its results fill the main views.

#include <QObject>
#include <QPointer>

#include "gui/study/study_dialog.hpp"

namespace mstmm::gui {

class MainWindow;


class StudyActions : public QObject {
  Q_OBJECT

 public:
  explicit StudyActions(MainWindow* window);
  ~StudyActions() override;

  /// The dialog on the open model, its parameter prefilled when an address is given.
  StudyDialog* openStudy(const QString& address = {}, double value = 0.0);
  StudyDialog* dialog() const { return m_dialog; }
  /// The run with its parameters at these values, made the open model and run.
  void showRun(const QStringList& addresses, const QList<double>& values);

 private:
  MainWindow* m_window;
  QPointer<StudyDialog> m_dialog;
};

}  // namespace mstmm::gui
