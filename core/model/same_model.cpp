#include "core/model/same_model.hpp"

namespace mstmm {

bool sameModel(const ModelSpec& a, const ModelSpec& b) {
  if (a.editorState == b.editorState) return a == b;
  // Cheap refusals first: most edits change a count or a setting.
  if (a.bodies.size() != b.bodies.size() || a.hinges.size() != b.hinges.size() || !(a.simulation == b.simulation)) return false;
  ModelSpec c = b;
  c.editorState = a.editorState;
  return a == c;
}

}  // namespace mstmm
