#include "gui/analysis/analysis_actions.hpp"

#include <algorithm>

#include <QAction>
#include <QMenu>
#include <QUndoStack>

#include "core/analysis/equilibrium.hpp"
#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/model/beam_pieces.hpp"
#include "core/model/validation.hpp"
#include "gui/analysis/frequency_response_dialog.hpp"
#include "gui/analysis/modes_dialog.hpp"
#include "gui/analysis/worker.hpp"
#include "gui/document/commands.hpp"
#include "gui/main/main_window.hpp"
#include "gui/main/studio_workspace.hpp"
#include "gui/run/run_results.hpp"
#include "core/analysis/mode_motion.hpp"
#include "gui/panels/messages_panel.hpp"

namespace mstmm::gui {

AnalysisActions::AnalysisActions(MainWindow* window) : QObject(window), m_window(window) {
  QMenu* menu = window->addMenuBeforeHelp(tr("&Analysis"));
  auto add = [&](const QString& name, const QString& text, const QString& tip, auto slot) {
    auto* action = new QAction(text, window);
    action->setObjectName(name);
    action->setToolTip(tip);
    connect(action, &QAction::triggered, this, [this, slot] { (this->*slot)(); });
    window->registerAction(name, action);
    menu->addAction(action);
  };
  add("findEquilibrium", tr("Find &Equilibrium"), tr("Make the model's static equilibrium its initial state (one undo step)"), &AnalysisActions::findEquilibrium);
  add("naturalFrequencies", tr("&Natural Frequencies…"), tr("The lowest modes about the equilibrium: frequencies, damping ratios, the coordinates and bodies of each"),
      &AnalysisActions::naturalFrequencies);
  add("frequencyResponse", tr("Frequency &Response…"), tr("The steady-state response from an input to an output over a range of frequencies (Bode plot)"),
      &AnalysisActions::frequencyResponse);
  add("campbellDiagram", tr("&Campbell Diagram…"),
      tr("A rotor's modes over a range of spin speeds: whirl, critical speeds, stability threshold and the unbalance response (docs/rotors.md)"),
      &AnalysisActions::campbellDiagram);
}

CampbellDialog* AnalysisActions::campbellDiagram() {
  if (m_campbell) m_campbell->deleteLater();
  m_campbell = new CampbellDialog(m_window->document()->spec(), m_window);
  m_campbell->setAttribute(Qt::WA_DeleteOnClose);
  connect(m_campbell, &CampbellDialog::animateRequested, this, &AnalysisActions::animateWhirl);
  if (m_window->isInteractive()) m_campbell->show();
  return m_campbell;
}

bool AnalysisActions::animateWhirl(int line, int speed) {
  auto* workspace = m_window->findChild<StudioWorkspace*>();
  if (!m_campbell || !m_campbell->rotor() || !workspace) return false;
  const CampbellDiagram& d = m_campbell->diagram();
  if (line < 0 || line >= static_cast<int>(d.lines.size()) || speed < 0 || speed >= static_cast<int>(d.speeds.size())) return false;
  const RotorMode& mode = d.lines[static_cast<std::size_t>(line)][static_cast<std::size_t>(speed)];
  const double omega = d.speeds[static_cast<std::size_t>(speed)];
  try {
    const RotorAtSpeed rotor = *m_campbell->rotor();
    std::shared_ptr<RunResults> results;
    aside(m_window, tr("Preparing the animation…"), [&](const std::atomic<bool>*) {
      const std::shared_ptr<const Model> model = rotor.at(omega);
      results = std::make_shared<RunResults>(model, RecordOptions{});
      const Linearisation lin(model, initialState(*model));
      recordModeMotion(model, lin, mode.shape, 0.02, mode.frequency, 61, *results);
      return 0;
    });
    workspace->showAnimation(results);
    m_window->document()->setSelection(Selection{});
  } catch (const Error& e) {
    m_window->messages()->addMessage(MessagesPanel::Level::Error, tr("Show whirl of line %1: %2").arg(line + 1).arg(QString::fromStdString(e.what())));
    return false;
  }
  m_window->messages()->addMessage(MessagesPanel::Level::Info, tr("Line %1 at %2 rpm (%3 Hz, %4 whirl) shown in the 3-D view, one period in a loop")
                                                                   .arg(line + 1)
                                                                   .arg(omega * 30.0 / 3.141592653589793, 0, 'f', 0)
                                                                   .arg(mode.frequency, 0, 'g', 6)
                                                                   .arg(toString(mode.whirl)));
  return true;
}

bool AnalysisActions::animateMode(int row, double amplitude) {
  auto* workspace = m_window->findChild<StudioWorkspace*>();
  if (!m_dialog || !workspace || row < 0 || row >= static_cast<int>(m_dialog->report().rows.size())) return false;
  const ModesReport& report = m_dialog->report();
  const ModeRow& mode = report.rows[static_cast<std::size_t>(row)];
  try {
    auto results = std::make_shared<RunResults>(report.model, RecordOptions{});
    aside(m_window, tr("Preparing the animation…"), [&](const std::atomic<bool>*) {
      recordModeMotion(report.model, *report.lin, mode.shape, amplitude, mode.kind == ModeKind::Vibration ? mode.frequency : 0.0, 61, *results);
      return 0;
    });
    workspace->showAnimation(results);
    // Nothing selected: a selection's highlight would hide the motion (the
    // table's Bodies column names who carries the mode).
    m_window->document()->setSelection(Selection{});
  } catch (const Error& e) {
    m_window->messages()->addMessage(MessagesPanel::Level::Error, tr("Animate mode %1: %2").arg(mode.number).arg(QString::fromStdString(e.what())));
    return false;
  }
  // Once per mode shown, not for each new amplitude of it.
  if (row != m_announcedMode)
    m_window->messages()->addMessage(MessagesPanel::Level::Info, tr("Mode %1 (%2 Hz) shown in the 3-D view, one period in a loop").arg(mode.number).arg(mode.frequency, 0, 'g', 6));
  m_announcedMode = row;
  return true;
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
    if (const std::string note = describeNeutral(result); !note.empty())
      m_window->messages()->addMessage(MessagesPanel::Level::Warning, tr("Find equilibrium: %1").arg(QString::fromStdString(note)));
    return true;
  } catch (const Error& e) {
    m_window->messages()->addMessage(MessagesPanel::Level::Error, tr("Find equilibrium: %1").arg(QString::fromStdString(e.what())), e.subject());
    return false;
  }
}

ModesDialog* AnalysisActions::listModes(int count) {
  const ModelSpec spec = m_window->document()->spec();
  m_modeCount = std::max(1, count);
  try {
    ModesReport report = aside(m_window, tr("Computing the natural frequencies…"), [spec, count = m_modeCount](const std::atomic<bool>* cancel) {
      AnalysisRequest request;
      request.cancel = cancel;
      return computeModes(compile(spec), request, count);
    });
    QPoint where;  // a new count opens the new list where the old one stood
    if (m_dialog && m_dialog->isVisible()) where = m_dialog->pos();
    if (m_dialog) m_dialog->deleteLater();
    m_announcedMode = -1;
    m_dialog = new ModesDialog(std::move(report), m_modeCount, m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_dialog, &ModesDialog::animateRequested, this, &AnalysisActions::animateMode);
    // Queued: the list is replaced after the spin box's own signal returns.
    connect(m_dialog, &ModesDialog::countRequested, this, [this](int n) { listModes(n); }, Qt::QueuedConnection);
    if (!where.isNull()) m_dialog->move(where);
    if (m_window->isInteractive()) m_dialog->show();
    return m_dialog;
  } catch (const Error& e) {
    m_window->messages()->addMessage(MessagesPanel::Level::Error, tr("Natural frequencies: %1").arg(QString::fromStdString(e.what())), e.subject());
    return nullptr;
  }
}

}  // namespace mstmm::gui
