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

/// Replaces one body's properties. `field` names what was edited; successive
/// edits of the same field of the same body merge into one undo step.
class EditBodyCommand : public QUndoCommand {
 public:
  EditBodyCommand(ModelDocument* document, const BodySpec& before, const BodySpec& after, const QString& field);
  void redo() override;
  void undo() override;
  int id() const override { return 1; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  ModelDocument* m_document;
  BodySpec m_before, m_after;
  QString m_field;
};

/// Replaces the list of point-to-point spring-dampers (added, edited or
/// removed ones). Successive edits of the same field of the same strut merge.
class EditStrutsCommand : public QUndoCommand {
 public:
  EditStrutsCommand(ModelDocument* document, std::vector<SpringDamperSpec> before, std::vector<SpringDamperSpec> after, const QString& text,
                    const QString& mergeKey = {});
  void redo() override;
  void undo() override;
  int id() const override { return 4; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  ModelDocument* m_document;
  std::vector<SpringDamperSpec> m_before, m_after;
  QString m_mergeKey;  // empty: never merges
};

/// Edits of the contact list or the ground (docs/contact.md): whole
/// before/after values, successive changes of one field merged into one step.
class EditContactsCommand : public QUndoCommand {
 public:
  EditContactsCommand(ModelDocument* document, std::vector<ContactSpec> before, std::vector<ContactSpec> after, const QString& text,
                      const QString& mergeKey = {});
  void redo() override;
  void undo() override;
  int id() const override { return 7; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  ModelDocument* m_document;
  std::vector<ContactSpec> m_before, m_after;
  QString m_mergeKey;
};

/// Contacts between bodies (docs/contact.md C8): deleted with a body they
/// name, brought back by the undo.
class EditBodyContactsCommand : public QUndoCommand {
 public:
  EditBodyContactsCommand(ModelDocument* document, std::vector<BodyContactSpec> before, std::vector<BodyContactSpec> after, const QString& text);
  void redo() override;
  void undo() override;

 private:
  ModelDocument* m_document;
  std::vector<BodyContactSpec> m_before, m_after;
};

class EditGroundCommand : public QUndoCommand {
 public:
  EditGroundCommand(ModelDocument* document, GroundSpec before, GroundSpec after, const QString& text, const QString& mergeKey = {});
  void redo() override;
  void undo() override;
  int id() const override { return 8; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  ModelDocument* m_document;
  GroundSpec m_before, m_after;
  QString m_mergeKey;
};

class EditHingeCommand : public QUndoCommand {
 public:
  EditHingeCommand(ModelDocument* document, const HingeSpec& before, const HingeSpec& after, const QString& field);
  void redo() override;
  void undo() override;
  int id() const override { return 2; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  ModelDocument* m_document;
  HingeSpec m_before, m_after;
  QString m_field;
};

/// The model-level properties: name, gravity and simulation settings.
struct ModelProperties {
  std::string name;
  ModelKind kind = ModelKind::Spatial;
  Vec3 gravity = Vec3::Zero();
  SimulationSettings simulation;
  static ModelProperties of(const ModelSpec& spec) { return {spec.name, spec.kind, spec.gravity, spec.simulation}; }
};

class EditModelCommand : public QUndoCommand {
 public:
  EditModelCommand(ModelDocument* document, ModelProperties before, ModelProperties after, const QString& field);
  void redo() override;
  void undo() override;
  int id() const override { return 3; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  ModelDocument* m_document;
  ModelProperties m_before, m_after;
  QString m_field;
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
