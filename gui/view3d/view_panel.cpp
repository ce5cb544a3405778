#include "gui/view3d/view_panel.hpp"

#include <QAction>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <limits>

#include "core/error.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/math/rotation.hpp"
#include "core/model/beam_pieces.hpp"
#include "gui/document/model_document.hpp"
#include "gui/playback/playback_clock.hpp"
#include "gui/run/run_results.hpp"
#include "render/load_arrows.hpp"
#include "render/result_states.hpp"

namespace mstmm::gui {
ViewPanel::ViewPanel(ModelDocument* document, PlaybackClock* clock, QWidget* parent)
    : QWidget(parent), m_document(document), m_clock(clock), m_view(new render::ViewWidget), m_trailWindow(new QDoubleSpinBox), m_deflection(new QDoubleSpinBox),
      m_recompile(new QTimer(this)) {
  auto* bar = new QToolBar;
  bar->setIconSize(QSize(16, 16));
  createToolBar(bar);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(bar);
  layout->addWidget(m_view, 1);

  // Edits arrive in bursts (a spin box drag); show the edited model once they settle.
  m_recompile->setSingleShot(true);
  m_recompile->setInterval(250);
  connect(m_recompile, &QTimer::timeout, this, &ViewPanel::showDocumentModel);
  connect(document, &ModelDocument::changed, this, [this](Change change) {
    if (change == Change::Layout) return;
    if (change == Change::Everything) m_results.reset();
    m_recompile->start();
  });
  // A new or opened model never shows the one before it, valid or not.
  connect(document, &ModelDocument::modelReplaced, this, [this] {
    m_replacedSinceShown = true;
    showDocumentModel();
  });
  connect(document, &ModelDocument::selectionChanged, this, &ViewPanel::applySelection);
  connect(clock, &PlaybackClock::timeChanged, this, &ViewPanel::updateFrame);
  connect(m_view, &render::ViewWidget::bodyClicked, this, &ViewPanel::bodyClicked);
  connect(m_view, &render::ViewWidget::cameraChanged, this, [this] { m_userMovedCamera = true; });
  showDocumentModel();
}

void ViewPanel::createToolBar(QToolBar* bar) {
  auto add = [&](const QString& name, const QString& text, const QString& tip, auto slot) {
    QAction* a = bar->addAction(text, this, slot);
    a->setToolTip(tip);
    a->setObjectName(name);
    m_actions.insert(name, a);
    return a;
  };
  add("fit3d", tr("Fit"), tr("Frame the whole model"), [this] {
    m_view->fit();
    m_userMovedCamera = true;
  });
  bar->addSeparator();
  add("front", tr("Front"), tr("Look along -z (the plane of planar models)"), [this] { m_view->setPreset(render::CameraPreset::Front); });
  add("top", tr("Top"), tr("Look down along -y"), [this] { m_view->setPreset(render::CameraPreset::Top); });
  add("side", tr("Side"), tr("Look along -x"), [this] { m_view->setPreset(render::CameraPreset::Side); });
  add("isometric", tr("Iso"), tr("Isometric view"), [this] { m_view->setPreset(render::CameraPreset::Isometric); });
  bar->addSeparator();
  QAction* follow = add("follow", tr("Follow"), tr("Keep the selected body's centre of mass in view (with nothing selected, the whole system's)"), [this](bool on) { setFollowSelection(on); });
  follow->setCheckable(true);
  QAction* trails = add("trails", tr("Trails"), tr("Trace the free ends of the selected bodies (or of the tips) over a time window"),
                        [this](bool) { updateFrame(); });
  trails->setCheckable(true);
  QAction* loads = add("loads", tr("Forces"), tr("Draw the external forces on bodies as arrows ending where they act (the largest half a body long), and the contact forces as arrows from where they act (twice as long as the model is wide for its whole weight)"),
                       [this](bool) { updateFrame(); });
  loads->setCheckable(true);
  loads->setChecked(true);
  QAction* thick = add("thick", tr("Bodies ≥ 3 px"),
                       tr("Draw every body at least 3 pixels wide, so that slender bodies of a large model stay visible when it is seen whole "
                          "(up close their true shapes cover the line); off: hairlines"),
                       [this](bool on) { m_view->setMinimumThickness(on ? 3.0 : 1.0); });
  thick->setCheckable(true);
  thick->setChecked(true);
  QAction* shadows = add("shadows", tr("Shadows"),
                         tr("Drop shadows on the floor, as from a light straight overhead: where each body is across the floor, and how high"),
                         [this](bool on) { m_view->setShadows(on); });
  shadows->setCheckable(true);
  shadows->setChecked(true);
  m_trailWindow->setRange(0.01, 9999.0);  // narrow enough that the toolbar fits a 1280 px window
  m_trailWindow->setValue(1.0);
  m_trailWindow->setSuffix(tr(" s"));
  m_trailWindow->setDecimals(2);
  m_trailWindow->setToolTip(tr("How far back the trails reach"));
  bar->addWidget(m_trailWindow);
  connect(m_trailWindow, &QDoubleSpinBox::valueChanged, this, &ViewPanel::updateFrame);
  m_deflection->setObjectName("deflectionScale");
  m_deflection->setRange(1.0, 10000.0);
  m_deflection->setValue(1.0);
  m_deflection->setDecimals(0);
  m_deflection->setPrefix(tr("bend ×"));
  m_deflection->setToolTip(tr("Draw the beams' deflection this many times over (from where each beam, held rigid on its root piece, would be)"));
  m_deflectionAction = bar->addWidget(m_deflection);
  m_deflectionAction->setVisible(false);
  connect(m_deflection, &QDoubleSpinBox::valueChanged, this, &ViewPanel::updateFrame);
}

QAction* ViewPanel::action(const QString& name) const { return m_actions.value(name); }

void ViewPanel::frameMotion() {
  // Following something, the view tracks it instead (framing a car's whole road would lose it).
  if (m_userMovedCamera || m_followed != -1 || !m_showingResults || !m_results || m_results->frameCount() == 0) return;
  Vec3 lo, hi;
  m_results->read([&](const Results& r) { render::motionBounds(*m_results->model(), r, 0.03, lo, hi); });
  m_view->fitBox(lo, hi);
}

void ViewPanel::keepInView() {
  // Never under the user's hand: a Ctrl+drag maps the cursor through this camera.
  if (m_userMovedCamera || m_followed != -1 || m_states.empty() || m_view->grabbing()) return;
  Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  for (std::size_t i = 0; i < m_states.size(); ++i)
    if (m_visible.empty() || m_visible[i]) lo = lo.cwiseMin(m_states[i].input), hi = hi.cwiseMax(m_states[i].input);
  if (!lo.allFinite() || !hi.allFinite()) return;
  if (m_framed && (lo.array() >= m_framedLo.array()).all() && (hi.array() <= m_framedHi.array()).all()) return;
  // Room to move before the next framing: a third of the system's size
  // (or of its bodies' length) on every side.
  const double pad = 0.35 * std::max((hi - lo).norm(), 4.0 * m_arrowLength);
  m_framedLo = lo - Vec3::Constant(pad);
  m_framedHi = hi + Vec3::Constant(pad);
  m_framed = true;
  m_view->fitBox(m_framedLo, m_framedHi);
}

void ViewPanel::setTrails(bool on, double windowSeconds) {
  m_trailWindow->setValue(windowSeconds);
  m_actions.value("trails")->setChecked(on);
  updateFrame();
}

bool ViewPanel::trailsShown() const { return m_actions.value("trails")->isChecked(); }

double ViewPanel::trailWindow() const { return m_trailWindow->value(); }

void ViewPanel::setFollowSelection(bool on) {
  m_actions.value("follow")->setChecked(on);
  applySelection();
}

void ViewPanel::showModel(std::shared_ptr<const Model> model) {
  const bool sameShape = model && m_view->model() && model->bodyCount() == m_view->model()->bodyCount() && model->kind() == m_view->model()->kind();
  const render::CameraState camera = m_view->camera();
  m_view->setModel(model);
  m_compiledOfBodyId.clear();
  m_userBodyIds.clear();
  if (m_deflectionAction) m_deflectionAction->setVisible(model && !model->beams().empty());
  if (!model) return;
  m_arrowLength = render::arrowLength(*model);
  // A beam's pieces are one body to the user: selected, framed and clicked together.
  m_userBodyIds = userBodyIds(*model);
  for (int i = 0; i < model->bodyCount(); ++i) m_compiledOfBodyId[m_userBodyIds[static_cast<std::size_t>(i)].value].push_back(i);
  if (sameShape) m_view->setCamera(camera);  // an edit or a new run of the same system: keep the user's view
  else m_userMovedCamera = false, m_followed = -1;  // another system: following it frames it afresh
  applySelection();
}

void ViewPanel::showDocumentModel() {
  if (m_results && m_results->describe(m_document->spec())) {  // an edit undone: the run's motion again
    setResults(m_results);
    return;
  }
  m_showingResults = false;
  if (!m_document->isValid()) {
    // An edit that breaks the model keeps its last valid state in view (the
    // messages panel says what is wrong); a model of another file, never.
    if (m_replacedSinceShown) showModel(nullptr);
    return;
  }
  try {
    showModel(compile(m_document->spec()));
    m_replacedSinceShown = false;
  } catch (const Error&) {
    // Validation passed but compilation did not: nothing sensible to draw.
    if (m_replacedSinceShown) showModel(nullptr);
  }
}

void ViewPanel::setResults(std::shared_ptr<RunResults> results) {
  m_results = std::move(results);
  if (!m_results) {
    showDocumentModel();
    return;
  }
  m_showingResults = true;
  m_framed = false;  // a new run frames afresh
  m_recompile->stop();  // the run's model supersedes a redraw of the document's pending from the edit before it
  if (m_view->model() != m_results->model()) showModel(m_results->model());
  updateFrame();
}

void ViewPanel::updateFrame() {
  if (!m_showingResults || !m_results || m_results->frameCount() == 0) {
    m_view->setTrails({});
    m_view->setArrows({});
    return;
  }
  const double t = m_clock->time();
  const Model& model = *m_results->model();
  const bool forces = m_actions.value("loads")->isChecked();
  std::vector<render::Trail> arrows;
  m_results->read([&](const Results& r) {
    render::statesAt(model, r, t, m_states, m_visible);
    showLatestState(t);
    render::scaleBeamDeflections(model, m_deflection->value(), m_states);
    updateTrails(r, t);
    // (The length looks at every body: only for a model with contacts, not on every frame of any model.)
    if (forces && r.contactCount() > 0) arrows = render::contactArrows(model, r, t, render::contactArrowLength(m_states, m_arrowLength));
    return 0;
  });
  m_view->setVisibleBodies(m_visible);
  m_view->setStates(m_states);
  if (forces && !model.loads().bodyLoads.empty()) {
    const std::vector<render::Trail> loads = render::loadArrows(model, m_states, t, m_arrowLength);
    arrows.insert(arrows.end(), loads.begin(), loads.end());
  }
  m_view->setArrows(arrows);
  if (m_clock->isLive() && t >= m_clock->endTime()) keepInView();
}

// A live run watched at its newest result: the bodies where the run is now
// (RunResults::Latest), not where it last recorded them.
void ViewPanel::showLatestState(double t) {
  if (!m_clock->isLive() || t < m_clock->endTime() || !m_results->latestAfter(t, m_latest)) return;
  if (m_latest.inputs.size() != m_states.size()) return;
  for (std::size_t i = 0; i < m_states.size(); ++i) m_states[i] = {m_latest.inputs[i], m_latest.orientations[i]};
}

void ViewPanel::updateTrails(const Results& results, double t) {
  if (!m_actions.value("trails")->isChecked()) {
    m_view->setTrails({});
    return;
  }
  m_view->setTrails(render::trailsAt(*m_results->model(), results, m_view->selection(), t, m_trailWindow->value()));
}

void ViewPanel::frameSelection() {
  const std::shared_ptr<const Model> model = m_view->model();
  const std::vector<render::BodyState> states = m_view->states();
  if (!model || states.size() != static_cast<std::size_t>(model->bodyCount())) return;
  Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  for (quint32 id : m_document->selection().bodies) {
    for (int i : m_compiledOfBodyId.value(id)) {
      const render::BodyState& s = states[static_cast<std::size_t>(i)];
      const Mat3 r = rotationFromQuaternion(s.orientation);
      for (const Vec3& p : {Vec3(s.input), Vec3(s.input + r * model->body(i).output), Vec3(s.input + r * model->body(i).com)}) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
      }
    }
  }
  if (!(lo.x() <= hi.x())) return;
  const double around = std::max(0.5 * (hi - lo).norm(), 0.05);  // the body and as much again around it
  m_view->fitBox(lo - Vec3::Constant(around), hi + Vec3::Constant(around));
  m_userMovedCamera = true;
}

void ViewPanel::applySelection() {
  std::vector<int> bodies;
  for (quint32 id : m_document->selection().bodies)
    for (int i : m_compiledOfBodyId.value(id)) bodies.push_back(i);
  std::sort(bodies.begin(), bodies.end());
  m_view->setSelection(bodies);
  const bool follow = m_actions.value("follow")->isChecked();
  // With nothing selected, Follow keeps the whole system in view (a vehicle
  // down its road); with a selection, its first body.
  const int followed = !follow ? -1 : bodies.empty() ? render::kFollowSystem : bodies.front();
  // Following something new frames the system where it is now: a car down
  // its road is brought into view at a size to watch it by, and then kept.
  if (followed != -1 && followed != m_followed && m_view->model()) m_view->fit();
  m_followed = followed;
  m_view->setFollow(followed);
  if (m_actions.value("trails")->isChecked()) updateFrame();
}

void ViewPanel::bodyClicked(int body, Qt::KeyboardModifiers modifiers) {
  const std::shared_ptr<const Model> model = m_view->model();
  Selection selection = modifiers & (Qt::ControlModifier | Qt::ShiftModifier) ? m_document->selection() : Selection{};
  if (model && body >= 0 && body < static_cast<int>(m_userBodyIds.size())) {
    const quint32 id = m_userBodyIds[static_cast<std::size_t>(body)].value;
    if (selection.bodies.contains(id)) selection.bodies.remove(id);
    else selection.bodies.insert(id);
  }
  m_document->setSelection(selection);
}

}  // namespace mstmm::gui
