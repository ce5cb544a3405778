#pragma once
// Every edit of a model is one of these QUndoCommands (style.md §6). Each
// stores what it needs to restore the model exactly: undo gives back the same
// serialized JSON. Edits of one field from a spin box or slider merge into
// one step.

#include <QHash>
#include <QPointF>
#include <QUndoCommand>
#include <vector>

#include "gui/document/model_document.hpp"

namespace mstmm::gui {

/// Bodies and hinges that are added together (new body, connect, paste).
struct Elements {
  std::vector<BodySpec> bodies;
  std::vector<QPointF> positions;  // one per body
  std::vector<HingeSpec> hinges;
};

class AddElementsCommand : public QUndoCommand {
 public:
  AddElementsCommand(ModelDocument* document, Elements elements, const QString& text);
  void redo() override;
  void undo() override;

 private:
  ModelDocument* m_document;
  Elements m_elements;
};

/// Removes bodies (with every hinge attached to them) and hinges.
class RemoveElementsCommand : public QUndoCommand {
 public:
  RemoveElementsCommand(ModelDocument* document, const QSet<quint32>& bodies, const QSet<quint32>& hinges);
  void redo() override;
  void undo() override;
  bool isEmpty() const { return m_bodies.empty() && m_hinges.empty(); }

 private:
  ModelDocument* m_document;
  std::vector<std::pair<int, BodySpec>> m_bodies;  // (index, spec), ascending
  std::vector<QPointF> m_positions;
  std::vector<std::pair<int, HingeSpec>> m_hinges;
};

/// Moves graph nodes (one drag is one command).
class MoveNodesCommand : public QUndoCommand {
 public:
  MoveNodesCommand(ModelDocument* document, QHash<quint32, QPointF> before, QHash<quint32, QPointF> after, const QString& text = {});
  void redo() override;
  void undo() override;

 private:
  ModelDocument* m_document;
  QHash<quint32, QPointF> m_before, m_after;
};

/// One undoable edit of one part of the model: a body, a hinge, the
/// struts, the contacts, the body contacts, the ground or the model's own
/// properties. `Part` says how its value goes into the document, its undo
/// stack id and which edits merge (the same field of the same element from
/// a spin box or a slider: one step). Every part's edit is this one class.
template <class Part>
class EditCommand : public QUndoCommand {
 public:
  using Value = typename Part::Value;
  /// `text` is the undo text; edits with the same non-empty `mergeKey` of
  /// the same element merge.
  EditCommand(ModelDocument* document, Value before, Value after, const QString& text, const QString& mergeKey = {})
      : QUndoCommand(text), m_document(document), m_before(std::move(before)), m_after(std::move(after)), m_mergeKey(mergeKey) {}
  void redo() override { Part::apply(m_document, m_after); }
  void undo() override { Part::apply(m_document, m_before); }
  int id() const override { return m_mergeKey.isEmpty() ? -1 : Part::kId; }
  bool mergeWith(const QUndoCommand* other) override {
    const auto* o = static_cast<const EditCommand*>(other);
    if (m_mergeKey.isEmpty() || o->m_mergeKey != m_mergeKey || !Part::sameElement(m_after, o->m_after)) return false;
    m_after = o->m_after;
    return true;
  }

 private:
  ModelDocument* m_document;
  Value m_before, m_after;
  QString m_mergeKey;  // empty: never merges
};

/// The model-level properties: name, gravity and simulation settings.
struct ModelProperties {
  std::string name;
  ModelKind kind = ModelKind::Spatial;
  Vec3 gravity = Vec3::Zero();
  SimulationSettings simulation;
  static ModelProperties of(const ModelSpec& spec) { return {spec.name, spec.kind, spec.gravity, spec.simulation}; }
};

/// How each part of the model is put back (EditCommand).
struct BodyPart {
  using Value = BodySpec;
  static constexpr int kId = 1;
  static void apply(ModelDocument* d, const BodySpec& b) { d->replaceBody(d->bodyIndex(b.id), b); }
  static bool sameElement(const BodySpec& a, const BodySpec& b) { return a.id == b.id; }
};
struct HingePart {
  using Value = HingeSpec;
  static constexpr int kId = 2;
  static void apply(ModelDocument* d, const HingeSpec& h) { d->replaceHinge(d->hingeIndex(h.id), h); }
  static bool sameElement(const HingeSpec& a, const HingeSpec& b) { return a.id == b.id; }
};
struct ModelPropertiesPart {
  using Value = ModelProperties;
  static constexpr int kId = 3;
  static void apply(ModelDocument* d, const ModelProperties& m) { d->setModelProperties(m.name, m.kind, m.gravity, m.simulation); }
  static bool sameElement(const ModelProperties&, const ModelProperties&) { return true; }
};
/// A list the document holds whole (struts, contacts, body contacts, the
/// ground, bearings, unbalances, measures).
template <class T, void (ModelDocument::*Set)(const T&), int Id>
struct WholePart {
  using Value = T;
  static constexpr int kId = Id;
  static void apply(ModelDocument* d, const T& value) { (d->*Set)(value); }
  static bool sameElement(const T&, const T&) { return true; }
};

using EditStrutsCommand = EditCommand<WholePart<std::vector<SpringDamperSpec>, &ModelDocument::setStruts, 4>>;
using EditContactsCommand = EditCommand<WholePart<std::vector<ContactSpec>, &ModelDocument::setContacts, 7>>;
using EditBodyContactsCommand = EditCommand<WholePart<std::vector<BodyContactSpec>, &ModelDocument::setBodyContacts, 9>>;
using EditGroundCommand = EditCommand<WholePart<GroundSpec, &ModelDocument::setGround, 8>>;
using EditBearingsCommand = EditCommand<WholePart<std::vector<BearingSpec>, &ModelDocument::setBearings, 10>>;
using EditUnbalancesCommand = EditCommand<WholePart<std::vector<UnbalanceSpec>, &ModelDocument::setUnbalances, 11>>;
using EditMeasuresCommand = EditCommand<WholePart<std::vector<MeasureSpec>, &ModelDocument::setMeasures, 12>>;

/// Replaces one body's properties: "Change `field` of body 'name'";
/// successive edits of the same field of the same body merge into one step.
class EditBodyCommand : public EditCommand<BodyPart> {
 public:
  EditBodyCommand(ModelDocument* document, const BodySpec& before, const BodySpec& after, const QString& field)
      : EditCommand(document, before, after, QString("Change %1 of body '%2'").arg(field, QString::fromStdString(before.name)), field) {}
};

/// The same for one hinge.
class EditHingeCommand : public EditCommand<HingePart> {
 public:
  EditHingeCommand(ModelDocument* document, const HingeSpec& before, const HingeSpec& after, const QString& field)
      : EditCommand(document, before, after, QString("Change %1 of hinge '%2'").arg(field, QString::fromStdString(before.name)), field) {}
};

/// The model's name, kind, gravity and simulation settings: "Change `field`".
class EditModelCommand : public EditCommand<ModelPropertiesPart> {
 public:
  EditModelCommand(ModelDocument* document, ModelProperties before, ModelProperties after, const QString& field)
      : EditCommand(document, std::move(before), std::move(after), QString("Change %1").arg(field), field) {}
};

/// Replaces the whole spec and layout: changes that touch every element,
/// such as switching between planar and spatial, or an automatic layout.
class ReplaceModelCommand : public QUndoCommand {
 public:
  ReplaceModelCommand(ModelDocument* document, ModelSpec after, QHash<quint32, QPointF> afterPositions, const QString& text);
  void redo() override;
  void undo() override;

 private:
  ModelDocument* m_document;
  ModelSpec m_before, m_after;
  QHash<quint32, QPointF> m_beforePositions, m_afterPositions;
};

}  // namespace mstmm::gui
