#pragma once
// A tree of ball-jointed rigid bodies in DART, behind an interface of plain
// numbers. DART's library is built for the baseline x86-64 (16-byte Eigen
// alignment) and ours for x86-64-v3 (32 bytes): no Eigen object may cross
// between the two, so only doubles do, and this file's implementation is
// compiled for the baseline (bench/CMakeLists.txt).

#include <array>
#include <memory>
#include <vector>

namespace mstmm::bench {

struct DartBody {
  int parent = -1;                     // index of an earlier body; -1: the world
  std::array<double, 3> jointInParent{};  // the joint in the parent's frame (the world's for a root)
  std::array<double, 3> jointInChild{};   // the joint in this body's frame
  double mass = 0.0;
  std::array<double, 3> com{};            // body frame
  std::array<double, 9> inertia{};        // about the centre of mass, body axes, row-major
};

class DartSystem {
 public:
  DartSystem(const std::vector<DartBody>& bodies, const std::array<double, 3>& gravity);
  ~DartSystem();
  /// Ball-joint coordinates (rotation vectors of each body relative to its
  /// parent) and rates (relative angular velocities in the body's axes), 3 per body.
  void setState(const std::vector<double>& q, const std::vector<double>& dq);
  void forwardDynamics();
  /// World angular accelerations, 3 per body.
  void angularAccelerations(std::vector<double>& out) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m;
};

}  // namespace mstmm::bench
