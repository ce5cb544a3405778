#pragma once
// The model's contacts with the ground and the ground itself (docs/contact.md),
// on the model page: pick a contact, edit its fields, add one on a body,
// remove it; the ground's plane and road. Every change is one undo step
// (EditContactsCommand, EditGroundCommand); successive values of one number
// field merge into one.

#include <QWidget>
#include <functional>

#include "gui/document/model_document.hpp"

class QComboBox;
class QFormLayout;
class QLineEdit;
class QPushButton;

namespace mstmm::gui {

class QuantityBox;
class Vec3Editor;

class ContactsEditor : public QWidget {
  Q_OBJECT
 public:
  explicit ContactsEditor(ModelDocument* document, QWidget* parent = nullptr);
  void load();

 signals:
  void refused(const QString& reason);

 private:
  void addContact();
  void removeContact();
  void commitContact(const QString& field, const std::function<void(ContactSpec&)>& edit, bool merge = true);
  void commitGround(const QString& field, const std::function<void(GroundSpec&)>& edit, bool merge = true);
  void bindContact(QuantityBox* box, const QString& field, double ContactSpec::*member);
  void bindRoad(QuantityBox* box, const QString& field, double RoadProfile::*member);

  ModelDocument* m_document;
  int m_index = -1;
  bool m_loading = false;
  QComboBox* m_pick;
  QPushButton *m_add, *m_remove;
  QWidget* m_fields;
  QWidget* m_ground;
  QLineEdit* m_name;
  QComboBox *m_body, *m_law, *m_road;
  Vec3Editor *m_point, *m_groundPoint, *m_normal, *m_direction;
  QuantityBox *m_radius, *m_stiffness, *m_damping, *m_exponent, *m_static, *m_dynamic, *m_slip, *m_rolling;
  QuantityBox *m_roadStart, *m_roadLength, *m_roadHeight;
  QFormLayout *m_contactForm, *m_groundForm;
};

}  // namespace mstmm::gui
