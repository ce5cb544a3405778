#pragma once
// Helpers shared by the core test suites.

#include <algorithm>

#include "core/dynamics/state.hpp"
#include "core/generate/generators.hpp"

namespace mstmm::test {

/// A random state of a model: random orientations (angles) and angular
/// velocities of up to `rate` rad/s, slides of up to 0.5 m at up to `rate`
/// m/s; consistent with its revolute, weld and sliding hinges only if it has
/// none (tests make the angular velocities consistent afterwards).
inline Eigen::VectorXd randomState(const Model& model, Random& random, double rate = 3.0) {
  Eigen::VectorXd y(stateSize(model));
  for (int i = 0; i < model.bodyCount(); ++i) {
    if (model.planar()) {
      y[2 * i] = random.uniform(-4, 4);
      y[2 * i + 1] = random.uniform(-rate, rate);
    } else {
      y.segment<4>(7 * i) = randomQuaternion(random);
      y.segment<3>(7 * i + 4) = Vec3(random.uniform(-rate, rate), random.uniform(-rate, rate), random.uniform(-rate, rate));
    }
  }
  for (int k = 0; k < model.sliderCount(); ++k) {
    y[slideOffset(model) + 2 * k] = random.uniform(-0.5, 0.5);
    y[slideOffset(model) + 2 * k + 1] = random.uniform(-rate, rate);
  }
  return y;
}

/// A random unit axis (for revolute and slide axes); in the x-y plane for a
/// planar model.
inline Vec3 randomAxis(Random& random, bool planar = false) {
  return Vec3(random.uniform(-1, 1), random.uniform(-1, 1), planar ? 0.0 : random.uniform(-1, 1)).normalized();
}

/// max |a - b| / max(1, max |b|) over a list of vectors: the relative
/// difference of method.md §9.
inline double relativeDifference(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
  double diff = 0.0, scale = 1.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    diff = std::max(diff, (a[i] - b[i]).cwiseAbs().maxCoeff());
    scale = std::max(scale, b[i].cwiseAbs().maxCoeff());
  }
  return diff / scale;
}

inline std::string sourcePath(const std::string& relative) { return std::string(MSTMM_SOURCE_DIR) + "/" + relative; }

}  // namespace mstmm::test
