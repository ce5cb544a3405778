#include "gui/plots/plots_panel.hpp"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QTime>
#include <QStandardItemModel>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>

#include "core/error.hpp"

#include "gui/playback/playback_clock.hpp"
#include "gui/plots/plot_pane.hpp"
#include "gui/plots/run_comparison.hpp"
#include "gui/properties/quantity_box.hpp"
#include "gui/run/run_results.hpp"

namespace mstmm::gui {
namespace {

constexpr int kDefaultPlottedBodies = 4;
const Quantity kQuantities[] = {Quantity::Angle,       Quantity::AngularVelocity, Quantity::Energy,   Quantity::HingeForce,
                                Quantity::HingeMoment,  Quantity::Slide,           Quantity::SlideRate, Quantity::LoadElement,
                                Quantity::Momentum,     Quantity::AngularMomentum, Quantity::CentreOfMass, Quantity::Measure};

/// The quantities whose components are channels, offered also in groups of one unit.
bool ofChannels(Quantity q) { return q == Quantity::LoadElement || q == Quantity::Measure; }

std::vector<LoadGroup> groupsOf(Quantity q, const Model& model) {
  if (q == Quantity::LoadElement) return loadGroups(model);
  if (q == Quantity::Measure) return measureGroups(model);
  return {};
}

/// Whether every channel of `q` can share one axis (one unit).
bool oneUnit(Quantity q, const Model& model, const PlotSettings& settings) {
  const std::vector<LoadChannel> channels = plottedChannels(q, model, settings);
  return std::all_of(channels.begin(), channels.end(), [&](const LoadChannel& c) { return c.unit == channels.front().unit; });
}

QString titleOf(Quantity q) {
  const std::string name = quantityName(q);
  return QString::fromStdString(name).left(1).toUpper() + QString::fromStdString(name).mid(1);
}

}  // namespace

PlotsPanel::PlotsPanel(PlaybackClock* clock, QWidget* parent)
    : QWidget(parent), m_clock(clock), m_bodies(new QListWidget), m_filter(new QLineEdit), m_representation(new QComboBox),
      m_units(new QComboBox), m_splitter(new QSplitter(Qt::Vertical)), m_live(new QTimer(this)) {
  m_representation->addItem(tr("Cardan angles (z-y-x)"), static_cast<int>(AngleRepresentation::Cardan));
  m_representation->addItem(tr("Angle about an axis"), static_cast<int>(AngleRepresentation::AxisAngle));
  m_representation->addItem(tr("Quaternion components"), static_cast<int>(AngleRepresentation::Quaternion));
  m_representation->setToolTip(tr("How spatial orientations are plotted"));
  m_units->addItem(tr("degrees"), true);
  m_units->addItem(tr("radians"), false);
  m_units->setCurrentIndex(AnglePreference::instance().degrees() ? 0 : 1);
  auto* addButton = new QPushButton(tr("Add Plot"));
  addButton->setToolTip(tr("Add another plot pane"));

  auto* controls = new QHBoxLayout;
  controls->addWidget(new QLabel(tr("Angles as")));
  controls->addWidget(m_representation);
  for (int k = 0; k < 3; ++k) {
    m_axis[k] = new QDoubleSpinBox;
    m_axis[k]->setRange(-1.0, 1.0);
    m_axis[k]->setSingleStep(0.1);
    m_axis[k]->setDecimals(3);
    m_axis[k]->setValue(k == 2 ? 1.0 : 0.0);
    m_axis[k]->setPrefix(QString("xyz").mid(k, 1) + " ");
    m_axis[k]->setToolTip(tr("Axis (world frame) for the rotation angle"));
    m_axis[k]->setVisible(false);
    controls->addWidget(m_axis[k]);
    connect(m_axis[k], &QDoubleSpinBox::valueChanged, this, &PlotsPanel::refresh);
  }
  controls->addWidget(new QLabel(tr("Units")));
  controls->addWidget(m_units);
  controls->addStretch(1);
  // Compare: the current run kept, or saved plotted series, laid dashed
  // over the next runs' curves of the same names.
  m_compare = new QPushButton(tr("Compare"));
  m_compare->setObjectName("compareRuns");
  m_compare->setToolTip(tr("Lay another run's curves, dashed, over this run's: keep this run for the next ones, or open plotted series saved as CSV"));
  auto* compareMenu = new QMenu(m_compare);
  QAction* keep = compareMenu->addAction(tr("Keep This Run"), this, [this] { keepForComparison(); });
  keep->setObjectName("keepRunForComparison");
  QAction* open = compareMenu->addAction(tr("Open Saved Plotted Series…"), this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Compare with Saved Plotted Series"), QString(), tr("Plotted series (*.csv)"));
    if (path.isEmpty()) return;
    if (const QString problem = compareWithFile(path); !problem.isEmpty()) QMessageBox::warning(this, tr("Compare"), problem);
  });
  open->setObjectName("compareWithFile");
  QAction* clear = compareMenu->addAction(tr("Clear Comparison"), this, [this] { clearComparison(); });
  clear->setObjectName("clearComparison");
  m_compare->setMenu(compareMenu);
  controls->addWidget(m_compare);
  controls->addWidget(addButton);

  m_filter->setPlaceholderText(tr("Filter bodies"));
  m_filter->setClearButtonEnabled(true);
  auto* list = new QWidget;
  auto* listLayout = new QVBoxLayout(list);
  listLayout->setContentsMargins(0, 0, 0, 0);
  listLayout->addWidget(m_filter);
  listLayout->addWidget(m_bodies);
  m_bodies->setToolTip(tr("Tick the bodies to plot"));
  // Panes keep their readable minimum height: more panes than fit scroll,
  // rather than squeezing each other or the 3-D view above.
  auto* scroll = new QScrollArea;
  scroll->setObjectName("plotPaneScroll");
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setWidget(m_splitter);
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(list);
  split->addWidget(scroll);
  split->setStretchFactor(1, 1);
  split->setSizes({170, 800});

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(controls);
  layout->addWidget(split, 1);

  connect(m_representation, &QComboBox::currentIndexChanged, this, [this] {
    const bool axis = m_representation->currentData().toInt() == static_cast<int>(AngleRepresentation::AxisAngle);
    for (QDoubleSpinBox* box : m_axis) box->setVisible(axis);
    for (PaneView& view : m_panes) fillComponents(view);
    refresh();
  });
  connect(m_units, &QComboBox::currentIndexChanged, this, [this] { AnglePreference::instance().setDegrees(m_units->currentData().toBool()); });
  connect(&AnglePreference::instance(), &AnglePreference::changed, this, [this] {
    m_units->setCurrentIndex(AnglePreference::instance().degrees() ? 0 : 1);
    refresh();
  });
  connect(addButton, &QPushButton::clicked, this, [this] { addPane(Quantity::AngularVelocity); });
  connect(m_bodies, &QListWidget::itemChanged, this, &PlotsPanel::refresh);
  connect(m_filter, &QLineEdit::textChanged, this, [this](const QString& text) {
    for (int i = 0; i < m_bodies->count(); ++i) m_bodies->item(i)->setHidden(!m_bodies->item(i)->text().contains(text, Qt::CaseInsensitive));
  });
  connect(clock, &PlaybackClock::timeChanged, this, [this](double t) {
    for (const PaneView& view : m_panes) view.pane->setCursorTime(t);
  });
  // While a run computes, pick up new results twice a second.
  m_live->setInterval(500);
  connect(m_live, &QTimer::timeout, this, &PlotsPanel::appendNewFrames);
  addPane(Quantity::Angle);
}

void PlotsPanel::setResults(std::shared_ptr<RunResults> results) {
  const bool sameModel = results && m_results && results->model()->bodyCount() == m_results->model()->bodyCount() &&
                         results->model()->name() == m_results->model()->name();
  const std::vector<int> ticked = plottedBodies();
  m_results = std::move(results);
  m_shownFrames = -1;
  rebuildBodyList();
  if (sameModel) setPlottedBodies(ticked);  // keep the user's choice across runs of the same model
  const bool spatial = m_results && !m_results->model()->planar();
  m_representation->setEnabled(spatial);
  for (PaneView& view : m_panes) fillComponents(view);
  if (!sameModel && m_results && !m_panes.empty()) {  // a new model: its first plot shows what it is about
    const PlotChoice choice = defaultPlot(*m_results->model());
    setPaneQuantity(m_panes.front().pane, choice.quantity, choice.component);
  }
  m_live->start();
  refresh();
}

void PlotsPanel::rebuildBodyList() {
  QSignalBlocker block(m_bodies);
  m_bodies->clear();
  if (!m_results) return;
  const Model& model = *m_results->model();
  // List bodies in the spec's order (how the user numbered them).
  std::vector<int> order(static_cast<std::size_t>(model.bodyCount()));
  for (int i = 0; i < model.bodyCount(); ++i) order[static_cast<std::size_t>(i)] = i;
  std::sort(order.begin(), order.end(), [&](int a, int b) { return model.body(a).specIndex < model.body(b).specIndex; });
  int ticked = 0;
  for (int body : order) {
    auto* item = new QListWidgetItem(QString::fromStdString(model.body(body).name), m_bodies);
    item->setData(Qt::UserRole, body);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(ticked++ < kDefaultPlottedBodies ? Qt::Checked : Qt::Unchecked);
  }
}

void PlotsPanel::setPlottedBodies(const std::vector<int>& bodies) {
  {
    QSignalBlocker block(m_bodies);
    for (int i = 0; i < m_bodies->count(); ++i) {
      QListWidgetItem* item = m_bodies->item(i);
      const bool on = std::find(bodies.begin(), bodies.end(), item->data(Qt::UserRole).toInt()) != bodies.end();
      item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
  }
  refresh();
}

std::vector<int> PlotsPanel::plottedBodies() const {
  std::vector<int> bodies;
  for (int i = 0; i < m_bodies->count(); ++i)
    if (m_bodies->item(i)->checkState() == Qt::Checked) bodies.push_back(m_bodies->item(i)->data(Qt::UserRole).toInt());
  return bodies;
}

PlotSettings PlotsPanel::settings() const {
  PlotSettings s;
  s.representation = static_cast<AngleRepresentation>(m_representation->currentData().toInt());
  const Vec3 axis(m_axis[0]->value(), m_axis[1]->value(), m_axis[2]->value());
  s.axis = axis.norm() > 1e-12 ? Vec3(axis.normalized()) : Vec3(Vec3::UnitZ());
  s.degrees = AnglePreference::instance().degrees();
  return s;
}

void PlotsPanel::setAngleRepresentation(AngleRepresentation representation, const Vec3& axis) {
  for (int k = 0; k < 3; ++k) {
    QSignalBlocker block(m_axis[k]);
    m_axis[k]->setValue(axis[k]);
  }
  m_representation->setCurrentIndex(m_representation->findData(static_cast<int>(representation)));
  refresh();
}

PlotPane* PlotsPanel::addPane(Quantity quantity) {
  auto* box = new QWidget;
  auto* header = new QHBoxLayout;
  header->setContentsMargins(4, 0, 4, 0);
  PaneView view;
  view.pane = new PlotPane;
  view.quantity = new QComboBox;
  for (Quantity q : kQuantities) view.quantity->addItem(titleOf(q), static_cast<int>(q));
  view.quantity->setCurrentIndex(view.quantity->findData(static_cast<int>(quantity)));
  view.component = new QComboBox;
  view.against = new QComboBox;
  view.against->setObjectName("plotAgainst");
  view.against->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);  // "against t" needs little; the list opens wider
  view.against->setMinimumContentsLength(9);
  view.against->setToolTip(tr("The horizontal axis: time, or another quantity of the same bodies (a phase portrait: angle against angular velocity)"));
  view.against->addItem(tr("against t"), -1);
  for (Quantity q : kQuantities)
    if (q != Quantity::LoadElement) view.against->addItem(q == Quantity::Measure ? tr("against the channel before") : tr("against %1").arg(titleOf(q).toLower()), static_cast<int>(q));
  auto* close = new QToolButton;
  close->setText(QStringLiteral("×"));
  close->setToolTip(tr("Remove this plot"));
  close->setAutoRaise(true);
  header->addWidget(view.quantity);
  header->addWidget(view.component);
  header->addWidget(view.against);
  header->addStretch(1);
  header->addWidget(close);
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addLayout(header);
  layout->addWidget(view.pane, 1);
  m_splitter->addWidget(box);
  m_panes.push_back(view);
  fillComponents(m_panes.back());
  PlotPane* pane = view.pane;
  connect(view.quantity, &QComboBox::currentIndexChanged, this, [this, pane] {
    for (PaneView& v : m_panes)
      if (v.pane == pane) fillComponents(v), refreshPane(v);
    m_current = pane;
  });
  connect(view.component, &QComboBox::activated, this, [this, pane] {
    for (PaneView& v : m_panes)
      if (v.pane == pane) refreshPane(v);
    m_current = pane;
  });
  connect(view.against, &QComboBox::activated, this, [this, pane] {
    for (PaneView& v : m_panes)
      if (v.pane == pane) refreshPane(v);
    m_current = pane;
  });
  connect(close, &QToolButton::clicked, this, [this, pane] { removePane(pane); });
  connect(pane, &PlotPane::seekRequested, this, [this, pane](double t) {
    m_current = pane;
    m_clock->setTime(t);
  });
  pane->setCursorTime(m_clock->time());
  refreshPane(m_panes.back());
  return pane;
}

void PlotsPanel::removePane(PlotPane* pane) {
  if (m_panes.size() <= 1) return;  // keep one
  const auto it = std::find_if(m_panes.begin(), m_panes.end(), [pane](const PaneView& v) { return v.pane == pane; });
  if (it == m_panes.end()) return;
  if (m_current == pane) m_current = nullptr;
  QWidget* box = pane->parentWidget();
  m_panes.erase(it);
  box->deleteLater();
}

PlotPane* PlotsPanel::currentPane() const { return m_current ? m_current : m_panes.front().pane; }

void PlotsPanel::setPaneQuantity(PlotPane* pane, Quantity quantity, int component) {
  for (PaneView& v : m_panes) {
    if (v.pane != pane) continue;
    v.quantity->setCurrentIndex(v.quantity->findData(static_cast<int>(quantity)));
    const int at = v.component->findData(component);
    v.component->setCurrentIndex(at >= 0 ? at : 0);
    refreshPane(v);
  }
}

void PlotsPanel::fillComponents(PaneView& view) {
  // The slide quantities only mean something in a model with sliding hinges.
  if (auto* items = qobject_cast<QStandardItemModel*>(view.quantity->model())) {
    const bool sliders = m_results && m_results->model()->sliderCount() > 0;
    for (Quantity q : {Quantity::Slide, Quantity::SlideRate})
      if (QStandardItem* item = items->item(view.quantity->findData(static_cast<int>(q)))) item->setEnabled(sliders);
    // Likewise the load elements in a model that has some.
    const bool loads = m_results && m_results->model()->hasLoads();
    if (QStandardItem* item = items->item(view.quantity->findData(static_cast<int>(Quantity::LoadElement)))) item->setEnabled(loads);
    const bool measures = m_results && !m_results->model()->spec().measures.empty();
    if (QStandardItem* item = items->item(view.quantity->findData(static_cast<int>(Quantity::Measure)))) item->setEnabled(measures);
  }
  QSignalBlocker block(view.component);
  const QVariant previous = view.component->currentData();
  view.component->clear();
  const auto quantity = static_cast<Quantity>(view.quantity->currentData().toInt());
  // One unit on an axis: load elements in several units (a vehicle's
  // forces, slips and penetrations) are offered by kind or one by one.
  if (!m_results || !ofChannels(quantity) || oneUnit(quantity, *m_results->model(), settings())) view.component->addItem(tr("all components"), -1);
  if (m_results) {
    // Load elements: first what they measure (every contact's normal force,
    // on one axis in one unit), then each channel. Measures: each vector
    // measure whole (a position's x, y, z), then each channel.
    const std::vector<LoadGroup> groups = groupsOf(quantity, *m_results->model());
    for (std::size_t g = 0; g < groups.size(); ++g) {
      const QString what = QString::fromStdString(groups[g].quantity), unit = QString::fromStdString(groups[g].unit);
      view.component->addItem(quantity == Quantity::Measure ? tr("%1 [%2]").arg(what, unit) : tr("every %1 [%2] (%3)").arg(what, unit).arg(groups[g].channels.size()),
                              kFirstGroup - static_cast<int>(g));
    }
    int c = 0;
    for (const std::string& name : componentNames(quantity, *m_results->model(), settings())) view.component->addItem(QString::fromStdString(name), c++);
  }
  const int at = view.component->findData(previous);
  view.component->setCurrentIndex(at >= 0 ? at : 0);
}

std::vector<SeriesKey> PlotsPanel::keysOf(const PaneView& view) const {
  if (!m_results) return {};
  const auto quantity = static_cast<Quantity>(view.quantity->currentData().toInt());
  int component = view.component->currentData().isValid() ? view.component->currentData().toInt() : -1;
  const Model& model = *m_results->model();
  if (ofChannels(quantity) && component == -1 && !oneUnit(quantity, model, settings()))
    component = groupsOf(quantity, model).empty() ? 0 : kFirstGroup;  // the first entry offered: one unit
  if (ofChannels(quantity) && component <= kFirstGroup) {
    const std::vector<LoadGroup> groups = groupsOf(quantity, model);
    const auto g = static_cast<std::size_t>(kFirstGroup - component);
    std::vector<SeriesKey> keys;
    if (g < groups.size())
      for (int channel : groups[g].channels) keys.push_back({quantity, channel, -1});
    return keys;
  }
  return seriesKeys(quantity, component, plottedBodies(), *m_results->model(), settings());
}

void PlotsPanel::refreshPane(PaneView& view) {
  PlotPane* pane = view.pane;
  const auto quantity = static_cast<Quantity>(view.quantity->currentData().toInt());
  if (!m_results) {
    pane->clearAll();
    pane->setAxisTitles(tr("t [s]"), titleOf(quantity));
    return;
  }
  const Model& model = *m_results->model();
  const PlotSettings s = settings();
  const std::vector<SeriesKey> keys = keysOf(view);
  pane->setAxisTitles(tr("t [s]"), QString::fromStdString(axisTitle(quantity, model, s, keys)));
  QStringList names;
  for (const SeriesKey& key : keys) names << QString::fromStdString(seriesName(key, model, s));
  const int against = view.against->currentData().toInt();
  // The compared run's curves of the same names (time plots only).
  struct Compared {
    int like;
    std::vector<double> t, v;
  };
  std::vector<Compared> compared;
  for (int k = 0; against < 0 && k < names.size(); ++k) {
    Compared c{k, {}, {}};
    if (m_comparison && m_comparison->curve(keys[static_cast<std::size_t>(k)], names[k].toStdString(), model, s, c.t, c.v)) compared.push_back(std::move(c));
  }
  QStringList all = names;
  for (const Compared& c : compared) all << tr("%1 (%2)").arg(names[c.like], m_comparison->label());
  // The same curves with more data (a live run): update them in place, so a
  // zoomed view stays zoomed.
  bool same = pane->curveCount() == all.size();
  for (int c = 0; same && c < all.size(); ++c) same = pane->curveName(c) == all[c];
  if (!same) {
    pane->clearCurves();
    for (const QString& name : all) pane->addCurve(name);
  }
  view.compared = static_cast<int>(compared.size());
  pane->setTimeAxis(against < 0);
  pane->setTitle(QString());  // the panes' titles only ever say why a pairing failed
  if (against >= 0) {
    refreshAgainst(view, static_cast<Quantity>(against), keys);
    return;
  }
  m_results->read([&](const Results& r) {
    for (std::size_t k = 0; k < keys.size(); ++k) pane->setCurveData(static_cast<int>(k), r.times(), seriesValues(r, model, keys[k], s));
  });
  for (std::size_t c = 0; c < compared.size(); ++c) {
    const int curve = static_cast<int>(keys.size() + c);
    pane->setCurveData(curve, std::move(compared[c].t), std::move(compared[c].v));
    pane->drawAsComparison(curve, compared[c].like);
  }
  pane->setCursorTime(m_clock->time());
}

// Each curve against its pair (pairedSeries); a curve without one is left
// empty, and the title says why.
void PlotsPanel::refreshAgainst(const PaneView& view, Quantity x, const std::vector<SeriesKey>& keys) {
  const Model& model = *m_results->model();
  const PlotSettings s = settings();
  std::vector<SeriesKey> xs;
  int unpaired = 0;
  m_results->read([&](const Results& r) {
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const std::optional<SeriesKey> pair = pairedSeries(keys[k], x, model, s);
      if (!pair) {
        ++unpaired;
        view.pane->setCurveData(static_cast<int>(k), {}, {});
        continue;
      }
      xs.push_back(*pair);
      view.pane->setCurveData(static_cast<int>(k), seriesValues(r, model, *pair, s), seriesValues(r, model, keys[k], s));
    }
  });
  view.pane->setAxisTitles(QString::fromStdString(axisTitle(x, model, s, xs)), QString::fromStdString(axisTitle(keys.empty() ? x : keys.front().quantity, model, s, keys)));
  view.pane->setTitle(unpaired ? tr("%1 of the curves have no %2 to plot against (a body's quantity pairs with a body's, with as many components)")
                                     .arg(unpaired)
                                     .arg(titleOf(x).toLower())
                               : QString());
}

void PlotsPanel::setPaneAgainst(PlotPane* pane, std::optional<Quantity> x) {
  for (PaneView& v : m_panes)
    if (v.pane == pane) {
      v.against->setCurrentIndex(v.against->findData(x ? static_cast<int>(*x) : -1));
      refreshPane(v);
    }
}

void PlotsPanel::refresh() {
  if (m_results) m_shownFrames = m_results->frameCount();
  for (PaneView& view : m_panes) refreshPane(view);
}

void PlotsPanel::appendNewFrames() {
  if (!m_results || m_results->frameCount() == m_shownFrames) return;
  m_shownFrames = m_results->frameCount();
  const Model& model = *m_results->model();
  const PlotSettings s = settings();
  for (PaneView& view : m_panes) {
    PlotPane* pane = view.pane;
    const std::vector<SeriesKey> keys = keysOf(view);
    if (pane->curveCount() != static_cast<int>(keys.size()) + view.compared || !pane->timeAxis()) {
      refreshPane(view);
      continue;
    }
    // Only the frames recorded since the last look are converted; the
    // unwrapping of angles carries on from each curve's last value.
    m_results->read([&](const Results& r) {
      for (std::size_t k = 0; k < keys.size(); ++k) {
        const int curve = static_cast<int>(k), first = static_cast<int>(pane->curveTimes(curve).size());
        const double previous = first > 0 ? pane->curveValues(curve).back() : std::numeric_limits<double>::quiet_NaN();
        const std::vector<double> times(r.times().begin() + first, r.times().begin() + r.frameCount());
        pane->appendCurveData(curve, times, seriesValues(r, model, keys[k], s, first, previous));
      }
    });
  }
}

bool PlotsPanel::keepForComparison() {
  if (!m_results || m_results->frameCount() == 0) return false;
  setComparison(RunComparison(tr("run kept at %1").arg(QTime::currentTime().toString("HH:mm:ss")), m_results));
  return true;
}

QString PlotsPanel::compareWithFile(const QString& path) {
  try {
    SeriesTable table = readTableCsv(path.toStdString());
    if (table.columns.empty() || table.times.empty()) return tr("'%1' holds no plotted series.").arg(path);
    setComparison(RunComparison(QFileInfo(path).fileName(), std::move(table)));
    return {};
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
}

void PlotsPanel::clearComparison() {
  if (!m_comparison) return;
  m_comparison.reset();
  m_compare->setText(tr("Compare"));
  refresh();
  emit comparisonChanged();
}

void PlotsPanel::setComparison(RunComparison comparison) {
  m_comparison = std::move(comparison);
  m_compare->setText(tr("Compare: %1").arg(m_comparison->label()));
  refresh();
  emit comparisonChanged();
}


// Over the run's recorded instants: a pane plotted against another
// quantity gives each curve's x series as a column of its own before its y
// series (the x values are not times: they went out as "t" before).
std::vector<TableColumn> PlotsPanel::plottedColumns(std::vector<double>& times) const {
  std::vector<TableColumn> columns;
  times.clear();
  if (!m_results) return columns;
  m_results->read([&](const Results& r) {
    times = r.times();
    return 0;
  });
  const Model& model = *m_results->model();
  const PlotSettings s = settings();
  for (const PaneView& view : m_panes) {
    const QString unit = view.pane->yAxisTitle().section('[', 1).section(']', 0, 0);
    const int against = view.against->currentData().toInt();
    const std::vector<SeriesKey> keys = keysOf(view);
    for (int c = 0; c < view.pane->curveCount() - view.compared; ++c) {
      if (view.pane->curveValues(c).size() != times.size()) continue;  // an unpaired curve is empty
      if (against >= 0 && c < static_cast<int>(keys.size())) {
        if (const std::optional<SeriesKey> x = pairedSeries(keys[static_cast<std::size_t>(c)], static_cast<Quantity>(against), model, s))
          columns.push_back({seriesName(*x, model, s), unitOf(x->quantity, model, s), view.pane->curveTimes(c)});
      }
      columns.push_back({view.pane->curveName(c).toStdString(), unit.toStdString(), view.pane->curveValues(c)});
    }
  }
  return columns;
}

}  // namespace mstmm::gui
