#pragma once
// The options of a URDF import (interchange/urdf_import.hpp) as File >
// Import asks for them: where package://NAME/... meshes are found, and
// whether the root link floats. Kept in QSettings, so a drop of a URDF file
// (or a window that does not ask) imports with the last ones given.

#include <QDialog>

#include "interchange/urdf_import.hpp"

class QCheckBox;
class QLineEdit;

namespace mstmm::gui {

/// The options last given (none: meshes looked for above the file, fixed base).
UrdfOptions storedUrdfOptions();

class UrdfImportDialog : public QDialog {
  Q_OBJECT
 public:
  /// Filled in with the stored options; OK stores what it shows.
  explicit UrdfImportDialog(const QString& file, QWidget* parent = nullptr);
  UrdfOptions options() const;

 private:
  QLineEdit* m_packageRoot;
  QCheckBox* m_floatingBase;
};

}  // namespace mstmm::gui
