#include "gui/analysis/analysis_status.hpp"

#include <QApplication>
#include <QDateTime>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QProgressBar>
#include <QShortcut>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>

namespace mstmm::gui {

AnalysisStatus::AnalysisStatus(QMainWindow* window) : QWidget(window), m_window(window), m_label(new QLabel), m_bar(new QProgressBar), m_button(new QToolButton) {
  setObjectName("analysisStatus");
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  m_bar->setRange(0, 0);  // busy: an analysis does not know its end as a run does
  m_bar->setMaximumWidth(120);
  m_button->setText(tr("Cancel"));
  m_button->setObjectName("cancelAnalysis");
  m_button->setToolTip(tr("Stop the analysis (Esc); the model stays as it is"));
  row->addWidget(m_label);
  row->addWidget(m_bar);
  row->addWidget(m_button);
  connect(m_button, &QToolButton::clicked, this, &AnalysisStatus::cancel);
  m_escape = new QShortcut(QKeySequence(Qt::Key_Escape), window);
  m_escape->setContext(Qt::ApplicationShortcut);  // also from the dialog that asked
  m_escape->setEnabled(false);
  connect(m_escape, &QShortcut::activated, this, &AnalysisStatus::cancel);
  auto* timer = new QTimer(this);
  timer->setInterval(200);
  connect(timer, &QTimer::timeout, this, &AnalysisStatus::tick);
  timer->start();
  window->statusBar()->addPermanentWidget(this);
  setVisible(false);
}

AnalysisStatus* AnalysisStatus::of(QWidget* w) {
  for (QWidget* at = w; at; at = at->parentWidget())
    if (auto* window = qobject_cast<QMainWindow*>(at))
      if (auto* status = window->findChild<AnalysisStatus*>("analysisStatus")) return status;  // in its status bar
  return nullptr;
}

void AnalysisStatus::begin(const QString& label, std::atomic<bool>* cancel, QWidget* asking) {
  m_what = label;
  m_cancel = cancel;
  m_started = QDateTime::currentMSecsSinceEpoch();
  m_disabled.clear();
  // Every direct child of the window but its status bar (the menus, the
  // toolbars, the docks, floating or not, and the central view), and the
  // dialog that asked; other dialogs are left alone.
  QList<QWidget*> others;
  for (QWidget* w : m_window->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
    if (w != m_window->statusBar() && (!w->isWindow() || qobject_cast<QDockWidget*>(w))) others << w;
  if (asking && asking->window() != m_window) others << asking->window();
  for (QWidget* w : others)
    if (w->isEnabled()) {
      w->setEnabled(false);
      m_disabled << w;
    }
  m_escape->setEnabled(true);
  tick();
  setVisible(true);
}

void AnalysisStatus::end() {
  m_cancel = nullptr;
  m_escape->setEnabled(false);
  for (const QPointer<QWidget>& w : m_disabled)
    if (w) w->setEnabled(true);
  m_disabled.clear();
  setVisible(false);
}

void AnalysisStatus::cancel() {
  if (!m_cancel) return;
  *m_cancel = true;
  m_what = tr("Cancelling…");
  tick();
}

void AnalysisStatus::tick() {
  if (!m_cancel) return;
  const double seconds = static_cast<double>(QDateTime::currentMSecsSinceEpoch() - m_started) / 1000.0;
  m_label->setText(tr("%1 %2 s").arg(m_what).arg(seconds, 0, 'f', 1));
}

QString AnalysisStatus::text() const { return m_label->text(); }

}  // namespace mstmm::gui
