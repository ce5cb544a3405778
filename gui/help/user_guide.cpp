#include "gui/help/user_guide.hpp"

#include <QFile>
#include <QFormLayout>
#include <QVBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QUrl>

// Resources in a static library are registered explicitly, at global scope
// as Q_INIT_RESOURCE requires.
static void initialiseGuideResources() { Q_INIT_RESOURCE(guide); }

namespace mstmm::gui {

namespace {

const QString kRoot = QStringLiteral(":/guide/");

// The page's first heading ("# Getting started" -> "Getting started").
QString titleOf(const QString& text) {
  for (const QString& line : text.split('\n'))
    if (line.startsWith("# ")) return line.mid(2).trimmed();
  return {};
}

// The cells of a Markdown table row ("| a | b |" -> {"a", "b"}); empty if
// the line is not one, or is the header's rule.
QStringList cells(const QString& line) {
  const QString t = line.trimmed();
  if (!t.startsWith('|') || !t.endsWith('|') || t.contains("---")) return {};
  QStringList out = t.mid(1, t.size() - 2).split('|');
  for (QString& c : out) c = c.trimmed();
  return out;
}

// Markdown emphasis and code marks off a cell, for a tooltip in plain words.
QString unmarked(QString text) { return text.remove('`').remove("**"); }

QHash<QString, QString> readFieldHelp() {
  QHash<QString, QString> help;
  QString section;
  bool header = false;
  for (const QString& line : UserGuide::pageText("fields.md").split('\n')) {
    if (line.startsWith("## ")) {
      section = line.mid(3).trimmed();
      header = true;
      continue;
    }
    const QStringList c = cells(line);
    if (c.size() != 3) continue;
    if (header) {  // the table's own header row
      header = false;
      continue;
    }
    const QString unit = unmarked(c[1]);
    help.insert(section + '/' + unmarked(c[0]), unmarked(c[2]) + (unit.isEmpty() || unit == "–" ? QString() : " [" + unit + "]"));
  }
  return help;
}

QString sectionOf(const QWidget* w) {
  for (; w; w = w->parentWidget())
    if (const QVariant s = w->property("fieldSection"); s.isValid()) return s.toString();
  return {};
}

}  // namespace

QStringList UserGuide::pages() {
  return {"getting-started.md", "building-a-model.md", "fields.md", "loads-and-contacts.md", "running-and-watching.md",
          "analyses.md",        "live-runs.md",        "studies.md", "files-and-imports.md",  "keys-and-mouse.md"};
}

QString UserGuide::pageText(const QString& page) {
  static const bool registered = (initialiseGuideResources(), true);
  (void)registered;
  QFile f(kRoot + page);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

QString UserGuide::allText() {
  QString all;
  for (const QString& p : pages()) all += pageText(p) + '\n';
  return all;
}

const QHash<QString, QString>& UserGuide::fieldHelp() {
  static const QHash<QString, QString> help = readFieldHelp();
  return help;
}

UserGuide::UserGuide(QWidget* parent) : QWidget(parent), m_contents(new QListWidget(this)), m_text(new QTextBrowser(this)) {
  setObjectName("userGuide");
  m_contents->setObjectName("guideContents");
  m_text->setObjectName("guideText");
  m_text->setOpenExternalLinks(true);
  m_text->setSearchPaths({kRoot});
  for (const QString& p : pages()) {
    auto* item = new QListWidgetItem(titleOf(pageText(p)), m_contents);
    item->setData(Qt::UserRole, p);
  }
  // The pages' list above the text: the dock is as narrow as the
  // Properties it shares its place with, and the text keeps its width.
  m_contents->setMaximumHeight(m_contents->sizeHintForRow(0) * static_cast<int>(pages().size()) + 2 * m_contents->frameWidth());
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_contents);
  layout->addWidget(m_text, 1);
  connect(m_contents, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row >= 0 && pages().value(row) != currentPage()) m_text->setSource(QUrl("qrc" + kRoot + pages().value(row)), QTextDocument::MarkdownResource);
  });
  connect(m_text, &QTextBrowser::sourceChanged, this, [this](const QUrl& source) {
    const int row = static_cast<int>(pages().indexOf(source.fileName()));
    if (row >= 0 && row != m_contents->currentRow()) m_contents->setCurrentRow(row);
  });
  showPage(pages().first());
}

void UserGuide::showPage(const QString& page) {
  const QString p = pages().contains(page) ? page : pages().first();
  m_text->setSource(QUrl("qrc" + kRoot + p), QTextDocument::MarkdownResource);
  m_contents->setCurrentRow(static_cast<int>(pages().indexOf(p)));
}

QString UserGuide::currentPage() const { return m_text->source().fileName(); }

QString guidePageFor(const QWidget* widget) {
  for (const QWidget* w = widget; w; w = w->parentWidget())
    if (const QVariant p = w->property("guidePage"); p.isValid()) return p.toString();
  return UserGuide::pages().first();
}

QStringList explainFields(QWidget* root) {
  QStringList unknown;
  const auto& help = UserGuide::fieldHelp();
  for (QLabel* label : root->findChildren<QLabel*>()) {
    if (!label->buddy() || label->text().isEmpty()) continue;
    const QString key = sectionOf(label) + '/' + label->text();
    const auto it = help.find(key);
    if (it == help.end()) {
      unknown << key;
      continue;
    }
    label->setToolTip(*it);
  }
  unknown.removeDuplicates();
  return unknown;
}

}  // namespace mstmm::gui
