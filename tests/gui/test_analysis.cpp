// The Analysis menu of the studio: Find Equilibrium makes the equilibrium
// the initial state in one undo step (and Undo puts the old one back);
// Natural Frequencies shows the modes with the frequencies of the double
// compound pendulum's closed form and exports them as CSV, read back; a
// model with no rest is refused in Messages with the hinge named and the
// model left as it was.

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <cmath>

#include "core/io/model_json.hpp"
#include "gui/analysis/analysis_actions.hpp"
#include "gui/analysis/modes_dialog.hpp"
#include "gui/main/main_window.hpp"
#include "gui/main/studio_setup.hpp"
#include "gui/panels/messages_panel.hpp"
#include "tests/gui/studio_support.hpp"

using namespace mstmm;
using namespace mstmm::gui;

namespace {

using test::showStudio;

AnalysisActions* analysisOf(MainWindow& window) { return window.findChild<AnalysisActions*>(); }

}  // namespace

class TestAnalysis : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QApplication::setOrganizationName("MSTMM Studio Tests");
    QApplication::setApplicationName("test_analysis");
  }

  void findEquilibriumIsOneUndoStep() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("damped-double-pendulum"));
    const double before = window.document()->spec().bodies[0].theta;
    QVERIFY(window.action("findEquilibrium"));
    window.action("findEquilibrium")->trigger();
    const double after = window.document()->spec().bodies[0].theta;
    QVERIFY2(std::abs(std::remainder(after - M_PI / 2, 2 * M_PI)) < 1e-9, qPrintable(QString::number(after)));  // hanging straight down
    QVERIFY(window.messages()->texts().join("\n").contains("Equilibrium found in"));
    window.document()->undoStack()->undo();
    QCOMPARE(window.document()->spec().bodies[0].theta, before);
  }

  void naturalFrequenciesShowTheClosedForm() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("damped-double-pendulum"));
    window.action("naturalFrequencies")->trigger();
    ModesDialog* dialog = analysisOf(window)->dialog();
    QVERIFY(dialog);
    QCOMPARE(dialog->table()->rowCount(), 2);
    // Two equal rods (1 m, 1 kg): w^2 = (3 -+ 6/sqrt 7) g / L.
    for (int k = 0; k < 2; ++k) {
      const double expected = std::sqrt((3.0 + (k ? 1 : -1) * 6.0 / std::sqrt(7.0)) * 9.81) / (2 * M_PI);
      const double shown = dialog->table()->item(k, 1)->text().toDouble();
      QVERIFY2(std::abs(shown / expected - 1.0) < 1e-5, qPrintable(QString("%1 against %2").arg(shown).arg(expected)));
      QVERIFY(std::abs(dialog->report().rows[static_cast<std::size_t>(k)].frequency / expected - 1.0) < 1e-9);
    }
    QCOMPARE(dialog->table()->item(0, 3)->text(), QString("vibration"));
    dialog->show();  // an artefact to look at: build/artifacts/modes-dialog.png
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QDir().mkpath(QString(MSTMM_BINARY_DIR) + "/artifacts");
    QVERIFY(dialog->grab().save(QString(MSTMM_BINARY_DIR) + "/artifacts/modes-dialog.png"));
    QTemporaryDir dir;
    const QString path = dir.filePath("modes.csv");
    QCOMPARE(dialog->exportCsv(path), QString());
    QFile csv(path);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines[1].startsWith("1,vibration,0.4265"));
  }

  void aModelWithoutRestIsRefusedByName() {
    MainWindow window;
    QVERIFY(showStudio(window));
    QVERIFY(window.openExample("incline-block"));
    const ModelSpec before = window.document()->spec();
    const int steps = window.document()->undoStack()->count();
    QVERIFY(!analysisOf(window)->findEquilibrium());
    QVERIFY(!analysisOf(window)->naturalFrequencies());
    const QString messages = window.messages()->texts().join("\n");
    QVERIFY2(messages.contains("nothing holds hinge 'free' x"), qPrintable(messages));
    QCOMPARE(window.document()->undoStack()->count(), steps);
    QVERIFY(window.document()->spec() == before);
  }
};

QTEST_MAIN(TestAnalysis)
#include "test_analysis.moc"
