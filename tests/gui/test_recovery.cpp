// Crash and kill recovery (issue 17.3). A studio edits a model and is killed
// with SIGKILL after its autosave; the next start offers the model back,
// names when it was autosaved, and restores it with the edit in it (unsaved,
// from its file) or, when declined, removes the recovery file; "Later" keeps
// it. The studio that is killed is this test program itself, started again
// as a child process in its "edit and wait" mode (see main()), so the real
// MainWindow, document, undo command and autosave do the work.

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QMessageBox>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <cstring>

#include "core/generate/generators.hpp"
#include "core/io/model_json.hpp"
#include "gui/document/commands.hpp"
#include "gui/main/main_window.hpp"

using namespace mstmm;
using namespace mstmm::gui;

namespace {

constexpr double kEditedMass = 7.25;  // body '3' of the demo has 1 kg: an edit nobody would make by chance

void nameApplication() {
  QApplication::setOrganizationName("MSTMM Studio");  // as mstmm-studio: the same settings folder
  QApplication::setApplicationName("MSTMM Studio");
}

/// The child: opens the model, changes body '3''s mass by an undoable edit,
/// says so, and waits to be killed.
int editAndWait(int argc, char** argv) {
  QApplication app(argc, argv);
  nameApplication();
  MainWindow window;
  window.setInteractive(false);
  if (!window.openFile(QString::fromLocal8Bit(argv[2]))) return 2;
  ModelDocument* doc = window.document();
  for (const BodySpec& b : doc->spec().bodies) {
    if (b.name != "3") continue;
    BodySpec after = b;
    after.shape.mass = kEditedMass;
    doc->undoStack()->push(new EditBodyCommand(doc, b, after, "mass"));
  }
  std::printf("edited\n");
  std::fflush(stdout);
  return QApplication::exec();
}

QStringList recoveryFiles(const QString& dir) { return QDir(dir).entryList({"*.recovery.json"}, QDir::Files); }

/// Answers the next recovery prompt with the button of that text, keeping its question.
void answerPrompt(const QString& button, QString* question) {
  auto* poll = new QTimer(qApp);
  QObject::connect(poll, &QTimer::timeout, poll, [poll, button, question] {
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (!box || box->objectName() != "recoveryPrompt") return;
    *question = box->text();
    QDir().mkpath(MSTMM_BINARY_DIR "/artifacts");  // for a look at the prompt as a user meets it
    box->grab().save(MSTMM_BINARY_DIR "/artifacts/recovery-prompt.png");
    for (QAbstractButton* b : box->buttons())
      if (b->text() == button) b->click();
    poll->deleteLater();
  });
  poll->start(20);
}

}  // namespace

class TestRecovery : public QObject {
  Q_OBJECT

  QTemporaryDir m_home;
  QString m_model;

  QString recoveryDir() const { return RecoveryStore::defaultDirectory(); }

  /// Starts a studio that edits the model, waits for its autosave, kills it.
  void editAndKill() {
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_CONFIG_HOME", m_home.path());
    env.insert("QT_QPA_PLATFORM", "offscreen");
    child.setProcessEnvironment(env);
    child.start(QCoreApplication::applicationFilePath(), {"--edit-and-wait", m_model});
    QVERIFY(child.waitForStarted());
    QVERIFY(child.waitForReadyRead(20000));
    QCOMPARE(child.readAllStandardOutput(), QByteArray("edited\n"));
    QElapsedTimer sinceEdit;
    sinceEdit.start();
    QTRY_VERIFY_WITH_TIMEOUT(recoveryFiles(recoveryDir()).size() == 1, 15000);
    qInfo("autosaved %.1f s after the edit (the delay is %.1f s)", sinceEdit.elapsed() / 1000.0, Autosave::kDelayMs / 1000.0);
    child.kill();  // SIGKILL: no destructor, no close event
    QVERIFY(child.waitForFinished(5000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    QCOMPARE(recoveryFiles(recoveryDir()).size(), 1);  // left behind, with its stale lock
    QCOMPARE(QDir(recoveryDir()).entryList({"*.lock"}, QDir::Files).size(), 1);
  }

 private slots:
  void initTestCase() {
    QVERIFY(m_home.isValid());
    qputenv("XDG_CONFIG_HOME", m_home.path().toLocal8Bit());
    nameApplication();
    QVERIFY(recoveryDir().startsWith(m_home.path()));
    m_model = m_home.filePath("demo.json");
    saveModel(riccatiDemo(), m_model.toStdString());
  }

  void cleanup() { QDir(recoveryDir()).removeRecursively(); }

  void aKilledStudiosEditIsOfferedBackAndRestored() {
    editAndKill();
    const QString left = recoveryFiles(recoveryDir()).first();
    MainWindow window;
    QString question;
    answerPrompt("Restore", &question);
    QCOMPARE(window.offerRecovery(), 1);
    qInfo("%s", qPrintable(question));
    QVERIFY(question.startsWith("MSTMM Studio ended without saving the model 'Riccati MSTMM demonstration example (000 §5.1)' (demo.json).\nIt was autosaved at "));
    QVERIFY(question.endsWith("less than a minute ago."));
    // The edit is back, unsaved, and Save goes to the file it came from.
    ModelDocument* doc = window.document();
    double mass = 0.0;
    for (const BodySpec& b : doc->spec().bodies)
      if (b.name == "3") mass = b.shape.mass;
    QCOMPARE(mass, kEditedMass);
    QVERIFY(doc->isModified());
    QCOMPARE(doc->filePath(), m_model);
    // The old file is gone; this session's autosave holds the model now.
    const QStringList now = recoveryFiles(recoveryDir());
    QCOMPARE(now.size(), 1);
    QVERIFY(now.first() != left);
    QVERIFY(RecoveryStore(recoveryDir()).orphans().isEmpty());  // this session is alive: nothing to offer
    // Saving ends the need for it.
    QVERIFY(window.saveFile(m_home.filePath("saved.json")));
    QVERIFY(recoveryFiles(recoveryDir()).isEmpty());
  }

  void laterKeepsItAndDeclineRemovesIt() {
    editAndKill();
    {
      MainWindow window;
      QString question;
      answerPrompt("Later", &question);
      QCOMPARE(window.offerRecovery(), 0);
      QVERIFY(!question.isEmpty());
      QCOMPARE(recoveryFiles(recoveryDir()).size(), 1);  // kept for the next start
    }
    MainWindow window;
    QString question;
    answerPrompt("Discard", &question);
    QCOMPARE(window.offerRecovery(), 0);
    QVERIFY(!question.isEmpty());
    QVERIFY(recoveryFiles(recoveryDir()).isEmpty());
    QVERIFY(QDir(recoveryDir()).entryList({"*.lock"}, QDir::Files).isEmpty());
    QVERIFY(window.document()->spec().bodies.empty());  // nothing was loaded
  }

  // Within one session: the file exists only while there are unsaved edits.
  void undoingToTheSavedStateRemovesTheFile() {
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openFile(m_model));
    window.autosave()->setDelay(100);
    ModelDocument* doc = window.document();
    const BodySpec before = doc->spec().bodies.front();
    BodySpec after = before;
    after.shape.mass = 3.0;
    doc->undoStack()->push(new EditBodyCommand(doc, before, after, "mass"));
    QTRY_COMPARE(recoveryFiles(recoveryDir()).size(), 1);
    doc->undoStack()->undo();
    QVERIFY(recoveryFiles(recoveryDir()).isEmpty());
    doc->undoStack()->redo();
    QTRY_COMPARE(recoveryFiles(recoveryDir()).size(), 1);
    window.close();  // not interactive: the close takes its default (discard)
    QVERIFY(recoveryFiles(recoveryDir()).isEmpty());
  }
};

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--edit-and-wait") == 0) return editAndWait(argc, argv);
  QApplication app(argc, argv);
  TestRecovery test;
  return QTest::qExec(&test, argc, argv);
}

#include "test_recovery.moc"
