#include "gui/properties/properties_panel.hpp"

#include "gui/help/user_guide.hpp"

#include <QApplication>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "gui/properties/property_pages.hpp"
#include "gui/properties/quantity_box.hpp"

namespace mstmm::gui {

namespace {
QScrollArea* scrolled(QWidget* page) {
  auto* area = new QScrollArea;
  area->setWidget(page);
  area->setWidgetResizable(true);
  area->setFrameShape(QFrame::NoFrame);
  return area;
}
}  // namespace

PropertiesPanel::PropertiesPanel(ModelDocument* document, QWidget* parent) : QWidget(parent), m_document(document) {
  m_model = new ModelPage(document);
  m_body = new BodyPage(document);
  m_hinge = new HingePage(document);
  m_strut = new StrutPage(document);
  m_several = new QLabel;
  m_several->setAlignment(Qt::AlignCenter);
  m_stack = new QStackedWidget;
  m_stack->addWidget(scrolled(m_model));
  m_stack->addWidget(scrolled(m_body));
  m_stack->addWidget(scrolled(m_hinge));
  m_stack->addWidget(m_several);
  m_stack->addWidget(scrolled(m_strut));
  m_refusal = new QLabel;
  m_refusal->setWordWrap(true);
  m_refusal->setStyleSheet("color: #c0392b;");
  m_fieldNote = new QLabel(this);  // floats over the page, under the field refused
  m_fieldNote->setObjectName("fieldNote");
  m_fieldNote->setWordWrap(true);
  m_fieldNote->setStyleSheet("color: #c0392b; background: #fdf0ee; border: 1px solid #e6b0aa; padding: 2px 4px;");
  // It floats over the next field: clicks go through to that field, and
  // it goes once the focus leaves the field it is about (issue 55: it
  // covered and blocked the next field).
  m_fieldNote->setAttribute(Qt::WA_TransparentForMouseEvents);
  m_fieldNote->hide();
  connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
    if (m_fieldNote->isVisible() && now && m_noteField && now != m_noteField && !m_noteField->isAncestorOf(now)) m_fieldNote->hide();
  });
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(m_stack);
  layout->addWidget(m_refusal);
  connect(m_model, &ModelPage::refused, this, &PropertiesPanel::showRefusal);
  connect(m_body, &BodyPage::refused, this, &PropertiesPanel::showRefusal);
  connect(m_hinge, &HingePage::refused, this, &PropertiesPanel::showRefusal);
  connect(m_strut, &StrutPage::refused, this, &PropertiesPanel::showRefusal);
  // Every number field says why it did not take what was typed (not only
  // those whose page forwards its refusals).
  for (QWidget* page : {static_cast<QWidget*>(m_model), static_cast<QWidget*>(m_body), static_cast<QWidget*>(m_hinge), static_cast<QWidget*>(m_strut)}) {
    for (QuantityBox* box : page->findChildren<QuantityBox*>()) connect(box, &QuantityBox::refused, this, &PropertiesPanel::showRefusal, Qt::UniqueConnection);
    // A long entry (a hinge type's explanation) shows cut in the closed
    // box, whole in the open list, and never widens the dock.
    // A row too wide beside its label (three numbers with units) goes
    // under it rather than under the dock's edge.
    for (QFormLayout* form : page->findChildren<QFormLayout*>()) form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    for (QComboBox* box : page->findChildren<QComboBox*>()) {
      box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
      box->setMinimumContentsLength(12);
    }
  }
  connect(document, &ModelDocument::selectionChanged, this, &PropertiesPanel::showSelection);
  connect(document, &ModelDocument::changed, this, [this] {
    // An accepted edit: whatever was refused before no longer applies.
    m_lastRefusal.clear();
    m_refusal->clear();
    m_fieldNote->hide();
    m_model->load();
    showSelection();
  });
  showSelection();
}

void PropertiesPanel::showSelection() {
  const Selection& s = m_document->selection();
  const bool onlyStruts = s.bodies.isEmpty() && s.hinges.isEmpty();
  if (s.struts.size() == 1 && onlyStruts) {
    m_strut->showStrut(*s.struts.begin());
    m_stack->setCurrentIndex(4);
  } else if (s.bodies.size() == 1 && s.hinges.isEmpty() && s.struts.isEmpty()) {
    m_body->showBody(BodyId{*s.bodies.begin()});
    m_stack->setCurrentIndex(1);
  } else if (s.hinges.size() == 1 && s.bodies.isEmpty() && s.struts.isEmpty()) {
    m_hinge->showHinge(HingeId{*s.hinges.begin()});
    m_stack->setCurrentIndex(2);
  } else if (s.isEmpty()) {
    m_model->load();
    m_stack->setCurrentIndex(0);
  } else {
    m_several->setText(tr("%1 bodies, %2 hinges and %3 spring-dampers selected").arg(s.bodies.size()).arg(s.hinges.size()).arg(s.struts.size()));
    m_stack->setCurrentIndex(3);
  }
  // The hinge's loads section builds its rows anew for a slide or a turn:
  // their labels get their tooltips from the guide each time.
  explainFields(m_stack->currentWidget());
}

QString PropertiesPanel::refusalText() const { return m_refusal->text(); }

void PropertiesPanel::showRefusal(const QString& reason) {
  m_lastRefusal = reason;
  m_refusal->setText(tr("Not accepted: %1").arg(reason));
  // The field: the number box that refused, else the one being typed in.
  QWidget* field = qobject_cast<QuantityBox*>(sender());
  if (!field) field = QApplication::focusWidget();
  placeFieldNote(field && isAncestorOf(field) ? field : nullptr, reason);
  QTimer::singleShot(6000, m_refusal, [this, reason] {
    if (m_lastRefusal != reason) return;
    m_refusal->clear();
    m_fieldNote->hide();
  });
}

void PropertiesPanel::placeFieldNote(QWidget* field, const QString& text) {
  if (!field || !field->isVisible()) {
    m_fieldNote->hide();
    return;
  }
  m_noteField = field;
  m_fieldNote->setText(text);
  const int noteWidth = std::max(field->width(), std::min(width() - 8, 320));
  m_fieldNote->setFixedWidth(noteWidth);
  m_fieldNote->adjustSize();
  const QPoint below = field->mapTo(this, QPoint(0, field->height() + 2));
  m_fieldNote->move(std::clamp(below.x() + field->width() - noteWidth, 4, std::max(4, width() - noteWidth - 4)), below.y());
  m_fieldNote->raise();
  m_fieldNote->show();
}

}  // namespace mstmm::gui
