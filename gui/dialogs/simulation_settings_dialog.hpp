#pragma once
// Simulate ▸ Settings…: the run settings of the model, applied as one undo step.

#include <QDialog>

#include "gui/document/model_document.hpp"

namespace mstmm::gui {

class ModelPage;

class SimulationSettingsDialog : public QDialog {
  Q_OBJECT
 public:
  SimulationSettingsDialog(ModelDocument* document, QWidget* parent = nullptr);

 private:
  ModelDocument* m_document;
};

}  // namespace mstmm::gui
