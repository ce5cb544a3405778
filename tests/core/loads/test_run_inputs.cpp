// A run's inputs (issue 30.2, 30.3): the user's pull on a body point, a
// torque, and actuator and servo controls, changed between steps. Checked
// against the spring and servo laws worked out here from the recorded
// poses, against the Newton-Euler reference given the same inputs, against
// the energy balance (the pull's work is input work), and a logged run
// replayed from its saved file, bit for bit.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/analysis/joint_chart.hpp"
#include "core/analysis/move_within_joints.hpp"
#include "core/io/live_recording.hpp"
#include "core/io/model_json.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/sim/run_input_source.hpp"
#include "tests/core/test_support.hpp"

namespace mstmm {
namespace {

using test::sourcePath;

ModelSpec example(const std::string& name) { return loadModel(sourcePath("resources/examples/" + name + ".json")); }

int bodyNamed(const Model& model, const std::string& name) {
  for (int i = 0; i < model.bodyCount(); ++i)
    if (model.body(i).name == name) return i;
  return -1;
}

/// Every recorded frame's state, poses, energy and pull, as the run handed them out.
struct Captured {
  double t;
  Eigen::VectorXd y;
  std::vector<BodyPose> poses;
  Energy energy;
  AppliedLoads::PullState pull;
  std::vector<double> actuators;  // each actuated hinge's load
  std::vector<HingeCoordinate> coordinates;
};

class CaptureSink final : public ResultSink {
 public:
  void record(const Frame& f) override {
    Captured c{f.time, *f.y, *f.poses, f.energy, f.loads->pull(), {}, {}};
    for (const HingeElementLoads& h : f.loads->hinges()) {
      c.actuators.push_back(h.actuator);
      c.coordinates.push_back(h.coordinate);
    }
    frames.push_back(std::move(c));
  }
  std::vector<Captured> frames;
};

RunReport run(std::shared_ptr<const Model> model, const SimulationSettings& settings, ResultSink& sink, RunInputSource* inputs) {
  RunOptions options;
  options.inputs = inputs;
  return simulate(std::move(model), settings, sink, options);
}

/// The demo's link "1", a leaf, grabbed at its free input end I_1 (a body's
/// output O is its hinge toward the root) and pulled up and sideways, the
/// target moved at 0.6 s, let go at 1.2 s.
InputLog demoPulls(const Model& model, long stepsPerMs = 1) {
  const int body = bodyNamed(model, "1");
  const Vec3 end = Vec3::Zero();
  RunInputs pulled = neutralInputs(model);
  pulled.perturbation = massScaledPull(model, body, end, Vec3(1.5, 1.0, 0.0));
  RunInputs moved = pulled;
  moved.perturbation.target = Vec3(-0.5, 2.0, 0.0);
  return {{0, 0.0, pulled}, {600 * stepsPerMs, 0.6, moved}, {1200 * stepsPerMs, 1.2, neutralInputs(model)}};
}

TEST(RunInputs, PullOnTheDemoFollowsTheSpringLawAndItsWorkClosesTheEnergyBalance) {
  // RK4 at 2.5e-4 s: its own error, not the pull's bookkeeping, is what a
  // 1e-8 balance needs small (at 1e-3 s the drift is 9e-8 of the total).
  ModelSpec spec = example("riccati-demo-planar");
  spec.simulation.timeStep = 2.5e-4;
  spec.simulation.outputEvery = 40;
  const auto model = compile(spec, CompileOptions{true});
  ReplayedInputs inputs(demoPulls(*model, 4));
  CaptureSink sink;
  const RunReport report = run(model, spec.simulation, sink, &inputs);
  ASSERT_EQ(report.status, RunStatus::Completed) << (report.error ? report.error->what() : "");
  ASSERT_TRUE(inputs.used());
  const InputLog log = demoPulls(*model, 4);
  const int body = log[0].inputs.perturbation.body;
  double largestForce = 0.0, largestDrift = 0.0, largestTotal = 0.0, mostWork = 0.0;
  const double balance0 = sink.frames.front().energy.balance();
  for (const Captured& f : sink.frames) {
    // The pull that held over the step that reached this frame.
    const Perturbation* p = nullptr;
    for (const InputEvent& e : log)
      if (e.time < f.t - 1e-12 || (e.step == 0 && f.t == 0.0)) p = e.inputs.perturbation.active() ? &e.inputs.perturbation : nullptr;
    if (p) {
      const BodyPose& pose = f.poses[static_cast<std::size_t>(body)];
      const Vec3 point = pose.input + pose.rotation * p->point;
      const Vec3 velocity = pose.comVelocity + pose.omega.cross(point - pose.com);
      Vec3 law = p->stiffness * (p->target - point) - p->damping * velocity;
      law.z() = 0.0;
      EXPECT_LT((f.pull.force - law).norm(), 1e-12 * (1.0 + law.norm())) << "t = " << f.t;
      EXPECT_LT((f.pull.point - point).norm(), 1e-14);
      largestForce = std::max(largestForce, law.norm());
    } else {
      EXPECT_EQ(f.pull.force.norm(), 0.0) << "t = " << f.t;
    }
    largestDrift = std::max(largestDrift, std::abs(f.energy.balance() - balance0));
    largestTotal = std::max({largestTotal, std::abs(f.energy.total()), std::abs(f.energy.kinetic)});
    mostWork = std::max(mostWork, std::abs(f.energy.work));
  }
  // The demo's links weigh 1 kg: at 8 rad/s the pull is tens of newtons
  // and does work comparable to the system's energy; the balance holds it.
  EXPECT_GT(largestForce, 10.0);
  EXPECT_GT(mostWork, 0.1 * largestTotal);
  EXPECT_LE(largestDrift, 1e-8 * largestTotal) << "drift " << largestDrift << " J of " << largestTotal << " J";
  RecordProperty("pull_energy_drift_relative", test::shortNumber(largestDrift / largestTotal));
  RecordProperty("pull_work_J", test::shortNumber(mostWork));
}

/// The largest difference of two runs' body orientations over their
/// recorded frames (rad, via the quaternions' angle).
double largestRotationDifference(const Results& a, const Results& b) {
  double most = 0.0;
  for (int f = 0; f < std::min(a.frameCount(), b.frameCount()); ++f)
    for (int s = 0; s < a.recordedBodyCount(); ++s) {
      const Quat qa = a.orientation(f, s), qb = b.orientation(f, s);
      most = std::max(most, 2.0 * std::asin(std::min(1.0, (qa[0] * qb.tail<3>() - qb[0] * qa.tail<3>() - qa.tail<3>().cross(qb.tail<3>())).norm())));
    }
  return most;
}

Results runWith(const ModelSpec& spec, SolverKind solver, const InputLog& log) {
  SimulationSettings settings = spec.simulation;
  settings.solver = solver;
  const auto model = compile(spec, CompileOptions{true});
  Results results(*model);
  ReplayedInputs inputs(log);
  const RunReport report = run(model, settings, results, &inputs);
  EXPECT_EQ(report.status, RunStatus::Completed) << (report.error ? report.error->what() : "");
  return results;
}

TEST(RunInputs, RiccatiAndNewtonEulerAgreeUnderTheSamePull) {
  ModelSpec spec = example("riccati-demo-planar");
  spec.simulation.endTime = 1.5;
  spec.simulation.outputEvery = 10;
  const InputLog log = demoPulls(*compile(spec, CompileOptions{true}));
  const Results riccati = runWith(spec, SolverKind::Riccati, log);
  const Results reference = runWith(spec, SolverKind::NewtonEuler, log);
  ASSERT_EQ(riccati.frameCount(), reference.frameCount());
  const double apart = largestRotationDifference(riccati, reference);
  EXPECT_LT(apart, 1e-10);
  // And the pull moved them: without it they are far from this motion.
  const Results free = runWith(spec, SolverKind::Riccati, {});
  EXPECT_GT(largestRotationDifference(riccati, free), 0.1);
  RecordProperty("riccati_vs_newton_euler_rad", test::shortNumber(apart));
}

TEST(RunInputs, TorqueOnASpatialChainAgreesWithNewtonEulerAndIsInputWork) {
  ModelSpec spec = example("chain-5-spatial");
  spec.simulation.endTime = 1.0;
  spec.simulation.timeStep = 2.5e-4;  // as for the pull: RK4's own error well below 1e-8
  spec.simulation.outputEvery = 40;
  const auto model = compile(spec, CompileOptions{true});
  RunInputs turned = neutralInputs(*model);
  turned.perturbation.body = 2;
  turned.perturbation.torque = Vec3(0.3, -0.5, 0.8);
  const InputLog log = {{400, 0.1, turned}, {2800, 0.7, neutralInputs(*model)}};  // frames every 0.01 s
  const Results riccati = runWith(spec, SolverKind::Riccati, log);
  const Results reference = runWith(spec, SolverKind::NewtonEuler, log);
  EXPECT_LT(largestRotationDifference(riccati, reference), 1e-10);
  double drift = 0.0, scale = 0.0, work = 0.0;
  for (int f = 0; f < riccati.frameCount(); ++f) {
    const Energy e = riccati.energy(f);
    drift = std::max(drift, std::abs(e.balance() - riccati.energy(0).balance()));
    scale = std::max({scale, std::abs(e.total()), e.kinetic});
    work = std::max(work, std::abs(e.work));
  }
  EXPECT_GT(work, 1e-3 * scale);
  EXPECT_LE(drift, 1e-8 * scale);
  EXPECT_EQ(riccati.pull(50).torque, turned.perturbation.torque);
  EXPECT_EQ(riccati.pull(80).torque, Vec3::Zero());
  // The load channels (CSV columns, plot series) carry it, and its power
  // M . Omega integrates to the work put in: trapezoids over the 0.01 s
  // frames against W_in, to the rule's error.
  const auto& channels = riccati.loadChannels();
  ASSERT_GE(channels.size(), 7u);
  const int first = static_cast<int>(channels.size()) - 7;
  EXPECT_EQ(channels[static_cast<std::size_t>(first)].name, "pull.fx");
  EXPECT_EQ(channels.back().name, "pull.power");
  EXPECT_EQ(riccati.loadValue(50, first + 5), turned.perturbation.torque.z());
  double integral = 0.0;
  for (int f = 1; f < riccati.frameCount(); ++f)
    integral += 0.5 * (riccati.time(f) - riccati.time(f - 1)) * (riccati.loadValue(f, first + 6) + riccati.loadValue(f - 1, first + 6));
  // The torque switches on and off at recorded instants, where the rule
  // takes the wrong side's power for half a frame: bounded by one frame's.
  EXPECT_NEAR(integral, riccati.energy(riccati.frameCount() - 1).work, 0.02 * std::abs(riccati.energy(riccati.frameCount() - 1).work) + 1e-3);
  RecordProperty("torque_energy_drift_relative", test::shortNumber(drift / scale));
}

TEST(RunInputs, AServoSetPointFromTheControlsHoldsAndFollowsThePdLaw) {
  ModelSpec spec = example("servo-arm");
  spec.simulation.endTime = 3.0;
  spec.simulation.outputEvery = 10;
  const auto model = compile(spec, CompileOptions{true});
  const std::vector<ControlChannel> channels = controlChannels(*model);
  ASSERT_EQ(channels.size(), 3u);
  EXPECT_TRUE(channels[0].servo);
  EXPECT_EQ(channels[0].unit(), "rad");
  RunInputs set = neutralInputs(*model);
  set.controls[0] = 1.9;  // joint 1 held at 1.9 rad from 0.5 s on (its own reference swings about pi/2)
  ReplayedInputs inputs({{500, 0.5, set}});
  CaptureSink sink;
  ASSERT_EQ(run(model, spec.simulation, sink, &inputs).status, RunStatus::Completed);
  const int element = channels[0].element;
  const HingeElements& e = model->loads().hinges[static_cast<std::size_t>(element)];
  for (const Captured& f : sink.frames) {
    if (f.t <= 0.5 + 1e-12) continue;
    const HingeCoordinate& c = f.coordinates[static_cast<std::size_t>(element)];
    const double law = std::clamp(e.kp * (1.9 - c.q) + e.kd * (0.0 - c.rate), -e.maxLoad, e.maxLoad);
    EXPECT_NEAR(f.actuators[static_cast<std::size_t>(element)], law, 1e-12 * (1.0 + std::abs(law))) << "t = " << f.t;
  }
  // Joint 1 stays up near the set-point (less the sag of the arm's weight
  // on a 50 N m/rad servo) where its own reference has swung down to
  // pi/2 - 0.6 at 3 s.
  const double q = sink.frames.back().coordinates[static_cast<std::size_t>(element)].q;
  EXPECT_GT(q, 1.5);
  EXPECT_LT(q, 1.9);
  // Newton-Euler under the same control.
  const Results riccati = runWith(spec, SolverKind::Riccati, {{500, 0.5, set}});
  const Results reference = runWith(spec, SolverKind::NewtonEuler, {{500, 0.5, set}});
  EXPECT_LT(largestRotationDifference(riccati, reference), 1e-10);
}

/// A live run's options as the studio sets them: the user's inputs, and a stop.
RunOptions userRun(LiveInputs& live, const Model& model, std::atomic<bool>& stop) {
  live.reset(model);
  RunOptions options;
  options.inputs = &live;
  options.cancel = &stop;
  return options;
}

/// Every recorded number of two runs, compared bitwise.
void expectIdentical(const Results& a, const Results& b) {
  ASSERT_EQ(a.frameCount(), b.frameCount());
  ASSERT_EQ(a.recordedBodyCount(), b.recordedBodyCount());
  for (int f = 0; f < a.frameCount(); ++f) {
    ASSERT_EQ(a.time(f), b.time(f));
    const Energy ea = a.energy(f), eb = b.energy(f);
    ASSERT_EQ(std::memcmp(&ea, &eb, sizeof ea), 0) << "frame " << f;
    for (int s = 0; s < a.recordedBodyCount(); ++s) {
      ASSERT_EQ(a.com(f, s), b.com(f, s)) << "frame " << f;
      ASSERT_EQ(a.orientation(f, s), b.orientation(f, s));
      ASSERT_EQ(a.angularVelocity(f, s), b.angularVelocity(f, s));
      ASSERT_EQ(a.hingeForce(f, s), b.hingeForce(f, s));
    }
    for (int c = 0; c < static_cast<int>(a.loadChannels().size()); ++c) ASSERT_EQ(a.loadValue(f, c), b.loadValue(f, c));
    ASSERT_EQ(a.pull(f).force, b.pull(f).force);
  }
}

TEST(RunInputs, ALiveRunIsReplayedBitForBitFromItsSavedFile) {
  ModelSpec spec = example("servo-arm");
  spec.simulation.endTime = 1e5;  // a live run's far end
  spec.simulation.outputEvery = 7;
  const auto model = compile(spec, CompileOptions{true});
  LiveInputs live;
  std::atomic<bool> stop{false};
  RunOptions options = userRun(live, *model, stop);
  // The "user", between steps as the studio's GUI thread would be: a
  // slider moved, a pull, a second slider, a release.
  options.afterStep = [&](double t, bool) {
    const long step = std::lround(t / spec.simulation.timeStep);
    if (step == 250) live.setControl(1, -0.7);
    if (step == 400) live.setPerturbation(massScaledPull(*model, 0, Vec3::Zero(), Vec3(0.3, -0.8, 0.0)));
    if (step == 650) live.setControl(2, 0.2);
    if (step == 900) live.release();
    if (step == 1333) stop = true;
  };
  Results first(*model);
  const RunReport report = simulate(model, spec.simulation, first, options);
  ASSERT_EQ(report.status, RunStatus::Cancelled);
  ASSERT_EQ(live.log().size(), 4u);
  EXPECT_EQ(live.log()[0].step, 250);

  const std::string path = (std::filesystem::temp_directory_path() / "mstmm-test-live-recording.json").string();
  saveLiveRecording({spec, {}, report.steps, live.log()}, path);
  const LiveRecording loaded = loadLiveRecording(path);
  std::filesystem::remove(path);
  EXPECT_EQ(loaded.steps, 1333);
  ASSERT_EQ(loaded.inputs.size(), 4u);
  EXPECT_TRUE(loaded.inputs[0].inputs == live.log()[0].inputs);  // NaN controls read back as the model's own
  const auto again = compileForReplay(loaded);
  Results second(*again, loaded.record);
  const RunReport replay = replayLiveRecording(loaded, again, second);
  ASSERT_EQ(replay.status, RunStatus::Completed) << (replay.error ? replay.error->what() : "");
  expectIdentical(first, second);
  // And the inputs mattered: the run without them differs.
  Results plain(*again);
  RunOptions none;
  none.stepLimit = 1333;
  simulate(again, loaded.spec.simulation, plain, none);
  EXPECT_GT(largestRotationDifference(first, plain), 1e-3);
}

TEST(RunInputs, WrongInputsAreRefusedWithTheirNames) {
  const ModelSpec spec = example("riccati-demo-planar");
  Results sink(*compile(spec));
  ReplayedInputs nothing({});
  const RunReport refused = run(compile(spec), spec.simulation, sink, &nothing);
  ASSERT_TRUE(refused.error);
  EXPECT_NE(std::string(refused.error->what()).find("not compiled to take a run's inputs"), std::string::npos);

  const auto model = compile(spec, CompileOptions{true});
  RunInputs bad = neutralInputs(*model);
  bad.perturbation = massScaledPull(*model, 3, Vec3::Zero(), Vec3::Zero());
  bad.perturbation.stiffness = -1.0;
  EXPECT_NE(inputsProblem(*model, bad).find("negative stiffness"), std::string::npos);
  bad.perturbation.body = 40;
  EXPECT_NE(inputsProblem(*model, bad).find("grabs body 40; model"), std::string::npos);
  Results results(*model);
  ReplayedInputs wrong({{10, 0.01, bad}});
  const RunReport failed = run(model, spec.simulation, results, &wrong);
  ASSERT_EQ(failed.status, RunStatus::Failed);
  EXPECT_NE(std::string(failed.error->what()).find("at t = 0.01 s: the perturbation grabs body 40"), std::string::npos) << failed.error->what();
  EXPECT_EQ(results.frameCount(), 2);  // what was recorded before stays

  EXPECT_THROW(liveRecordingFromJson("{\"format\": \"mstmm-model\"}"), Error);
  try {
    liveRecordingFromJson(R"({"format": "mstmm-live-recording", "version": 1, "steps": 5, "record": {"bodies": [], "single_precision": false},
                              "inputs": [{"step": 9, "t": 0.009, "controls": []}], "model": {}})");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("inputs[0] is at step 9, after the run's last (5)"), std::string::npos) << e.what();
  }
  // Issue 51, point 2: a live run has no end time, so a recording of 0
  // steps replayed without end (21.7 GB of results in 10 minutes), and one
  // of 2^53 steps was taken although a run is capped at 1e10.
  for (const char* steps : {"0", "9007199254740992", "10000000001"}) {
    try {
      liveRecordingFromJson(std::string(R"({"format": "mstmm-live-recording", "version": 1, "steps": )") + steps +
                            R"(, "record": {"bodies": [], "single_precision": false}, "inputs": [], "model": {}})");
      ADD_FAILURE() << steps << " steps were taken";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("steps is ") + steps + "; a recorded run took between 1 and 1e+10 steps"), std::string::npos) << e.what();
    }
  }
}

// A replay stops between steps when asked (the CLI's SIGINT and SIGTERM),
// keeping what it recorded, as a run does.
TEST(RunInputs, AReplayStopsWhenCancelled) {
  ModelSpec spec = example("riccati-demo-planar");
  spec.simulation.endTime = 1e5;
  const auto model = compile(spec, CompileOptions{true});
  LiveRecording recording{spec, {}, 1000000000, {}};
  const std::atomic<bool> stop{true};
  Results results(*model);
  const RunReport report = replayLiveRecording(recording, model, results, &stop);
  EXPECT_EQ(report.status, RunStatus::Cancelled);
  EXPECT_LE(report.steps, 1);
}

TEST(RunInputs, MovingByHandTurnsOnlyTheHingesBetweenTheBodyAndTheGround) {
  const ModelSpec spec = example("riccati-demo-planar");
  const auto model = compile(spec, CompileOptions{true});
  Eigen::VectorXd y = initialState(*model);
  y[1] = 0.7;  // a rate, which the move takes away
  std::vector<BodyPose> poses;
  computePoses(*model, y, poses);
  const int body = 0;
  const Vec3 from = poses[0].point(Vec3::Zero());
  const Vec3 target = from + Vec3(0.3, 0.4, 0.0);
  const JointMove move = moveWithinJoints(*model, y, body, Vec3::Zero(), target);
  EXPECT_LT(move.distance, 1e-9);
  computePoses(*model, move.state, poses);
  EXPECT_LT((poses[0].point(Vec3::Zero()) - target).norm(), 1e-9);
  std::vector<char> onPath(static_cast<std::size_t>(model->bodyCount()), 0);
  for (int b = body; b >= 0; b = model->body(b).parent) onPath[static_cast<std::size_t>(b)] = 1;
  for (int b = 0; b < model->bodyCount(); ++b) {
    EXPECT_EQ(move.state[2 * b + 1], 0.0) << "body " << b << " is left at rest";
    if (onPath[static_cast<std::size_t>(b)]) continue;
    const int p = model->body(b).parent;
    const double before = y[2 * b] - (p >= 0 ? y[2 * p] : 0.0), after = move.state[2 * b] - (p >= 0 ? move.state[2 * p] : 0.0);
    EXPECT_NEAR(after, before, 1e-12) << "body " << b << "'s hinge is not between body 0 and the ground";
  }
  // Out of reach: as near as the stretched links allow, without a jump.
  const JointMove far = moveWithinJoints(*model, y, body, Vec3::Zero(), from + Vec3(50.0, 0.0, 0.0));
  EXPECT_TRUE(far.state.allFinite());
  EXPECT_LT(far.distance, 50.0);
  // A spatial chain's tip, through its ball joints.
  const ModelSpec chain = example("chain-5-spatial");
  const auto spatial = compile(chain);
  const Eigen::VectorXd y0 = initialState(*spatial);
  computePoses(*spatial, y0, poses);
  const Vec3 tip = poses[0].point(Vec3::Zero()) + Vec3(0.2, -0.3, 0.25);
  const JointMove reached = moveWithinJoints(*spatial, y0, 0, Vec3::Zero(), tip);
  EXPECT_LT(reached.distance, 1e-9);
  EXPECT_EQ(reached.state.segment<3>(4).norm(), 0.0);
  EXPECT_THROW(moveWithinJoints(*compile(example("four-bar")), initialState(*compile(example("four-bar"))), 0, Vec3::Zero(), Vec3::Zero()), Error);
}

TEST(RunInputs, AMoveByHandKeepsTheEnergyBalanceAndReplaysBitForBit) {
  ModelSpec spec = example("riccati-demo-planar");
  spec.simulation.endTime = 1e5;
  spec.simulation.timeStep = 2.5e-4;
  spec.simulation.outputEvery = 40;
  const auto model = compile(spec, CompileOptions{true});
  LiveInputs live;
  std::atomic<bool> stop{false};
  RunOptions options = userRun(live, *model, stop);
  Eigen::VectorXd latest;
  options.observeState = [&](double, const Eigen::VectorXd& y) { latest = y; };
  options.afterStep = [&](double t, bool) {
    const long step = std::lround(t / spec.simulation.timeStep);
    if (step == 1200) {  // "paused" here: the tip link put 0.5 m up
      std::vector<BodyPose> poses;
      computePoses(*model, latest, poses);
      live.moveTo(moveWithinJoints(*model, latest, 0, Vec3::Zero(), poses[0].point(Vec3::Zero()) + Vec3(0.0, 0.5, 0.0)).state);
    }
    if (step == 4000) stop = true;
  };
  Results first(*model);
  const RunReport report = simulate(model, spec.simulation, first, options);
  ASSERT_EQ(report.status, RunStatus::Cancelled);
  ASSERT_EQ(live.log().size(), 1u);
  double drift = 0.0, scale = 0.0, jump = 0.0;
  for (int f = 0; f < first.frameCount(); ++f) {
    const Energy e = first.energy(f);
    drift = std::max(drift, std::abs(e.balance() - first.energy(0).balance()));
    scale = std::max({scale, std::abs(e.total()), e.kinetic});
    if (f > 0) jump = std::max(jump, std::abs(e.work - first.energy(f - 1).work));
  }
  EXPECT_GT(jump, 1.0);  // the move's energy, booked as work put in
  EXPECT_LE(drift, 1e-8 * scale) << "drift " << drift << " J of " << scale << " J";
  const std::string path = (std::filesystem::temp_directory_path() / "mstmm-test-moved-by-hand.json").string();
  saveLiveRecording({spec, {}, report.steps, live.log()}, path);
  const LiveRecording loaded = loadLiveRecording(path);
  std::filesystem::remove(path);
  ASSERT_EQ(loaded.inputs[0].state.size(), stateSize(*model));
  const auto again = compileForReplay(loaded);
  Results second(*again, loaded.record);
  ASSERT_EQ(replayLiveRecording(loaded, again, second).status, RunStatus::Completed);
  expectIdentical(first, second);
}

// The demo's leaf link turns on two pins (its own and the root link's):
// from random states, the move ends at the point of the reachable annulus
// nearest the target, as a search over both angles on a 0.5 degree grid finds it.
TEST(RunInputs, MovingByHandEndsAsNearAsTheHingesAllow) {
  const auto model = compile(example("riccati-demo-planar"), CompileOptions{true});
  ASSERT_EQ(model->body(0).parent, 3);
  ASSERT_EQ(model->body(3).parent, -1);
  Random random(3);
  for (int trial = 0; trial < 6; ++trial) {
    const Eigen::VectorXd y = test::randomState(*model, random);
    std::vector<BodyPose> poses;
    computePoses(*model, y, poses);
    const Vec3 local = 0.5 * model->body(0).output;
    const Vec3 target = poses[0].point(local) + Vec3(random.uniform(-1, 1), random.uniform(-1, 1), 0.0);
    const JointMove move = moveWithinJoints(*model, y, 0, local, target);
    const JointChart chart(*model, y);
    Eigen::VectorXd q = Eigen::VectorXd::Zero(chart.coordinates()), u = q, at(y.size());
    double nearest = std::numeric_limits<double>::infinity();
    const int n = test::plainOrAsan(720, 120);  // a turn in n steps
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) {
        q[chart.firstOf(3)] = 2.0 * std::numbers::pi * a / n;
        q[chart.firstOf(0)] = 2.0 * std::numbers::pi * b / n;
        chart.state(q, u, at);
        computePoses(*model, at, poses);
        nearest = std::min(nearest, (poses[0].point(local) - target).norm());
      }
    EXPECT_LE(move.distance, nearest + 1e-9) << "trial " << trial;
    EXPECT_GE(move.distance, nearest - 1.5 * 2.0 * std::numbers::pi / n) << "trial " << trial;  // the grid's resolution at 1.5 m
  }
}

}  // namespace
}  // namespace mstmm
