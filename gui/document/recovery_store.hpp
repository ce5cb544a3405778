#pragma once
// Recovery files of unsaved models (issue 17.3), in a "recovery" folder
// beside the user's settings: one file a running studio, written atomically
// (QSaveFile), named for its session and guarded by a lock file that the
// session holds while it lives. A studio that crashes or is killed leaves
// its file and a stale lock behind; the next start finds it (orphans()),
// offers it back, and removes it only when the user restores or discards it.

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QLockFile>
#include <QString>
#include <memory>

namespace mstmm::gui {

/// A model left behind by a session that ended without saving it.
struct RecoveredModel {
  QString recoveryFile;  // the file in the recovery folder
  QString modelName;
  QString originalPath;  // the file the model came from, or empty (never saved)
  QDateTime saved;       // when it was autosaved
  QString modelText;     // the model file's JSON
};

class RecoveryStore {
 public:
  /// The folder: QStandardPaths' AppConfigLocation + "/recovery".
  static QString defaultDirectory();
  explicit RecoveryStore(const QString& directory = defaultDirectory());
  ~RecoveryStore();
  RecoveryStore(const RecoveryStore&) = delete;
  RecoveryStore& operator=(const RecoveryStore&) = delete;

  QString directory() const { return m_directory; }
  /// This session's recovery file (it exists only while there are unsaved edits).
  QString sessionFile() const { return m_sessionFile; }
  /// Writes this session's file atomically; false (and why) when it could not.
  bool write(const QString& modelText, const QString& modelName, const QString& originalPath, QString* error = nullptr);
  /// Removes this session's file: the model was saved, or its edits discarded.
  void remove();

  /// The files of sessions that are gone, oldest first. Each one returned is
  /// locked by this store until it is taken, discarded or released.
  QList<RecoveredModel> orphans();
  /// Restored or discarded: the file and its lock are removed.
  void discard(const RecoveredModel& model);
  /// Kept for a later start: unlocked, the file stays.
  void release(const RecoveredModel& model);

 private:
  bool claimSession();

  QString m_directory;
  QString m_sessionFile;
  std::unique_ptr<QLockFile> m_sessionLock;
  QHash<QString, std::shared_ptr<QLockFile>> m_held;  // orphans found, by recovery file
};

}  // namespace mstmm::gui
