#pragma once
// User-level editing operations on a ModelDocument. Each pushes exactly one
// step on the document's undo stack (a command or a macro of commands) and
// returns an empty string, or a message saying why it did nothing.

#include <QPointF>
#include <QString>
#include <optional>

#include "core/model/model_kind_conversion.hpp"
#include "gui/document/model_document.hpp"

namespace mstmm::gui {

/// A new body of the default kind for the model (planar: rod; spatial:
/// cylinder), 1 kg, 1 m, at graph position `at`. Returns its id.
/// Where a new body's node goes near `at`: the nearest free point of a grid
/// of kFreeSpotStep around it (at itself when nothing is near).
inline constexpr double kFreeSpotStep = 70.0;
QPointF freeSpotNear(const ModelDocument* document, QPointF at);
BodyId addBody(ModelDocument* document, QPointF at);

/// A hinge from the output end of `tip` to a free input end of `root` (a new
/// input end at the root body's far end if all are taken).
QString connectBodies(ModelDocument* document, BodyId tip, BodyId root, HingeType type);

/// A hinge from the output end of `body` to the ground at the origin.
QString attachToGround(ModelDocument* document, BodyId body, HingeType type);

/// A point-to-point spring-damper (strut, docs/loads.md L5) from the middle
/// of body `a` (between its input end I_1 and output end) to the middle of
/// body `b`, or to the ground under a's middle; 1000 N/m, 10 N s/m, its rest
/// length the distance in the initial state (so it starts unloaded). Selects it.
QString addStrut(ModelDocument* document, BodyId a, std::optional<BodyId> b);

/// Deletes the selected bodies, hinges and struts (and the hinges and
/// struts attached to deleted bodies).
QString deleteSelection(ModelDocument* document);

/// The selected bodies with the hinges between them (and to the ground), as
/// JSON text for the clipboard; empty if nothing is selected.
QString copySelection(const ModelDocument* document);

/// Adds bodies and hinges from copySelection() text with fresh ids and
/// unique names, shifted by `offset` in the graph; selects them.
QString paste(ModelDocument* document, const QString& text, QPointF offset);

/// Switches between planar and spatial (core convertedToKind()) in one undo
/// step; whatever is left invalid is reported by validation.
QString setModelKind(ModelDocument* document, ModelKind kind);

/// Places every body by the automatic tree layout (one undo step).
void applyAutoLayout(ModelDocument* document);

/// The hinge types a model of this kind offers, in the order menus list them.
QList<HingeType> hingeTypesFor(ModelKind kind);
/// A hinge type's name wherever the studio shows one ("Ball-and-socket",
/// "Slider (prismatic)"): the connect menu and the hinge page agree.
QString hingeTypeLabel(HingeType type);

}  // namespace mstmm::gui
