#include "gui/run/compare_solvers_actions.hpp"

#include <QAction>
#include <QMenu>

#include "gui/document/model_document.hpp"
#include "gui/main/main_window.hpp"

namespace mstmm::gui {

CompareSolversActions::CompareSolversActions(MainWindow* window) : QObject(window), m_window(window) {
  auto* action = new QAction(tr("&Compare Solvers…"), window);
  action->setObjectName("compareSolvers");
  action->setToolTip(tr("Run the model with several solvers and plot how far their motions differ, and what each costs"));
  connect(action, &QAction::triggered, this, [this] { open(); });
  window->registerAction("compareSolvers", action);
  window->simulateMenu()->addAction(action);
}

CompareSolversDialog* CompareSolversActions::open() {
  if (m_dialog) m_dialog->deleteLater();  // a comparison of the model as it is now
  m_dialog = new CompareSolversDialog(m_window->document()->spec(), m_window);
  m_dialog->setAttribute(Qt::WA_DeleteOnClose);
  if (m_window->isInteractive()) m_dialog->show();
  return m_dialog;
}

}  // namespace mstmm::gui
