// The vehicle's bounce and pitch frequencies from its modes against the
// frequencies of its free oscillations in the time domain (docs/vehicle.md:
// dampers and friction off, small motions about the static equilibrium).

#include <cmath>
#include <numbers>

#include "core/analysis/equilibrium.hpp"
#include "core/analysis/modes.hpp"
#include "core/analysis/mode_table.hpp"
#include "core/dynamics/kinematics.hpp"
#include "core/generate/vehicle.hpp"
#include "tests/core/chassis_record.hpp"
#include "tests/core/signal.hpp"
#include "tests/core/analysis/vibration_support.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm {
namespace {

using test::note;

ModelSpec undampedVehicle() {
  VehicleOptions o;
  o.speed = 0.0;
  o.bump = false;
  ModelSpec spec = generateVehicle(o);
  for (SpringDamperSpec& s : spec.springs) s.damping = 0.0;
  for (ContactSpec& c : spec.contacts) c.damping = c.staticFriction = c.dynamicFriction = 0.0;
  spec.simulation.endTime = 8.0;
  spec.simulation.outputEvery = 4;
  return spec;
}

using test::ChassisRecord;

/// The mode whose chassis motion is most of `what`: its centre of mass
/// along y (bounce) or its turn about z (pitch), per unit of the mode's
/// whole kinetic energy.
std::size_t chassisMode(const Linearisation& lin, const ModalAnalysis& modes, int chassis, bool pitch) {
  std::vector<Eigen::Matrix3Xd> v, w;
  lin.velocityJacobians(v, w);
  std::size_t best = 0;
  double bestShare = -1.0;
  for (std::size_t m = 0; m < modes.undamped.size(); ++m) {
    if (modes.undamped[m].rigid) continue;
    const Eigen::VectorXd& x = modes.undamped[m].shape;  // x^T M x = 1
    const double share = pitch ? std::abs(w[static_cast<std::size_t>(chassis)].row(2).dot(x)) : std::abs(v[static_cast<std::size_t>(chassis)].row(1).dot(x));
    if (share > bestShare) bestShare = share, best = m;
  }
  return best;
}

TEST(VehicleModes, BounceAndPitchMatchTheTimeDomain) {
  const ModelSpec spec = undampedVehicle();
  const auto model = compile(spec);
  const EquilibriumResult eq = findEquilibrium(model, initialState(*model));
  Linearisation lin(model, eq.state);
  const LinearSystem s = lin.linearise();
  const ModalAnalysis modes = denseModes(s);
  int rigid = 0;
  for (const UndampedMode& m : modes.undamped) rigid += m.rigid;
  const int chassis = model->bodyByName("chassis");
  const UndampedMode& bounce = modes.undamped[chassisMode(lin, modes, chassis, false)];
  const UndampedMode& pitch = modes.undamped[chassisMode(lin, modes, chassis, true)];

  // Free oscillations started from the equilibrium by a small velocity.
  Eigen::VectorXd bounceStart = eq.state, pitchStart = eq.state;
  bounceStart[slideOffset(*model) + 3] += 0.02;                                 // the free chassis' y rate
  for (int i = 0; i < model->bodyCount(); ++i) pitchStart[7 * i + 6] += 0.02;  // every body's Omega_z
  ChassisRecord bounceRun, pitchRun;
  bounceRun.chassis = pitchRun.chassis = chassis;
  RunOptions options;
  options.initialState = &bounceStart;
  ASSERT_TRUE(simulate(model, spec.simulation, bounceRun, options).status == RunStatus::Completed);
  options.initialState = &pitchStart;
  ASSERT_TRUE(simulate(model, spec.simulation, pitchRun, options).status == RunStatus::Completed);
  const double measuredBounce = test::peakFrequency(bounceRun.t, bounceRun.height, 0.5, 10.0, 0.002);
  const double measuredPitch = test::peakFrequency(pitchRun.t, pitchRun.pitch, 0.5, 10.0, 0.002);
  note(test::text("vehicle: %1 modes, %2 rigid (x, z, yaw and the wheels' spins); bounce %3 Hz (time domain %4 Hz, %5), pitch %6 Hz (time domain %7 Hz, %8)",
                  modes.undamped.size(), rigid, bounce.frequency, measuredBounce, bounce.frequency / measuredBounce - 1.0, pitch.frequency, measuredPitch,
                  pitch.frequency / measuredPitch - 1.0));
  EXPECT_EQ(rigid, 7);
  // The table says which is which: the chassis along y (the vertical) in
  // the bounce mode, about z (the lateral axis) in the pitch mode, each as
  // the largest part of the chassis' energy (docs/vibration.md).
  const std::vector<ModeRow> rows = modeTable(lin, s, modes);
  const ModeRow& bounceRow = rows[chassisMode(lin, modes, chassis, false)];
  const ModeRow& pitchRow = rows[chassisMode(lin, modes, chassis, true)];
  note("bounce: " + describeMotion(*model, bounceRow) + "; pitch: " + describeMotion(*model, pitchRow));
  ASSERT_FALSE(bounceRow.motion.empty() || pitchRow.motion.empty());
  EXPECT_EQ(bounceRow.bodies.front().first, chassis);
  EXPECT_EQ(bounceRow.motion.front().first, "along y (vertical)");
  EXPECT_GT(bounceRow.motion.front().second, 0.8);
  EXPECT_EQ(pitchRow.motion.front().first, "about z");
  EXPECT_GT(pitchRow.motion.front().second, 0.5);
  EXPECT_LT(std::abs(bounce.frequency / measuredBounce - 1.0), 0.01);
  EXPECT_LT(std::abs(pitch.frequency / measuredPitch - 1.0), 0.01);
}

}  // namespace
}  // namespace mstmm
