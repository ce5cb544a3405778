#include "gui/document/commands.hpp"

#include <algorithm>

namespace mstmm::gui {

AddElementsCommand::AddElementsCommand(ModelDocument* document, Elements elements, const QString& text)
    : QUndoCommand(text), m_document(document), m_elements(std::move(elements)) {}

void AddElementsCommand::redo() {
  const ModelSpec& spec = m_document->spec();
  for (std::size_t i = 0; i < m_elements.bodies.size(); ++i)
    m_document->insertBody(static_cast<int>(spec.bodies.size()), m_elements.bodies[i], m_elements.positions[i]);
  for (const HingeSpec& h : m_elements.hinges) m_document->insertHinge(static_cast<int>(spec.hinges.size()), h);
}

void AddElementsCommand::undo() {
  // They were appended, so they are the last ones: remove from the back.
  for (std::size_t i = 0; i < m_elements.hinges.size(); ++i) m_document->removeHinge(static_cast<int>(m_document->spec().hinges.size()) - 1);
  for (std::size_t i = 0; i < m_elements.bodies.size(); ++i) m_document->removeBody(static_cast<int>(m_document->spec().bodies.size()) - 1);
}

RemoveElementsCommand::RemoveElementsCommand(ModelDocument* document, const QSet<quint32>& bodies, const QSet<quint32>& hinges)
    : m_document(document) {
  const ModelSpec& spec = document->spec();
  for (std::size_t i = 0; i < spec.bodies.size(); ++i)
    if (bodies.contains(spec.bodies[i].id.value)) {
      m_bodies.emplace_back(static_cast<int>(i), spec.bodies[i]);
      m_positions.push_back(document->position(spec.bodies[i].id));
    }
  for (std::size_t i = 0; i < spec.hinges.size(); ++i) {
    const HingeSpec& h = spec.hinges[i];
    const bool attached = bodies.contains(h.child.value) || (h.parent && bodies.contains(h.parent->value));
    if (hinges.contains(h.id.value) || attached) m_hinges.emplace_back(static_cast<int>(i), h);
  }
  setText(QString("Delete %1 bodies and %2 hinges").arg(m_bodies.size()).arg(m_hinges.size()));
}

void RemoveElementsCommand::redo() {
  // Back to front, so the recorded indices stay valid.
  for (auto it = m_hinges.rbegin(); it != m_hinges.rend(); ++it) m_document->removeHinge(it->first);
  for (auto it = m_bodies.rbegin(); it != m_bodies.rend(); ++it) m_document->removeBody(it->first);
}

void RemoveElementsCommand::undo() {
  for (std::size_t i = 0; i < m_bodies.size(); ++i) m_document->insertBody(m_bodies[i].first, m_bodies[i].second, m_positions[i]);
  for (const auto& [index, hinge] : m_hinges) m_document->insertHinge(index, hinge);
}

MoveNodesCommand::MoveNodesCommand(ModelDocument* document, QHash<quint32, QPointF> before, QHash<quint32, QPointF> after, const QString& text)
    : QUndoCommand(text.isEmpty() ? QStringLiteral("Move") : text), m_document(document), m_before(std::move(before)), m_after(std::move(after)) {}

void MoveNodesCommand::redo() { m_document->setPositions(m_after); }
void MoveNodesCommand::undo() { m_document->setPositions(m_before); }

ReplaceModelCommand::ReplaceModelCommand(ModelDocument* document, ModelSpec after, QHash<quint32, QPointF> afterPositions, const QString& text)
    : QUndoCommand(text), m_document(document), m_before(document->spec()), m_after(std::move(after)),
      m_beforePositions(document->positions()), m_afterPositions(std::move(afterPositions)) {}

void ReplaceModelCommand::redo() { m_document->replaceSpec(m_after, m_afterPositions); }
void ReplaceModelCommand::undo() { m_document->replaceSpec(m_before, m_beforePositions); }

}  // namespace mstmm::gui
