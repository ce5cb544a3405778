#pragma once
// What the model page's lists of named elements (bearings, unbalances,
// measures) share: a heading with a pick box and Add/Remove, the body a new
// element goes on, a fresh name, and the checks of a name and a direction.

#include <QString>
#include <algorithm>
#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"

class QComboBox;
class QPushButton;
class QVBoxLayout;

namespace mstmm::gui {

class ModelDocument;

/// A heading, a pick box (object name NAME + "Pick") and Add/Remove
/// ("addName", "removeName") in a row of `column`.
QComboBox* pickRow(QVBoxLayout* column, const QString& heading, const QString& name, QPushButton*& add, QPushButton*& remove, const QString& addTip);

/// Why a direction is refused (the zero vector), or empty.
QString zeroDirection(const Vec3& v);

/// The body a new element goes on: the selected one, or the first; null in a model without bodies.
const BodySpec* targetBody(const ModelDocument* document);

/// "STEM k" for the first k from list.size() + 1 that no element of `list` is named.
template <class T>
std::string freshName(const std::vector<T>& list, const std::string& stem) {
  for (int k = static_cast<int>(list.size()) + 1;; ++k) {
    std::string name = stem + " " + std::to_string(k);
    if (std::none_of(list.begin(), list.end(), [&](const T& o) { return o.name == name; })) return name;
  }
}

/// Why `name` cannot name element `index` of `list` (empty, or another's), or empty.
template <class T>
QString nameProblem(const std::vector<T>& list, const std::string& name, int index, const QString& kind) {
  if (name.empty()) return QObject::tr("a %1 needs a name").arg(kind);
  for (std::size_t k = 0; k < list.size(); ++k)
    if (list[k].name == name && static_cast<int>(k) != index) return QObject::tr("the name '%1' is used by another %2").arg(QString::fromStdString(name), kind);
  return {};
}

}  // namespace mstmm::gui
