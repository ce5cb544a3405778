#include "gui/dialogs/generate_dialog.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QVBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <cmath>

#include "core/generate/generators.hpp"
#include "core/generate/loaded_examples.hpp"

namespace mstmm::gui {

namespace {
enum Kind { Chain, Branch, RandomTree, BinaryTree, StiffChain };
int binaryLevels(int bodies) { return std::max(1, static_cast<int>(std::lround(std::log2(bodies + 1.0)))); }
}  // namespace

GenerateDialog::GenerateDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Generate a Model"));
  m_kind = new QComboBox;
  m_kind->addItem(tr("Chain of rods hanging from the ground"), Chain);
  m_kind->addItem(tr("Branch system of 000 Fig. 1"), Branch);
  m_kind->addItem(tr("Random tree"), RandomTree);
  m_kind->addItem(tr("Binary tree (mobile)"), BinaryTree);
  m_kind->addItem(tr("Stiff chain (a spring in every hinge)"), StiffChain);
  m_bodies = new QSpinBox;
  m_bodies->setRange(1, 1000000);
  m_bodies->setValue(10);
  m_seed = new QSpinBox;
  m_seed->setRange(0, 1000000000);
  m_seed->setValue(1);
  m_planar = new QCheckBox(tr("planar (x-y plane)"));
  m_info = new QLabel;
  m_info->setWordWrap(true);
  auto* page = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  page->addLayout(form);
  form->addRow(tr("System"), m_kind);
  form->addRow(tr("Bodies"), m_bodies);
  form->addRow(tr("Random seed"), m_seed);
  form->addRow(QString(), m_planar);
  page->addWidget(m_info);  // not in the form: wrapped labels in a QFormLayout corrupt the heap in Qt 6.4
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  page->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(m_kind, &QComboBox::currentIndexChanged, this, &GenerateDialog::update);
  connect(m_bodies, &QSpinBox::valueChanged, this, &GenerateDialog::update);
  connect(m_planar, &QCheckBox::toggled, this, &GenerateDialog::update);
  update();
}

void GenerateDialog::update() {
  const int kind = m_kind->currentData().toInt();
  m_seed->setEnabled(kind == RandomTree);
  m_bodies->setMinimum(kind == Branch ? 6 : 1);
  const int n = m_bodies->value();
  const int dof = (m_planar->isChecked() ? 1 : 3) * (kind == BinaryTree ? (1 << binaryLevels(n)) - 1 : n);
  QString text = dof == 1 ? tr("1 degree of freedom.") : tr("%1 degrees of freedom.").arg(dof);
  if (kind == Branch) text += tr(" Bodies are numbered as in the paper: N = %1.").arg(2 * n - 1);
  if (kind == BinaryTree) text += tr(" %1 levels: %2 bodies.").arg(binaryLevels(n)).arg((1 << binaryLevels(n)) - 1);
  if (kind == StiffChain)
    text += tr(" A spring of 1e5 N m/rad and a damper of 0.1 N m s/rad in every hinge hold the chain's shape: it runs with generalized-α at 1 ms, "
               "where RK4 would need steps of about 30 µs.");
  m_info->setText(text);
}

ModelSpec GenerateDialog::model() const {
  const bool planar = m_planar->isChecked();
  const int n = m_bodies->value();
  switch (m_kind->currentData().toInt()) {
    case Branch: return generateBranch({n, planar});
    case RandomTree: return generateRandomTree({n, static_cast<std::uint64_t>(m_seed->value()), planar});
    case BinaryTree: return generateBinaryTree({binaryLevels(n), planar});
    case StiffChain: return generateStiffChain({n, planar, 0.1, 0.1, 0.01}, 1e5, 0.1);
    default: {
      ChainOptions o;
      o.bodies = n;
      o.planar = planar;
      return generateChain(o);
    }
  }
}

}  // namespace mstmm::gui
