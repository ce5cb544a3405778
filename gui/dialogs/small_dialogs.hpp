#pragma once
// Preferences and the keyboard shortcut overview.

#include <QDialog>
#include <QList>

class QAction;

namespace mstmm::gui {

/// Edit ▸ Preferences: the angle unit (degrees or radians), stored in QSettings.
class PreferencesDialog : public QDialog {
  Q_OBJECT
 public:
  explicit PreferencesDialog(QWidget* parent = nullptr);
};

/// Help ▸ Keyboard Shortcuts: every action that has one.
class ShortcutsDialog : public QDialog {
  Q_OBJECT
 public:
  ShortcutsDialog(const QList<QAction*>& actions, QWidget* parent = nullptr);
};

}  // namespace mstmm::gui
