#include "core/model/beam_pieces.hpp"

namespace mstmm {

std::vector<BodyId> userBodyIds(const Model& model) {
  std::vector<BodyId> ids(static_cast<std::size_t>(model.bodyCount()));
  for (int i = 0; i < model.bodyCount(); ++i) ids[static_cast<std::size_t>(i)] = model.spec().bodies[static_cast<std::size_t>(model.body(i).specIndex)].id;
  for (const CompiledBeam& beam : model.beams()) {
    const BodyId id = ids[static_cast<std::size_t>(beam.pieces[static_cast<std::size_t>(beam.layout.rootPiece)])];
    for (int piece : beam.pieces) ids[static_cast<std::size_t>(piece)] = id;
  }
  return ids;
}

}  // namespace mstmm
