#pragma once
// A radial bearing or seal as the solvers see it (docs/rotors.md R1): its
// ends in compiled terms and its eight coefficients at one speed.

#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

#include "core/spec/rotor_spec.hpp"

namespace mstmm {

struct CompiledBearing {
  std::string name;
  int body = -1;                    // the journal
  Vec3 point = Vec3::Zero();        // relative to I_1 of the journal, body frame
  int housing = -1;                 // -1: the ground
  Vec3 housingPoint = Vec3::Zero(); // relative to I_1 of the housing, or world
  Mat3 axes = Mat3::Identity();     // housing frame: columns x, y, the axis
  std::vector<double> speeds;       // rad/s; empty: constant
  std::array<std::vector<double>, kBearingCoefficients> coefficients;
};

/// K = [kxx kxy; kyx kyy] and C likewise, at one speed.
struct BearingCoefficients {
  Eigen::Matrix2d stiffness = Eigen::Matrix2d::Zero();
  Eigen::Matrix2d damping = Eigen::Matrix2d::Zero();
};

/// The coefficients at a relative spin speed (rad/s): linear between the
/// table's speeds, the end values beyond them. Allocates nothing.
BearingCoefficients bearingCoefficients(const CompiledBearing& b, double speed);

/// The bearing's frame in its housing from the spec's axis and x axis.
Mat3 bearingAxes(const BearingSpec& spec);

/// What a bearing does at one state (AppliedLoads::bearings()).
struct BearingState {
  Eigen::Vector2d displacement = Eigen::Vector2d::Zero();  // m, housing's x, y
  Eigen::Vector2d rate = Eigen::Vector2d::Zero();          // m/s
  Eigen::Vector2d load = Eigen::Vector2d::Zero();          // N on the journal, housing's x, y
  double speed = 0.0;                                      // rad/s, the journal's spin relative to the housing
};

}  // namespace mstmm
