#include "gui/study/study_actions.hpp"

#include <QAction>
#include <QMenu>
#include <QUndoStack>

#include "core/error.hpp"
#include "core/study/study_json.hpp"
#include "gui/document/commands.hpp"
#include "gui/main/main_window.hpp"
#include "gui/panels/messages_panel.hpp"
#include "gui/properties/quantity_box.hpp"
#include "gui/study/study_dialog.hpp"

namespace mstmm::gui {

StudyActions::StudyActions(MainWindow* window) : QObject(window), m_window(window) {
  auto* action = new QAction(tr("Parameter &Study…"), window);
  action->setObjectName("study");
  action->setToolTip(tr("Vary a number of the model over a range of runs and plot what each run gives"));
  connect(action, &QAction::triggered, this, [this] { openStudy(); });
  window->registerAction("study", action);
  window->simulateMenu()->addAction(action);
  QuantityBox::setStudyHook([this](const QString& address, double value) { openStudy(address, value); });
}

StudyActions::~StudyActions() { QuantityBox::setStudyHook({}); }

StudyDialog* StudyActions::openStudy(const QString& address, double value) {
  if (m_dialog) m_dialog->deleteLater();  // a new study of the model as it is now
  m_dialog = new StudyDialog(m_window->document()->spec(), m_window);
  m_dialog->setAttribute(Qt::WA_DeleteOnClose);
  if (!address.isEmpty()) m_dialog->setParameter(address, value);
  connect(m_dialog, &StudyDialog::runRequested, this, &StudyActions::showRun);
  if (m_window->isInteractive()) m_dialog->show();
  return m_dialog;
}

void StudyActions::showRun(const QStringList& addresses, const QList<double>& values) {
  ModelDocument* document = m_window->document();
  try {
    std::vector<std::string> paths;
    QStringList what;
    for (int k = 0; k < addresses.size() && k < values.size(); ++k) {
      paths.push_back(addresses[k].toStdString());
      what << QString("%1 = %2").arg(addresses[k]).arg(values[k], 0, 'g', 10);
    }
    const ModelSpec spec = withParameters(document->spec(), paths, std::vector<double>(values.begin(), values.end()));
    document->undoStack()->push(new ReplaceModelCommand(document, spec, document->positions(), tr("Study run: %1").arg(what.join(", "))));
  } catch (const Error& e) {
    m_window->messages()->addMessage(MessagesPanel::Level::Error, tr("Study run: %1").arg(QString::fromStdString(e.what())));
    return;
  }
  m_window->runSimulation();
}

}  // namespace mstmm::gui
