#pragma once
// The 3-D view in the main window: the VTK view with its toolbar (fit,
// camera presets, follow the selected body, trails), following the playback
// clock through a run's results, or showing the document's model in its
// initial configuration when there are none (or after an edit). Selection
// is shared with the graph editor both ways.

#include <QHash>
#include <QVector>
#include <QWidget>
#include <memory>
#include <vector>

#include "core/model/model.hpp"
#include "core/sim/results.hpp"
#include "gui/run/run_results.hpp"
#include "render/view_widget.hpp"

class QAction;
class QDoubleSpinBox;
class QTimer;
class QToolBar;

namespace mstmm::gui {

class ModelDocument;
class PlaybackClock;

class ViewPanel : public QWidget {
  Q_OBJECT

 public:
  ViewPanel(ModelDocument* document, PlaybackClock* clock, QWidget* parent = nullptr);

  render::ViewWidget* view() const { return m_view; }
  /// Shows a run's results at the clock's time (null: the document's model).
  void setResults(std::shared_ptr<RunResults> results);
  bool showsResults() const { return m_showingResults; }
  /// The model on screen (results' or document's), or null.
  std::shared_ptr<const Model> model() const { return m_view->model(); }

  QAction* action(const QString& name) const;
  /// Frames everything the bodies sweep over the run, unless the user has
  /// moved the camera since the model appeared (called when a run ends).
  void frameMotion();
  /// While a run computes and the view shows its newest instant: frames the
  /// bodies where they are, and frames them again when one leaves the
  /// framed box (a live run has no end to frame the motion at; issue 55).
  /// Not once the user moved the camera or follows a body, nor while a
  /// Ctrl+drag holds a body.
  void keepInView();
  void setTrails(bool on, double windowSeconds);
  void setFollowSelection(bool on);
  /// Frames the selected bodies where they are now (Edit > Find).
  void frameSelection();
  bool trailsShown() const;
  double trailWindow() const;

 public slots:
  /// Draws the results (or the model) at the clock's time again.
  void updateFrame();

 private:
  void createToolBar(QToolBar* bar);
  void showDocumentModel();
  void showModel(std::shared_ptr<const Model> model);
  void applySelection();
  void bodyClicked(int body, Qt::KeyboardModifiers modifiers);
  void showLatestState(double t);
  void updateTrails(const mstmm::Results& results, double t);

  ModelDocument* m_document;
  PlaybackClock* m_clock;
  render::ViewWidget* m_view;
  std::shared_ptr<RunResults> m_results;
  bool m_showingResults = false;
  bool m_replacedSinceShown = false;  // a new or opened model not yet drawn
  bool m_userMovedCamera = false;
  bool m_framed = false;  // keepInView's box, framed since the run began
  Vec3 m_framedLo = Vec3::Zero(), m_framedHi = Vec3::Zero();
  int m_followed = -1;
  RunResults::Latest m_latest;  // a live run's newest state, copied for drawing  // what the view follows (render::kFollowSystem, a body, or -1)
  QHash<quint32, QVector<int>> m_compiledOfBodyId;  // a beam's id: all its pieces
  std::vector<BodyId> m_userBodyIds;                // by compiled index
  QHash<QString, QAction*> m_actions;
  QDoubleSpinBox* m_trailWindow;
  QDoubleSpinBox* m_deflection;     // beams' deflection drawn this many times over
  QAction* m_deflectionAction = nullptr;  // its place in the toolbar, shown for models with beams
  QTimer* m_recompile;
  std::vector<render::BodyState> m_states;
  std::vector<char> m_visible;
  double m_arrowLength = 0.3;  // the largest force arrow, per model (render::arrowLength)
};

}  // namespace mstmm::gui
