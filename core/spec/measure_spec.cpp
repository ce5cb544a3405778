#include "core/spec/measure_spec.hpp"

namespace mstmm {

namespace {
constexpr const char* kKindNames[] = {"position", "velocity", "acceleration", "distance", "angle"};
}

const char* toString(MeasureKind kind) { return kKindNames[static_cast<int>(kind)]; }

bool measureKindFromString(const std::string& word, MeasureKind& kind) {
  for (int k = 0; k < 5; ++k)
    if (word == kKindNames[k]) {
      kind = static_cast<MeasureKind>(k);
      return true;
    }
  return false;
}

}  // namespace mstmm
