#pragma once
// Assembling and running the studio window, shared by mstmm-studio and the
// GUI tests: the central area (3-D view and plots) is attached here, and the
// batch mode (--run, --screenshot) lives here so that tests drive exactly
// what the application does.

#include <QApplication>

#include "gui/main/main_window.hpp"

namespace mstmm::gui {

/// Puts the 3-D view, plots and playback into the window's central area.
void setUpStudio(MainWindow& window);

/// Starts a run if asked, saves a screenshot if asked (after the run) and
/// quits then; otherwise runs the event loop. Returns the exit status.
int runStudio(QApplication& app, MainWindow& window, bool run, const QString& screenshotPath);

/// Grabs the whole window into a PNG; false if it could not be written.
bool saveWindowScreenshot(MainWindow& window, const QString& path);

}  // namespace mstmm::gui
