#include "gui/dialogs/recovery_prompt.hpp"

#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

namespace mstmm::gui {

namespace {

QString ago(qint64 seconds) {
  if (seconds < 60) return QObject::tr("less than a minute ago");
  if (seconds < 3600) return QObject::tr("%n minute(s) ago", nullptr, static_cast<int>(seconds / 60));
  if (seconds < 2 * 86400) return QObject::tr("%n hour(s) ago", nullptr, static_cast<int>(seconds / 3600));
  return QObject::tr("%n day(s) ago", nullptr, static_cast<int>(seconds / 86400));
}

}  // namespace

QString recoveryQuestion(const RecoveredModel& model, const QDateTime& now) {
  const QString source = model.originalPath.isEmpty() ? QObject::tr("never saved") : QFileInfo(model.originalPath).fileName();
  return QObject::tr("MSTMM Studio ended without saving the model '%1' (%2).\nIt was autosaved at %3 on %4, %5.")
      .arg(model.modelName, source, model.saved.toString("HH:mm:ss"), model.saved.toString("d MMM yyyy"), ago(model.saved.secsTo(now)));
}

RecoveryChoice askAboutRecovered(QWidget* parent, const RecoveredModel& model) {
  QMessageBox box(QMessageBox::Question, QObject::tr("Recover Unsaved Model"), recoveryQuestion(model, QDateTime::currentDateTime()),
                  QMessageBox::NoButton, parent);
  box.setObjectName("recoveryPrompt");
  box.setInformativeText(QObject::tr("Restore opens it with its unsaved edits. Discard deletes it for good. Later keeps it for the next start."));
  QPushButton* restore = box.addButton(QObject::tr("Restore"), QMessageBox::AcceptRole);
  QPushButton* discard = box.addButton(QObject::tr("Discard"), QMessageBox::DestructiveRole);
  box.addButton(QObject::tr("Later"), QMessageBox::RejectRole);
  box.setDefaultButton(restore);
  box.exec();
  if (box.clickedButton() == restore) return RecoveryChoice::Restore;
  if (box.clickedButton() == discard) return RecoveryChoice::Discard;
  return RecoveryChoice::Later;
}

}  // namespace mstmm::gui
