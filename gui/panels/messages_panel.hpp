#pragma once
// The messages panel: the validation problems of the model, kept current as
// it is edited, and the messages of runs and file operations. Clicking a
// message about a body or hinge selects it.

#include <QTreeWidget>

#include "core/error.hpp"
#include "gui/document/model_document.hpp"

namespace mstmm::gui {

class MessagesPanel : public QTreeWidget {
  Q_OBJECT
 public:
  enum class Level { Info, Warning, Error };
  explicit MessagesPanel(ModelDocument* document, QWidget* parent = nullptr);

  /// A run or file message, kept until the next model is loaded.
  void addMessage(Level level, const QString& text, ErrorSubject subject = {});
  /// All messages shown, for tests.
  QStringList texts() const;
  /// The level of the newest message containing text (tests); Info if none.
  Level levelOf(const QString& text) const;

 private:
  void showValidation();
  QTreeWidgetItem* makeItem(Level level, const QString& source, const QString& text, ErrorSubject subject);

  ModelDocument* m_document;
  QTreeWidgetItem* m_validation;
  QTreeWidgetItem* m_log;
};

}  // namespace mstmm::gui
