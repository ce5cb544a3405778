#include "gui/document/recovery_store.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <algorithm>

namespace mstmm::gui {

namespace {

constexpr char kFormat[] = "mstmm-recovery";
constexpr char kSuffix[] = ".recovery.json";

QString lockPathOf(const QString& recoveryFile) {
  QString base = recoveryFile;
  base.chop(static_cast<int>(sizeof(kSuffix)) - 1);
  return base + ".lock";
}

/// The recovered model in a file, or nothing when it is not one of ours.
std::optional<RecoveredModel> readRecovery(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
  const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
  if (o.value("format").toString() != kFormat || !o.value("model").isString()) return std::nullopt;
  RecoveredModel m;
  m.recoveryFile = path;
  m.modelName = o.value("name").toString();
  m.originalPath = o.value("file").toString();
  m.saved = QDateTime::fromString(o.value("saved").toString(), Qt::ISODateWithMs);
  m.modelText = o.value("model").toString();
  return m;
}

}  // namespace

QString RecoveryStore::defaultDirectory() {
  return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + "/recovery";
}

RecoveryStore::RecoveryStore(const QString& directory) : m_directory(directory) {}

RecoveryStore::~RecoveryStore() {
  for (const auto& lock : std::as_const(m_held)) lock->unlock();
}

bool RecoveryStore::claimSession() {
  if (m_sessionLock) return true;
  if (!QDir().mkpath(m_directory)) return false;
  // The process id and the start time: unique on this machine.
  const QString base = m_directory + "/session-" + QString::number(QCoreApplication::applicationPid()) + "-" +
                       QString::number(QDateTime::currentMSecsSinceEpoch());
  auto lock = std::make_unique<QLockFile>(base + ".lock");
  lock->setStaleLockTime(0);  // only a dead owner makes it stale, never its age
  if (!lock->tryLock(0)) return false;
  m_sessionLock = std::move(lock);
  m_sessionFile = base + kSuffix;
  return true;
}

bool RecoveryStore::write(const QString& modelText, const QString& modelName, const QString& originalPath, QString* error) {
  if (!claimSession()) {
    if (error) *error = QObject::tr("cannot create the recovery folder %1").arg(m_directory);
    return false;
  }
  QJsonObject o;
  o.insert("format", kFormat);
  o.insert("name", modelName);
  o.insert("file", originalPath);
  o.insert("saved", QDateTime::currentDateTime().toString(Qt::ISODateWithMs));
  o.insert("model", modelText);
  QSaveFile file(m_sessionFile);
  if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(o).toJson(QJsonDocument::Compact)) < 0 || !file.commit()) {
    if (error) *error = file.errorString();
    return false;
  }
  return true;
}

void RecoveryStore::remove() {
  if (!m_sessionFile.isEmpty()) QFile::remove(m_sessionFile);
}

QList<RecoveredModel> RecoveryStore::orphans() {
  QList<RecoveredModel> found;
  const QFileInfoList files = QDir(m_directory).entryInfoList({QString("*") + kSuffix}, QDir::Files, QDir::Time | QDir::Reversed);
  for (const QFileInfo& info : files) {
    const QString path = info.absoluteFilePath();
    if (path == QFileInfo(m_sessionFile).absoluteFilePath() || m_held.contains(path)) continue;
    auto lock = std::make_shared<QLockFile>(lockPathOf(path));
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0)) continue;  // its session is alive
    std::optional<RecoveredModel> model = readRecovery(path);
    if (!model) {
      lock->unlock();
      continue;
    }
    m_held.insert(path, lock);
    found.append(*model);
  }
  std::sort(found.begin(), found.end(), [](const RecoveredModel& a, const RecoveredModel& b) { return a.saved < b.saved; });
  return found;
}

void RecoveryStore::discard(const RecoveredModel& model) {
  QFile::remove(model.recoveryFile);
  if (const auto lock = m_held.take(model.recoveryFile)) lock->unlock();  // removes the lock file
}

void RecoveryStore::release(const RecoveredModel& model) {
  if (const auto lock = m_held.take(model.recoveryFile)) lock->unlock();
}

}  // namespace mstmm::gui
