#pragma once
// Simulate ▸ Compare Solvers…: opens the comparison (compare_solvers_dialog.hpp)
// for the document's model as it is now.

#include <QObject>
#include <QPointer>

#include "gui/run/compare_solvers_dialog.hpp"

namespace mstmm::gui {

class MainWindow;

class CompareSolversActions : public QObject {
  Q_OBJECT

 public:
  explicit CompareSolversActions(MainWindow* window);
  CompareSolversDialog* open();
  CompareSolversDialog* dialog() const { return m_dialog; }

 private:
  MainWindow* m_window;
  QPointer<CompareSolversDialog> m_dialog;
};

}  // namespace mstmm::gui
