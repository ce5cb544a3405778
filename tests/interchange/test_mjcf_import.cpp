// MJCF import against MuJoCo itself (issue 16): MuJoCo loads the same file
// and is the independent reference. At random states, the joint
// accelerations MSTMM Studio computes for the imported model equal MuJoCo's
// mj_forward qacc (contacts, limits and friction loss off in MuJoCo;
// armature on), after mapping MuJoCo's coordinates to ours (docs/interchange.md
// I3). Also: what an import does not take is named, and a bad file gets
// MuJoCo's message.

#include "tests/core/check.hpp"

#include <mujoco/mujoco.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <fstream>
#include <memory>

#include "core/dynamics/dynamics_solver.hpp"
#include "core/dynamics/state.hpp"
#include "core/error.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "interchange/mjcf_import.hpp"
#include "tests/core/test_support.hpp"
#include "tests/interchange/mujoco_oracle.hpp"

using namespace mstmm;
using namespace mstmm::test;

namespace {

// A serial arm: hinges about skew axes, body frames turned against their
// parents, a joint off its body's origin, a hinge with a reference angle,
// stiffness about springref, damping; a slide at the end.
const char* kArm = R"(<mujoco model="arm">
  <option gravity="0 0 -9.81" timestep="0.001"/>
  <worldbody>
    <body name="base" pos="0 0 0.5" quat="0.9 0.1 0.2 0.3">
      <joint name="j0" type="hinge" axis="0 0 1" damping="0.3" stiffness="2" springref="0.2"/>
      <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.04" mass="1.2"/>
      <body name="upper" pos="0.4 0 0" euler="0.3 -0.2 0.5">
        <joint name="j1" type="hinge" axis="0 1 0" damping="0.1" stiffness="5"/>
        <geom type="box" size="0.2 0.03 0.02" pos="0.2 0 0" mass="0.8"/>
        <body name="fore" pos="0.4 0 0">
          <joint name="j2" type="hinge" axis="1 0.3 0.2" pos="0.05 0 0" damping="0.05" ref="0.1"/>
          <geom type="cylinder" fromto="0 0 0 0.3 0 0" size="0.02" mass="0.4"/>
          <body name="slider" pos="0.3 0 0" euler="0 0.4 0">
            <joint name="j3" type="slide" axis="1 0 0" damping="0.4" stiffness="30" springref="0.05"/>
            <geom type="sphere" size="0.05" mass="0.3"/>
          </body>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>)";

// A branched tree with ball joints (damped), a hinge, and a body welded on.
const char* kTree = R"(<mujoco model="tree">
  <worldbody>
    <body name="trunk" pos="0 0 1">
      <joint name="b0" type="ball" damping="0.2"/>
      <geom type="capsule" fromto="0 0 0 0 0 -0.5" size="0.05" mass="2"/>
      <body name="left" pos="0 0 -0.5" quat="0.8 0.2 0 0.3">
        <joint name="b1" type="ball" damping="0.1"/>
        <geom type="box" size="0.05 0.05 0.2" pos="0 0 -0.2" mass="1"/>
        <body name="plate" pos="0 0 -0.4" euler="0.2 0 0">
          <geom type="box" size="0.1 0.1 0.01" mass="0.3"/>
        </body>
      </body>
      <body name="right" pos="0.1 0 -0.5">
        <joint name="h1" type="hinge" axis="0 1 0"/>
        <geom type="capsule" fromto="0 0 0 0.3 0 -0.3" size="0.03" mass="0.7"/>
        <body name="tip" pos="0.3 0 -0.3">
          <joint name="b2" type="ball" pos="0 0 0.02"/>
          <geom type="ellipsoid" size="0.05 0.08 0.1" mass="0.2"/>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>)";

// A floating base in zero gravity with an arm and a sliding leg, set moving
// by their springs (they start away from their rest).
const char* kFloating = R"(<mujoco model="floating">
  <option gravity="0 0 0"/>
  <worldbody>
    <body name="base" pos="0.1 0.2 0.3" quat="0.7 0.1 -0.3 0.2">
      <freejoint name="float"/>
      <geom type="box" size="0.2 0.1 0.05" mass="3"/>
      <body name="arm1" pos="0.2 0 0">
        <joint name="a1" type="hinge" axis="0 0 1" damping="0.05" stiffness="1" springref="0.8"/>
        <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03" mass="0.5"/>
        <body name="arm2" pos="0.3 0 0" euler="0.5 0 0">
          <joint name="a2" type="hinge" axis="0 1 0"/>
          <geom type="capsule" fromto="0 0 0 0.25 0 0" size="0.03" mass="0.4"/>
        </body>
      </body>
      <body name="leg" pos="-0.2 0 0">
        <joint name="s1" type="slide" axis="0 0 1" stiffness="20" damping="0.3" springref="0.1"/>
        <geom type="sphere" size="0.06" mass="0.6"/>
      </body>
    </body>
  </worldbody>
</mujoco>)";

// Three hinges through one point (a hip: x, z and a skew third axis, on a
// floating torso) become a ball hinge; a knee below it.
const char* kHip = R"(<mujoco model="hip">
  <worldbody>
    <body name="torso" pos="0 0 1" euler="0.2 0.1 0">
      <freejoint name="root"/>
      <geom type="box" size="0.1 0.15 0.2" mass="4"/>
      <body name="thigh" pos="0 0.1 -0.25" euler="0.1 0 0.3">
        <joint name="hip_x" type="hinge" axis="1 0 0"/>
        <joint name="hip_z" type="hinge" axis="0 0 1"/>
        <joint name="hip_y" type="hinge" axis="0.2 1 0"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.4" size="0.05" mass="2"/>
        <body name="shin" pos="0 0 -0.45">
          <joint name="knee" type="hinge" axis="0 1 0" damping="0.1"/>
          <geom type="capsule" fromto="0 0 0 0 0 -0.4" size="0.04" mass="1.5"/>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>)";

// Several joints on one body in the idioms of real files (issue 29.1): the
// 2-D walker's root (slide x, slide z, hinge y, with armature as such
// models write it) as a planar hinge; the others each applied in order
// through massless frames: an
// ankle with two hinges that do not meet, a hinge then a ball (MuJoCo
// refuses a rotation after a ball), a hinge
// and a slide across it, and a point mass on three slides (the particle
// idiom); stiffness, damping and armature on the joints.
const char* kSeveralJoints = R"(<mujoco model="several">
  <default><joint armature="0.01" damping="0.1"/></default>
  <worldbody>
    <body name="torso" pos="0 0 1.2" euler="0 0.1 0">
      <joint name="rootx" type="slide" axis="1 0 0"/>
      <joint name="rootz" type="slide" axis="0 0 1" stiffness="5"/>
      <joint name="rooty" type="hinge" axis="0 1 0" pos="0 0 0.05"/>
      <geom type="capsule" fromto="0 0 -0.2 0 0 0.2" size="0.06" mass="3"/>
      <body name="thigh" pos="0 0 -0.25">
        <joint name="hip_twist" type="hinge" axis="0 0.3 1" pos="0.01 0 -0.05" stiffness="2"/>
        <joint name="hip" type="ball" pos="0 0 0.02"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.4" size="0.05" mass="2"/>
        <body name="foot" pos="0 0 -0.45">
          <joint name="ankle_y" type="hinge" axis="0 1 0" pos="0 0 0.02" stiffness="4" springref="0.2"/>
          <joint name="ankle_x" type="hinge" axis="1 0 0.1" pos="0.03 0.01 -0.02" armature="0.05"/>
          <geom type="box" size="0.1 0.04 0.02" pos="0.05 0 0" mass="0.8"/>
        </body>
      </body>
      <body name="arm" pos="0.1 0 0.15">
        <joint name="shoulder" type="hinge" axis="0 1 0"/>
        <joint name="reach" type="slide" axis="1 0 0.2" pos="0.05 0 0" stiffness="30"/>
        <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03" mass="0.5"/>
        <body name="bead" pos="0.3 0 0">
          <joint name="bead_x" type="slide" axis="1 0 0"/>
          <joint name="bead_y" type="slide" axis="0 1 0"/>
          <joint name="bead_z" type="slide" axis="0 0 1" damping="0.3"/>
          <geom type="sphere" size="0.04" mass="0.2"/>
        </body>
      </body>
    </body>
  </worldbody>
  <actuator>
    <motor name="hip twist" joint="hip_twist" gear="2"/>
    <motor name="ankle" joint="ankle_x" gear="1.5"/>
    <position name="lean" joint="rooty" kp="20"/>
    <velocity name="slide out" joint="reach" kv="4"/>
  </actuator>
</mujoco>)";

// MuJoCo's 2-D walker idiom (its walker2d and hopper): a torso on slide x,
// slide z and hinge y (a planar hinge here), two legs of thigh, leg and
// foot on hinges about y, armature and damping as those files write them.
// No floor: it falls, its legs swinging under their springs.
const char* kWalker = R"(<mujoco model="walker">
  <default><joint armature="0.01" damping="0.1" stiffness="2"/></default>
  <worldbody>
    <body name="torso" pos="0 0 1.25">
      <joint name="rootx" type="slide" axis="1 0 0" stiffness="0"/>
      <joint name="rootz" type="slide" axis="0 0 1" stiffness="0"/>
      <joint name="rooty" type="hinge" axis="0 -1 0" pos="0 0 0" stiffness="0"/>
      <geom type="capsule" fromto="0 0 0.2 0 0 -0.2" size="0.05"/>
      <body name="thigh" pos="0 0 -0.2">
        <joint name="thigh_joint" type="hinge" axis="0 -1 0" springref="20"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.45" size="0.05"/>
        <body name="leg" pos="0 0 -0.5">
          <joint name="leg_joint" type="hinge" axis="0 -1 0" pos="0 0 0.05"/>
          <geom type="capsule" fromto="0 0 0 0 0 -0.5" size="0.04"/>
          <body name="foot" pos="0.1 0 -0.5">
            <joint name="foot_joint" type="hinge" axis="0 -1 0" pos="-0.1 0 0"/>
            <geom type="capsule" fromto="-0.1 0 0 0.1 0 0" size="0.06"/>
          </body>
        </body>
      </body>
      <body name="thigh_left" pos="0 0 -0.2">
        <joint name="thigh_left_joint" type="hinge" axis="0 -1 0" springref="-30"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.45" size="0.05"/>
        <body name="leg_left" pos="0 0 -0.5">
          <joint name="leg_left_joint" type="hinge" axis="0 -1 0" pos="0 0 0.05"/>
          <geom type="capsule" fromto="0 0 0 0 0 -0.5" size="0.04"/>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>)";

// Two joints on one body: two hinges through one point (not perpendicular)
// become a universal hinge, a hinge with a slide along its axis (here the
// opposite way) a cylindrical one; stiffness and damping on each.
const char* kCombined = R"(<mujoco model="combined">
  <worldbody>
    <body name="torso" pos="0 0 1" euler="0.2 0.1 0">
      <joint name="waist_z" type="hinge" axis="0 0 1" pos="0 0 -0.1" damping="0.2" stiffness="3" springref="0.1"/>
      <joint name="waist_y" type="hinge" axis="0 1 0.2" pos="0 0 -0.1" damping="0.1"/>
      <geom type="box" size="0.1 0.15 0.2" mass="4"/>
      <body name="piston" pos="0.1 0 -0.3" euler="0 0.3 0">
        <joint name="spin" type="hinge" axis="1 0 0" stiffness="1" springref="-0.3"/>
        <joint name="stroke" type="slide" axis="-1 0 0" stiffness="40" damping="0.5" springref="0.02"/>
        <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03" mass="0.6"/>
      </body>
    </body>
  </worldbody>
</mujoco>)";

// Armature (rotor inertia) on every joint kind: hinges, a slide and a ball
// (on a turning parent, where MuJoCo's child-axes rate matters) in a chain,
// a universal pair and a cylindrical hinge-and-slide on one body each, a
// floating base whose free joint has its own, in gravity.
const char* kRotors = R"(<mujoco model="rotors">
  <worldbody>
    <body name="base" pos="0 0 1" quat="0.9 0.1 -0.2 0.3">
      <joint name="float" type="free" armature="0.05" damping="0.1"/>
      <geom type="box" size="0.2 0.1 0.05" mass="3"/>
      <body name="upper" pos="0.2 0 0" euler="0.3 0 0.2">
        <joint name="shoulder" type="hinge" axis="0 0.3 1" armature="0.4" damping="0.2" stiffness="2"/>
        <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03" mass="0.5"/>
        <body name="fore" pos="0.3 0 0">
          <joint name="wrist_a" type="hinge" axis="0 0 1" armature="0.02"/>
          <joint name="wrist_b" type="hinge" axis="0 1 0.3" armature="0.07"/>
          <geom type="capsule" fromto="0 0 0 0.25 0 0" size="0.03" mass="0.4"/>
          <body name="ram" pos="0.25 0 0" euler="0 0.4 0">
            <joint name="ram_slide" type="slide" axis="1 0 0" armature="1.3" stiffness="30" damping="0.4"/>
            <geom type="sphere" size="0.05" mass="0.3"/>
            <body name="hand" pos="0.1 0 0">
              <joint name="knuckle" type="ball" armature="0.03" damping="0.05"/>
              <geom type="box" size="0.05 0.02 0.08" pos="0.05 0 0" mass="0.2"/>
            </body>
          </body>
        </body>
      </body>
      <body name="piston" pos="-0.2 0 0" euler="0 0.3 0">
        <joint name="spin" type="hinge" axis="1 0 0" armature="0.15"/>
        <joint name="stroke" type="slide" axis="-1 0 0" armature="0.6" stiffness="40"/>
        <geom type="capsule" fromto="0 0 0 -0.3 0 0" size="0.03" mass="0.6"/>
      </body>
    </body>
  </worldbody>
</mujoco>)";

double agreement(const char* name, const char* xml, int states) {
  const std::string path = writeTemp(std::string(name) + ".xml", xml);
  return agreementWithMuJoCo(name, path, importMjcf(path).spec, states);
}

/// The imported actuators driven as MuJoCo's controls: each control drawn
/// at random, set in MuJoCo and, through `drive`, on our actuator; the
/// largest relative difference of the accelerations over 25 random states.
double agreementUnderControl(ImportResult& imported, const std::string& path, Random& r,
                             const std::function<void(const ImportedActuator&, HingeActuatorSpec&, double)>& drive) {
  Oracle mujoco(path);
  for (std::size_t a = 0; a < imported.actuators.size(); ++a) {
    const ImportedActuator& act = imported.actuators[a];
    const double control = r.uniform(-1, 1);
    mujoco.setControl(static_cast<int>(a), control);
    HingeSpec& h = imported.spec.hinges[static_cast<std::size_t>(act.hinge)];
    drive(act, *(act.coordinate.empty() ? h.loads : h.loadsOn(act.coordinate, imported.spec.kind)).actuator, control);
  }
  const auto model = compile(imported.spec);
  auto riccati = makeSolver(SolverKind::Riccati, model);
  SolverOutput out;
  double worst = 0.0;
  for (int s = 0; s < 25; ++s) {
    mujoco.randomise(r);
    riccati->evaluate(mujoco.state(*model), out);
    const Eigen::VectorXd theirs = mujoco.reference();
    worst = std::max(worst, (mujoco.qacc(*model, out) - theirs).cwiseAbs().maxCoeff() / std::max(1.0, theirs.cwiseAbs().maxCoeff()));
  }
  return worst;
}

}  // namespace

// MuJoCo's motors become force actuators whose load is perControl times the
// control input; with MuJoCo's ctrl set and our loads set to match, the
// accelerations agree (gear, gain, the sign of a cylindrical hinge's angle,
// a motor on each angle of a universal hinge).
TEST(MjcfImport, motorsBecomeActuatorsThatMatchMuJoCosControl) {
  std::string xml = kCombined;
  xml.replace(xml.find("</mujoco>"), 9, R"(<actuator>
    <motor name="turn" joint="waist_z" gear="3"/>
    <motor name="bend" joint="waist_y" gear="2" ctrlrange="-1 1" ctrllimited="true"/>
    <motor name="spinner" joint="spin" gear="0.5"/>
    <motor name="pusher" joint="stroke" gear="20"/>
  </actuator>
</mujoco>)");
  const std::string path = writeTemp("motors.xml", xml);
  ImportResult imported = importMjcf(path);
  ASSERT_SAME(imported.actuators.size(), std::size_t{4});
  ASSERT_TRUE(imported.spec.hinges.front().coordinateLoads.front().loads.actuator.has_value());
  ASSERT_SAME(*imported.spec.hinges.front().coordinateLoads[1].loads.actuator->maxLoad, 2.0);
  ASSERT_SAME(imported.actuators[2].perControl, -0.5);  // the hinge's axis is opposite to the cylindrical hinge's (the slide's)
  Random r(77);
  const double worst = agreementUnderControl(imported, path, r, [](const ImportedActuator& act, HingeActuatorSpec& actuator, double control) {
    actuator.load = TimeFunction::constant(act.perControl * control);
  });
  info("four motors as actuators (on a universal hinge's two angles and a cylindrical hinge's angle and slide), 25 random states: %.2e against MuJoCo", worst);
  ASSERT_TRUE(worst < 1e-9) << worst;
}

// MuJoCo's position and velocity actuators become servos (kp, kd) whose
// reference (or its rate) is offset + perControl x ctrl: with MuJoCo's ctrl
// set at random and our references to match, the accelerations agree
// (gear, a hinge with a reference angle, a slide, a cylindrical hinge's
// angle whose sign is flipped, a force limit).
TEST(MjcfImport, positionAndVelocityActuatorsBecomeServosThatMatchMuJoCo) {
  std::string xml = kCombined;
  xml.replace(xml.find("</mujoco>"), 9, R"(<actuator>
    <position name="hold waist" joint="waist_z" kp="40" gear="2"/>
    <velocity name="turn waist" joint="waist_y" kv="3"/>
    <position name="spin to" joint="spin" kp="5" forcelimited="true" forcerange="-100 100"/>
    <velocity name="push" joint="stroke" kv="20" gear="1.5"/>
  </actuator>
</mujoco>)");
  const std::string path = writeTemp("servos.xml", xml);
  ImportResult imported = importMjcf(path);
  ASSERT_SAME(imported.actuators.size(), std::size_t{4});
  ASSERT_SAME(imported.spec.hinges.front().coordinateLoads.front().loads.actuator->kp, 160.0);  // gear^2 kp
  Random r(5);
  const double worst = agreementUnderControl(imported, path, r, [](const ImportedActuator& act, HingeActuatorSpec& servo, double control) {
    ASSERT_SAME(servo.kind, ActuatorKind::Servo);
    if (act.kind == ImportedActuator::Kind::Position) servo.reference.value = act.offset + act.perControl * control;
    else servo.reference.slope = act.offset + act.perControl * control;
  });
  info("two position and two velocity actuators as servos (gear, a flipped cylindrical angle, a force limit), 25 random states: %.2e against MuJoCo", worst);
  ASSERT_TRUE(worst < 1e-9) << worst;
}

// Several joints on one body (kSeveralJoints) and Debian's own humanoids,
// whose hips are three hinges through one point and whose ankles are two
// hinges that do not meet: every joint its own hinge, with its own spring,
// damper, armature and actuator, against mj_forward (contacts and limits
// off, everything else as written).
TEST(MjcfImport, severalJointsOnOneBodyMatchMuJoCo) {
  const std::string path = writeTemp("several.xml", kSeveralJoints);
  ImportResult imported = importMjcf(path);
  int frames = 0;
  for (const BodySpec& b : imported.spec.bodies) frames += b.shape.mass == 0.0 ? 1 : 0;
  ASSERT_SAME(frames, 1 + 1 + 1 + 2);  // thigh, foot, arm, bead; the torso's root is a planar hinge
  ASSERT_SAME(imported.spec.hinges.size(), std::size_t{10});
  ASSERT_SAME(imported.spec.hinges.front().type, HingeType::Planar);
  ASSERT_SAME(imported.actuators.size(), std::size_t{4});
  const double several = agreementWithMuJoCo("several", path, withoutLimitsOrContacts(imported.spec), 25);
  Random r(2929);
  const double driven = agreementUnderControl(imported, path, r, [](const ImportedActuator& act, HingeActuatorSpec& actuator, double control) {
    if (act.kind == ImportedActuator::Kind::Force) actuator.load = TimeFunction::constant(act.perControl * control);
    else if (act.kind == ImportedActuator::Kind::Position) actuator.reference.value = act.offset + act.perControl * control;
    else actuator.reference.slope = act.offset + act.perControl * control;
  });
  info("several joints on one body (a walker's slide-slide-hinge root as a planar hinge, a hinge then a ball, an ankle's two hinges apart, a hinge and a slide "
       "across it, three slides), through %d massless frames, 25 random states: %.2e against MuJoCo; with its four actuators at random controls %.2e",
       frames, several, driven);
  ASSERT_TRUE(driven < 1e-9);
  const std::filesystem::path samples("/usr/share/mujoco/model");
  if (!std::filesystem::exists(samples)) GTEST_SKIP() << "libmujoco-samples is not installed";
  for (const char* file : {"humanoid/humanoid.xml", "humanoid100/humanoid100.xml"}) {
    const std::string sample = (samples / file).string();
    const ModelSpec spec = importMjcf(sample).spec;
    int hinges = 0, massless = 0;
    for (const HingeSpec& h : spec.hinges) hinges += h.type == HingeType::Revolute ? 1 : 0;
    for (const BodySpec& b : spec.bodies) massless += b.shape.mass == 0.0 ? 1 : 0;
    const double d = agreementWithMuJoCo(file, sample, withoutLimitsOrContacts(spec), 25);
    info("%s: %zu bodies (%d massless frames), %d revolute hinges, 25 random states: %.2e against MuJoCo", file, spec.bodies.size(), massless, hinges, d);
  }
}

TEST(MjcfImport, jointAccelerationsEqualMuJoCosAtRandomStates) {
  const double arm = agreement("arm", kArm, 25), tree = agreement("tree", kTree, 25), floating = agreement("floating", kFloating, 25),
               combined = agreement("combined", kCombined, 25), hip = agreement("hip", kHip, 25), rotors = agreement("rotors", kRotors, 25);
  info("imported MJCF against MuJoCo's mj_forward, 25 random states each: serial arm (hinges, slide, stiffness, damping) %.2e, "
       "tree with ball joints and a weld %.2e, floating base in zero gravity %.2e, two joints on one body (universal, cylindrical) %.2e, "
       "three hinges through one point (a ball) on a floating torso %.2e, armature on a free joint, hinges, a slide, a ball, a universal and a cylindrical pair %.2e",
       arm, tree, floating, combined, hip, rotors);
}


// The same file run for 2 s with RK4 at the same step by MuJoCo and by
// MSTMM Studio. The two RK4s integrate different coordinates (joint
// coordinates there, body orientations here), so they agree to the sum of
// their truncation errors, each measured against its own run at a step 40
// times finer; the two fine runs agree to what is left of those errors.
// MuJoCo's RK4 is of second order for ball and free joints (it moves
// quaternions by the exponential map at every stage); ours stays of fourth.
TEST(MjcfImport, trajectoriesAgreeToTheIntegratorsTruncationLevel) {
  for (const auto& [name, xml] : {std::pair{"arm", kArm}, std::pair{"tree", kTree}, std::pair{"floating", kFloating}, std::pair{"combined", kCombined},
                                  std::pair{"walker", kWalker}, std::pair{"several", kSeveralJoints}}) {
    const std::string path = writeTemp(std::string(name) + "-run.xml", xml);
    const TrajectoryComparison c = compareTrajectories(importMjcf(path).spec, path);
    info("%s, 2 s of RK4, centres of mass: ours against MuJoCo %.2e m at dt = 4e-3, %.2e m at 2e-3, %.2e m at 1e-4; truncation error (against "
         "dt = 1e-4) ours %.2e / %.2e (ratio %.1f), MuJoCo's %.2e / %.2e (ratio %.1f)",
         name, c.between[0], c.between[1], c.converged, c.ours[0], c.ours[1], c.ours[0] / c.ours[1], c.mujoco[0], c.mujoco[1], c.mujoco[0] / c.mujoco[1]);
    for (int pass = 0; pass < 2; ++pass) ASSERT_TRUE(c.between[pass] <= 1.01 * (c.ours[pass] + c.mujoco[pass]) + 1e-9) << name;
    ASSERT_TRUE(c.ours[0] / c.ours[1] > 12.0 && c.ours[0] / c.ours[1] < 20.0) << name;
    ASSERT_TRUE(c.converged < 1e-7) << name;
  }
}

namespace {

/// The sum of the ground contacts' normal forces at the last recorded frame.
double normalForces(const Results& r, const ModelSpec& spec) {
  double sum = 0.0;
  for (const ContactSpec& contact : spec.contacts)
    for (std::size_t c = 0; c < r.loadChannels().size(); ++c)
      if (r.loadChannels()[c].name == contact.name + ".normal") sum += r.loadValue(r.loadFrameCount() - 1, static_cast<int>(c));
  return sum;
}

std::string joined(const std::vector<std::string>& notes) {
  std::string all;
  for (const std::string& n : notes) all += n + "\n";
  return all;
}

double totalMass(const ModelSpec& spec) {
  double m = 0.0;
  for (const BodySpec& b : spec.bodies) m += b.shape.mass;
  return m;
}

}  // namespace

// Geoms press on the file's plane (issue 29.6): spheres, capsules (their end
// spheres) and boxes (their corners) become contact spheres of
// docs/contact.md, each as stiff as the time step resolves for what hangs
// from it. A ball comes to rest sunk by m g / k with its weight on the
// contact; MuJoCo's own humanoid, dropped from its file's pose, ends up
// lying on the floor with its whole weight on its contacts.
TEST(MjcfImport, geomsPressOnTheFilesPlane) {
  const ImportResult ball = importMjcf(writeTemp("ball.xml", R"(<mujoco><option timestep="0.002"/><worldbody>
    <geom name="floor" type="plane" size="5 5 0.1"/>
    <body name="ball" pos="0 0 0.5"><freejoint/><geom name="ball" type="sphere" size="0.1" mass="2"/>
      <geom name="egg" type="ellipsoid" size="0.01 0.02 0.03" pos="0 0 0.05" mass="0.001"/></body>
  </worldbody></mujoco>)"));
  ASSERT_SAME(ball.spec.contacts.size(), std::size_t{1});
  ASSERT_TRUE(contains(joined(ball.notTaken), "geom 'egg' of body 'ball': only spheres, capsules and boxes make contacts")) << joined(ball.notTaken);
  const ContactSpec& c = ball.spec.contacts.front();
  const Results rest = runFor(ball.spec, 3.0, 0.002);
  const double weight = 2.001 * 9.81, sunk = 0.1 - (rest.com(rest.frameCount() - 1, 0).z() - 0.05 * 0.001 / 2.001);
  info("a 2 kg ball on the plane after 3 s: normal force %.9f N against its weight %.9f N; sunk %.6e m against m g / k = %.6e m", normalForces(rest, ball.spec), weight, sunk,
       weight / c.stiffness);
  ASSERT_TRUE(std::abs(normalForces(rest, ball.spec) - weight) < 1e-9 * weight);
  ASSERT_TRUE(std::abs(sunk - weight / c.stiffness) < 1e-9);
  const std::string noPlane = joined(importMjcf(writeTemp("noplane.xml", "<mujoco><worldbody><body><freejoint/><geom type=\"sphere\" size=\"0.1\"/></body></worldbody></mujoco>")).notTaken);
  ASSERT_TRUE(contains(noPlane, "no plane geom on the world body")) << noPlane;
  const ImportResult off = importMjcf(writeTemp("off.xml", R"(<mujoco><option><flag contact="disable"/></option><worldbody><geom type="plane" size="1 1 1"/>
    <body><freejoint/><geom type="sphere" size="0.1"/></body></worldbody></mujoco>)"));
  ASSERT_TRUE(off.spec.contacts.empty() && contains(joined(off.notTaken), "flag contact=\"disable\""));

  const std::filesystem::path humanoid("/usr/share/mujoco/model/humanoid/humanoid.xml");
  if (!std::filesystem::exists(humanoid)) GTEST_SKIP() << "libmujoco-samples is not installed";
  const ModelSpec spec = importMjcf(humanoid.string()).spec;
  const Results fall = runFor(spec, 20.0, spec.simulation.timeStep);
  const int last = fall.frameCount() - 1;
  const double weight2 = totalMass(spec) * 9.81, kinetic = fall.energy(last).kinetic;
  const auto model = compile(spec);
  const double torso = fall.com(last, fall.slotOf(model->bodyByName("torso"))).z();
  info("MuJoCo's humanoid dropped from its file's pose, %zu ground contacts and %zu between its bodies from its geoms, 20 s of RK4 at its step of %.3g s: the torso's centre at %.3f m "
       "(lying), kinetic energy %.2e J; normal forces %.6f N against its weight %.6f N (relative %.1e)",
       spec.contacts.size(), spec.bodyContacts.size(), spec.simulation.timeStep, torso, kinetic, normalForces(fall, spec), weight2, std::abs(normalForces(fall, spec) - weight2) / weight2);
  ASSERT_TRUE(torso < 0.3);
  ASSERT_TRUE(kinetic < 1e-3);
  ASSERT_TRUE(std::abs(normalForces(fall, spec) - weight2) < 1e-6 * weight2);
}

// Geom pairs touch (issue 29.6) as MuJoCo would test them: contype and
// conaffinity, not a body and its parent, not an excluded pair, and the
// file's explicit pairs whatever those say; each a contact between bodies
// (docs/contact.md C8) as stiff as the step resolves for the pair's reduced
// mass (of each body's least effective mass at its geom). Two spheres sent
// at each other keep their momentum.
TEST(MjcfImport, geomPairsBecomeContactsBetweenBodies) {
  const ImportResult r = importMjcf(writeTemp("pairs.xml", R"(<mujoco><option timestep="0.001" gravity="0 0 0"/><worldbody>
    <body name="a"><freejoint/><geom name="a" type="sphere" size="0.1" mass="1"/></body>
    <body name="b" pos="0.3 0 0"><freejoint/><geom name="b" type="sphere" size="0.15" mass="3"/></body>
    <body name="c" pos="0 1 0"><freejoint/><geom name="c" type="capsule" size="0.05 0.2" mass="1" contype="2" conaffinity="2"/>
      <body name="d" pos="0 0.5 0"><joint type="hinge" axis="0 0 1"/><geom name="d" type="box" size="0.1 0.1 0.1" mass="1"/></body></body>
    <body name="e" pos="0 2 0"><freejoint/><geom name="e" type="cylinder" size="0.1 0.1" mass="1"/>
      <geom name="egg" type="ellipsoid" size="0.01 0.02 0.03" mass="0.001" pos="0 0 0.2"/></body>
  </worldbody><contact><exclude body1="a" body2="e"/><pair geom1="c" geom2="a"/></contact></mujoco>)"));
  std::string names;
  for (const BodyContactSpec& c : r.spec.bodyContacts) names += c.name + "; ";
  info("geom pairs taken: %s", names.c_str());
  // a-e excluded, c touches nothing by its contype (but its explicit pair
  // with a), d not its parent c, egg not an ellipsoid.
  ASSERT_SAME(names, std::string("a - b; a - c; a - d; b - d; b - e; d - e; "));
  ASSERT_TRUE(contains(joined(r.notTaken), "geom 'egg': only spheres, capsules, boxes and cylinders touch other bodies")) << joined(r.notTaken);
  const BodyContactSpec& ab = r.spec.bodyContacts.front();
  // Each sphere's least effective mass at its surface, 1 / (1/m + R^2 / (2/5 m R^2))
  // = 2 m / 7, and the pair's reduced mass of those: (2/7)(6/7) / (8/7) = 3/14 kg.
  const double omega = 0.3 / 0.001, reduced = 3.0 / 14.0;
  ASSERT_NEAR(ab.stiffness, reduced * omega * omega, 1e-9 * ab.stiffness);
  ASSERT_NEAR(ab.damping, 2.0 * 0.7 * reduced * omega, 1e-9 * ab.damping);

  ModelSpec spec = r.spec;
  for (HingeSpec& h : spec.hinges)
    if (spec.bodies[static_cast<std::size_t>(spec.bodyIndex(h.child))].name == "a") h.translationRate = Vec3(2.0, 0.0, 0.0);
  const Results run = runFor(spec, 0.1, 1e-4);
  const auto model = compile(spec);
  const int last = run.frameCount() - 1, a = run.slotOf(model->bodyByName("a")), b = run.slotOf(model->bodyByName("b"));
  const Vec3 momentum = 1.0 * (run.com(last, a) - run.com(last - 1, a)) + 3.0 * (run.com(last, b) - run.com(last - 1, b));
  const double pushed = (run.com(last, b).x() - run.com(last - 1, b).x()) / 1e-4;
  info("sphere a sent at b at 2 m/s: b leaves at %.6f m/s; momentum after %.12f kg m/s (before 2)", pushed, momentum.x() / 1e-4);
  ASSERT_TRUE(pushed > 0.5);
  ASSERT_NEAR(momentum.x() / 1e-4, 2.0, 1e-9);
}

// A range wider than a half turn (a continuous wrist, a leg joint of
// -200 to 200 degrees) becomes stops like any other (issue 29.5): a run
// unwraps the angle (test_unwrapped_angles).
TEST(MjcfImport, aRangePastAHalfTurnBecomesStops) {
  const ModelSpec spec = importMjcf(writeTemp("wide.xml", R"(<mujoco><worldbody><body name="arm" pos="0 0 1">
    <joint name="wrist" type="hinge" axis="0 0 1" range="-200 200" limited="true"/><geom type="capsule" fromto="0 0 0 0.5 0 0" size="0.05"/>
  </body></worldbody></mujoco>)")).spec;
  ASSERT_TRUE(spec.hinges[0].loads.stops.has_value());
  ASSERT_NEAR(*spec.hinges[0].loads.stops->lower, -200.0 * M_PI / 180.0, 1e-12);
  ASSERT_NEAR(*spec.hinges[0].loads.stops->upper, 200.0 * M_PI / 180.0, 1e-12);
  ASSERT_TRUE(errorsOf(spec).empty()) << errorsOf(spec);
}

// <flag gravity="disable" passive="disable"/> on the arm: MuJoCo then has
// no gravity and no joint springs or dampers, and neither has the import,
// which says so; the medium's options are named, not taken.
TEST(MjcfImport, optionFlagsAreHonouredAndTheMediumIsNamed) {
  std::string xml = kArm;
  const std::string option = "<option gravity=\"0 0 -9.81\" timestep=\"0.001\"/>";
  xml.replace(xml.find(option), option.size(), "<option gravity=\"0 0 -9.81\" timestep=\"0.001\"><flag gravity=\"disable\" passive=\"disable\"/></option>");
  const std::string path = writeTemp("flags.xml", xml);
  const ImportResult flagged = importMjcf(path);
  EXPECT_EQ(flagged.spec.gravity, Vec3::Zero());
  for (const HingeSpec& h : flagged.spec.hinges) EXPECT_FALSE(h.loads.spring.has_value()) << h.name;
  std::string all;
  for (const std::string& n : flagged.notTaken) all += n + "\n";
  for (const char* part : {"flag gravity=\"disable\": the model has no gravity", "flag passive=\"disable\": the joints' stiffness and damping are not imported",
                           "integrator Euler is not taken"})
    EXPECT_TRUE(contains(all, part)) << part << "\n" << all;
  const double flags = agreementWithMuJoCo("flags", path, flagged.spec, 25);
  const std::string medium = writeTemp("medium.xml", R"(<mujoco model="medium">
  <option viscosity="0.1" density="1.2" wind="1 0 0" integrator="RK4"/>
  <worldbody><body name="a"><joint name="j" type="hinge"/><geom type="sphere" size="0.1"/></body></worldbody>
</mujoco>)");
  all.clear();
  for (const std::string& n : importMjcf(medium).notTaken) all += n + "\n";
  for (const char* part : {"option: viscosity 0.1 is not taken", "option: density 1.2 is not taken", "option: wind 1 0 0 is not taken"})
    EXPECT_TRUE(contains(all, part)) << part << "\n" << all;
  EXPECT_FALSE(contains(all, "integrator"));
  info("the arm with gravity and passive forces disabled, against MuJoCo's mj_forward at 25 random states: %.2e", flags);
}

TEST(MjcfImport, whatIsNotTakenIsNamedAndBadFilesGetMuJoCosMessage) {
  const std::string path = writeTemp("extras.xml", R"(<mujoco model="extras">
  <worldbody>
    <body name="a"><joint name="j" type="hinge" range="-1 1" limited="true" armature="0.1"/><geom type="sphere" size="0.1"/>
      <site name="s"/></body>
    <body name="b" pos="1 0 0"><joint name="k" type="hinge" frictionloss="0.2"/><geom type="sphere" size="0.1"/></body>
  </worldbody>
  <tendon><fixed name="t"><joint joint="j" coef="1"/></fixed></tendon>
  <actuator><motor name="m" joint="j" gear="2"/></actuator>
  <sensor><jointpos name="q" joint="j"/></sensor>
</mujoco>)");
  const ImportResult r = importMjcf(path);
  std::string all;
  for (const std::string& n : r.notTaken) all += n + "\n";
  for (const char* part : {"tendon 't': tendons are not imported", "sensor 'q': sensors are not imported", "actuator 'm': imported as an actuator on 'j' with load 0",
                           "joint 'k': frictionloss 0.2 is not taken", "joint 'j': its range becomes stops"})
    ASSERT_TRUE(contains(all, part)) << part << "\n" << all;
  ASSERT_FALSE(contains(all, "joint 'j': armature"));
  ASSERT_TRUE(r.spec.hinges.front().loads.stops.has_value());
  ASSERT_EQ(r.spec.hinges.front().loads.armature, 0.1);
  const std::string bad = writeTemp("bad.xml", "<mujoco>\n  <worldbody>\n    <body name=\"a\"><joint type=\"hinge\"/><geom type=\"spere\"/></body>\n  </worldbody>\n</mujoco>\n");
  try {
    importMjcf(bad);
    FAIL() << "a bad file was taken";
  } catch (const Error& e) {
    ASSERT_TRUE(contains(e.what(), "bad.xml") && contains(e.what(), "MuJoCo could not load it")) << e.what();
    info("a bad MJCF file: %s", e.what());
  }
  // An unknown flag (a misspelt gravity) is named by MuJoCo's schema check, with its line.
  try {
    importMjcf(writeTemp("flag.xml", "<mujoco>\n  <option><flag gravty=\"disable\"/></option>\n  <worldbody/>\n</mujoco>\n"));
    FAIL() << "an unknown flag was taken";
  } catch (const Error& e) {
    ASSERT_TRUE(contains(e.what(), "flag.xml") && contains(e.what(), "unrecognized attribute: 'gravty'") && contains(e.what(), "line 2")) << e.what();
  }
}

// Issue 51, points 13 and 14: a file meant to be included by another says
// so, not only MuJoCo's "Schema violation"; and an import that leaves out
// what pushes on the bodies in MuJoCo (tendon springs, tendon actuators,
// the medium) says that the motion will therefore differ.
TEST(MjcfImport, fragmentsAndDroppedForcesAreExplained) {
  auto refusal = [](const std::string& path) {
    try {
      importMjcf(path);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("taken");
  };
  const std::string include = refusal(writeTemp("shared.xml", "<!-- shared parts -->\n<mujocoinclude>\n  <default><joint damping=\"1\"/></default>\n</mujocoinclude>\n"));
  EXPECT_TRUE(contains(include, "shared.xml': its root element is <mujocoinclude>, not <mujoco>: it is a fragment that another MJCF file takes in with <include")) << include;
  const std::string part = refusal(writeTemp("part.xml", "<mujoco>\n  <default><default class=\"arm\"><joint damping=\"1\"/></default></default>\n"
                                                         "  <actuator><motor joint=\"shoulder\"/></actuator>\n</mujoco>\n"));
  EXPECT_TRUE(contains(part, "MuJoCo could not load it") && contains(part, "the file has no <worldbody>: if another MJCF file takes it in")) << part;
  const std::string swimmer = writeTemp("swimmer.xml", R"(<mujoco model="swimmer">
  <option density="1000" viscosity="0.001"/>
  <worldbody>
    <body name="a"><joint name="j" type="hinge"/><geom type="capsule" size="0.05 0.2"/>
      <site name="s" pos="0 0 0.1"/>
      <body name="b" pos="0 0 0.4"><joint name="k" type="hinge"/><geom type="capsule" size="0.05 0.2"/><site name="t"/></body></body>
  </worldbody>
  <tendon><fixed name="spring" stiffness="10"><joint joint="j" coef="1"/><joint joint="k" coef="-1"/></fixed>
    <spatial name="cable"><site site="s"/><site site="t"/></spatial></tendon>
  <actuator><motor name="pull" tendon="cable"/></actuator>
</mujoco>)");
  std::string all;
  for (const std::string& n : importMjcf(swimmer).notTaken) all += n + "\n";
  EXPECT_TRUE(contains(all, "so the model moves otherwise than in MuJoCo: there the tendons' springs and dampers, the actuators that pull through tendons or sites and "
                            "the medium's drag and lift act on the bodies")) << all;
  std::string plain;
  for (const std::string& n : importMjcf(writeTemp("plain.xml", kArm)).notTaken) plain += n + "\n";
  EXPECT_FALSE(contains(plain, "moves otherwise")) << plain;
}

// Issue 51, point 15: MuJoCo's Fetch welds 2-8 g frames with no inertia of
// their own to its links; MuJoCo loads it (a welded body turns with its
// parent), and so does the import now: a point mass on a weld is taken, and
// the arm carrying one moves as MuJoCo moves it. On a hinge it is still
// refused by name (it would have no inertia about the hinge's axis).
TEST(MjcfImport, aWeldedPointMassIsTakenAsMuJoCoTakesIt) {
  const char* xml = R"(<mujoco model="welded-frames">
  <option gravity="0 0 -9.81" timestep="0.001"/>
  <worldbody>
    <body name="link" pos="0 0 1"><joint name="shoulder" type="hinge" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0.5 0 0" size="0.04"/>
      <body name="sensor frame" pos="0.3 0.05 0"><inertial pos="0 0 0" mass="0.005" diaginertia="0 0 0"/></body>
      <body name="gripper" pos="0.5 0 0"><joint name="wrist" type="hinge" axis="0 0 1"/>
        <geom type="box" size="0.05 0.03 0.02"/>
        <body name="tip frame" pos="0.05 0 0"><inertial pos="0.01 0 0" mass="0.002" diaginertia="0 0 0"/></body>
      </body>
    </body>
  </worldbody>
</mujoco>)";
  const std::string path = writeTemp("welded-frames.xml", xml);
  const ImportResult r = importMjcf(path);
  std::string problems;
  for (const Diagnostic& d : validate(r.spec))
    if (d.severity == Severity::Error) problems += d.message + "\n";
  ASSERT_EQ(problems, "");
  const double against = agreementWithMuJoCo("welded-frames", path, r.spec, 25);
  info("two welded point masses: accelerations against MuJoCo's mj_forward at 25 random states %.2e", against);
  EXPECT_LT(against, 1e-9);
  ModelSpec onAHinge = r.spec;
  const auto tip = std::find_if(onAHinge.bodies.begin(), onAHinge.bodies.end(), [](const BodySpec& b) { return b.name == "tip frame"; });
  ASSERT_TRUE(tip != onAHinge.bodies.end());
  for (HingeSpec& h : onAHinge.hinges)
    if (h.child == tip->id) h.type = HingeType::Revolute;
  bool refused = false;
  for (const Diagnostic& d : validate(onAHinge)) refused = refused || contains(d.message, "inertia is not positive definite");
  EXPECT_TRUE(refused);
}

// A fatal MuJoCo error during an import throws instead of ending the
// process (MuJoCo's default handler calls exit), and the handler is
// restored afterwards.
TEST(MjcfImport, fatalMuJoCoErrorsThrowInsteadOfEndingTheProcess) {
  void (*before)(const char*) = mju_user_error;
  try {
    const MuJoCoErrorsThrow guard;
    mju_error("out of memory (as mj_makeData says it)");
    FAIL() << "mju_error returned";
  } catch (const Error& e) {
    ASSERT_TRUE(contains(e.what(), "MuJoCo: out of memory")) << e.what();
  }
  ASSERT_TRUE(mju_user_error == before);
}

// MuJoCo's compiler steps the model once, and its collision search never
// ended on a box of size 1e40 (fuzz_mjcf): numbers beyond a model's range
// are refused before MuJoCo sees them, by line and attribute; a name of
// digits and a file that merely mentions 1e40 in a comment are not numbers.
TEST(MjcfImport, numbersBeyondTheModelRangeAreRefusedBeforeMuJoCoSeesThem) {
  const std::string xml = "<mujoco model=\"1e40\">\n<!-- 1e40 -->\n<worldbody>\n<body name=\"2e99\">\n<freejoint/>\n"
                          "<geom type=\"box\" size=\"0.05 0.05 1e40\"/>\n</body>\n</worldbody>\n</mujoco>\n";
  try {
    importMjcfText(xml, "huge.xml");
    FAIL() << "a box of 1e40 m was imported";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "'huge.xml': line 6: size holds 1e+40, beyond +-1e+30, the largest a model's physical numbers may be; check its units");
  }
  std::string fine = xml;
  fine.replace(fine.find("0.05 1e40"), 9, "0.05 1e30");  // the edge itself is in range; MuJoCo takes it
  EXPECT_EQ(importMjcfText(fine, "edge.xml").spec.bodies.size(), 1u);
}

// Real models the project did not write: Debian's libmujoco-samples. Each
// either imports (and then compiles and evaluates), or is refused with a
// message naming the body and what it would take; nothing crashes.
TEST(MjcfImport, debiansSampleModelsImportOrAreRefusedByName) {
  const std::filesystem::path root("/usr/share/mujoco/model");
  if (!std::filesystem::exists(root)) GTEST_SKIP() << "libmujoco-samples is not installed";
  int imported = 0, refused = 0;
  std::string report;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".xml") continue;
    const std::string name = entry.path().filename().string();
    try {
      const ImportResult r = importMjcf(entry.path().string());
      ASSERT_TRUE(errorsOf(r.spec).empty()) << name << ": " << errorsOf(r.spec);
      const auto model = compile(r.spec);
      SolverOutput out;
      makeSolver(SolverKind::Riccati, model)->evaluate(initialState(*model), out);
      for (const Vec3& a : out.angularAcceleration) ASSERT_TRUE(a.allFinite()) << name;
      ++imported;
      report += "  " + name + ": imported, " + std::to_string(model->bodyCount()) + " bodies, " + std::to_string(r.notTaken.size()) + " elements not taken\n";
    } catch (const Error& e) {
      ASSERT_TRUE(contains(e.what(), "body '")) << name << ": " << e.what();
      ++refused;
      report += "  " + name + ": refused: " + std::string(e.what()).substr(0, 90) + "...\n";
    }
  }
  info("Debian's MuJoCo sample models: %d imported, %d refused by name\n%s", imported, refused, report.c_str());
  ASSERT_TRUE(imported >= 5);
}


// A loop closed by <equality connect> (the bundled RSSR linkage, and a
// connect to the world) or <equality weld>: imported as a ball (weld) hinge
// that closes the loop, its
// accelerations at random states on the constraints equal the hard
// constrained motion built from MuJoCo's M, forces and constraint Jacobian
// (MuJoCo's own qacc keeps the constraint softly and is not that motion).
TEST(MjcfImport, loopsClosedByConnectAndWeldMatchTheHardConstraintFromMuJoCo) {
  std::string grounded = kArm;  // the arm's slider end held at its qpos0 place by a connect to the world
  grounded.replace(grounded.find("</mujoco>"), 9, R"(<equality><connect name="hold" body1="slider" body2="world" anchor="0.02 0 0"/></equality>
</mujoco>)");
  std::string welded = kTree;  // the tree's tip welded to its left branch: a loop through four joints
  welded.replace(welded.find("</mujoco>"), 9, R"(<equality><weld name="brace" body1="tip" body2="left"/></equality>
</mujoco>)");
  for (const auto& [name, path] : {std::pair<std::string, std::string>{"rssr", sourcePath("resources/interchange/rssr.xml")},
                                   std::pair<std::string, std::string>{"arm held at its end", writeTemp("held.xml", grounded)},
                                   std::pair<std::string, std::string>{"tree with a weld across", writeTemp("welded.xml", welded)}}) {
    const ImportResult imported = importMjcf(path);
    ASSERT_TRUE(errorsOf(imported.spec).empty()) << errorsOf(imported.spec);
    const auto model = compile(withoutLimitsOrContacts(imported.spec));  // MuJoCo's contacts are off in the Oracle
    ASSERT_SAME(static_cast<int>(model->cuts().size()), 1);
    auto riccati = makeSolver(SolverKind::Riccati, model);
    Oracle mujoco(path);
    Random r(99);
    SolverOutput out;
    double worst = 0.0, residual = 0.0, soft = 0.0;
    for (int s = 0; s < 25; ++s) {
      mujoco.randomiseOnConstraints(r);
      residual = std::max(residual, mujoco.constraintResidual());
      riccati->evaluate(mujoco.state(*model), out);
      const Eigen::VectorXd hard = mujoco.hardReference(), ours = mujoco.qacc(*model, out);
      const double scale = std::max(1.0, hard.cwiseAbs().maxCoeff());
      worst = std::max(worst, (ours - hard).cwiseAbs().maxCoeff() / scale);
      soft = std::max(soft, (mujoco.reference() - hard).cwiseAbs().maxCoeff() / scale);
    }
    info("%s, loop closed by an equality, 25 random states on the constraints (residual %.1e m): against the hard constrained motion from "
         "MuJoCo's parts %.2e; MuJoCo's own soft qacc differs from it by %.2e",
         name.c_str(), residual, worst, soft);
    ASSERT_TRUE(worst < 1e-9) << name << ": " << worst;
  }
}
