#pragma once
// The main window's central area: the 3-D view above its playback bar, and
// the plots below, all following one playback clock. It follows the
// window's runs: a new run's results are shown at once and grow while the
// run computes (playback and plots reach up to the latest result).

#include <QWidget>
#include <memory>

class QAction;
class QTimer;

namespace mstmm::gui {

class MainWindow;
class PlaybackClock;
class PlaybackBar;
class PlotsPanel;
class RunResults;
class ViewPanel;

class StudioWorkspace : public QWidget {
  Q_OBJECT

 public:
  explicit StudioWorkspace(MainWindow* window);

  PlaybackClock* clock() const { return m_clock; }
  ViewPanel* viewPanel() const { return m_viewPanel; }
  PlaybackBar* playbackBar() const { return m_bar; }
  PlotsPanel* plots() const { return m_plots; }
  std::shared_ptr<RunResults> results() const { return m_results; }

  /// Shows finished results that are not a run (a mode's motion) and plays them in a loop.
  void showAnimation(std::shared_ptr<RunResults> results);

  /// Reads the sample times recorded since the last call into the clock
  /// (the live timer does this while a run computes).
  void pullNewSamples();

 private:
  void showResults(std::shared_ptr<RunResults> results);
  void runFinished();
  void createPlaybackActions(MainWindow* window);
  void createViewActions(MainWindow* window);

  MainWindow* m_window;
  PlaybackClock* m_clock;
  ViewPanel* m_viewPanel;
  PlaybackBar* m_bar;
  PlotsPanel* m_plots;
  std::shared_ptr<RunResults> m_results;
  int m_knownFrames = 0;
  QTimer* m_live;
};

}  // namespace mstmm::gui
