#pragma once
// A long analysis in the main window's status bar, as a run is shown there
// (issue 55): what it computes, how long it has taken, a busy bar and
// Cancel (Esc too). While it computes, the rest of the studio (menus,
// toolbars, docks, the view, the dialog that asked) takes no input, so no
// edit can change the model under the analysis; the window is still drawn,
// and the GUI thread computes no physics (worker.hpp).

#include <QPointer>
#include <QWidget>
#include <atomic>

class QLabel;
class QMainWindow;
class QProgressBar;
class QShortcut;
class QToolButton;

namespace mstmm::gui {

class AnalysisStatus : public QWidget {
  Q_OBJECT
 public:
  /// Adds itself to `window`'s status bar, hidden until an analysis begins.
  explicit AnalysisStatus(QMainWindow* window);
  /// The studio's status for an analysis asked from `w` (its main window,
  /// or the main window that owns the dialog it is in); null without one.
  static AnalysisStatus* of(QWidget* w);

  /// Shows `label` and Cancel, which (or Esc) sets `cancel`; `asking` (a
  /// dialog, or null) takes no input until end(), as the main window.
  void begin(const QString& label, std::atomic<bool>* cancel, QWidget* asking);
  void end();
  bool busy() const { return m_cancel != nullptr; }
  QString text() const;
  /// Cancel, as the button does (tests).
  void cancel();

 private:
  void tick();

  QMainWindow* m_window;
  QLabel* m_label;
  QProgressBar* m_bar;
  QToolButton* m_button;
  QShortcut* m_escape;
  QString m_what;
  qint64 m_started = 0;
  std::atomic<bool>* m_cancel = nullptr;
  QList<QPointer<QWidget>> m_disabled;  // what begin() disabled, enabled again by end()
};

}  // namespace mstmm::gui
