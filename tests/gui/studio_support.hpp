#pragma once
// The studio as the application sets it up, for the GUI suites.

#include <QtTest>

#include "gui/main/main_window.hpp"
#include "gui/main/studio_setup.hpp"

namespace mstmm::test {

/// The studio on screen at 1280 x 800, without dialogs; whether it showed.
inline bool showStudio(gui::MainWindow& window) {
  gui::setUpStudio(window);
  window.setInteractive(false);
  window.resize(1280, 800);
  window.show();
  return QTest::qWaitForWindowExposed(&window);
}

}  // namespace mstmm::test
