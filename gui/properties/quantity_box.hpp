#pragma once
// Input of a physical quantity: a spin box that shows its unit, converts
// between what it shows and SI (degrees <-> radians), and refuses invalid
// values with the reason (signal `refused`) rather than clamping silently.

#include <QDoubleSpinBox>
#include <QWidget>
#include <functional>

#include "core/math/rotation.hpp"

class QLabel;

namespace mstmm::gui {

/// The user's choice of angle unit, shared by every angle field.
class AnglePreference : public QObject {
  Q_OBJECT
 public:
  static AnglePreference& instance();
  bool degrees() const { return m_degrees; }
  void setDegrees(bool degrees);
  /// Shown value per SI value.
  double factor() const;
  QString unit() const { return m_degrees ? QStringLiteral("°") : QStringLiteral("rad"); }
 signals:
  void changed();

 private:
  bool m_degrees = true;
};

class QuantityBox : public QDoubleSpinBox {
  Q_OBJECT

 public:
  /// `check` returns why an SI value is not allowed, or an empty string.
  using Check = std::function<QString(double)>;
  QuantityBox(const QString& unit, QWidget* parent = nullptr);
  /// A box over the whole finite range that refuses non-finite values and,
  /// if `nonNegative`, negative ones (the load editors' fields).
  static QuantityBox* checked(const QString& unit, const QString& objectName, bool nonNegative);

  void setCheck(Check check) { m_check = std::move(check); }
  /// For angles: the shown unit follows the AnglePreference; `perSecond` adds "/s".
  void makeAngle(bool perSecond = false);
  double si() const { return value() / m_factor; }
  /// Shows an SI value without emitting siChanged.
  void setSi(double value);

  QValidator::State validate(QString& text, int& pos) const override;
  void stepBy(int steps) override;
  /// The shortest text of the value ("-9.81", "0.001", "1e-09"), not fixed decimals.
  QString textFromValue(double value) const override;
  /// Compact: QDoubleSpinBox would size itself for the widest value of its range.
  QSize sizeHint() const override { return {110, QDoubleSpinBox::sizeHint().height()}; }
  QSize minimumSizeHint() const override { return {70, QDoubleSpinBox::minimumSizeHint().height()}; }
  double valueFromText(const QString& text) const override;

  /// Where this field's number is in the model file ("body:3/shape/mass"),
  /// asked when the user right-clicks it: its menu then offers "Vary in a
  /// Study…", which calls the study hook with the address and the SI value.
  using Address = std::function<QString()>;
  void setStudyAddress(Address address) { m_address = std::move(address); }
  using StudyHook = std::function<void(const QString& address, double si)>;
  static void setStudyHook(StudyHook hook);

 signals:
  void siChanged(double value);
  void refused(const QString& reason);

 private:
  void updateUnit();
  void contextMenuEvent(QContextMenuEvent* event) override;
  Check m_check;
  Address m_address;
  double m_factor = 1.0;
  bool m_angle = false, m_perSecond = false;
  bool m_quiet = false;
  QString m_unit;
};

/// Three quantity boxes for a vector (x, y, z).
class Vec3Editor : public QWidget {
  Q_OBJECT

 public:
  Vec3Editor(const QString& unit, QWidget* parent = nullptr);
  Vec3 value() const;
  void setValue(const Vec3& v);
  QuantityBox* box(int i) const { return m_boxes[i]; }
  void setCheck(QuantityBox::Check check);
  void makeAngle(bool perSecond);
  /// Hides z (planar models keep z at zero).
  void setPlanar(bool planar);
  /// Room for every number and unit shown, so that a form too narrow for
  /// them beside the label puts them under it (QFormLayout::WrapLongRows).
  QSize minimumSizeHint() const override;

 signals:
  void valueChanged(const Vec3& value);
  void refused(const QString& reason);

 private:
  QuantityBox* m_boxes[3];
};

}  // namespace mstmm::gui
