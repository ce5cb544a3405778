#include "gui/dialogs/urdf_import_dialog.hpp"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>

namespace mstmm::gui {

namespace {
const char* kPackageRootKey = "urdfImport/packageRoot";
const char* kFloatingBaseKey = "urdfImport/floatingBase";
}  // namespace

UrdfOptions storedUrdfOptions() {
  UrdfOptions o;
  o.packageRoot = QSettings().value(kPackageRootKey).toString().toStdString();
  o.floatingBase = QSettings().value(kFloatingBaseKey, false).toBool();
  return o;
}

UrdfImportDialog::UrdfImportDialog(const QString& file, QWidget* parent)
    : QDialog(parent), m_packageRoot(new QLineEdit), m_floatingBase(new QCheckBox(tr("The root link floats (a free hinge to the ground)"))) {
  setWindowTitle(tr("Import URDF"));
  const UrdfOptions stored = storedUrdfOptions();
  m_packageRoot->setText(QString::fromStdString(stored.packageRoot));
  m_packageRoot->setPlaceholderText(tr("the folders above the file"));
  m_packageRoot->setObjectName("packageRoot");
  m_floatingBase->setChecked(stored.floatingBase);
  m_floatingBase->setObjectName("floatingBase");
  auto* browse = new QPushButton(tr("Browse…"));
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Package Root"), m_packageRoot->text());
    if (!dir.isEmpty()) m_packageRoot->setText(dir);
  });
  auto* root = new QHBoxLayout;
  root->addWidget(m_packageRoot, 1);
  root->addWidget(browse);
  auto* form = new QFormLayout(this);
  form->addRow(new QLabel(tr("Importing '%1'.").arg(QFileInfo(file).fileName())));
  form->addRow(tr("Package root"), root);
  form->addRow(new QLabel(tr("<small>package://NAME/… meshes are found in PACKAGE ROOT/NAME/…</small>")));
  form->addRow(QString(), m_floatingBase);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(buttons, &QDialogButtonBox::accepted, this, [this] {
    QSettings().setValue(kPackageRootKey, m_packageRoot->text());
    QSettings().setValue(kFloatingBaseKey, m_floatingBase->isChecked());
    accept();
  });
}

UrdfOptions UrdfImportDialog::options() const {
  UrdfOptions o;
  o.packageRoot = m_packageRoot->text().toStdString();
  o.floatingBase = m_floatingBase->isChecked();
  return o;
}

}  // namespace mstmm::gui
