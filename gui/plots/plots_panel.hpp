#pragma once
// The plots of a run: several panes, each showing one quantity (angles,
// angular velocities, energies, hinge forces or moments) for the bodies
// ticked in the series list, with a cursor that follows the playback clock.
// Spatial angles are shown as Cardan angles, as the rotation angle about a
// chosen axis, or as quaternion components; angles in degrees or radians
// (the application-wide angle preference). Curves follow a running
// simulation as its results arrive.

#include <QWidget>
#include <optional>
#include <memory>

#include "core/io/table_csv.hpp"
#include "gui/plots/run_comparison.hpp"
#include "core/plot/series_catalog.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSplitter;
class QTimer;

namespace mstmm::gui {

class PlaybackClock;
class PlotPane;
class RunResults;

class PlotsPanel : public QWidget {
  Q_OBJECT

 public:
  /// One pane and what it shows.
  struct PaneView {
    PlotPane* pane = nullptr;
    QComboBox* quantity = nullptr;
    QComboBox* component = nullptr;  // index 0: all components
    QComboBox* against = nullptr;    // "t", or a quantity plotted on the horizontal axis
    int compared = 0;                // curves of the compared run after the current run's
  };

  PlotsPanel(PlaybackClock* clock, QWidget* parent = nullptr);

  /// Follows a run's results (null: none).
  void setResults(std::shared_ptr<RunResults> results);
  /// Adds a pane showing `quantity`; returns it.
  PlotPane* addPane(Quantity quantity);
  void removePane(PlotPane* pane);
  const std::vector<PaneView>& panes() const { return m_panes; }
  /// The pane the user last worked with (the first if none).
  PlotPane* currentPane() const;

  /// Ticks exactly these bodies (compiled indices) in the series list.
  void setPlottedBodies(const std::vector<int>& bodies);
  std::vector<int> plottedBodies() const;
  /// component: -1 all, k >= 0 that component, kFirstGroup - g load group g (loadGroups()).
  void setPaneQuantity(PlotPane* pane, Quantity quantity, int component = -1);
  static constexpr int kFirstGroup = -2;
  /// Plots the pane's curves against `x` (each curve against the same
  /// body's and component's series of x: a phase portrait), or against
  /// time when `x` is empty.
  void setPaneAgainst(PlotPane* pane, std::optional<Quantity> x);
  void setAngleRepresentation(AngleRepresentation representation, const Vec3& axis = Vec3::UnitZ());
  PlotSettings settings() const;

  /// Every curve of the current run in every pane as table columns over
  /// the recorded times (a compared run's curves are not among them).
  std::vector<TableColumn> plottedColumns(std::vector<double>& times) const;

  /// Comparing runs (issue 55): each time plot also draws, dashed in the
  /// same colour, the compared run's curve of the same name (the same body,
  /// element or measure of the same quantity and component). The compared
  /// run is the current one kept (keepForComparison), or plotted series
  /// saved before (File ▸ Export ▸ Plotted Series CSV) read back.
  bool keepForComparison();
  /// Empty, or why the file cannot be compared (it is not such a table).
  QString compareWithFile(const QString& path);
  void clearComparison();
  /// "run kept at 10:42", "angles.csv"; empty when nothing is compared.
  QString comparisonLabel() const { return m_comparison ? m_comparison->label() : QString(); }

 signals:
  void comparisonChanged();

 public slots:
  /// Reads the results again (also what the live timer does).
  void refresh();

 private:
  void rebuildBodyList();
  void fillComponents(PaneView& view);
  void refreshPane(PaneView& view);
  void refreshAgainst(const PaneView& view, Quantity x, const std::vector<SeriesKey>& keys);
  /// A live run: appends the frames recorded since the last call to every curve.
  void appendNewFrames();
  std::vector<SeriesKey> keysOf(const PaneView& view) const;
  void setComparison(RunComparison comparison);

  PlaybackClock* m_clock;
  std::shared_ptr<RunResults> m_results;
  QListWidget* m_bodies;
  QLineEdit* m_filter;
  QComboBox *m_representation, *m_units;
  QDoubleSpinBox* m_axis[3];
  QSplitter* m_splitter;
  std::vector<PaneView> m_panes;
  PlotPane* m_current = nullptr;
  QTimer* m_live;
  int m_shownFrames = -1;
  std::optional<RunComparison> m_comparison;
  QPushButton* m_compare;
};

}  // namespace mstmm::gui
