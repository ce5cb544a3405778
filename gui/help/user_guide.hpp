#pragma once
// The user guide inside the studio (Help ▸ User Guide, F1): the pages of
// docs/guide/, compiled into the program, shown in a dock with their list
// of contents. F1 opens the page of the widget that has the focus (its own
// or its nearest ancestor's "guidePage" property). The guide's table of
// fields (docs/guide/fields.md) also gives every properties label its
// tooltip, so the two never say different things.

#include <QHash>
#include <QWidget>

class QListWidget;
class QTextBrowser;

namespace mstmm::gui {

class UserGuide : public QWidget {
  Q_OBJECT
 public:
  explicit UserGuide(QWidget* parent = nullptr);

  /// The pages' file names ("getting-started.md"), in reading order.
  static QStringList pages();
  /// A page's Markdown text.
  static QString pageText(const QString& page);
  /// Every page's text, one after the other (the tests search it).
  static QString allText();
  /// "section/label" -> "meaning [unit]", from the tables of fields.md.
  static const QHash<QString, QString>& fieldHelp();

  /// Shows `page` ("loads-and-contacts.md"), or the first page if unknown.
  void showPage(const QString& page);
  QString currentPage() const;
  QTextBrowser* browser() const { return m_text; }

 private:
  QListWidget* m_contents;
  QTextBrowser* m_text;
};

/// The guide page for `widget`: its own or its nearest ancestor's
/// "guidePage" property; the first page if none says.
QString guidePageFor(const QWidget* widget);

/// Gives every form label under `root` (a QLabel with a buddy) the tooltip
/// fields.md has for it: the section is the nearest ancestor's
/// "fieldSection" property. Returns the "section/label" keys it found no
/// entry for.
QStringList explainFields(QWidget* root);

}  // namespace mstmm::gui
