// The one dispatch from a hinge type to its model: a table in the order of
// the HingeType enumerators, checked once when it is built.
#include <array>
#include <cstdlib>

#include "core/model/joints/joint_types.hpp"

namespace mstmm {

namespace {

constexpr std::size_t kJointTypes = static_cast<std::size_t>(HingeType::Screw) + 1;

std::array<const JointModel*, kJointTypes> buildTable() {
  const std::array<const JointModel*, kJointTypes> table{&ballJoint(),        &pinJoint(),    &revoluteJoint(), &weldJoint(),
                                                         &sliderJoint(),      &universalJoint(), &cylindricalJoint(), &planarJoint(),
                                                         &freeJoint(),        &pointOnLineJoint(), &screwJoint()};
  for (std::size_t k = 0; k < kJointTypes; ++k)
    if (static_cast<std::size_t>(table[k]->type) != k) std::abort();  // a registration out of the enum's order
  return table;
}

}  // namespace

const JointModel& jointModel(HingeType type) {
  static const std::array<const JointModel*, kJointTypes> table = buildTable();
  return *table[static_cast<std::size_t>(type)];
}

// Declared with the spec's enumerations (model_spec.hpp); the names live
// with each joint.
const char* toString(HingeType type) { return jointModel(type).name; }

const std::vector<HingeType>& allHingeTypes() {
  static const std::vector<HingeType> types = [] {
    std::vector<HingeType> all;
    for (std::size_t k = 0; k < kJointTypes; ++k) all.push_back(static_cast<HingeType>(k));
    return all;
  }();
  return types;
}

}  // namespace mstmm
