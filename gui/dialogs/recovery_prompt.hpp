#pragma once
// The question a start asks about each model a crashed or killed session
// left unsaved: restore it, discard it, or keep it for a later start. It
// names the model, the file it came from and when it was autosaved.

#include <QDateTime>
#include <QString>

#include "gui/document/recovery_store.hpp"

class QWidget;

namespace mstmm::gui {

enum class RecoveryChoice { Restore, Discard, Later };

/// "MSTMM Studio ended without saving 'arm' (arm.json). It was autosaved at
/// 14:02:31 on 23 Nov 2026, 5 minutes ago." (the time relative to `now`).
QString recoveryQuestion(const RecoveredModel& model, const QDateTime& now);

/// A modal question with Restore (the default), Discard and Later.
RecoveryChoice askAboutRecovered(QWidget* parent, const RecoveredModel& model);

}  // namespace mstmm::gui
