#pragma once
// The model being edited: the core ModelSpec, where each body sits in the
// topology graph, the file it came from, the undo stack and the selection.
//
// Widgets never change the spec directly: they push a QUndoCommand
// (commands.hpp), and only commands call the mutators below. Every mutator
// emits `changed`, so views follow undo and redo as they follow edits.

#include <QHash>
#include <QObject>
#include <QPointF>
#include <QSet>
#include <QString>
#include <QUndoStack>
#include <vector>

#include "core/spec/model_spec.hpp"
#include "core/model/validation.hpp"

namespace mstmm::gui {

/// What a change touched, so views can update cheaply.
enum class Change {
  Structure,    // bodies or hinges added or removed: rebuild
  Body,         // one body's properties
  Hinge,        // one hinge's properties
  Model,        // name, kind, gravity, simulation settings
  Layout,       // graph positions only
  Everything,   // a new or loaded model
};

/// The current selection, by stable ids.
struct Selection {
  QSet<quint32> bodies;
  QSet<quint32> hinges;
  QSet<int> struts;  // indices into ModelSpec::springs
  bool isEmpty() const { return bodies.isEmpty() && hinges.isEmpty() && struts.isEmpty(); }
  bool operator==(const Selection& o) const { return bodies == o.bodies && hinges == o.hinges && struts == o.struts; }
};

class ModelDocument : public QObject {
  Q_OBJECT

 public:
  explicit ModelDocument(QObject* parent = nullptr);

  const ModelSpec& spec() const { return m_spec; }
  QUndoStack* undoStack() { return &m_undo; }
  const std::vector<Diagnostic>& diagnostics() const { return m_diagnostics; }
  bool isValid() const { return !hasErrors(m_diagnostics); }

  // Files. A failed load returns the loader's message and leaves the model as it was.
  QString filePath() const { return m_path; }
  QString displayName() const;
  bool isModified() const { return !m_undo.isClean(); }
  /// A model replacing the one open; without a path it is unsaved, shown
  /// as untitledName (an example's or an imported file's name), or
  /// "untitled.json".
  void newModel(ModelSpec spec = {}, const QString& path = {}, const QString& untitledName = {});
  QString load(const QString& path);
  QString loadFromText(const QString& text, const QString& pathForMessages, const QString& untitledName = {});
  /// A model recovered after a crash (recovery_store.hpp): loaded as it was,
  /// with the file it came from, and unsaved until the user saves it.
  QString restoreRecovered(const QString& text, const QString& originalPath);
  QString save(const QString& path);
  /// The spec with the graph layout written into its editor state, as saved.
  ModelSpec specForSaving() const;

  // Graph layout.
  QPointF position(BodyId id) const { return m_positions.value(id.value); }
  bool hasPosition(BodyId id) const { return m_positions.contains(id.value); }
  /// Root at the top, tips at the bottom; every body gets a position.
  /// The tidy tree layout: each body a level below its parent, except the
  /// bodies in `sameLevel`, placed at their parent's level (folded chains).
  QHash<quint32, QPointF> autoLayout(const QSet<quint32>& sameLevel = {}) const;

  // Selection (not undoable, not part of the file).
  const Selection& selection() const { return m_selection; }
  void setSelection(const Selection& selection);

  // Lookup helpers.
  int bodyIndex(BodyId id) const { return m_spec.bodyIndex(id); }
  int hingeIndex(HingeId id) const { return m_spec.hingeIndex(id); }
  const BodySpec* body(BodyId id) const;
  const HingeSpec* hinge(HingeId id) const;
  /// The hinge at a body's output end, or null.
  const HingeSpec* outputHinge(BodyId id) const;
  /// A body name not used yet ("1", "2", ...; or with a prefix).
  std::string freeBodyName() const;
  std::string freeHingeName() const;

  // Mutators: called by undo commands only.
  void insertBody(int index, const BodySpec& body, QPointF position);
  void removeBody(int index);
  void insertHinge(int index, const HingeSpec& hinge);
  void removeHinge(int index);
  void replaceBody(int index, const BodySpec& body);
  void replaceHinge(int index, const HingeSpec& hinge);
  /// All point-to-point spring-dampers at once (EditStrutsCommand).
  void setStruts(const std::vector<SpringDamperSpec>& struts);
  /// Contact spheres and the ground they press on (docs/contact.md).
  void setContacts(const std::vector<ContactSpec>& contacts);
  void setBodyContacts(const std::vector<BodyContactSpec>& contacts);
  void setBearings(const std::vector<BearingSpec>& bearings);
  void setUnbalances(const std::vector<UnbalanceSpec>& unbalances);
  /// The named measures (docs/measures.md).
  void setMeasures(const std::vector<MeasureSpec>& measures);
  void setGround(const GroundSpec& ground);
  std::string freeStrutName() const;
  void setModelProperties(const std::string& name, ModelKind kind, const Vec3& gravity, const SimulationSettings& simulation);
  void replaceSpec(const ModelSpec& spec, const QHash<quint32, QPointF>& positions);
  void setPositions(const QHash<quint32, QPointF>& positions);
  const QHash<quint32, QPointF>& positions() const { return m_positions; }

 signals:
  void changed(mstmm::gui::Change change);
  /// After changed(Everything) for a new, loaded or generated model (not for
  /// an edit that rebuilds everything, as a planar/spatial conversion does):
  /// results of the model before describe nothing on screen any more.
  void modelReplaced();
  void selectionChanged();
  void filePathChanged();
  void modifiedChanged(bool modified);

 private:
  void revalidate();
  void emitChanged(Change change);
  void readLayout();

  ModelSpec m_spec;
  QHash<quint32, QPointF> m_positions;
  QString m_path;
  QString m_untitledName;
  QUndoStack m_undo;
  Selection m_selection;
  std::vector<Diagnostic> m_diagnostics;
};

}  // namespace mstmm::gui

Q_DECLARE_METATYPE(mstmm::gui::Change)
