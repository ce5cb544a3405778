// The command-line tool end to end: `generate` + `simulate` produce the
// documented CSV (comment lines, header, units, time first, full precision),
// with values equal to an in-process run; `info` reports the structure; bad
// input exits non-zero with one line.

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <complex>
#include <fstream>

#include "core/io/model_json.hpp"
#include "core/model/model.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

struct Run {
  int exitCode = -1;
  QString out, err;
};

Run mstmmCli(const QStringList& args) {
  QProcess p;
  p.start(MSTMM_CLI, args);
  p.waitForFinished(120000);
  return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

struct Csv {
  QStringList comments;
  QStringList header;
  std::vector<std::vector<double>> rows;
};

Csv readCsv(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  Csv csv;
  for (const QByteArray& raw : file.readAll().split('\n')) {
    const QString line = QString::fromUtf8(raw);
    if (line.isEmpty()) continue;
    if (line.startsWith('#')) csv.comments << line;
    else if (csv.header.isEmpty()) csv.header = line.split(',');
    else {
      std::vector<double> row;
      for (const QString& cell : line.split(',')) row.push_back(std::strtod(cell.toUtf8().constData(), nullptr));
      csv.rows.push_back(row);
    }
  }
  return csv;
}

}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  // Issue 13.10: every subcommand prints its own usage for --help (and -h),
  // on stdout with exit code 0; --version ends its line.
  void everyCommandPrintsItsOwnUsage() {
    for (const QString command : {"simulate", "export", "generate", "info", "format", "import", "export-model", "campbell", "unbalance"}) {
      for (const QString flag : {"--help", "-h"}) {
        const Run r = mstmmCli({command, flag});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith("usage:\n  " + command + " "), qPrintable(command + ": " + r.out.left(80)));
        QVERIFY(r.err.isEmpty());
      }
    }
    const Run helpAfterArguments = mstmmCli({"simulate", "model.json", "--dt", "0.1", "--help"});
    QCOMPARE(helpAfterArguments.exitCode, 0);
    QVERIFY(helpAfterArguments.out.contains("--integrator rk4|dopri5"));
    const Run version = mstmmCli({"--version"});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith("mstmm ") && version.out.endsWith("\n"));
  }

  void generateAndSimulateProduceTheDocumentedCsv() {
    QTemporaryDir dir;
    const QString model = dir.filePath("chain.json"), out = dir.filePath("chain.csv");
    Run g = mstmmCli({"generate", "chain", "--bodies", "4", "--planar", "--out", model});
    QCOMPARE(g.exitCode, 0);
    Run s = mstmmCli({"simulate", model, "--t-end", "0.5", "--dt", "0.001", "--every", "100", "--out", out});
    QVERIFY2(s.exitCode == 0, qPrintable(s.err));
    const Csv csv = readCsv(out);
    QCOMPARE(csv.comments.size(), 2);
    QVERIFY(csv.comments[0].startsWith("# mstmm 0.1.0 results for model 'chain of 4 planar bodies'"));
    QVERIFY(csv.comments[1].startsWith("# units: t s;"));
    QStringList expected{"t"};
    for (const char* b : {"1", "2", "3", "4"})
      for (const char* c : {".x", ".y", ".z", ".qw", ".qx", ".qy", ".qz", ".theta"}) expected << QString(b) + c;
    expected << "energy.kinetic" << "energy.potential" << "energy.total";
    QCOMPARE(csv.header, expected);
    QCOMPARE(csv.rows.size(), std::size_t(6));  // t = 0, 0.1, ..., 0.5
    // The same run in process: the CSV holds exactly its numbers.
    const auto compiled = compile(loadModel(model.toStdString()));
    SimulationSettings settings;
    settings.endTime = 0.5;
    settings.timeStep = 0.001;
    settings.outputEvery = 100;
    Results results(*compiled);
    QCOMPARE(simulate(compiled, settings, results).status, RunStatus::Completed);
    for (int f = 0; f < results.frameCount(); ++f) {
      const std::vector<double>& row = csv.rows[static_cast<std::size_t>(f)];
      QCOMPARE(row[0], results.time(f));
      for (int b = 0; b < 4; ++b) {
        const int slot = results.slotOf(compiled->bodyByName(std::to_string(b + 1)));
        const std::size_t c = 1 + 8 * static_cast<std::size_t>(b);
        QCOMPARE(row[c], results.com(f, slot).x());
        QCOMPARE(row[c + 1], results.com(f, slot).y());
        QCOMPARE(row[c + 3], results.orientation(f, slot)[0]);
        QCOMPARE(row[c + 6], results.orientation(f, slot)[3]);
        QCOMPARE(row[c + 7], results.theta(f, slot));
      }
      QCOMPARE(row.back(), results.energy(f).total());
    }
  }

  void selectedBodiesIntegratorAndSolverOptions() {
    QTemporaryDir dir;
    const QString model = dir.filePath("tree.json"), a = dir.filePath("a.csv"), b = dir.filePath("b.csv");
    QCOMPARE(mstmmCli({"generate", "random-tree", "--bodies", "12", "--seed", "3", "--out", model}).exitCode, 0);
    Run r1 = mstmmCli({"simulate", model, "--t-end", "0.2", "--dt", "0.001", "--every", "50", "--bodies", "b3,b7", "--out", a});
    QVERIFY2(r1.exitCode == 0, qPrintable(r1.err));
    Run r2 = mstmmCli({"simulate", model, "--t-end", "0.2", "--dt", "0.001", "--every", "50", "--bodies", "b3,b7", "--solver", "newton-euler", "--out", b});
    QVERIFY2(r2.exitCode == 0, qPrintable(r2.err));
    const Csv ca = readCsv(a), cb = readCsv(b);
    QCOMPARE(ca.header, (QStringList{"t", "b3.x", "b3.y", "b3.z", "b3.qw", "b3.qx", "b3.qy", "b3.qz", "b7.x", "b7.y", "b7.z", "b7.qw", "b7.qx", "b7.qy", "b7.qz", "energy.kinetic", "energy.potential", "energy.total"}));
    QVERIFY(cb.comments[0].contains("solver newton-euler"));
    double worst = 0;
    for (std::size_t f = 0; f < ca.rows.size(); ++f)
      for (std::size_t c = 0; c < ca.rows[f].size(); ++c) worst = std::max(worst, std::abs(ca.rows[f][c] - cb.rows[f][c]));
    QVERIFY(worst < 1e-10);  // both formulations integrate to the same trajectory
    Run r3 = mstmmCli({"simulate", model, "--t-end", "0.2", "--integrator", "dopri5", "--rtol", "1e-10", "--every", "50", "--bodies", "b3", "--out", a});
    QVERIFY2(r3.exitCode == 0, qPrintable(r3.err));
    QCOMPARE(readCsv(a).rows.size(), std::size_t(5));
  }

  void infoReportsTheStructure() {
    Run r = mstmmCli({"info", test::sourcePath("resources/examples/tree-spatial-mobile.json").c_str()});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("bodies:       10"));
    QVERIFY(r.out.contains("DOF:          30"));
    QVERIFY(r.out.contains("tree depth:   5"));
    QVERIFY(r.out.contains("multi-input:  3 bodies: left (3 inputs), right (2 inputs), top (2 inputs)"));
    QVERIFY(r.out.contains("closed loops: 0\n"));
    Run loop = mstmmCli({"info", test::sourcePath("resources/examples/crank-slider.json").c_str()});
    QCOMPARE(loop.exitCode, 0);
    QVERIFY(loop.out.contains("DOF:          1\n"));
    QVERIFY(loop.out.contains("closed loops: 1 (cut at 'A')"));
    QVERIFY(loop.out.contains("sliders:      1: 'rail'"));
  }

  // Issue 16: an MJCF file becomes a model file that runs; what the import
  // does not take is named on standard error, one line each.
  void importReadsMjcfAndNamesWhatItDoesNotTake() {
    QTemporaryDir dir;
    const QString model = dir.filePath("arm.json"), out = dir.filePath("arm.csv");
    const Run r = mstmmCli({"import", test::sourcePath("resources/interchange/arm.xml").c_str(), "--out", model});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains("mstmm: not taken: actuator 'yaw motor': imported as an actuator on 'yaw' with load 0 (20 per unit"), qPrintable(r.err));
    QVERIFY(r.err.contains("mstmm: not taken: joint 'grip': its range becomes stops"));
    QVERIFY(r.err.contains("imported 'arm' (6 bodies, 6 hinges;"));
    const Run info = mstmmCli({"info", model});
    QVERIFY(info.out.contains("DOF:          5"));
    const Run s = mstmmCli({"simulate", model, "--t-end", "0.5", "--out", out});
    QVERIFY2(s.exitCode == 0, qPrintable(s.err));
    QCOMPARE(readCsv(out).rows.size(), std::size_t(501));
    const Run bad = mstmmCli({"import", dir.filePath("missing.xml"), "--out", model});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.startsWith("mstmm: error: '") && bad.err.contains("missing.xml': no such file"), qPrintable(bad.err));
    QCOMPARE(bad.err.count('\n'), 1);
    QFile broken(dir.filePath("broken.xml"));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("<mujoco>\n  <worldbody>\n    <body><geom type=\"spere\"/></body>\n  </worldbody>\n</mujoco>\n");
    broken.close();
    const Run refused = mstmmCli({"import", dir.filePath("broken.xml"), "--out", model});
    QVERIFY2(refused.exitCode == 1 && refused.err.contains("MuJoCo could not load it"), qPrintable(refused.err));
    // Every line of the parser's message, the line number too (it was cut to the first).
    QVERIFY2(refused.err.endsWith("invalid keyword: 'spere'\n  Element 'geom', line 3\n"), qPrintable(refused.err));
    // Written but refused by the model check: the last line says the import failed.
    QFile empty(dir.filePath("empty.urdf"));
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.write("<robot name='empty'><link name='base'/></robot>\n");
    empty.close();
    const Run unchecked = mstmmCli({"import", dir.filePath("empty.urdf"), "--out", dir.filePath("empty.json")});
    QCOMPARE(unchecked.exitCode, 1);
    QVERIFY2(unchecked.err.endsWith("mstmm: import failed: 'empty' (0 bodies, 0 hinges; 0 elements not taken) was written to " + dir.filePath("empty.json") +
                                    ", but the model check refuses it (1 problem above): fix them in " + dir.filePath("empty.json") +
                                    " (the studio opens it and lists them under Messages) or in " + dir.filePath("empty.urdf") + " and import it again\n"),
             qPrintable(unchecked.err));
  }

  // A model written as MJCF and URDF: each file imports again (the MJCF
  // through MuJoCo's compiler, so MuJoCo loads it) into a model with the
  // same bodies and degrees of freedom; what a format cannot hold is named.
  void exportModelWritesMjcfAndUrdf() {
    QTemporaryDir dir;
    const QString model = dir.filePath("arm.json"), mjcf = dir.filePath("arm.xml"), urdf = dir.filePath("arm.urdf"), back = dir.filePath("back.json");
    QCOMPARE(mstmmCli({"import", test::sourcePath("resources/interchange/arm.xml").c_str(), "--out", model}).exitCode, 0);
    const Run m = mstmmCli({"export-model", model, "--out", mjcf});
    QVERIFY2(m.exitCode == 0, qPrintable(m.err));
    QVERIFY2(m.err.contains("mstmm: not written: hinge 'yaw': its actuator is written as a motor of gear 1"), qPrintable(m.err));
    QVERIFY(m.err.contains("mstmm: wrote 'arm' as MJCF to "));
    const Run u = mstmmCli({"export-model", model, "--out", urdf});
    QVERIFY2(u.exitCode == 0, qPrintable(u.err));
    QVERIFY2(u.err.contains("mstmm: not written: hinge 'yaw': its actuator is written as the joint's effort limit 20 only"), qPrintable(u.err));
    for (const QString& file : {mjcf, urdf}) {
      const Run again = mstmmCli({"import", file, "--out", back});
      QVERIFY2(again.exitCode == 0, qPrintable(again.err));
      QVERIFY2(mstmmCli({"info", back}).out.contains("DOF:          5"), qPrintable(file));
    }
    const Run bad = mstmmCli({"export-model", model, "--out", dir.filePath("arm.step")});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains("give --format urdf|mjcf"), qPrintable(bad.err));
  }

  // A URDF file (told from MJCF by its root element) with a floating base.
  void importReadsUrdf() {
    QTemporaryDir dir;
    const QString urdf = dir.filePath("two.urdf"), model = dir.filePath("two.json");
    QFile f(urdf);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"(<robot name="two">
  <link name="base"><inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial></link>
  <joint name="j" type="revolute"><parent link="base"/><child link="arm"/><origin xyz="0.1 0 0"/><axis xyz="0 0 1"/>
    <limit lower="-1" upper="1" effort="2" velocity="1"/><dynamics damping="0.1" friction="0.2"/></joint>
  <link name="arm"><inertial><origin xyz="0.1 0 0"/><mass value="0.5"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/></inertial></link>
  <transmission name="t"/>
</robot>
)");
    f.close();
    const Run r = mstmmCli({"import", urdf, "--out", model, "--floating-base"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.err.contains("mstmm: not taken: line 6: transmission 't': transmissions are not imported"), qPrintable(r.err));
    QVERIFY(r.err.contains("mstmm: not taken: joint 'j': friction 0.2 is not taken"));
    QVERIFY(r.err.contains("imported 'two' (2 bodies, 2 hinges;"));
    const Run info = mstmmCli({"info", model});
    QVERIFY2(info.out.contains("DOF:          7"), qPrintable(info.out));  // a free base and one hinge
  }

  // Issue 54: the rotor analyses from the command line. The overhung disk's
  // criticals are the closed form's (docs/rotors.md R8), read from what the
  // tool prints; its Campbell CSV has a row per speed and six columns per
  // line; the Jeffcott rotor's unbalance orbit at 250 rad/s is
  // m_u e w^2 / |k - m w^2 + i c w| (the generator's defaults).
  void campbellAndUnbalanceFromTheCommandLine() {
    QTemporaryDir dir;
    const QString overhung = dir.filePath("overhung.json"), jeffcott = dir.filePath("jeffcott.json"), csv = dir.filePath("campbell.csv"), orbit = dir.filePath("orbit.csv");
    QCOMPARE(mstmmCli({"generate", "overhung-rotor", "--out", overhung}).exitCode, 0);
    QCOMPARE(mstmmCli({"generate", "jeffcott-rotor", "--out", jeffcott}).exitCode, 0);
    const Run c = mstmmCli({"campbell", overhung, "--spin", "spin", "--to", "3000", "--points", "31", "--modes", "2", "--out", csv});
    QVERIFY2(c.exitCode == 0, qPrintable(c.err));
    const QRegularExpression critical("critical speed \\(1x\\): ([0-9.e+-]+) rad/s = [0-9.e+-]+ rpm, line \\d, (\\w+) whirl");
    std::vector<std::pair<double, QString>> found;
    for (auto it = critical.globalMatch(c.out); it.hasNext();) {
      const auto m = it.next();
      found.emplace_back(m.captured(1).toDouble(), m.captured(2));
    }
    QCOMPARE(found.size(), std::size_t(2));
    const double it = 0.02 + 5.0 * 0.3 * 0.3, ip = 0.04, k = 2e4;  // generateOverhungRotor's defaults
    // Printed to six digits (the closed forms themselves: test_rotor, to 1e-10).
    QVERIFY(std::abs(found[0].first / std::sqrt(k / (it + ip)) - 1.0) < 5e-6);
    QCOMPARE(found[0].second, QString("backward"));
    QVERIFY(std::abs(found[1].first / std::sqrt(k / (it - ip)) - 1.0) < 5e-6);
    QCOMPARE(found[1].second, QString("forward"));
    QVERIFY(c.out.contains("stable over the whole range"));
    const Csv campbell = readCsv(csv);
    QCOMPARE(campbell.header.size(), 2 + 2 * 6);
    QCOMPARE(campbell.rows.size(), std::size_t(31));
    QCOMPARE(campbell.rows.back()[0], 3000.0);
    const Run u = mstmmCli({"unbalance", jeffcott, "--spin", "spin.angle", "--speeds", "250", "--at", "disk", "--out", orbit});
    QVERIFY2(u.exitCode == 0, qPrintable(u.err));
    const Csv response = readCsv(orbit);
    QCOMPARE(response.rows.size(), std::size_t(1));
    const double w = 250.0, expected = 0.01 * 0.05 * w * w / std::abs(std::complex<double>(1e6 - 10.0 * w * w, 200.0 * w));
    QVERIFY(std::abs(response.rows[0][6] / expected - 1.0) < 1e-9);  // point 1's major semi-axis
    const Run bad = mstmmCli({"campbell", overhung, "--spin", "spin", "--from", "100", "--to", "50"});
    QCOMPARE(bad.exitCode, 1);
    QCOMPARE(bad.err, QString("mstmm: error: campbell: the speed range 100 to 50 rad/s must be increasing and >= 0\n"));
  }

  void badInputExitsNonZeroWithOneLine_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing file") << QStringList{"simulate", "/nonexistent.json"} << "mstmm: error: cannot open model file '/nonexistent.json': no such file\n";
    QTest::newRow("bad number") << QStringList{"simulate", test::sourcePath("resources/examples/riccati-demo-planar.json").c_str(), "--dt", "fast"}
                                << "mstmm: error: --dt expects a number, not 'fast'\n";
    QTest::newRow("negative step") << QStringList{"simulate", test::sourcePath("resources/examples/riccati-demo-planar.json").c_str(), "--dt", "-1"}
                                   << "mstmm: error: simulation: time step must be a positive number of seconds\n";
    QTest::newRow("unknown body") << QStringList{"simulate", test::sourcePath("resources/examples/riccati-demo-planar.json").c_str(), "--bodies", "42"}
                                  << "mstmm: error: --bodies: the model has no body named '42'\n";
    QTest::newRow("unknown option") << QStringList{"generate", "chain", "--bodys", "3"} << "mstmm: error: unknown option --bodys\n";
    QTest::newRow("too small branch") << QStringList{"generate", "branch", "--bodies", "3", "--out", "/tmp/x.json"}
                                      << "mstmm: error: the branch system of 000 Fig. 1 needs --bodies 6 or more\n";
    const QString demo = test::sourcePath("resources/examples/riccati-demo-planar.json").c_str();
    QTest::newRow("export nothing") << QStringList{"export", demo}
                                    << "mstmm: error: export: say what to write (--csv, --plotted-csv, --plot, --image, --frames, --video, --paraview)\n";
    QTest::newRow("export unknown quantity")
        << QStringList{"export", demo, "--plot", "/tmp/x.svg", "--plot-quantity", "speed"}
        << "mstmm: error: --plot-quantity must be angle, angular-velocity, energy, hinge-force, hinge-moment, slide, slide-rate, loads, momentum, angular-momentum, centre-of-mass or measures, not 'speed'\n";
    QTest::newRow("export loads of a model without them")
        << QStringList{"export", demo, "--plotted-csv", "/tmp/x.csv", "--plot-quantity", "loads"}
        << "mstmm: error: --plot-quantity loads: model 'Riccati MSTMM demonstration example (000 §5.1)' has nothing to plot for it (no load elements)\n";
    // Issue 30: --plot-component took an index that nothing listed; a wrong one now lists them.
    QTest::newRow("export unknown component")
        << QStringList{"export", demo, "--plotted-csv", "/tmp/x.csv", "--plot-quantity", "energy", "--plot-component", "heat"}
        << "mstmm: error: --plot-component: energy has 3 components, not 'heat': 0 (all), 1 'kinetic', 2 'potential', 3 'total'\n";
    QTest::newRow("export bad size") << QStringList{"export", demo, "--image", "/tmp/x.png", "--size", "big"}
                                     << "mstmm: error: --size expects WIDTHxHEIGHT in 16..16384 pixels, not 'big'\n";
  }

  // Issue 13.11: the results CSV can carry angular velocities and hinge
  // loads. A uniform rod released from rest, horizontal, pulls on its pivot
  // with m g / 4 downward at t = 0 (its centre falls at 3 g / 4), no
  // horizontal force; its wz is the rate of its theta column.
  void resultsCsvCarriesAngularVelocitiesAndHingeLoads() {
    QTemporaryDir dir;
    const QString model = dir.filePath("rod.json"), out = dir.filePath("rod.csv");
    QCOMPARE(mstmmCli({"generate", "chain", "--bodies", "1", "--planar", "--out", model}).exitCode, 0);
    const Run r = mstmmCli({"simulate", model, "--dt", "1e-3", "--t-end", "0.2", "--angular-velocities", "--hinge-loads", "--out", out});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const Csv csv = readCsv(out);
    for (const char* c : {"1.wx", "1.wy", "1.wz", "1.hinge_fx", "1.hinge_fy", "1.hinge_fz", "1.hinge_mx", "1.hinge_my", "1.hinge_mz"})
      QVERIFY2(csv.header.contains(c), c);
    QVERIFY(csv.comments.join(" ").contains("<body>.hinge_fx/_fy/_fz N"));
    const auto column = [&](const char* name) { return static_cast<std::size_t>(csv.header.indexOf(name)); };
    const double g = 9.81, m = 1.0;
    QVERIFY(std::abs(csv.rows[0][column("1.hinge_fx")]) < 1e-12);
    QVERIFY2(std::abs(csv.rows[0][column("1.hinge_fy")] + m * g / 4.0) < 1e-12, qPrintable(QString::number(csv.rows[0][column("1.hinge_fy")])));
    double worst = 0.0;
    for (std::size_t k = 1; k + 1 < csv.rows.size(); ++k) {
      const double rate = (csv.rows[k + 1][column("1.theta")] - csv.rows[k - 1][column("1.theta")]) / (csv.rows[k + 1][0] - csv.rows[k - 1][0]);
      worst = std::max(worst, std::abs(rate - csv.rows[k][column("1.wz")]));
    }
    qInfo("wz against the central difference of theta: within %.2e rad/s", worst);
    QVERIFY(worst < 1e-4);  // O(dt^2) of the difference quotient, with theta'' ~ 15 rad/s^2 and theta''' bounded
  }

  // The ParaView export writes every K-th recorded frame and the last.
  void paraViewExportTakesAFrameStride() {
    QTemporaryDir dir;
    const QString demo = QString::fromStdString(test::sourcePath("resources/examples/riccati-demo-planar.json"));
    const Run r = mstmmCli({"export", demo, "--t-end", "1", "--every", "1", "--paraview", dir.filePath("pv/demo.pvd"), "--paraview-every", "30"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const QStringList files = QDir(dir.filePath("pv")).entryList({"*.vtp"});
    QCOMPARE(files.size(), 35);  // frames 0, 30, ..., 990 of 1001, and 1000
    QFile pvd(dir.filePath("pv/demo.pvd"));
    QVERIFY(pvd.open(QIODevice::ReadOnly));
    const QString xml = QString::fromUtf8(pvd.readAll());
    QCOMPARE(xml.count("<DataSet"), 35);
    QVERIFY(xml.contains("timestep=\"0.029999999999999999\"") || xml.contains("timestep=\"0.03\""));
    QVERIFY(xml.contains("timestep=\"1\""));
    QCOMPARE(mstmmCli({"export", demo, "--t-end", "0.1", "--paraview", dir.filePath("x/a.pvd"), "--paraview-every", "0"}).err,
             QString("mstmm: error: --paraview-every expects a whole number of recorded frames, 1 or more, not '0'\n"));
  }

  void exportWritesPlotsImagesAndParaView() {
    QTemporaryDir dir;
    const QString demo = QString::fromStdString(test::sourcePath("resources/examples/riccati-demo-planar.json"));
    QStringList args{"export", demo, "--t-end", "1", "--plotted-csv", dir.filePath("energy.csv"), "--plot-quantity", "energy",
                     "--plot", dir.filePath("energy.svg"), "--plot-size", "640x360", "--paraview", dir.filePath("pv/demo.pvd")};
    const bool display = !qEnvironmentVariableIsEmpty("DISPLAY");
    if (display) args << "--image" << dir.filePath("view.png") << "--size" << "300x200";
    const Run r = mstmmCli(args);
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    // The plotted energies are those of an in-process run of the same model.
    const std::shared_ptr<const Model> model = compile(loadModel(demo.toStdString()));
    SimulationSettings settings = model->spec().simulation;
    settings.endTime = 1.0;
    Results results(*model);
    simulate(model, settings, results);
    const Csv csv = readCsv(dir.filePath("energy.csv"));
    QCOMPARE(csv.header, (QStringList{"t [s]", "energy kinetic [J]", "energy potential [J]", "energy total [J]"}));
    QCOMPARE(static_cast<int>(csv.rows.size()), results.frameCount());
    for (int f = 0; f < results.frameCount(); ++f) {
      QCOMPARE(csv.rows[f][0], results.time(f));
      QCOMPARE(csv.rows[f][3], results.energy(f).total());
    }
    // A component by name is the same as by its number.
    const QString total = dir.filePath("total.csv");
    const Run named = mstmmCli({"export", demo, "--t-end", "1", "--plotted-csv", total, "--plot-quantity", "energy", "--plot-component", "total"});
    QVERIFY2(named.exitCode == 0, qPrintable(named.err));
    QCOMPARE(readCsv(total).header, (QStringList{"t [s]", "energy total [J]"}));
    QCOMPARE(readCsv(total).rows.back()[1], results.energy(results.frameCount() - 1).total());
    QFile svg(dir.filePath("energy.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("viewBox=\"0 0 640 360\""));
    QCOMPARE(QDir(dir.filePath("pv")).entryList({"demo_*.vtp"}).size(), results.frameCount());
    if (display) QCOMPARE(QImage(dir.filePath("view.png")).size(), QSize(300, 200));
  }

  // The damped double pendulum: 'generate', 'info' names its dampers, and
  // the energy plot exported as CSV carries the balance curve
  // E - W_in + E_diss, which stays within RK4's truncation (1e-8 of the
  // energy) while the dampers take out joules.
  void energyBalanceOfTheDampedExampleReadsBackFromItsExport() {
    QTemporaryDir dir;
    const QString model = dir.filePath("damped.json");
    QCOMPARE(mstmmCli({"generate", "damped-double-pendulum", "--out", model}).exitCode, 0);
    const Run info = mstmmCli({"info", model});
    QVERIFY2(info.out.contains("hinge loads:  2: 'shoulder' (spring-damper), 'elbow' (spring-damper)"), qPrintable(info.out));
    const Run r = mstmmCli({"export", model, "--t-end", "10", "--plotted-csv", dir.filePath("energy.csv"), "--plot-quantity", "energy"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    const Csv csv = readCsv(dir.filePath("energy.csv"));
    QCOMPARE(csv.header, (QStringList{"t [s]", "energy kinetic [J]", "energy potential [J]", "energy total [J]", "energy spring [J]",
                                      "energy work in [J]", "energy dissipated [J]", "energy balance [J]"}));
    double lo = INFINITY, hi = -INFINITY, scale = 0.0;
    for (const auto& row : csv.rows) {
      lo = std::min(lo, row[7]);
      hi = std::max(hi, row[7]);
      scale = std::max(scale, std::abs(row[1]) + std::abs(row[2]));
      QCOMPARE(row[7], row[3] - row[5] + row[6]);  // the balance is the sum of its parts
    }
    const double dissipated = csv.rows.back()[6];
    qInfo("damped double pendulum, 10 s: dampers took %.4f J, the balance moved %.2e J (%.2e of %.2f J)", dissipated, hi - lo, (hi - lo) / scale, scale);
    QVERIFY(dissipated > 1.0);
    QVERIFY(hi - lo <= 1e-8 * scale);
  }

  void badInputExitsNonZeroWithOneLine() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = mstmmCli(args);
    QVERIFY(r.exitCode != 0);
    QCOMPARE(r.err, message);
    QCOMPARE(r.err.count('\n'), 1);
  }

  // Issue 17.4: a results CSV that could not fit on the disk is refused
  // before the run, and before an existing file at --out is touched.
  void csvLargerThanTheDiskIsRefusedAndKeepsTheOldFile() {
    QTemporaryDir dir;
    const QString model = dir.filePath("demo.json"), out = dir.filePath("results.csv");
    saveModel(riccatiDemo(), model.toStdString());
    QFile old(out);
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.write("earlier results\n");
    old.close();
    const Run r = mstmmCli({"simulate", model, "--t-end", "1e6", "--dt", "1e-4", "--out", out});
    QCOMPARE(r.exitCode, 1);
    qInfo("%s", qPrintable(r.err.trimmed()));
    QVERIFY(r.err.startsWith("mstmm: error: the results CSV '" + out + "' could take up to "));
    QVERIFY(r.err.contains("free on its disk; record every "));
    QVERIFY(r.err.contains(QRegularExpression("record every [0-9]*(1st|2nd|3rd|[04-9]th|1[1-3]th) step or fewer \\(--every\\), shorten the end time \\(--t-end\\), "
                                              "or record fewer bodies \\(--bodies\\)\n$")));
    QVERIFY(old.open(QIODevice::ReadOnly));
    QCOMPARE(old.readAll(), QByteArray("earlier results\n"));
  }

  // Every problem is printed (up to 20), one a line; a name with a newline
  // or an escape sequence in it is printed escaped, so it can neither cut
  // the message (it cut it to "body 'cra (and 1 more problem)") nor colour
  // the terminal.
  void invalidModelGivesEveryProblem() {
    QTemporaryDir dir;
    ModelSpec spec = riccatiDemo();
    spec.bodies[0].shape.mass = -1;
    spec.bodies[0].name = "cra\nnk\x1b[31m";
    spec.bodies[1].shape.length = -1;
    saveModel(spec, dir.filePath("bad.json").toStdString());
    const Run r = mstmmCli({"simulate", dir.filePath("bad.json")});
    QCOMPARE(r.exitCode, 1);
    QCOMPARE(r.err, QString("mstmm: error: body 'cra\\nnk\\e[31m': mass must be positive (got -1 kg), or zero for a massless frame\n  body '3': rod length must be positive (got -1 m)\n"));
  }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
