// Inputs that ask for more than the machine has are refused at once with a
// message that says what to change (issue 17.4): a recording larger than the
// memory available (the estimate the studio uses, recordedBytes()) or than
// the free disk of a results CSV; a model, study or table file that is not a
// regular file or too large; a name of 10 MB; JSON nested 100,000 deep. And
// a 100 MB model file loads. The time each takes is printed (not asserted).

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "core/generate/generators.hpp"
#include "core/io/input_bounds.hpp"
#include "core/io/model_json.hpp"
#include "core/study/study_json.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/recording_budget.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/core/check.hpp"

using namespace mstmm;

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// The message of the mstmm::Error that `load` throws, or "" if it does not.
template <class Load>
std::string refusal(Load load) {
  try {
    load();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::string demoJson() { return modelToJson(riccatiDemo()); }

}  // namespace

TEST(ResourceBounds, aRecordingLargerThanMemoryIsRefusedWithAStrideThatFits) {
  ChainOptions o;
  o.bodies = 1000;
  const auto model = compile(generateChain(o));
  SimulationSettings s;
  s.timeStep = 1e-4;
  s.endTime = 1e4;  // 1e8 instants of 1000 bodies: 1e8 x 1000 x 23 x 8 bytes = 18 TB
  const double available = 24e9;
  const double bytes = recordedBytes(*model, s, {});
  ASSERT_TRUE(bytes > 1.8e13);
  const auto problem = memoryRecordingProblem(*model, s, {}, available);
  ASSERT_TRUE(problem.has_value());
  test::info("%s", problem->c_str());
  ASSERT_TRUE(problem->starts_with("recording 1e+08 instants of 1000 bodies needs ")) << *problem;
  ASSERT_TRUE(test::contains(*problem, "more than half of the 24 GB this machine has available")) << *problem;
  ASSERT_TRUE(test::contains(*problem, "shorten the end time, or record fewer bodies")) << *problem;
  // The stride it proposes fits, and half of it would not.
  const std::size_t at = problem->find("record every ") + 13;
  const long long stride = std::stoll(problem->substr(at));
  s.outputEvery = static_cast<int>(stride);
  ASSERT_FALSE(memoryRecordingProblem(*model, s, {}, available).has_value());
  ASSERT_TRUE(recordedBytes(*model, s, {}) <= 0.5 * available);
  s.outputEvery = static_cast<int>(stride / 2);
  ASSERT_TRUE(memoryRecordingProblem(*model, s, {}, available).has_value());
  // Recording 10 of the bodies instead fits without a stride.
  s.outputEvery = 1;
  RecordOptions few;
  for (int b = 0; b < 10; ++b) few.bodies.push_back(b);
  s.endTime = 10.0;
  ASSERT_FALSE(memoryRecordingProblem(*model, s, few, available).has_value());
  // This machine reports what it has.
  ASSERT_TRUE(availableMemoryBytes() > 1e8);
}

TEST(ResourceBounds, moreBodiesThanAModelMayHaveAreRefusedBeforeAnyIsChecked) {
  ModelSpec spec;
  spec.bodies.resize(kMaxBodies + 1);
  const auto start = std::chrono::steady_clock::now();
  const std::vector<Diagnostic> d = validate(spec);
  test::info("refused in %.3f s", secondsSince(start));
  ASSERT_SAME(d.size(), std::size_t{1});
  ASSERT_SAME(d.front().message, std::string("model: 1000001 bodies, more than the 1000000 a model may have (as many as the generators make)"));
  ASSERT_THROW(compile(spec), Error);
}

TEST(ResourceBounds, aCsvLargerThanTheFreeDiskIsRefused) {
  SimulationSettings s;
  s.timeStep = 1e-4;
  s.endTime = 1e6;  // 1e10 rows
  const double bytes = csvBytesEstimate(s, 41);
  ASSERT_SAME(bytes, (1.0 + 1e10) * (25.0 * 41 + 1.0));
  const test::TempDir dir;
  const std::string out = dir.filePath("results.csv");
  const double free = freeDiskBytes(out);
  ASSERT_TRUE(free > 0.0 && free < 1e15);
  const auto problem = diskRecordingProblem(s, bytes, free, out);
  ASSERT_TRUE(problem.has_value());
  test::info("%s", problem->c_str());
  ASSERT_TRUE(problem->starts_with("the results CSV '" + out + "' could take up to 10260.1 GB")) << *problem;
  ASSERT_TRUE(test::contains(*problem, "(--every), shorten the end time (--t-end), or record fewer bodies (--bodies)")) << *problem;
  s.endTime = 1.0;
  ASSERT_FALSE(diskRecordingProblem(s, csvBytesEstimate(s, 41), free, out).has_value());
}

TEST(ResourceBounds, filesThatAreNotRegularOrTooLargeAreRefusedAtOnce) {
  const auto start = std::chrono::steady_clock::now();
  ASSERT_SAME(refusal([] { loadModel("/dev/zero"); }), std::string("cannot open model file '/dev/zero': not a regular file"));
  ASSERT_SAME(refusal([] { loadStudy("/dev/urandom"); }), std::string("cannot open study file '/dev/urandom': not a regular file"));
  const test::TempDir dir;
  const std::string fifo = dir.filePath("pipe.json");
  ASSERT_SAME(mkfifo(fifo.c_str(), 0600), 0);
  ASSERT_SAME(refusal([&] { loadModel(fifo); }), "cannot open model file '" + fifo + "': not a regular file");
  // A table whose CSV is a device: the message names the hinge.
  nlohmann::json withTable = nlohmann::json::parse(demoJson());
  withTable["hinges"][0]["motion"] = {{"type", "table"}, {"csv", "/dev/zero"}};
  const std::string table = refusal([&] { modelFromJson(withTable.dump()); });
  ASSERT_TRUE(table.starts_with("hinge '8.1'")) << table;
  ASSERT_TRUE(test::contains(table, "cannot open table file '/dev/zero': not a regular file")) << table;
  // 600 MB (sparse: no disk used) is refused by its size, without reading it.
  const std::string huge = dir.filePath("huge.json");
  { std::ofstream create(huge); }
  std::filesystem::resize_file(huge, 600u << 20);
  ASSERT_SAME(refusal([&] { loadModel(huge); }), "model file '" + huge + "' is 600 MB, more than the 512 MB a file may have; split the model or generate it (mstmm generate)");
  test::info("all refused in %.3f s", secondsSince(start));
}

TEST(ResourceBounds, aHundredMegabyteModelLoadsAndATenMegabyteNameFails) {
  // 100 MB: the demo with an editor state of 100 MB of numbers (the editor
  // keeps whatever the studio stores there).
  std::string text = demoJson();
  std::string numbers = "[";
  numbers.reserve(100u << 20);
  while (numbers.size() < (100u << 20)) numbers += "0.123456789012345,";
  numbers += "1]";
  const std::size_t close = text.rfind('}');
  text.insert(close, ", \"editor\": {\"positions\": " + numbers + "}\n");
  ASSERT_TRUE(text.size() > (100u << 20));
  const test::TempDir dir;
  const std::string path = dir.filePath("big.json");
  writeFileAtomically(path, text);
  auto start = std::chrono::steady_clock::now();
  const ModelSpec big = loadModel(path);
  test::info("a %.0f MB model file loaded in %.2f s", text.size() / 1048576.0, secondsSince(start));
  ASSERT_SAME(big.bodies.size(), riccatiDemo().bodies.size());
  ASSERT_TRUE(big.editorState.size() > (100u << 20));

  // A name of 10 MB: refused, and the message stays short.
  ModelSpec named = riccatiDemo();
  named.bodies[2].name = std::string(10u << 20, 'x');
  const std::string longName = modelToJson(named);
  start = std::chrono::steady_clock::now();
  const std::string message = refusal([&] { modelFromJson(longName); });
  test::info("a 10 MB name refused in %.2f s: %s", secondsSince(start), message.c_str());
  ASSERT_TRUE(message.starts_with("body 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...': 'name' is 10485760 characters long, more than the 1000 allowed"))
      << message.substr(0, 300);
  ASSERT_TRUE(message.size() < 200);
}

TEST(ResourceBounds, deepNestingFailsCleanly) {
  for (const char* open : {"[", "{\"a\":"}) {
    std::string deep;
    for (int i = 0; i < 100000; ++i) deep += open;
    const auto start = std::chrono::steady_clock::now();
    ASSERT_SAME(refusal([&] { modelFromJson(deep); }),
                std::string("line 1: arrays and objects nest deeper than 64 levels; a model file nests about 6"));
    ASSERT_TRUE(test::contains(refusal([&] { studyFromJson(deep, "."); }), "nest deeper than 64 levels"));
    test::info("100000 levels of %s refused in %.4f s", open, secondsSince(start));
  }
  // Brackets inside strings are text, not nesting.
  ModelSpec spec = riccatiDemo();
  spec.name = std::string(200, '[');
  ASSERT_SAME(modelFromJson(modelToJson(spec)).name, spec.name);
  // The editor's state may nest as deep as the bound, no deeper: the file's
  // object and "editor" are two levels, the rest are the state's.
  const auto withEditorDepth = [](int levels) {
    std::string nest = "0";
    for (int i = 0; i < levels - 2; ++i) nest = "[" + nest + "]";
    std::string text = demoJson();
    text.insert(text.rfind('}'), ", \"editor\": {\"deep\": " + nest + "}\n");
    return text;
  };
  ASSERT_FALSE(modelFromJson(withEditorDepth(kMaxJsonDepth)).editorState.empty());
  ASSERT_TRUE(test::contains(refusal([&] { modelFromJson(withEditorDepth(kMaxJsonDepth + 1)); }), "nest deeper than 64 levels"));
}

// Memory running out part way through recording a frame (std::bad_alloc in
// one of the result vectors) leaves the frames before it whole: the frame
// is not counted and nothing of it is kept, so that the studio, which
// reports the failure and keeps what was recorded (R5), never reads a
// frame with values missing. In a child process under an address-space
// limit 40 MB above what it holds; not under AddressSanitizer, whose
// shadow memory needs terabytes of address space.
TEST(ResourceBounds, memoryRunningOutWhileRecordingKeepsWholeFrames) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "address-space limits do not apply under AddressSanitizer";
#endif
#endif
  ChainOptions chain;
  chain.bodies = 1000;
  ModelSpec spec = generateChain(chain);
  spec.simulation.timeStep = 1e-3;
  spec.simulation.outputEvery = 1;
  const auto model = compile(spec);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    SimulationSettings one = spec.simulation;
    one.endTime = one.timeStep;
    Results first(*model);
    simulate(model, one, first);
    const std::size_t perFrame = first.bytes() / static_cast<std::size_t>(std::max(first.frameCount(), 1));  // a frame's values and time
    std::ifstream statm("/proc/self/statm");
    long pages = 0;
    statm >> pages;
    const rlim_t held = static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE));
    const rlimit limit{held + (40u << 20), RLIM_INFINITY};
    ::setrlimit(RLIMIT_AS, &limit);
    SimulationSettings many = spec.simulation;
    many.endTime = 100.0;  // 100,001 frames of 184 kB: far beyond the limit
    Results results(*model);
    try {
      simulate(model, many, results);
    } catch (const std::bad_alloc&) {
      const int frames = results.frameCount();
      const bool whole = frames > 10 && results.bytes() == static_cast<std::size_t>(frames) * perFrame &&
                         results.com(frames - 1, 999).allFinite();
      ::_exit(whole ? 0 : 2);
    }
    ::_exit(1);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: memory did not run out; 2: a frame was counted with values missing";
}
