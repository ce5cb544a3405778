#include "gui/panels/messages_panel.hpp"

#include <QApplication>
#include <QDateTime>
#include <QHeaderView>
#include <QStyle>

namespace mstmm::gui {

namespace {
constexpr int kSubjectKind = Qt::UserRole;
constexpr int kSubjectIndex = Qt::UserRole + 1;
constexpr int kLevel = Qt::UserRole + 2;
}  // namespace

MessagesPanel::MessagesPanel(ModelDocument* document, QWidget* parent) : QTreeWidget(parent), m_document(document) {
  setColumnCount(2);
  setHeaderLabels({tr("Source"), tr("Message")});
  header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  setRootIsDecorated(true);
  setWordWrap(true);
  m_validation = new QTreeWidgetItem(this, {tr("Model check")});
  m_log = new QTreeWidgetItem(this, {tr("Runs and files")});
  m_validation->setExpanded(true);
  m_log->setExpanded(true);
  connect(document, &ModelDocument::changed, this, [this](Change change) {
    if (change == Change::Everything) qDeleteAll(m_log->takeChildren());
    showValidation();
  });
  connect(this, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) {
    const auto kind = static_cast<ErrorSubject::Kind>(item->data(0, kSubjectKind).toInt());
    const int index = item->data(0, kSubjectIndex).toInt();
    const ModelSpec& spec = m_document->spec();
    Selection s;
    if (kind == ErrorSubject::Kind::Body && index >= 0 && index < static_cast<int>(spec.bodies.size())) s.bodies.insert(spec.bodies[static_cast<std::size_t>(index)].id.value);
    else if (kind == ErrorSubject::Kind::Hinge && index >= 0 && index < static_cast<int>(spec.hinges.size())) s.hinges.insert(spec.hinges[static_cast<std::size_t>(index)].id.value);
    else return;
    m_document->setSelection(s);
  });
  showValidation();
}

QTreeWidgetItem* MessagesPanel::makeItem(Level level, const QString& source, const QString& text, ErrorSubject subject) {
  auto* item = new QTreeWidgetItem({source, text});
  const QStyle::StandardPixmap icon = level == Level::Error ? QStyle::SP_MessageBoxCritical
                                     : level == Level::Warning ? QStyle::SP_MessageBoxWarning
                                                               : QStyle::SP_MessageBoxInformation;
  item->setIcon(0, QApplication::style()->standardIcon(icon));
  item->setData(0, kSubjectKind, static_cast<int>(subject.kind));
  item->setData(0, kSubjectIndex, subject.specIndex);
  item->setData(0, kLevel, static_cast<int>(level));
  item->setToolTip(1, text);
  return item;
}

void MessagesPanel::showValidation() {
  qDeleteAll(m_validation->takeChildren());
  for (const Diagnostic& d : m_document->diagnostics())
    m_validation->addChild(makeItem(d.severity == Severity::Error ? Level::Error : Level::Warning, tr("model"), QString::fromStdString(d.message), d.subject));
  m_validation->setText(1, m_document->isValid() ? tr("no problems") : tr("%1 problem(s)").arg(m_validation->childCount()));
}

void MessagesPanel::addMessage(Level level, const QString& text, ErrorSubject subject) {
  m_log->addChild(makeItem(level, QTime::currentTime().toString("HH:mm:ss"), text, subject));
  scrollToItem(m_log->child(m_log->childCount() - 1));
}

MessagesPanel::Level MessagesPanel::levelOf(const QString& text) const {
  for (QTreeWidgetItem* group : {m_log, m_validation})
    for (int i = group->childCount() - 1; i >= 0; --i)
      if (group->child(i)->text(1).contains(text)) return static_cast<Level>(group->child(i)->data(0, kLevel).toInt());
  return Level::Info;
}

QStringList MessagesPanel::texts() const {
  QStringList all;
  for (QTreeWidgetItem* group : {m_validation, m_log})
    for (int i = 0; i < group->childCount(); ++i) all << group->child(i)->text(1);
  return all;
}

}  // namespace mstmm::gui
