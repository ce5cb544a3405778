// MainWindow: what a start offers back after a crash (issue 17.3).
#include "gui/dialogs/recovery_prompt.hpp"
#include "gui/main/main_window.hpp"
#include "gui/panels/messages_panel.hpp"

namespace mstmm::gui {

int MainWindow::offerRecovery(const std::function<MainWindow*()>& newWindow) {
  const QList<RecoveredModel> found = m_autosave->store()->orphans();
  int restored = 0;
  for (const RecoveredModel& model : found) {
    if (!m_interactive) {
      m_autosave->store()->release(model);
      report(tr("An unsaved model '%1' from a session that ended unexpectedly is kept for the next start: %2").arg(model.modelName, model.recoveryFile), false);
      continue;
    }
    const RecoveryChoice choice = askAboutRecovered(this, model);
    if (choice == RecoveryChoice::Later) {
      m_autosave->store()->release(model);
      continue;
    }
    if (choice == RecoveryChoice::Discard) {
      m_autosave->store()->discard(model);
      continue;
    }
    const bool here = restored == 0 && !m_document->isModified() && m_document->filePath().isEmpty() && m_document->spec().bodies.empty();
    MainWindow* target = here || !newWindow ? this : newWindow();
    if (const QString error = target->document()->restoreRecovered(model.modelText, model.originalPath); !error.isEmpty()) {
      m_autosave->store()->release(model);  // kept: the user may still want the file
      report(error + "\n" + tr("The recovery file is kept: %1").arg(model.recoveryFile), true);
      continue;
    }
    target->m_autosave->saveNow();  // it is this session's now, before the old file goes
    m_autosave->store()->discard(model);
    target->report(tr("Restored the unsaved model '%1', autosaved at %2.").arg(model.modelName, model.saved.toString("HH:mm:ss")), false);
    ++restored;
  }
  return restored;
}

}  // namespace mstmm::gui
