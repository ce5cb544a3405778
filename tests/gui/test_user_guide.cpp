// The user guide inside the studio (issue 55): Help ▸ User Guide opens it;
// F1 opens the page of the widget that has the focus; every menu entry, by
// its menu path, and every shortcut appear in it; every label of the
// properties pages has a tooltip that says its meaning (and its unit), taken
// from the guide's table of fields.
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFormLayout>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QTextBrowser>
#include <QtTest>

#include "gui/editor/topology_view.hpp"
#include "gui/help/user_guide.hpp"
#include "gui/document/model_document.hpp"
#include "gui/main/main_window.hpp"
#include "gui/properties/properties_panel.hpp"
#include "tests/gui/studio_support.hpp"

using namespace mstmm;
using namespace mstmm::gui;

namespace {

struct MenuEntry {
  QString path;      // "Simulate ▸ Run"
  QString shortcut;  // "F5", or empty
};

QString plain(QString text) { return text.remove('&').remove(QStringLiteral("…")).trimmed(); }

// Every entry of the menu bar, by its path, except the lists that change
// with the user's files (recent files) and the bundled examples' titles.
void collect(QMenu* menu, const QString& prefix, QList<MenuEntry>& out) {
  for (QAction* a : menu->actions()) {
    if (a->isSeparator() || a->text().isEmpty()) continue;
    const QString path = prefix + QStringLiteral(" ▸ ") + plain(a->text());
    if (a->objectName().startsWith("example:") || a->objectName().startsWith("recent:")) continue;
    if (QMenu* sub = a->menu()) {
      if (sub->objectName() == "recentMenu") continue;
      collect(sub, path, out);
      if (!sub->actions().isEmpty()) continue;
    }
    out.push_back({path, a->shortcut().toString(QKeySequence::NativeText)});
  }
}

QList<MenuEntry> menuEntries(MainWindow& window) {
  QList<MenuEntry> out;
  for (QAction* a : window.menuBar()->actions())
    if (QMenu* m = a->menu()) collect(m, plain(a->text()), out);
  return out;
}

}  // namespace

class TestUserGuide : public QObject {
  Q_OBJECT
 private slots:
  void everyMenuEntryAndShortcutIsInTheGuide() {
    MainWindow window;
    QVERIFY(test::showStudio(window));
    const QString guide = UserGuide::allText();
    QStringList missing;
    for (const MenuEntry& e : menuEntries(window)) {
      const auto lines = guide.split('\n');
      bool found = false;
      for (const QString& line : lines)
        if (line.contains(e.path) && (e.shortcut.isEmpty() || line.contains(e.shortcut))) found = true;
      if (!found) missing << e.path + (e.shortcut.isEmpty() ? QString() : " (" + e.shortcut + ")");
    }
    if (!missing.isEmpty()) qWarning().noquote() << "not in the guide:\n  " + missing.join("\n  ");
    QVERIFY(missing.isEmpty());
    QVERIFY(guide.size() > 1000);
  }

  // Help ▸ User Guide opens the guide beside the studio, its pages listed;
  // F1 opens the page of the panel that has the focus; links between pages
  // follow.
  void f1OpensThePageOfTheFocusedPanel() {
    MainWindow window;
    QVERIFY(test::showStudio(window));
    QVERIFY(window.openExample("riccati-demo-planar"));
    QVERIFY(window.guideDock()->isHidden());
    window.action("userGuide")->trigger();
    QVERIFY(window.guideDock()->isVisible());
    QCOMPARE(window.userGuide()->currentPage(), QString("getting-started.md"));  // the focus is in no panel with a page
    QVERIFY(window.userGuide()->browser()->toPlainText().contains("Five minutes: open, run, plot, export"));
    QCOMPARE(window.dockWidgetArea(window.guideDock()), Qt::RightDockWidgetArea);
    QVERIFY(!window.guideDock()->isFloating());
    QVERIFY(window.centralWidget()->width() > 500);  // the studio still in view beside it
    QVERIFY(window.userGuide()->browser()->width() > 300);  // and the text wide enough to read

    window.guideDock()->hide();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QLineEdit* name = nullptr;
    for (QLineEdit* e : window.properties()->findChildren<QLineEdit*>())
      if (!name && e->isVisible()) name = e;
    QVERIFY(name);
    name->setFocus();
    QTRY_VERIFY(name->hasFocus());
    QTest::keyClick(name, Qt::Key_F1);
    QTRY_VERIFY(window.guideDock()->isVisible());
    QCOMPARE(window.userGuide()->currentPage(), QString("fields.md"));
    QVERIFY(window.userGuide()->browser()->toPlainText().contains("Spectral radius"));

    window.graphView()->setFocus();
    QTRY_VERIFY(window.graphView()->hasFocus());
    QTest::keyClick(window.graphView(), Qt::Key_F1);
    QCOMPARE(window.userGuide()->currentPage(), QString("building-a-model.md"));

    // The list of pages and the links between them.
    auto* contents = window.userGuide()->findChild<QListWidget*>("guideContents");
    QCOMPARE(contents->count(), static_cast<int>(UserGuide::pages().size()));
    contents->setCurrentRow(static_cast<int>(UserGuide::pages().indexOf("live-runs.md")));
    QCOMPARE(window.userGuide()->currentPage(), QString("live-runs.md"));
    window.userGuide()->browser()->setSource(QUrl("studies.md"));
    QCOMPARE(window.userGuide()->currentPage(), QString("studies.md"));
    QCOMPARE(contents->currentRow(), static_cast<int>(UserGuide::pages().indexOf("studies.md")));
    QVERIFY(window.userGuide()->browser()->toPlainText().contains("Vary in a Study"));

    window.userGuide()->showPage("getting-started.md");
    const QString shot = QString(MSTMM_BINARY_DIR) + "/artifacts/user-guide-beside-the-studio.png";
    QDir().mkpath(QString(MSTMM_BINARY_DIR) + "/artifacts");
    QVERIFY(window.grab().save(shot));
  }

  // Every label of every properties page has its entry in fields.md, and
  // its tooltip says it: the model page and every body, hinge and strut of
  // examples that between them hold every kind of field (hinge loads on a
  // turn and on a slide, a beam, body loads, contacts, a road, struts).
  void everyPropertyLabelHasItsTooltip() {
    MainWindow window;
    QVERIFY(test::showStudio(window));
    QStringList unknown;
    int labels = 0;
    auto check = [&] {
      unknown << explainFields(window.properties());
      for (QLabel* label : window.properties()->findChildren<QLabel*>()) {
        if (!label->buddy() || label->text().isEmpty() || !label->isVisibleTo(window.properties())) continue;
        ++labels;
        if (label->toolTip().size() < 10) unknown << "no tooltip: " + label->text();
      }
    };
    for (const char* example : {"vehicle", "flexible-arm", "servo-arm", "stops-slider", "quarter-car", "eight-body-loaded", "newtons-cradle", "four-bar"}) {
      QVERIFY2(window.openExample(example), example);
      ModelDocument* doc = window.document();
      check();
      for (const BodySpec& b : doc->spec().bodies) {
        Selection s;
        s.bodies.insert(b.id.value);
        doc->setSelection(s);
        check();
      }
      for (const HingeSpec& h : doc->spec().hinges) {
        Selection s;
        s.hinges.insert(h.id.value);
        doc->setSelection(s);
        check();
      }
      for (std::size_t k = 0; k < doc->spec().springs.size(); ++k) {
        Selection s;
        s.struts.insert(static_cast<int>(k));
        doc->setSelection(s);
        check();
      }
    }
    unknown.removeDuplicates();
    if (!unknown.isEmpty()) qWarning().noquote() << "not in fields.md:\n  " + unknown.join("\n  ");
    QVERIFY(unknown.isEmpty());
    QVERIFY(labels > 200);
  }
};

QTEST_MAIN(TestUserGuide)
#include "test_user_guide.moc"
