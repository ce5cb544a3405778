#include "gui/properties/quantity_box.hpp"

#include <QContextMenuEvent>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMenu>
#include <QLocale>
#include <QSettings>
#include <cmath>
#include <limits>
#include <numbers>

namespace mstmm::gui {

AnglePreference& AnglePreference::instance() {
  static AnglePreference preference;
  static bool loaded = false;
  if (!loaded) {
    loaded = true;
    preference.m_degrees = QSettings().value("preferences/angleDegrees", true).toBool();
  }
  return preference;
}

void AnglePreference::setDegrees(bool degrees) {
  if (degrees == m_degrees) return;
  m_degrees = degrees;
  QSettings().setValue("preferences/angleDegrees", degrees);
  emit changed();
}

double AnglePreference::factor() const { return m_degrees ? 180.0 / std::numbers::pi : 1.0; }

QuantityBox* QuantityBox::checked(const QString& unit, const QString& objectName, bool nonNegative) {
  auto* box = new QuantityBox(unit);
  box->setObjectName(objectName);
  box->setRange(-1e12, 1e12);
  box->setCheck([nonNegative](double v) {
    if (!std::isfinite(v)) return tr("must be a finite number");
    return nonNegative && v < 0.0 ? tr("must not be negative") : QString();
  });
  return box;
}

namespace {
QuantityBox::StudyHook& studyHook() {
  static QuantityBox::StudyHook hook;
  return hook;
}
}  // namespace

void QuantityBox::setStudyHook(StudyHook hook) { studyHook() = std::move(hook); }

void QuantityBox::contextMenuEvent(QContextMenuEvent* event) {
  QMenu* menu = lineEdit()->createStandardContextMenu();
  if (m_address && studyHook()) {
    menu->addSeparator();
    QAction* vary = menu->addAction(tr("Vary in a Study…"));
    vary->setObjectName("varyInStudy");
    const QString address = m_address();
    const double value = si();
    connect(vary, &QAction::triggered, this, [address, value] { studyHook()(address, value); });
  }
  menu->exec(event->globalPos());
  delete menu;
}

QuantityBox::QuantityBox(const QString& unit, QWidget* parent) : QDoubleSpinBox(parent), m_unit(unit) {
  setRange(-1e12, 1e12);
  setDecimals(12);  // the spin box rounds to this; the text shows the shortest form
  setSingleStep(0.1);
  setKeyboardTracking(false);  // one value per edit, not one per keystroke
  setAccelerated(true);
  setMinimumWidth(70);
  updateUnit();
  connect(this, &QDoubleSpinBox::valueChanged, this, [this](double shown) {
    if (!m_quiet) emit siChanged(shown / m_factor);
  });
}

void QuantityBox::makeAngle(bool perSecond) {
  m_angle = true;
  m_perSecond = perSecond;
  connect(&AnglePreference::instance(), &AnglePreference::changed, this, [this] {
    const double v = si();
    updateUnit();
    setSi(v);
  });
  updateUnit();
}

void QuantityBox::updateUnit() {
  if (m_angle) {
    m_factor = AnglePreference::instance().factor();
    m_unit = AnglePreference::instance().unit() + (m_perSecond ? "/s" : "");
  }
  setSuffix(m_unit.isEmpty() ? QString() : " " + m_unit);
}

void QuantityBox::setSi(double value) {
  m_quiet = true;
  setValue(value * m_factor);
  m_quiet = false;
}

QString QuantityBox::textFromValue(double value) const { return locale().toString(value, 'g', 7); }

double QuantityBox::valueFromText(const QString& text) const {
  QString t = text;
  if (!prefix().isEmpty() && t.startsWith(prefix())) t.remove(0, prefix().size());
  if (!suffix().isEmpty() && t.endsWith(suffix())) t.chop(suffix().size());
  return locale().toDouble(t.trimmed());
}

QValidator::State QuantityBox::validate(QString& text, int& pos) const {
  QString t = text;
  if (!prefix().isEmpty() && t.startsWith(prefix())) t.remove(0, prefix().size());  // e.g. "Izz "
  if (!suffix().isEmpty() && t.endsWith(suffix())) t.chop(suffix().size());
  bool ok = false;
  locale().toDouble(t.trimmed(), &ok);
  const QString trimmed = t.trimmed();
  // The start of a word QLocale reads as a number ("nan", "inf",
  // "infinity"), so that typing it gets as far as the finite check below.
  const QString word = (trimmed.startsWith('-') || trimmed.startsWith('+')) ? trimmed.mid(1).toLower() : trimmed.toLower();
  const bool startOfWord = !word.isEmpty() && (QStringLiteral("nan").startsWith(word) || QStringLiteral("infinity").startsWith(word));
  const bool partial = trimmed.isEmpty() || trimmed == "-" || trimmed == "+" || trimmed.endsWith('e', Qt::CaseInsensitive) ||
                       trimmed.endsWith("e-", Qt::CaseInsensitive) || trimmed.endsWith(locale().decimalPoint()) || startOfWord;
  const QValidator::State state = ok ? QValidator::Acceptable : (partial ? QValidator::Intermediate : QValidator::Invalid);
  (void)pos;
  auto* self = const_cast<QuantityBox*>(this);
  if (state == QValidator::Invalid) {  // the keystroke is dropped: say why
    emit self->refused(tr("'%1' is not a number").arg(trimmed));
    return state;
  }
  if (state != QValidator::Acceptable) return state;
  const double shown = valueFromText(text);
  if (!std::isfinite(shown)) {  // QLocale reads "nan" and "inf"
    emit self->refused(tr("'%1' is not a finite number").arg(trimmed));
    return QValidator::Intermediate;
  }
  if (!m_check) return state;
  const QString reason = m_check(shown / m_factor);
  if (reason.isEmpty()) return state;
  emit self->refused(reason);
  return QValidator::Intermediate;  // kept while typing, reverted when editing ends
}

void QuantityBox::stepBy(int steps) {
  double next = value() + steps * singleStep();
  if (std::abs(next) < 1e-12 * std::max(1.0, std::abs(value()))) next = 0.0;  // 0.1 - 0.1 is 0, not 1e-17
  if (m_check) {
    const QString reason = m_check(next / m_factor);
    if (!reason.isEmpty()) {
      emit refused(reason);
      return;
    }
  }
  QDoubleSpinBox::stepBy(steps);
}

Vec3Editor::Vec3Editor(const QString& unit, QWidget* parent) : QWidget(parent) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(3);
  for (int i = 0; i < 3; ++i) {
    m_boxes[i] = new QuantityBox(unit, this);
    // Three to a row: the text gets the room the arrows took (the wheel and
    // the arrow keys still step).
    m_boxes[i]->setButtonSymbols(QAbstractSpinBox::NoButtons);
    m_boxes[i]->setMinimumWidth(40);
    m_boxes[i]->setToolTip(QString("xyz").mid(i, 1));
    layout->addWidget(m_boxes[i]);
    connect(m_boxes[i], &QuantityBox::siChanged, this, [this] { emit valueChanged(value()); });
    connect(m_boxes[i], &QAbstractSpinBox::editingFinished, this, &QWidget::updateGeometry);
    connect(m_boxes[i], &QuantityBox::refused, this, &Vec3Editor::refused);
  }
}

Vec3 Vec3Editor::value() const { return Vec3(m_boxes[0]->si(), m_boxes[1]->si(), m_boxes[2]->si()); }

void Vec3Editor::setValue(const Vec3& v) {
  for (int i = 0; i < 3; ++i)
    if (std::abs(m_boxes[i]->si() - v[i]) > 0.0 || !std::isfinite(v[i])) m_boxes[i]->setSi(v[i]);
  updateGeometry();
}

QSize Vec3Editor::minimumSizeHint() const {
  int width = 0, shown = 0;
  for (const QuantityBox* box : m_boxes) {
    if (box->isHidden()) continue;
    const QLineEdit* edit = box->findChild<QLineEdit*>();
    // The edit's text and the box's frame around it (the spin box's own
    // margin, measured rather than assumed).
    const int frame = std::max(0, box->width() - (edit ? edit->width() : box->width()));
    width += std::max(40, box->fontMetrics().horizontalAdvance(box->text()) + 6 + std::max(frame, 6));
    ++shown;
  }
  return QSize(width + 3 * std::max(0, shown - 1), QWidget::minimumSizeHint().height());
}

void Vec3Editor::setCheck(QuantityBox::Check check) {
  for (QuantityBox* b : m_boxes) b->setCheck(check);
}

void Vec3Editor::makeAngle(bool perSecond) {
  for (QuantityBox* b : m_boxes) b->makeAngle(perSecond);
}

void Vec3Editor::setPlanar(bool planar) { m_boxes[2]->setVisible(!planar); }

}  // namespace mstmm::gui
