#pragma once
// The vehicle's chassis as a run records it, for the suites that read its
// motion: the height of its centre of mass and its pitch (nose up about z).

#include <cmath>
#include <vector>

#include "core/dynamics/kinematics.hpp"
#include "core/sim/simulation.hpp"

namespace mstmm::test {

struct ChassisRecord : ResultSink {
  int chassis = -1;  // compiled body index
  std::vector<double> t, height, pitch;
  void record(const Frame& f) override {
    const BodyPose& p = (*f.poses)[static_cast<std::size_t>(chassis)];
    t.push_back(f.time);
    height.push_back(p.com.y());
    pitch.push_back(std::atan2(p.rotation(1, 0), p.rotation(0, 0)));
  }
};

}  // namespace mstmm::test
