// MainWindow: files, examples, clipboard and runs.

#include <algorithm>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QInputDialog>
#include <QStandardPaths>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QProgressBar>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QVBoxLayout>

#include "core/generate/generators.hpp"
#include "core/generate/named_generators.hpp"
#include "core/model/beam_step.hpp"
#include "core/io/results_csv.hpp"
#include "gui/dialogs/generate_dialog.hpp"
#include "gui/dialogs/urdf_import_dialog.hpp"
#include "gui/document/commands.hpp"
#include "gui/document/model_actions.hpp"
#include "gui/editor/topology_scene.hpp"
#include "gui/editor/topology_view.hpp"
#include "gui/main/main_window.hpp"
#include "gui/panels/messages_panel.hpp"
#include "interchange/model_export.hpp"
#include "interchange/model_import.hpp"

namespace mstmm::gui {

namespace {
constexpr const char* kClipboardMime = "application/x-mstmm-bodies";
constexpr int kMaxRecent = 10;
}  // namespace

QList<Example> MainWindow::examples() {
  return {
      {"riccati-demo-planar", QObject::tr("Demonstration example of the Riccati MSTMM paper (planar, 4 rods)"), {}},
      {"chain-5-spatial", QObject::tr("Chain of 5 cylinders with ball joints (spatial)"), {}},
      {"tree-spatial-mobile", QObject::tr("Mobile: a tree with two levels of multi-input bodies (spatial)"), {}},
      {"branch-999", QObject::tr("Branch system of 000 Fig. 1, N = 999 (500 bodies, 1,500 DOF)"), {}},
      {"tree-002-fig4", QObject::tr("Tree system of 002 Fig. 4 (12 bodies, three two-input bodies)"), {}},
      {"four-bar", QObject::tr("Four-bar linkage: a closed loop (planar)"), QObject::tr("Closed loops")},
      {"crank-slider", QObject::tr("Crank-slider of 004 Example 3.3: a loop with a sliding hinge (planar)"), QObject::tr("Closed loops")},
      {"mixed-002-fig2", QObject::tr("Closed-loop-and-branch mixed system of 002 Fig. 2 (12 bodies)"), QObject::tr("Closed loops")},
      {"mixed-250-bodies", QObject::tr("Mixed system of 250 bodies, 002 Fig. 9 (chain from the ceiling, loop and branches)"), QObject::tr("Closed loops")},
      {"damped-double-pendulum", QObject::tr("Damped double pendulum (dampers in both pins)"), QObject::tr("Loads and actuation")},
      {"driven-pendulum", QObject::tr("Motor-driven crank at constant speed with a pendulum (motor torque recorded)"), QObject::tr("Loads and actuation")},
      {"driven-crank-slider", QObject::tr("Crank-slider driven at one turn a second (motor torque recorded; the drive closes the loop)"), QObject::tr("Loads and actuation")},
      {"servo-arm", QObject::tr("Three-link arm: PD servos track sine references"), QObject::tr("Loads and actuation")},
      {"quarter-car", QObject::tr("Quarter car over a road step (003 §2.5 strut, tyre spring)"), QObject::tr("Loads and actuation")},
      {"stops-slider", QObject::tr("Block bouncing between the stops of its rail"), QObject::tr("Loads and actuation")},
      {"eight-body", QObject::tr("Eight-body system of 001 floating in zero gravity (free root, every joint type)"), QObject::tr("Free-floating systems and joints")},
      {"eight-body-loaded", QObject::tr("Eight-body system held by springs, stops, a torque and a drive on its joints' coordinates"), QObject::tr("Free-floating systems and joints")},
      {"cardan-shaft", QObject::tr("Cardan shaft: a universal joint bent 30 degrees, input at one turn a second"), QObject::tr("Free-floating systems and joints")},
      {"screw-jack", QObject::tr("Screw jack: a nut on a vertical lead screw, held by a torsion spring, with a swinging arm"), QObject::tr("Free-floating systems and joints")},
      {"vehicle", QObject::tr("Vehicle of 003 §2.5: floating chassis, double A-arms (loops), struts and tyres over a bump"), QObject::tr("Free-floating systems and joints")},
      {"incline-block", QObject::tr("Block sliding down a 30 degree incline (contact with friction)"), QObject::tr("Free-floating systems and joints")},
      {"dropped-chain", QObject::tr("Chain of 8 links dropped on the ground, coming to rest"), QObject::tr("Free-floating systems and joints")},
      {"newtons-cradle", QObject::tr("Newton's cradle: five steel balls on strings, the first let go (contact between bodies)"), QObject::tr("Free-floating systems and joints")},
      {"crank-slider-printed", QObject::tr("Crank-slider of 004 Example 3.3 as printed: the rod's end a point on the x axis"), QObject::tr("Free-floating systems and joints")},
      {"two-disk-rotor", QObject::tr("Rotor: a shaft with two disks on anisotropic bearings, an unbalance (Analysis > Campbell Diagram, spin hinge 'spin')"), QObject::tr("Rotors")},
      {"rotor-friswell-5-9-1", QObject::tr("Rotor: Friswell et al.'s elastic shaft with two disks (§5.9.1), 24 spinning pieces (Campbell Diagram, spin hinges 'spin*')"), QObject::tr("Rotors")},
      {"overhung-rotor", QObject::tr("Rotor: an overhung disk on a tilting shaft, its gyroscopic forward and backward whirl"), QObject::tr("Rotors")},
      {"jeffcott-rotor", QObject::tr("Rotor: Jeffcott's disk on a massless shaft with an unbalance (planar; spin on 'spin.angle')"), QObject::tr("Rotors")},
      {"flexible-arm", QObject::tr("Flexible arm: a steel strip with a payload, swung by a PD servo (beam of 8 segments)"), QObject::tr("Flexible bodies")},
      {"spinning-beam", QObject::tr("Spinning beam of Simo and Vu-Quoc: spun up to 6 rad/s in 15 s, held straight by its own spin"), QObject::tr("Flexible bodies")},
      {"flexible-double-pendulum", QObject::tr("Flexible double pendulum: two soft beams let go horizontal"), QObject::tr("Flexible bodies")},
      {"andrews-squeezer", QObject::tr("Andrews' squeezing mechanism (Hairer-Wanner; IVP test set; IFToMM A03): 7 bodies, 3 loops"), QObject::tr("Published benchmarks")},
      {"iftomm-a01-simple-pendulum", QObject::tr("IFToMM A01: simple pendulum, 2,000 s against the elliptic solution"), QObject::tr("Published benchmarks")},
      {"iftomm-a02-n-four-bar", QObject::tr("IFToMM A02: N-four-bar mechanism, N = 40, through its singular positions"), QObject::tr("Published benchmarks")},
      {"iftomm-a04-bricard", QObject::tr("IFToMM A04: Bricard's linkage, overconstrained (6 revolute joints, 1 degree of freedom)"), QObject::tr("Published benchmarks")},
      {"iftomm-a05-flyball-governor", QObject::tr("IFToMM A05: the stiff flyball governor (spring-damper couplers)"), QObject::tr("Published benchmarks")},
      {"binary-tree-1023", QObject::tr("Binary tree of 1,023 bodies"), {}},
      {"chain-10", QObject::tr("Chain of 10 bodies"), QObject::tr("Scaling")},
      {"chain-100", QObject::tr("Chain of 100 bodies"), QObject::tr("Scaling")},
      {"chain-1000", QObject::tr("Chain of 1,000 bodies"), QObject::tr("Scaling")},
      {"chain-10000", QObject::tr("Chain of 10,000 bodies"), QObject::tr("Scaling")},
      {"chain-33334", QObject::tr("Chain of 33,334 bodies (100,002 DOF)"), QObject::tr("Scaling")},
      {"branch-66667", QObject::tr("Branch system, N = 66,667 (33,334 bodies, 100,002 DOF)"), QObject::tr("Scaling")},
  };
}

bool MainWindow::openExample(const QString& id) {
  // Small examples are bundled files; the large ones are generated, as the
  // CLI's `generate` does, rather than stored.
  QFile bundled(":/examples/" + id + ".json");
  if (bundled.open(QIODevice::ReadOnly)) {
    const QString problem = m_document->loadFromText(QString::fromUtf8(bundled.readAll()), id, id + ".json");
    if (!problem.isEmpty()) report(problem, true);
    return problem.isEmpty();
  }
  ModelSpec spec;
  if (id == "branch-999") spec = generateBranch({500, false});
  else if (id == "branch-66667") spec = generateBranch({33334, false});
  else if (id == "binary-tree-1023") spec = generateBinaryTree({10, false});
  else if (id.startsWith("stiff-chain-")) {
    GeneratorOptions o;
    o.bodies = id.mid(12).toInt();
    spec = generateNamed("stiff-chain", o);
  } else if (id.startsWith("chain-")) {
    ChainOptions o;
    o.bodies = id.mid(6).toInt();
    spec = generateChain(o);
  } else {
    report(tr("There is no example '%1'.").arg(id), true);
    return false;
  }
  if (spec.bodies.size() > 5000) spec.simulation.outputEvery = 10;
  m_document->newModel(spec, {}, id + ".json");
  return true;
}

bool MainWindow::maybeSave() {
  if (!m_document->isModified()) return true;
  if (!m_interactive) return true;
  const auto answer = QMessageBox::warning(this, tr("Unsaved Changes"),
                                           tr("'%1' has changes that are not saved. Save them?").arg(m_document->displayName()),
                                           QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Save) return save();
  return answer == QMessageBox::Discard;
}

void MainWindow::newModel() {
  if (!maybeSave()) return;
  ModelSpec spec;
  spec.name = "untitled";
  m_document->newModel(spec);
}

void MainWindow::open() {
  if (!maybeSave()) return;
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Model"), openDirectory(),
                                                    tr("MSTMM models (*.json);;All files (*)"));
  if (!path.isEmpty()) openFile(path);
}

bool MainWindow::openFile(const QString& path) {
  const QString problem = m_document->load(path);
  if (!problem.isEmpty()) {
    report(tr("Could not open '%1': %2").arg(QFileInfo(path).fileName(), problem), true);  // the current model stays
    return false;
  }
  QSettings().setValue("lastDirectory", QFileInfo(path).absolutePath());
  addRecentFile(path);
  return true;
}

void MainWindow::importModel() {
  if (!maybeSave()) return;
  const QString path = QFileDialog::getOpenFileName(this, tr("Import Model"), openDirectory(),
                                                    tr("URDF and MJCF models (*.urdf *.xml *.mjcf);;All files (*)"));
  if (!path.isEmpty()) importFile(path);
}

bool MainWindow::importFile(const QString& path) {
  // A URDF file asks where its packages are and whether its base floats
  // (stored: a window that does not ask uses the last answers).
  UrdfOptions urdf = storedUrdfOptions();
  if (m_interactive && interchangeFormatOf(path.toStdString()) == InterchangeFormat::Urdf) {
    UrdfImportDialog dialog(path, this);
    if (dialog.exec() != QDialog::Accepted) return false;
    urdf = dialog.options();
  }
  ImportResult imported;
  try {
    imported = importModelFile(path.toStdString(), urdf);
  } catch (const Error& e) {
    report(tr("Could not import '%1': %2").arg(QFileInfo(path).fileName(), QString::fromStdString(e.what())), true);  // the current model stays
    return false;
  }
  m_document->newModel(imported.spec, {}, QFileInfo(path).completeBaseName() + ".json");
  QSettings().setValue("lastDirectory", QFileInfo(path).absolutePath());
  for (const std::string& note : imported.notTaken)
    m_messages->addMessage(MessagesPanel::Level::Warning, tr("Import of '%1': %2").arg(QFileInfo(path).fileName(), QString::fromStdString(note)));
  report(tr("Imported '%1': %2 bodies, %3 hinges; %4 elements not taken (listed in Messages)")
             .arg(QFileInfo(path).fileName())
             .arg(imported.spec.bodies.size())
             .arg(imported.spec.hinges.size())
             .arg(imported.notTaken.size()),
         false);
  return true;
}

void MainWindow::exportModelAs() {
  QString filter;
  const QString base = savePathFor(QString::fromStdString(m_document->spec().name));
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Model As"), base, tr("URDF (*.urdf);;MJCF (*.xml)"), &filter);
  if (path.isEmpty()) return;
  const bool urdf = filter.startsWith("URDF");
  exportModelTo(QFileInfo(path).suffix().isEmpty() ? path + (urdf ? ".urdf" : ".xml") : path);
}

bool MainWindow::exportModelTo(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  const InterchangeFormat format = suffix == "urdf" ? InterchangeFormat::Urdf : InterchangeFormat::Mjcf;
  const QString name = format == InterchangeFormat::Urdf ? tr("URDF") : tr("MJCF");
  ExportResult written;
  try {
    written = exportModelFile(m_document->spec(), path.toStdString(), format);
  } catch (const Error& e) {
    report(tr("Could not export as %1: %2").arg(name, QString::fromStdString(e.what())), true);
    return false;
  }
  for (const std::string& note : written.notWritten)
    m_messages->addMessage(MessagesPanel::Level::Warning, tr("Export to '%1': %2").arg(QFileInfo(path).fileName(), QString::fromStdString(note)));
  report(tr("Exported as %1 to '%2'; %3 elements not written or only in part (listed in Messages)").arg(name, QFileInfo(path).fileName()).arg(written.notWritten.size()),
         false);
  return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  for (const QUrl& url : event->mimeData()->urls()) {
    const QString suffix = QFileInfo(url.toLocalFile()).suffix().toLower();
    if (url.isLocalFile() && (suffix == "json" || looksImportable(url.toLocalFile().toStdString()))) {
      event->acceptProposedAction();
      return;
    }
  }
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.front().isLocalFile() || !maybeSave()) return;
  openOrImport(urls.front().toLocalFile());
  event->acceptProposedAction();
}

bool MainWindow::openOrImport(const QString& path) {
  return looksImportable(path.toStdString()) ? importFile(path) : openFile(path);
}

bool MainWindow::save() {
  if (m_document->filePath().isEmpty()) return saveAs();
  return saveFile(m_document->filePath());
}

// Where Save As starts: the file's own folder, else the last folder used,
// else the user's documents; never the bundled examples (resources/examples
// of a source tree), so that an example is not overwritten by accident.
QString MainWindow::saveDirectory() const {
  auto usable = [](const QString& dir) {
    const QFileInfo info(dir);
    return !dir.isEmpty() && info.isDir() && info.isWritable() && !QDir::cleanPath(info.absoluteFilePath()).endsWith("/resources/examples");
  };
  if (const QString own = m_document->filePath().isEmpty() ? QString() : QFileInfo(m_document->filePath()).absolutePath(); usable(own)) return own;
  if (const QString last = QSettings().value("lastDirectory").toString(); usable(last)) return last;
  const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  return QDir().mkpath(documents) ? documents : QDir::homePath();
}

QString MainWindow::savePathFor(const QString& fileName) const { return saveDirectory() + "/" + fileName; }

QString MainWindow::openDirectory() const {
  if (const QString last = QSettings().value("lastDirectory").toString(); !last.isEmpty() && QFileInfo(last).isDir()) return last;
  const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  return QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

bool MainWindow::saveAs() {
  QString path = QFileDialog::getSaveFileName(this, tr("Save Model As"), savePathFor(m_document->displayName()),
                                              tr("MSTMM models (*.json)"));
  if (path.isEmpty()) return false;
  if (!path.endsWith(".json")) path += ".json";
  return saveFile(path);
}

bool MainWindow::saveFile(const QString& path) {
  const QString problem = m_document->save(path);  // atomic: temporary file, then rename
  if (!problem.isEmpty()) {
    report(tr("Could not save: %1").arg(problem), true);
    return false;
  }
  addRecentFile(path);
  statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
  return true;
}

void MainWindow::generate() {
  GenerateDialog dialog(this);
  if (dialog.exec() != QDialog::Accepted || !maybeSave()) return;
  m_document->newModel(dialog.model());
}

void MainWindow::addRecentFile(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value("recentFiles").toStringList();
  recent.removeAll(QFileInfo(path).absoluteFilePath());
  recent.prepend(QFileInfo(path).absoluteFilePath());
  while (recent.size() > kMaxRecent) recent.removeLast();
  settings.setValue("recentFiles", recent);
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
  m_recentMenu->clear();
  const QStringList recent = QSettings().value("recentFiles").toStringList();
  for (const QString& path : recent)
    m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
      if (maybeSave()) openFile(path);
    })->setToolTip(path);
  m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::askFind() {
  QStringList names;
  for (const BodySpec& b : m_document->spec().bodies) names << QString::fromStdString(b.name);
  for (const HingeSpec& h : m_document->spec().hinges) names << QString::fromStdString(h.name);
  names.removeDuplicates();
  bool ok = false;
  const QString name = QInputDialog::getItem(this, tr("Find"), tr("Body or hinge name:"), names, 0, true, &ok);
  if (ok && !name.isEmpty() && !findElement(name.trimmed())) report(tr("There is no body or hinge named '%1'.").arg(name), false);
}

bool MainWindow::findElement(const QString& name) {
  const std::string wanted = name.toStdString();
  Selection s;
  for (const BodySpec& b : m_document->spec().bodies)
    if (b.name == wanted) {
      s.bodies.insert(b.id.value);
      break;
    }
  if (s.bodies.isEmpty())
    for (const HingeSpec& h : m_document->spec().hinges)
      if (h.name == wanted) {
        s.hinges.insert(h.id.value);
        s.bodies.insert(h.child.value);  // the 3-D view shows a hinge by its tip-side body
        break;
      }
  if (s.bodies.isEmpty()) return false;
  m_scene->unfold(*s.bodies.begin());  // inside a folded chain: open it
  QGraphicsItem* item = s.hinges.isEmpty() ? static_cast<QGraphicsItem*>(m_scene->bodyItem(*s.bodies.begin()))
                                           : static_cast<QGraphicsItem*>(m_scene->hingeItem(*s.hinges.begin()));
  if (!item) return false;
  m_document->setSelection(s);
  m_view->focusOn(item);
  emit focusOnSelection();
  return true;
}

void MainWindow::copy() {
  const QString text = copySelection(m_document);
  if (text.isEmpty()) return;
  auto* mime = new QMimeData;
  mime->setData(kClipboardMime, text.toUtf8());
  mime->setText(text);
  QApplication::clipboard()->setMimeData(mime);
  m_pasteCount = 0;
}

void MainWindow::paste() {
  const QMimeData* mime = QApplication::clipboard()->mimeData();
  const QString text = mime && mime->hasFormat(kClipboardMime) ? QString::fromUtf8(mime->data(kClipboardMime)) : (mime ? mime->text() : QString());
  ++m_pasteCount;
  const QString problem = mstmm::gui::paste(m_document, text, QPointF(40.0 * m_pasteCount, 40.0 * m_pasteCount));
  if (!problem.isEmpty()) statusBar()->showMessage(problem, 8000);
}

void MainWindow::runSimulation() {
  if (m_simulation->isRunning()) return;
  if (!m_document->isValid()) {
    report(tr("The model has %1 problem(s), listed under 'Model check'; the run needs a valid model.")
               .arg(std::count_if(m_document->diagnostics().begin(), m_document->diagnostics().end(),
                                  [](const Diagnostic& d) { return d.severity == Severity::Error; })),
           true);
    return;
  }
  if (!offerBeamStep()) return;
  m_stale = false;
  m_staleLabel->setVisible(false);
  m_simulation->start(m_document->spec());
  m_progress->setValue(0);
  m_progress->setVisible(true);
  m_runLabel->setText(tr("starting…"));
  updateActions();
}

// Issue 55: a beam added with the defaults failed its first run, and the
// step to use was written only beside the time step.
bool MainWindow::offerBeamStep() {
  const ModelSpec& spec = m_document->spec();
  const double limit = beamStepLimit(spec);
  if (!m_interactive || spec.simulation.integrator != IntegratorKind::Rk4 || !(spec.simulation.timeStep > limit)) return true;
  const double offered = offeredStep(limit);
  QMessageBox box(QMessageBox::Question, tr("Run"),
                  tr("The time step %1 s is too long for the model's beams with RK4 (at most %2 s): the run would likely fail or lose "
                     "their vibration's energy.")
                      .arg(spec.simulation.timeStep, 0, 'g', 3)
                      .arg(limit, 0, 'g', 3),
                  QMessageBox::NoButton, this);
  box.setObjectName("stepOffer");
  box.setInformativeText(tr("Generalized-α, implicit, takes the step given; RK4 needs the shorter one."));
  QPushButton* shorter = box.addButton(tr("Use %1 s").arg(offered, 0, 'g', 2), QMessageBox::AcceptRole);
  shorter->setObjectName("useOfferedStep");
  QPushButton* implicit = box.addButton(tr("Use Generalized-α"), QMessageBox::AcceptRole);
  implicit->setObjectName("useGeneralizedAlpha");
  QPushButton* asItIs = box.addButton(tr("Run as It Is"), QMessageBox::DestructiveRole);
  asItIs->setObjectName("runAsItIs");
  box.addButton(QMessageBox::Cancel);
  box.setDefaultButton(shorter);
  box.exec();
  const ModelProperties before = ModelProperties::of(spec);
  ModelProperties after = before;
  if (box.clickedButton() == shorter) {
    after.simulation.timeStep = offered;
    m_document->undoStack()->push(new EditModelCommand(m_document, before, after, tr("time step")));
  } else if (box.clickedButton() == implicit) {
    after.simulation.integrator = IntegratorKind::GeneralizedAlpha;
    m_document->undoStack()->push(new EditModelCommand(m_document, before, after, tr("integrator")));
  }
  return box.clickedButton() == shorter || box.clickedButton() == implicit || box.clickedButton() == asItIs;
}

void MainWindow::cancelSimulation() { m_simulation->cancel(); }

void MainWindow::onProgress(double time, double endTime, double stepsPerSecond, double secondsLeft, int frames) {
  if (m_simulation->isLive()) {  // no end to count down to
    m_progress->setVisible(false);
    m_runLabel->setText(tr("live: t = %1 s · %2 steps/s · %3 frames").arg(time, 0, 'f', 3).arg(stepsPerSecond, 0, 'f', 0).arg(frames));
    return;
  }
  m_progress->setValue(static_cast<int>(1000.0 * time / endTime));
  m_runLabel->setText(tr("t = %1 / %2 s · %3 steps/s · %4 s left · %5 frames")
                          .arg(time, 0, 'f', 3).arg(endTime, 0, 'g', 4).arg(stepsPerSecond, 0, 'f', 0).arg(secondsLeft, 0, 'f', 1).arg(frames));
}

void MainWindow::onRunFinished(const RunOutcome& outcome) {
  m_progress->setVisible(false);
  if (outcome.discarded) {
    m_runLabel->setText(tr("previous model's run stopped"));
    updateActions();
    return;
  }
  switch (outcome.status) {
    case RunOutcome::Status::Completed:
      m_runLabel->setText(tr("done: t = %1 s in %2 s").arg(outcome.time, 0, 'g', 6).arg(outcome.wallSeconds, 0, 'g', 3));
      m_messages->addMessage(MessagesPanel::Level::Info, tr("Run completed: %1 steps to t = %2 s in %3 s.").arg(outcome.steps).arg(outcome.time).arg(outcome.wallSeconds, 0, 'g', 3));
      if (outcome.bdf)
        m_messages->addMessage(MessagesPanel::Level::Info,
                               tr("BDF: %1 steps of its own, %2 Newton iterations, %3 Krylov iterations, %4 preconditioner set-ups, %5 rejected steps.")
                                   .arg(outcome.methodSteps)
                                   .arg(outcome.newtonIterations)
                                   .arg(outcome.krylovIterations)
                                   .arg(outcome.tangentRefreshes)
                                   .arg(outcome.halvedSteps));
      else if (outcome.implicit)
        m_messages->addMessage(MessagesPanel::Level::Info, tr("Generalized-α: %1 Newton iterations (%2 per step), %3 tangent refreshes, %4 halved steps.")
                                                               .arg(outcome.newtonIterations)
                                                               .arg(static_cast<double>(outcome.newtonIterations) / std::max(1L, outcome.steps), 0, 'g', 3)
                                                               .arg(outcome.tangentRefreshes)
                                                               .arg(outcome.halvedSteps));
      break;
    case RunOutcome::Status::Cancelled:
      m_runLabel->setText(tr("cancelled at t = %1 s").arg(outcome.time, 0, 'g', 6));
      // The user's own stop is no warning.
      m_messages->addMessage(MessagesPanel::Level::Info, tr("Run cancelled at t = %1 s; the results up to it are kept.").arg(outcome.time));
      break;
    case RunOutcome::Status::Failed:
      m_runLabel->setText(tr("failed at t = %1 s").arg(outcome.time, 0, 'g', 6));
      report(tr("Run failed: %1%2").arg(outcome.message, m_simulation->results() ? tr(" (the results up to it are kept)") : QString()), true, outcome.subject);
      break;
  }
  updateActions();
}

void MainWindow::exportResultsCsv() {
  const std::shared_ptr<RunResults> results = m_simulation->results();
  if (!results) return;
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Results"), savePathFor("results.csv"),
                                                    tr("CSV files (*.csv)"));
  if (path.isEmpty()) return;
  // Beyond positions and orientations, on request (as the plots show them).
  QDialog ask(this);
  ask.setWindowTitle(tr("Results as CSV"));
  auto* omega = new QCheckBox(tr("Angular velocities (<body>.wx, .wy, .wz)"));
  auto* loads = new QCheckBox(tr("Hinge forces and moments (<body>.hinge_fx … .hinge_mz)"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, &ask, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, &ask, &QDialog::reject);
  auto* layout = new QVBoxLayout(&ask);
  for (QWidget* w : {static_cast<QWidget*>(omega), static_cast<QWidget*>(loads), static_cast<QWidget*>(buttons)}) layout->addWidget(w);
  if (ask.exec() != QDialog::Accepted) return;
  exportResultsCsvTo(path, {omega->isChecked(), loads->isChecked()});
}

void MainWindow::exportResultsCsvTo(const QString& path, CsvColumns columns) {
  const std::shared_ptr<RunResults> results = m_simulation->results();
  if (!results) return;
  try {
    results->read([&](const Results& r) { writeResultsCsv(*results->model(), r, path.toStdString(), {m_document->filePath().toStdString(), {}}, columns); });
    statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
  } catch (const Error& e) {
    report(tr("Could not export: %1").arg(QString::fromStdString(e.what())), true);
  }
}

}  // namespace mstmm::gui
