// Model files: load -> save -> load reproduces the spec exactly (every field,
// every shape), the bundled examples load and compile, saves are atomic, and
// the loader turns any malformed input into an mstmm::Error naming the
// element, never a crash or another exception.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <cmath>
#include <algorithm>

#include "tests/core/check.hpp"

#include "core/error.hpp"
#include "core/generate/linkages.hpp"
#include "core/io/model_json.hpp"
#include "core/io/table_csv.hpp"
#include "core/model/validation.hpp"
#include "core/io/results_csv.hpp"
#include "core/sim/simulation.hpp"
#include "core/model/model.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

/// A spec that uses every field the format has.
ModelSpec everyFieldSpec() {
  ModelSpec spec = generateRandomTree({8, 77, false});
  spec.name = "every field, with \"quotes\" and ünïcode";
  spec.gravity = Vec3(0.1, -9.80665, 0.2);
  spec.simulation = {3.5, 2.5e-4, IntegratorKind::DormandPrince45, 1e-7, 1e-9, 7, SolverKind::NewtonEuler};
  spec.bodies[1].shape = {};
  spec.bodies[1].shape.type = ShapeType::Box;
  spec.bodies[1].shape.size = Vec3(0.3, 0.2, 0.1);
  spec.bodies[1].shape.center = Vec3(0.1, 0.0, 0.02);
  spec.bodies[2].shape = {};
  spec.bodies[2].shape.type = ShapeType::PointMasses;
  spec.bodies[2].shape.points = {{0.25, Vec3(0.1, 0.2, 0.3)}, {0.5, Vec3(-0.1, 0.0, 0.1)}, {0.75, Vec3(0.3, -0.2, 0.0)}};
  spec.bodies[2].shape.mass = 1.5;
  spec.bodies[3].shape = {};
  spec.bodies[3].shape.type = ShapeType::Custom;
  spec.bodies[3].shape.mass = 2.25;
  spec.bodies[3].shape.com = Vec3(0.3, 0.01, -0.02);
  spec.bodies[3].shape.inertia << 0.2, 0.01, 0.0, 0.01, 0.3, 0.02, 0.0, 0.02, 0.4;
  spec.bodies[3].shape.inertiaAbout = InertiaReference::BodyOrigin;
  spec.bodies[4].theta = 0.25;  // not used by a spatial model, but kept
  spec.hinges[2].type = HingeType::Revolute;
  spec.hinges[2].axis = Vec3(0.6, 0.0, 0.8);
  spec.hinges[0].anchor = Vec3(1.0, 2.0, 3.0);
  spec.hinges[3].type = HingeType::Weld;
  spec.hinges[4].type = HingeType::Slider;
  spec.hinges[4].axis = Vec3(0.0, 0.6, -0.8);
  spec.hinges[4].slide = 0.125;
  spec.hinges[4].slideRate = -1.5;
  spec.editorState = R"({"nodes":{"b0":[1.5,2]},"zoom":0.75})";
  return spec;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace


TEST(ModelJson, roundTripIsExact) {
  struct Row {
    const char* name;
    int which;
  };
  const Row rows[] = {
      {"every field", 0},
      {"paper demo", 1},
      {"branch system", 2},
      {"random planar tree", 3},
      {"closed loops, cut choices, drift settings", 4},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const int& which = row.which;
    ModelSpec spec;
    switch (which) {
      case 0: spec = everyFieldSpec(); break;
      case 1: spec = riccatiDemo(); break;
      case 2: spec = generateBranch({40, false}); break;
      case 4:
        spec = generateMixedSystem({});
        spec.hinges[0].cut = CutChoice::Keep;
        spec.hinges[1].cut = CutChoice::Cut;
        spec.simulation.loopStabilisation = LoopStabilisation::Projection;
        spec.simulation.baumgarteAlpha = 7.5;
        spec.simulation.baumgarteBeta = 2.25;
        spec.simulation.projectInitialState = true;
        break;
      default: spec = generateRandomTree({30, 5, true}); break;
    }
    // load -> save -> load gives the same spec, bit for bit; and since these
    // specs only set fields the format stores, they survive a save too.
    const ModelSpec loaded = modelFromJson(modelToJson(spec));
    const ModelSpec reloaded = modelFromJson(modelToJson(loaded));
    ASSERT_TRUE(reloaded == loaded);
    ASSERT_TRUE(loaded == spec);
    ASSERT_SAME(modelToJson(reloaded), modelToJson(spec));
  }
}


TEST(ModelJson, bundledExamplesLoadAndCompile) {
  int examples = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::sourcePath("resources/examples"))) {
    SCOPED_TRACE(entry.path().filename().string());
    const std::string file = entry.path().string();
    ++examples;
    const ModelSpec spec = loadModel(file);
    const auto model = compile(spec);
    ASSERT_TRUE(model->bodyCount() > 0);
    // Not even a warning: a new user's first run (a beam's time step, say:
    // equations.md §11.4) should not open with one.
    for (const Diagnostic& d : validate(spec)) ADD_FAILURE() << d.message;
    // Bundled files are in canonical form: saving them changes nothing but
    // the format version, which a version-1 file (the examples made before
    // load elements) moves forward to version 2, the lowest that holds a
    // model without armature.
    std::string expected = readFile(file);
    const std::string v1 = "\"version\": 1,";
    if (const auto at = expected.find(v1); at != std::string::npos)
      expected.replace(at, v1.size(), "\"version\": " + std::to_string(modelFormatVersionFor(spec)) + ",");
    ASSERT_SAME(modelToJson(spec), expected);
  }
  ASSERT_TRUE(examples >= 14);
}

// tests/data/v1-results holds the results of every bundled version-1
// example (0.2 s, every 20th step, all bodies) written by the last build
// before load elements existed. Loading the same files now must give the
// same numbers to the last bit: load elements cost models without them nothing.
// Spatial models with ball hinges are the exception since the fused ball
// kernels (ball_kernels.hpp) summed their terms in another order: equal
// to 1e-12 relative.
#if defined(__clang__)
constexpr bool kBitIdentical = false;
#else
constexpr bool kBitIdentical = true;
#endif

TEST(ModelJson, version1ExamplesGiveBitIdenticalResults) {
  int compared = 0;
  for (const auto& entry : std::filesystem::directory_iterator(test::sourcePath("resources/examples"))) {
    const std::string expectedPath = test::sourcePath("tests/data/v1-results/" + entry.path().stem().string() + ".csv");
    if (!std::filesystem::exists(expectedPath)) continue;
    ModelSpec spec = loadModel(entry.path().string());
    spec.simulation.endTime = 0.2;
    spec.simulation.outputEvery = 20;
    const auto model = compile(spec);
    std::vector<int> all;
    for (int i = 0; i < model->bodyCount(); ++i) all.push_back(i);
    test::TempDir dir;
    const std::string out = dir.filePath("r.csv");
    {
      CsvResultWriter writer(*model, out, all, {"golden", "golden"});
      ASSERT_TRUE(!simulate(model, spec.simulation, writer).error);
      writer.complete();
    }
    auto rows = [](const std::string& path) {
      std::ifstream in(path);
      std::vector<std::string> lines;
      for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.push_back(line);
      return lines;
    };
    const std::vector<std::string> expected = rows(expectedPath), actual = rows(out);
    ASSERT_SAME(actual.size(), expected.size());
    bool reordered = false;
    for (int i = 0; i < model->bodyCount(); ++i) reordered |= !model->planar() && model->hinge(i).type == HingeType::Ball;
    for (std::size_t k = 0; k < expected.size(); ++k) {
      if (actual[k] == expected[k]) continue;
      // The files were written by GCC; another compiler (clang, in the
      // sanitizer builds) rounds a few operations differently: equal to
      // 1e-12 relative there, bit for bit with GCC.
      if (kBitIdentical && !reordered) FAIL() << ::mstmm::test::text("%1 row %2 differs", entry.path().filename().c_str(), k);
      std::istringstream a(actual[k]), e(expected[k]);
      for (std::string x, y; std::getline(a, x, ',') && std::getline(e, y, ',');) {
        if (x == y) continue;
        const double dx = std::stod(x), dy = std::stod(y);
        ASSERT_TRUE(std::abs(dx - dy) <= 1e-12 * std::max(1.0, std::abs(dy))) << entry.path().filename() << " row " << k << ": " << x << " vs " << y;
      }
    }
    ++compared;
  }
  ::mstmm::test::info("%d version-1 examples give %s results", compared, kBitIdentical ? "bit-identical (spatial ball models: equal to 1e-12)" : "equal (1e-12)");
  ASSERT_SAME(compared, 8);
}

TEST(ModelJson, saveIsAtomicAndReplacesTheFile) {
  test::TempDir dir;
  const std::string path = dir.filePath("model.json");
  saveModel(riccatiDemo(), path);
  saveModel(generateChain({3, true}), path);
  ASSERT_TRUE(loadModel(path) == generateChain({3, true}));
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path())) files += e.is_regular_file();
  ASSERT_SAME(files, 1);  // no temporary left behind
  // A save into a directory that does not exist fails cleanly and leaves nothing.
  ASSERT_THROW(saveModel(riccatiDemo(), dir.filePath("missing/model.json")), Error);
}

TEST(ModelJson, saveWritesThroughLinksAndNeverReplacesDevices) {
  test::TempDir dir;
  const std::string real = dir.filePath("real.json"), link = dir.filePath("link.json");
  saveModel(riccatiDemo(), real);
  std::filesystem::create_symlink(real, link);
  saveModel(generateChain({2, true}), link);
  ASSERT_TRUE(std::filesystem::is_symlink(link));  // still a link, to the updated file
  ASSERT_TRUE(loadModel(real) == generateChain({2, true}));
  // Saving to a device writes to it rather than renaming a file over it.
  saveModel(riccatiDemo(), "/dev/null");
  ASSERT_TRUE(std::filesystem::is_character_file("/dev/null"));
}


TEST(ModelJson, malformedInputGivesNamedErrors) {
  const std::string demo = modelToJson(riccatiDemo());
  auto with = [&demo](const std::string& from, const std::string& to) {  // every occurrence replaced
    std::string text = demo;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
    return text;
  };
  struct Row {
    const char* name;
    std::string text;
    std::string expected;
  };
  const Row rows[] = {
      {"not json", "{ bodies: ", "not a valid JSON model file"},
      {"not an object", "[1, 2]", "model: expected an object"},
      {"typo key", with("\"length\"", "\"lenght\""), "body '1': shape: unknown key 'lenght' (did you mean 'length'?)"},
      {"string for number", with("\"mass\": 1.0", "\"mass\": \"heavy\""), "body '1': shape: 'mass' must be a number"},
      {"short vector", with("\"output\": [1.0, 0.0, 0.0]", "\"output\": [1.0, 0.0]"), "body '1': 'output' must be an array of 3 numbers"},
      {"unknown hinge type", with("\"type\": \"pin\"", "\"type\": \"hinge\""), "hinge '8.1': unknown type 'hinge' (expected one of 'ball', 'pin', 'revolute', 'weld', 'slider', 'universal', 'cylindrical', 'planar', 'free', 'point-on-line', 'screw')"},
      {"unknown shape", with("\"type\": \"rod\"", "\"type\": \"sphere\""), "body '1': shape: unknown type 'sphere'"},
      {"hinge between unknown ends", with("\"tip\": \"1\"", "\"tip\": \"42\""), "hinge '8.1': tip-side body '42' does not exist"},
      {"newer version", with("\"version\": 2", "\"version\": 9"), "file format version 9 is not supported"},
      {"infinite", with("\"mass\": 1.0", "\"mass\": 1e999"), "not a valid JSON model file: number overflow parsing '1e999'"},
      {"missing bodies", "{\"hinges\": []}", "model: missing 'bodies'"},
  };
  for (const Row& row : rows) {
    SCOPED_TRACE(row.name);
    const std::string& text = row.text;
    const std::string& expected = row.expected;
    try {
      modelFromJson(text);
      FAIL() << "the loader accepted malformed input";
    } catch (const Error& e) {
      ASSERT_SAME(e.kind(), ErrorKind::Input);
      ASSERT_TRUE(::mstmm::test::contains(e.what(), expected)) << e.what();
    }
  }
}

TEST(ModelJson, loaderNeverCrashesOnMutatedFiles) {
  // Random byte flips, insertions, deletions and truncations of valid files:
  // every outcome is a spec or an mstmm::Error, and compile() on a loaded
  // spec either succeeds or throws mstmm::Error too.
  const std::string base = modelToJson(everyFieldSpec());
  Random r(2024);
  int accepted = 0, rejected = 0;
  const std::string alphabet = "{}[]\",:0123456789.-eE truefalsnul\\";
  for (int trial = 0; trial < 3000; ++trial) {
    std::string text = base;
    const int edits = 1 + r.below(4);
    for (int k = 0; k < edits && !text.empty(); ++k) {
      const auto pos = static_cast<std::size_t>(r.below(static_cast<int>(text.size())));
      switch (r.below(4)) {
        case 0: text[pos] = alphabet[static_cast<std::size_t>(r.below(static_cast<int>(alphabet.size())))]; break;
        case 1: text.insert(pos, 1, alphabet[static_cast<std::size_t>(r.below(static_cast<int>(alphabet.size())))]); break;
        case 2: text.erase(pos, 1 + static_cast<std::size_t>(r.below(8))); break;
        default: text.resize(pos); break;
      }
    }
    try {
      const ModelSpec spec = modelFromJson(text);
      try {
        compile(spec);
      } catch (const Error&) {
      }
      ++accepted;
    } catch (const Error&) {
      ++rejected;
    }
  }
  ::mstmm::test::info("mutated files: %d loaded, %d rejected with a message, 0 crashes", accepted, rejected);
  ASSERT_TRUE(rejected > 1000);
}

TEST(ModelJson, missingFileIsAnInputError) {
  try {
    loadModel("/nonexistent/model.json");
    FAIL() << "loaded a missing file";
  } catch (const Error& e) {
    ASSERT_SAME(e.kind(), ErrorKind::Input);
    ASSERT_TRUE(::mstmm::test::contains(e.what(), "cannot open model file '/nonexistent/model.json'"));
  }
}


// Visuals (imported models, docs/model-format.md "Visuals"): every kind and
// key round-trips exactly; a relative mesh file is found from the model
// file's folder; bad visuals get messages naming the body and the visual.
TEST(ModelJson, visualsRoundTripAndBadOnesAreNamed) {
  ModelSpec spec = riccatiDemo();
  spec.kind = ModelKind::Spatial;
  BodySpec& body = spec.bodies.front();
  VisualSpec box;
  box.size = Vec3(0.3, 0.2, 0.1);
  box.position = Vec3(0.1, 0.0, 0.05);
  box.orientation = Quat(0.5, 0.5, 0.5, 0.5);
  box.colour = Vec3(1.0, 0.5, 0.0);
  VisualSpec cylinder;
  cylinder.type = VisualType::Cylinder;
  cylinder.radius = 0.02;
  cylinder.length = 0.4;
  VisualSpec sphere;
  sphere.type = VisualType::Sphere;
  sphere.radius = 0.03;
  VisualSpec mesh;
  mesh.type = VisualType::Mesh;
  mesh.mesh = "/somewhere/arm.stl";
  mesh.scale = Vec3(0.001, 0.001, 0.001);
  body.visuals = {box, cylinder, sphere, mesh};
  const ModelSpec loaded = modelFromJson(modelToJson(spec));
  ASSERT_TRUE(loaded.bodies.front().visuals == body.visuals);
  ASSERT_SAME(modelToJson(loaded), modelToJson(spec));

  std::string relative = modelToJson(spec);
  relative.replace(relative.find("/somewhere/arm.stl"), 18, "meshes/arm.stl");
  ASSERT_SAME(modelFromJson(relative, "/models/robot").bodies.front().visuals[3].mesh, std::string("/models/robot/meshes/arm.stl"));

  std::string noType = modelToJson(spec);
  noType.replace(noType.find("\"type\": \"sphere\""), 16, "\"kind\": \"sphere\"");
  try {
    modelFromJson(noType);
    FAIL() << "a visual without a type was taken";
  } catch (const Error& e) {
    ASSERT_TRUE(::mstmm::test::contains(e.what(), "body '1': visual 3: unknown key 'kind'")) << e.what();
  }
  body.visuals[1].radius = -0.02;
  body.visuals[0].colour = Vec3(2.0, 0.0, 0.0);
  std::string messages;
  for (const Diagnostic& d : validate(spec)) messages += d.message + "\n";
  for (const char* part : {"body '1': visual 2: radius must be positive (got -0.02 m)", "body '1': visual 1: colour components must lie in [0, 1]",
                           "body '1': visual 4: mesh file '/somewhere/arm.stl' does not exist; it is not drawn"})
    ASSERT_TRUE(::mstmm::test::contains(messages, part)) << part << "\n" << messages;
}

// Plotted series saved as CSV read back (the studio compares runs with
// them): every value exactly, names with commas and quotes, units; a line
// that is not such a table is refused by its number.
TEST(TableCsv, readsBackWhatItWrites) {
  const std::vector<double> times = {0.0, 0.1, 0.30000000000000004};
  const std::vector<TableColumn> columns = {{"body 1 theta", "deg", {1.0 / 3.0, -2e-300, 7.5}}, {"tyre, \"front\": normal force", "N", {0.0, 1e6, -0.0}}, {"count", "", {1, 2, 3}}};
  const SeriesTable back = parseTableCsv(tableCsv({"a run", "second line"}, times, columns));
  EXPECT_EQ(back.times, times);
  ASSERT_EQ(back.columns.size(), columns.size());
  for (std::size_t k = 0; k < columns.size(); ++k) {
    EXPECT_EQ(back.columns[k].name, columns[k].name);
    EXPECT_EQ(back.columns[k].unit, columns[k].unit);
    EXPECT_EQ(back.columns[k].values, columns[k].values);
  }
  EXPECT_THROW(parseTableCsv("t [s],a [m]\n0,1\n1\n"), Error);
  try {
    parseTableCsv("# c\nt [s],a [m]\n0,1\n0.5,x1\n");
    FAIL();
  } catch (const Error& e) {
    EXPECT_TRUE(mstmm::test::contains(e.what(), "line 4: 'x1' is not a number")) << e.what();
  }
  EXPECT_THROW(parseTableCsv("time,a\n0,1\n"), Error);
  EXPECT_THROW(parseTableCsv("# only comments\n"), Error);
}
