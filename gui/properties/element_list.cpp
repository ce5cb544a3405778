#include "gui/properties/element_list.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "gui/document/model_document.hpp"

namespace mstmm::gui {

QComboBox* pickRow(QVBoxLayout* column, const QString& heading, const QString& name, QPushButton*& add, QPushButton*& remove, const QString& addTip) {
  column->addWidget(new QLabel(heading));
  auto* row = new QHBoxLayout;
  auto* pick = new QComboBox;
  pick->setObjectName(name + "Pick");
  const QString capital = QString(name[0].toUpper()) + name.mid(1);
  add = new QPushButton(QObject::tr("Add"));
  add->setObjectName("add" + capital);
  add->setToolTip(addTip);
  remove = new QPushButton(QObject::tr("Remove"));
  remove->setObjectName("remove" + capital);
  row->addWidget(pick, 1);
  row->addWidget(add);
  row->addWidget(remove);
  column->addLayout(row);
  return pick;
}

QString zeroDirection(const Vec3& v) { return v.norm() > 1e-12 ? QString() : QObject::tr("a direction cannot be the zero vector"); }

const BodySpec* targetBody(const ModelDocument* document) {
  const ModelSpec& spec = document->spec();
  if (spec.bodies.empty()) return nullptr;
  const Selection& s = document->selection();
  const BodySpec* body = s.bodies.isEmpty() ? nullptr : document->body(BodyId{*s.bodies.begin()});
  return body ? body : &spec.bodies.front();
}

}  // namespace mstmm::gui
