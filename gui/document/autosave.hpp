#pragma once
// Autosave of unsaved edits (issue 17.3): a few seconds after the first
// change that leaves the document modified, and then at most that often
// while editing goes on, the model (with its graph layout and settings, as
// File > Save would write it) goes to this session's recovery file. Saving,
// undoing back to the saved state, or closing normally removes the file; a
// crash or a kill leaves it for the next start (recovery_store.hpp).

#include <QObject>
#include <QTimer>
#include <memory>

#include "gui/document/recovery_store.hpp"

namespace mstmm::gui {

class ModelDocument;

class Autosave : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDelayMs = 2000;
  /// Autosaves `document` into `store` (owned: it outlives every write).
  Autosave(ModelDocument* document, std::unique_ptr<RecoveryStore> store, QObject* parent = nullptr);
  ~Autosave() override;

  RecoveryStore* store() const { return m_store.get(); }

  void setDelay(int milliseconds) { m_timer.setInterval(milliseconds); }
  /// Writes (or removes) the recovery file now.
  void saveNow();
  /// The user closed the window and chose (saved or discarded): nothing to recover.
  void finish();

 signals:
  /// The recovery file could not be written (the message says why).
  void failed(const QString& message);

 private:
  void changed();

  ModelDocument* m_document;
  std::unique_ptr<RecoveryStore> m_store;
  QTimer m_timer;
};

}  // namespace mstmm::gui
