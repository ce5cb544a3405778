// Parameter studies (issue 15.3): the summary does not depend on the number
// of threads; a study stopped half way resumes without computing a finished
// run again and gives the same table; a damping sweep's decay rates equal
// the closed form of the damped pendulum; samples are reproducible and a
// Latin hypercube fills every stratum; failures are rows, not the end.

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "core/study/study_json.hpp"
#include "core/model/model.hpp"
#include "core/sim/result_columns.hpp"
#include "core/sim/simulation.hpp"
#include "core/study/run_dispenser.hpp"
#include "core/study/study_runner.hpp"
#include "tests/core/check.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

StudyOptions onThreads(int threads) {
  StudyOptions options;
  options.threads = threads;
  return options;
}

/// What f throws, or "no error".
template <class F>
std::string messageOf(F f) {
  try {
    f();
  } catch (const Error& e) {
    return std::string(e.what());
  }
  return std::string("no error");
}

StudySpec dampingSweep() { return loadStudy(test::sourcePath("resources/studies/damping-sweep.json")); }

std::string readAll(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The rows of a summary (the lines after the comment and the header).
std::vector<std::vector<std::string>> rows(const std::string& summary) {
  std::vector<std::vector<std::string>> out;
  std::stringstream in(summary);
  int line = 0;
  for (std::string text; std::getline(in, text);) {
    if (text.empty() || text[0] == '#' || line++ == 0) continue;
    std::vector<std::string> fields;
    std::stringstream f(text);
    for (std::string v; std::getline(f, v, ',');) fields.push_back(v);
    out.push_back(fields);
  }
  return out;
}

}  // namespace

TEST(Studies, theTableDoesNotDependOnTheThreads) {
  const StudySpec study = dampingSweep();
  test::TempDir one, two;
  const StudyReport serial = runStudy(study, one.path(), onThreads(1));
  const StudyReport parallel = runStudy(study, two.path(), onThreads(2));
  EXPECT_EQ(serial.runs, 10);
  EXPECT_EQ(serial.computed, 10);
  EXPECT_EQ(parallel.computed, 10);
  EXPECT_EQ(readAll(one.filePath("summary.csv")), readAll(two.filePath("summary.csv")));
}

TEST(Studies, aStoppedStudyResumesWithoutRecomputing) {
  const StudySpec study = dampingSweep();
  test::TempDir whole, stopped;
  runStudy(study, whole.path(), onThreads(1));
  std::atomic<bool> stop{false};
  StudyOptions first = onThreads(1);
  first.cancel = &stop;
  first.progress = [&stop](int done, int) { stop = done >= 4; };
  const StudyReport before = runStudy(study, stopped.path(), first);
  EXPECT_EQ(before.computed, 4);
  const StudyReport after = runStudy(study, stopped.path(), onThreads(2));
  EXPECT_EQ(after.reused, 4);
  EXPECT_EQ(after.computed, 6);
  EXPECT_EQ(readAll(stopped.filePath("summary.csv")), readAll(whole.filePath("summary.csv")));
  const StudyReport again = runStudy(study, stopped.path(), onThreads(2));  // all done: nothing to compute
  EXPECT_EQ(again.computed, 0);
  EXPECT_EQ(again.reused, 10);
}

// A row file is reused only when it is whole and of this run's planned
// values; a file cut short, edited by hand or holding two rows is a run not
// yet done (a second line in a row file went into the table as a row of its
// own). The resumed table is the uninterrupted one, byte for byte.
TEST(Studies, aRowFileNotOfThisRunIsComputedAgain) {
  const StudySpec study = dampingSweep();
  test::TempDir whole, edited;
  runStudy(study, whole.path(), onThreads(1));
  runStudy(study, edited.path(), onThreads(1));
  const auto file = [&edited](int run) {
    char name[32];
    std::snprintf(name, sizeof name, "runs/run-%06d.csv", run);
    return edited.filePath(name);
  };
  const auto row = [&](int run) { return readAll(file(run)); };  // "run,damping,time_step,completed,5 metrics,\n"
  const auto put = [&](int run, const std::string& text) { std::ofstream(file(run), std::ios::binary) << text; };
  const auto fieldsOf = [&](int run) {
    std::vector<std::string> f;
    std::stringstream in(row(run).substr(0, row(run).size() - 1));
    for (std::string v; std::getline(in, v, ',');) f.push_back(v);
    if (row(run)[row(run).size() - 2] == ',') f.emplace_back();  // the empty message
    return f;
  };
  const auto joined = [](const std::vector<std::string>& f) {
    std::string line;
    for (const std::string& v : f) line += (line.empty() ? "" : ",") + v;
    return line + "\n";
  };
  ASSERT_EQ(fieldsOf(1).size(), 10u);
  std::vector<std::string> f;
  put(0, row(0).substr(0, row(0).size() / 2));  // cut short
  f = fieldsOf(1), f[1] = "0.3", put(1, joined(f));  // another damping
  put(2, row(2) + row(3));  // two rows
  f = fieldsOf(4), f[9] = "\"open", put(4, joined(f));  // an open quote
  f = fieldsOf(5), f[3] = "finished", put(5, joined(f));  // an unknown status
  f = fieldsOf(6), f.pop_back(), put(6, joined(f));  // a field short
  put(7, row(7) + "\n");  // an empty second line
  const StudyReport again = runStudy(study, edited.path(), onThreads(2));
  EXPECT_EQ(again.computed, 7);
  EXPECT_EQ(again.reused, 3);
  EXPECT_EQ(readAll(edited.filePath("summary.csv")), readAll(whole.filePath("summary.csv")));
}

// A rod pendulum (m = 1 kg, l = 1 m, J = m l^2 / 3 about the pivot) with a
// hinge damper c: small swings decay as exp(-c t / (2 J)).
TEST(Studies, dampingSweepDecaysAsTheClosedForm) {
  const StudySpec study = dampingSweep();
  test::TempDir dir;
  runStudy(study, dir.path(), onThreads(2));
  const double inertia = 1.0 / 3.0;
  double worst = 0.0;
  for (const auto& row : rows(readAll(dir.filePath("summary.csv")))) {
    ASSERT_EQ(row[3], "completed");
    const double c = std::stod(row[1]), dt = std::stod(row[2]), rate = std::stod(row[4]);
    if (dt != 0.001) continue;
    worst = std::max(worst, std::abs(rate - c / (2 * inertia)) / (c / (2 * inertia)));
  }
  test::info("damping sweep at dt = 1e-3: decay rates within %.2e of c / (2 J)", worst);
  EXPECT_LT(worst, 2e-3);
}

TEST(Studies, samplesAreReproducibleAndTheHypercubeFillsEveryStratum) {
  StudySpec s = dampingSweep();
  s.parameters = {{"c", "hinge:h1/spring/damping", {}, 0.0, 1.0}, {"m", "body:1/shape/mass", {}, 0.5, 2.5}};
  s.sampling = StudySampling::LatinHypercube;
  s.runs = 20;
  s.seed = 7;
  const auto a = studyRuns(s), b = studyRuns(s);
  EXPECT_EQ(a, b);
  for (std::size_t k = 0; k < 2; ++k) {
    std::set<int> strata;
    for (const auto& run : a) strata.insert(static_cast<int>((run[k] - s.parameters[k].from) / (s.parameters[k].to - s.parameters[k].from) * 20));
    EXPECT_EQ(strata.size(), 20u) << "parameter " << k;
  }
  s.sampling = StudySampling::MonteCarlo;
  s.seed = 8;
  const auto c = studyRuns(s);
  EXPECT_NE(c, a);
  for (const auto& run : c) EXPECT_TRUE(run[1] >= 0.5 && run[1] < 2.5);
}

// Issue 51, points 3, 6 and 12: a range whose width overflows a double
// still samples finite values inside it; save_results of the wrong type and
// a thread count out of range are refused naming what is wrong.
TEST(Studies, extremeRangesStayFiniteAndBadSettingsAreNamed) {
  StudySpec s = dampingSweep();
  const double big = 1.7e308;
  s.parameters = {{"g", "gravity/0", {}, -big, big}};
  for (StudySampling sampling : {StudySampling::MonteCarlo, StudySampling::LatinHypercube}) {
    s.sampling = sampling;
    s.runs = 50;
    for (const auto& run : studyRuns(s)) EXPECT_TRUE(std::isfinite(run[0]) && run[0] >= -big && run[0] <= big) << run[0];
  }
  auto study = [](const std::string& parameter, const std::string& extra) {
    return R"({"model": "damped-rod-pendulum.json", "parameters": [)" + parameter + "]" + extra + "}";
  };
  const StudySpec grid = studyFromJson(study(R"({"name": "g", "address": "gravity/0", "from": -1.7e308, "to": 1.7e308, "count": 3})", ""),
                                       test::sourcePath("resources/studies"));
  EXPECT_EQ(grid.parameters[0].values, (std::vector<double>{-big, 0.0, big}));
  EXPECT_EQ(messageOf([&] {
              studyFromJson(study(R"({"name": "c", "address": "hinge:h1/spring/damping", "values": [0.1]})", R"(, "save_results": "yes")"),
                            test::sourcePath("resources/studies"));
            }),
            "study: \"save_results\" must be true or false (got \"yes\")");
  test::TempDir dir;
  for (int threads : {0, 1000000})
    EXPECT_EQ(messageOf([&] { runStudy(dampingSweep(), dir.path(), onThreads(threads)); }), "a study runs on 1 to 1024 threads, not " + std::to_string(threads));
}

TEST(Studies, aFailedRunIsARowAndTheStudyGoesOn) {
  StudySpec s = dampingSweep();
  s.parameters = {{"mass", "body:1/shape/mass", {1.0, -1.0, 2.0}, 0, 0}};
  test::TempDir dir;
  const StudyReport report = runStudy(s, dir.path(), onThreads(2));
  EXPECT_EQ(report.failed, 1);
  const auto table = rows(readAll(dir.filePath("summary.csv")));
  ASSERT_EQ(table.size(), 3u);
  EXPECT_EQ(table[0][2], "completed");
  EXPECT_EQ(table[1][2], "invalid");
  EXPECT_TRUE(test::contains(readAll(dir.filePath("summary.csv")), "body '1': mass must be positive (got -1 kg)"));
  EXPECT_EQ(table[2][2], "completed");
}

TEST(Studies, addressesAndColumnsAreNamedWhenWrong) {
  const StudySpec s = dampingSweep();
  EXPECT_EQ(messageOf([&] { withParameter(s.model, "hinge:h9/spring/damping", 1); }), "address 'hinge:h9/spring/damping': the model has no hinge named 'h9'");
  EXPECT_EQ(messageOf([&] { withParameter(s.model, "hinge:h1/spring/mass", 1); }), "address 'hinge:h1/spring/mass': the model file has no such field");
  EXPECT_EQ(messageOf([&] { withParameter(s.model, "hinge:h1/type", 1); }), "address 'hinge:h1/type' names a field that is not a number");
  EXPECT_EQ(withParameter(s.model, "gravity/1", -3.7).gravity.y(), -3.7);
  // A whole-number field takes a whole value (it was written as 100.0, which the model file refuses).
  EXPECT_EQ(withParameter(s.model, "simulation/output_every", 100).simulation.outputEvery, 100);
  EXPECT_EQ(messageOf([&] { withParameter(s.model, "simulation/output_every", 2.5); }), "address 'simulation/output_every' names a whole-number field; got 2.5");
  // Found by the study fuzz target (tests/fuzz/regressions/study): a seed beyond 2^64 did not convert.
  for (const char* seed : {"777777763777777777777777", "-1", "0.5"}) {
    const std::string study = std::string(R"({"model": "damped-rod-pendulum.json", "parameters": [{"name": "c", "address": "hinge:h1/spring/damping", "from": 0.1, "to": 0.2}],
                                            "sampling": {"kind": "monte-carlo", "runs": 2, "seed": )") + seed + "}}";
    EXPECT_EQ(messageOf([&] { studyFromJson(study, test::sourcePath("resources/studies")); }),
              "study: sampling \"seed\" must be a whole number from 0 to 2^53 (9007199254740992)");
  }
  StudySpec huge = s;  // 1e6 x 1e6 runs: refused at once, not built
  huge.parameters = {{"a", "gravity/0", std::vector<double>(1000000, 0.0), 0, 0}, {"b", "gravity/1", std::vector<double>(1000000, -9.81), 0, 0}};
  EXPECT_EQ(messageOf([&] { studyRuns(huge); }), "study: the grid has 1000000000000 runs, more than the 10000000 allowed; use fewer values or random sampling");
  const auto model = compile(s.model);
  Results results(*model);
  SimulationSettings short_ = s.model.simulation;
  short_.endTime = 0.05;
  simulate(model, short_, results);
  EXPECT_TRUE(test::contains(messageOf([&] { resultColumn(*model, results, "1.qq"); }), "no result column '1.qq'"));
  EXPECT_EQ(resultColumn(*model, results, "1.theta").size(), static_cast<std::size_t>(results.frameCount()));
}

// A study resumed after its inputs changed mixed old and new rows and said
// it was fine (issue 31.2): now its folder keeps a fingerprint of the study
// file and of the base model, a changed one is refused naming what changed,
// and a restart computes every run afresh.
TEST(Studies, aResumeAfterAnEditIsRefusedNamingWhatChanged) {
  const StudySpec study = dampingSweep();
  test::TempDir dir;
  std::atomic<bool> stop{false};
  StudyOptions half = onThreads(1);
  half.cancel = &stop;
  half.progress = [&stop](int done, int) { stop = done >= 4; };
  runStudy(study, dir.path(), half);
  auto refusal = [&](const StudySpec& changed) {
    try {
      runStudy(changed, dir.path(), onThreads(1));
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("resumed");
  };
  StudySpec moreValues = study;
  moreValues.parameters[0].values.push_back(0.8);
  EXPECT_TRUE(test::contains(refusal(moreValues), "holds 4 run files of another version of this study: since they were computed, the study file "
                                                  "(parameters, sampling or records) has changed"));
  StudySpec heavier = study;
  heavier.model.bodies[0].shape.mass *= 2;
  const std::string why = refusal(heavier);
  EXPECT_TRUE(test::contains(why, "its base model '" + study.modelFile + "' has changed")) << why;
  EXPECT_TRUE(test::contains(why, "Run with --restart to compute every run afresh")) << why;
  EXPECT_EQ(rows(readAll(dir.filePath("summary.csv"))).size(), 4u);  // the refusals touched nothing
  StudyOptions restart = onThreads(2);
  restart.restart = true;
  const StudyReport fresh = runStudy(heavier, dir.path(), restart);
  EXPECT_EQ(fresh.computed, 10);
  EXPECT_EQ(fresh.reused, 0);
  const StudyReport again = runStudy(heavier, dir.path(), onThreads(2));  // the same inputs again: all reused
  EXPECT_EQ(again.reused, 10);
  // A folder with rows but no fingerprint (made before there was one) is not trusted either.
  std::filesystem::remove(dir.filePath("study-fingerprint.txt"));
  EXPECT_TRUE(test::contains(refusal(heavier), "holds 10 run files with no fingerprint of the study that made them"));
}

// Unknown keys and quantities are refused before any run, with the nearest
// valid name (a typo left its setting at the default, or made every run
// "fail" with empty metrics and exit 0).
TEST(Studies, unknownKeysAndQuantitiesAreRefusedWithTheNearestName) {
  auto message = [](const std::string& text) {
    try {
      studyFromJson(text, test::sourcePath("resources/studies"));
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const std::string head = R"({"model": "damped-rod-pendulum.json", "parameters": [{"name": "c", "address": "hinge:h1/spring/damping", "values": [0.1]}])";
  EXPECT_EQ(message(head + R"(, "samplng": {"kind": "grid"}})"), "study: unknown key 'samplng' (did you mean 'sampling'?)");
  EXPECT_EQ(message(head + R"(, "save_result": true})"), "study: unknown key 'save_result' (did you mean 'save_results'?)");
  EXPECT_EQ(message(head + R"(, "sampling": {"kind": "grid", "sed": 3}})"), "study: sampling: unknown key 'sed' (did you mean 'seed'?)");
  EXPECT_EQ(message(head + R"(, "record": [{"quantity": "1.thetaa", "stat": "max"}]})"), "study: record 1: the results have no column '1.thetaa' (did you mean '1.theta'?)");
  EXPECT_EQ(message(head + R"(, "record": [{"quantity": "1.theta", "stat": "max", "treshold": 1}]})"), "study: record 1: unknown key 'treshold' (did you mean 'threshold'?)");
  const std::string hugeKey(10 * 1024 * 1024, 'k');
  const std::string huge = message(head + ", \"" + hugeKey + "\": 1}");
  EXPECT_LT(huge.size(), 300u);
  EXPECT_TRUE(test::contains(huge, "...' (10485760 characters)")) << huge.substr(0, 300);
  const std::string hugeAddress = message(R"({"model": "damped-rod-pendulum.json", "parameters": [{"address": "hinge:)" + std::string(10 * 1024 * 1024, 'h') +
                                          R"(/spring/damping", "values": [0.1]}]})");
  EXPECT_LT(hugeAddress.size(), 400u);  // a 10 MB address made a 20 MB message
  EXPECT_TRUE(test::contains(hugeAddress, "...' (10485781 characters): the model has no hinge named 'hhhh")) << hugeAddress.substr(0, 400);
  EXPECT_TRUE(hugeAddress.ends_with("...' (10485760 characters)")) << hugeAddress.substr(0, 400);
  EXPECT_EQ(message(head + R"(, "record": [{"quantity": "1.theta", "stat": "max"}]})"), "accepted");
}

// Guided self-scheduling by cost (run_dispenser.hpp): a batch is worth what
// is left over twice the takers, at least one run; worked by hand for 200
// runs of one cost and 2 takers: 200/4 = 50, then 150/4 = 37.5 → 37,
// 113/4 → 28, 85/4 → 21, 64/4 = 16, 48/4 = 12, 36/4 = 9, 27/4 → 6, 21/4 → 5,
// 16/4 = 4, 12/4 = 3, 9/4 → 2, and the last 7 one at a time.
TEST(RunDispenser, batchesShrinkAsTheWorkLeftDoes) {
  std::vector<int> runs(200);
  for (int i = 0; i < 200; ++i) runs[static_cast<std::size_t>(i)] = i;
  RunDispenser dispenser(runs, std::vector<double>(200, 1.0), 2);
  std::vector<std::size_t> sizes;
  std::vector<int> handed;
  for (std::vector<int> b = dispenser.takeBatch(); !b.empty(); b = dispenser.takeBatch()) {
    sizes.push_back(b.size());
    handed.insert(handed.end(), b.begin(), b.end());
  }
  const std::vector<std::size_t> expected{50, 37, 28, 21, 16, 12, 9, 6, 5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 1};
  EXPECT_EQ(sizes, expected);
  EXPECT_EQ(handed, runs);  // equal costs: in run order, each once
  EXPECT_EQ(dispenser.takeOne(), -1);
}

TEST(RunDispenser, longestRunsGoFirstAndCostlyOnesAlone) {
  // Runs 0..3 of cost 1, 10, 3, 10 and one taker: a share is half of what is
  // left (24 → 12): run 1 (10) then run 3 would make 20 > 12, so run 1 alone;
  // then 14 → 7: run 3 alone; then 4 → 2: run 2 alone (3 > 2, but at least one); then run 0.
  RunDispenser dispenser({0, 1, 2, 3}, {1.0, 10.0, 3.0, 10.0}, 1);
  EXPECT_EQ(dispenser.takeBatch(), std::vector<int>{1});
  EXPECT_EQ(dispenser.takeOne(), 3);
  EXPECT_EQ(dispenser.takeBatch(), std::vector<int>{2});
  dispenser.close();
  EXPECT_TRUE(dispenser.takeBatch().empty());
  EXPECT_THROW(RunDispenser({0, 1}, {1.0}, 1), std::invalid_argument);
}

TEST(RunDispenser, aRunCostsItsStepsTimesItsBodies) {
  StudySpec study = dampingSweep();  // damping × time step (0.001, 0.002), the last fastest
  const double end = study.model.simulation.endTime;
  const double bodies = static_cast<double>(study.model.bodies.size());
  EXPECT_DOUBLE_EQ(estimatedRunCost(study, studyRuns(study)[3]), end / 0.002 * bodies);
  EXPECT_EQ(estimatedRunCosts(study, studyRuns(study), {0, 3}), (std::vector<double>{end / 0.001 * bodies, end / 0.002 * bodies}));
  // Parameters that do not change the cost: every run the same, and the runner skips the estimate.
  study.parameters.pop_back();
  EXPECT_EQ(estimatedRunCosts(study, studyRuns(study), {0, 4}), (std::vector<double>{1.0, 1.0}));
  study.parameters = {{"end", "simulation/end_time", {0.5, 2.0}, 0.0, 0.0}};
  const std::vector<double> costs = estimatedRunCosts(study, studyRuns(study), {0, 1});
  ASSERT_EQ(costs.size(), 2u);
  EXPECT_DOUBLE_EQ(costs[0], 0.5 / study.model.simulation.timeStep * bodies);
  EXPECT_DOUBLE_EQ(costs[1], 4.0 * costs[0]);
  // Values that make no model (a negative time step) cost nothing to refuse.
  study.parameters = {{"dt", "simulation/time_step", {-1.0}, 0.0, 0.0}};
  EXPECT_EQ(estimatedRunCost(study, {-1.0}), 1.0);
}

// The studio's parameter chooser (issue 30.5: addresses were typed by hand):
// every offered address is one withParameter() takes, its value is the
// model's own (putting it back changes nothing), and the hinge damper of the
// damping sweep is offered with its unit.
TEST(Studies, theOfferedParametersAreTheModelsOwnNumbers) {
  const StudySpec s = dampingSweep();
  const std::vector<StudyAddress> offered = studyAddresses(s.model);
  ASSERT_GT(offered.size(), 5u);
  bool damper = false;
  for (const StudyAddress& a : offered) {
    SCOPED_TRACE(a.address);
    EXPECT_TRUE(withParameter(s.model, a.address, a.value) == s.model);
    EXPECT_FALSE(a.unit.empty());
    if (a.address == "hinge:h1/spring/damping") {
      damper = true;
      EXPECT_EQ(a.unit, "N m s/rad");
      EXPECT_EQ(a.value, s.model.hinges[0].loads.spring->damping);
      EXPECT_EQ(a.label, "hinge 'h1': spring/damping");
    }
  }
  EXPECT_TRUE(damper);
  EXPECT_EQ(offered[1].address, "gravity/1");
  EXPECT_EQ(offered[1].value, s.model.gravity.y());
  EXPECT_EQ(studyAddresses(s.model, 3).size(), 3u);
  // The units of result columns, as the studio labels a metric's axis.
  const auto model = compile(s.model);
  EXPECT_EQ(resultColumnUnit(*model, "1.theta"), "rad");
  EXPECT_EQ(resultColumnUnit(*model, "1.x"), "m");
  EXPECT_EQ(resultColumnUnit(*model, "1.wz"), "rad/s");
  EXPECT_EQ(resultColumnUnit(*model, "energy.total"), "J");
  EXPECT_EQ(resultColumnUnit(*model, "1.hinge_mz"), "N m");
  EXPECT_EQ(resultColumnUnit(*model, "nobody.x"), "");
}
