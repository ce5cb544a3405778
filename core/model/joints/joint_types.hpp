#pragma once
// The joint models, one per file of this folder; joint_table.cpp registers
// them.

#include "core/model/joints/joint_model.hpp"

namespace mstmm {

const JointModel& ballJoint();
const JointModel& pinJoint();
const JointModel& revoluteJoint();
const JointModel& weldJoint();
const JointModel& sliderJoint();
const JointModel& universalJoint();
const JointModel& cylindricalJoint();
const JointModel& planarJoint();
const JointModel& freeJoint();
const JointModel& pointOnLineJoint();
const JointModel& screwJoint();

}  // namespace mstmm
