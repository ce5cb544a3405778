#include <QtTest>
class T : public QObject { Q_OBJECT private slots: void todo() {} };
QTEST_APPLESS_MAIN(T)
#include "test_cli.moc"
