#include "gui/analysis/analysis_actions.hpp"

#include <QAction>
#include <QMenu>
#include <QUndoStack>

#include "core/analysis/equilibrium.hpp"
#include "core/error.hpp"
#include "core/model/validation.hpp"
#include "gui/analysis/frequency_response_dialog.hpp"
#include "gui/analysis/modes_dialog.hpp"
#include "gui/analysis/worker.hpp"
#include "gui/document/commands.hpp"
#include "gui/main/main_window.hpp"
#include "gui/panels/messages_panel.hpp"

namespace mstmm::gui {

AnalysisActions::AnalysisActions(MainWindow* window) : QObject(window), m_window(window) {
  QMenu* menu = window->addMenuBeforeHelp(tr("&Analysis"));
  auto* equilibrium = new QAction(tr("Find &Equilibrium"), window);
  equilibrium->setObjectName("findEquilibrium");
  equilibrium->setToolTip(tr("Make the model's static equilibrium its initial state (one undo step)"));
  connect(equilibrium, &QAction::triggered, this, [this] { findEquilibrium(); });
  window->registerAction("findEquilibrium", equilibrium);
  menu->addAction(equilibrium);
  auto* modes = new QAction(tr("&Natural Frequencies…"), window);
  modes->setObjectName("naturalFrequencies");
  modes->setToolTip(tr("The lowest modes about the equilibrium: frequencies, damping ratios, the coordinates and bodies of each"));
  connect(modes, &QAction::triggered, this, [this] { naturalFrequencies(); });
  window->registerAction("naturalFrequencies", modes);
  menu->addAction(modes);
  auto* response = new QAction(tr("Frequency &Response…"), window);
  response->setObjectName("frequencyResponse");
  response->setToolTip(tr("The steady-state response from an input to an output over a range of frequencies (Bode plot)"));
  connect(response, &QAction::triggered, this, [this] { frequencyResponse(); });
  window->registerAction("frequencyResponse", response);
  menu->addAction(response);
}

FrequencyResponseDialog* AnalysisActions::frequencyResponse() {
  if (m_response) m_response->deleteLater();
  m_response = new FrequencyResponseDialog(m_window->document()->spec(), m_window);
  m_response->setAttribute(Qt::WA_DeleteOnClose);
  if (m_window->isInteractive()) m_response->show();
  return m_response;
}

bool AnalysisActions::findEquilibrium() {
  ModelDocument* document = m_window->document();
  ModelSpec spec = document->spec();
  try {
    const auto [state, result] = aside(m_window, tr("Finding the equilibrium…"), [spec](const std::atomic<bool>* cancel) {
      const auto model = compile(spec);
      EquilibriumOptions options;
      options.cancel = cancel;
      const EquilibriumResult eq = mstmm::findEquilibrium(model, initialState(*model), options);
      return std::make_pair(std::make_pair(model, eq.state), eq);
    });
    storeInitialState(*state.first, state.second, spec);
    document->undoStack()->push(new ReplaceModelCommand(document, spec, document->positions(), tr("Find equilibrium")));
    m_window->messages()->addMessage(MessagesPanel::Level::Info,
                                     tr("Equilibrium found in %1 Newton iterations (largest joint acceleration left %2)")
                                         .arg(result.iterations)
                                         .arg(QString::fromStdString(formatNumber(result.residual))));
    return true;
  } catch (const Error& e) {
    m_window->messages()->addMessage(MessagesPanel::Level::Error, tr("Find equilibrium: %1").arg(QString::fromStdString(e.what())), e.subject());
    return false;
  }
}

ModesDialog* AnalysisActions::naturalFrequencies() {
  const ModelSpec spec = m_window->document()->spec();
  try {
    ModesReport report = aside(m_window, tr("Computing the natural frequencies…"), [spec](const std::atomic<bool>* cancel) {
      AnalysisRequest request;
      request.cancel = cancel;
      return computeModes(compile(spec), request, 10);
    });
    if (m_dialog) m_dialog->deleteLater();
    m_dialog = new ModesDialog(std::move(report), m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (m_window->isInteractive()) m_dialog->show();
    return m_dialog;
  } catch (const Error& e) {
    m_window->messages()->addMessage(MessagesPanel::Level::Error, tr("Natural frequencies: %1").arg(QString::fromStdString(e.what())), e.subject());
    return nullptr;
  }
}

}  // namespace mstmm::gui
