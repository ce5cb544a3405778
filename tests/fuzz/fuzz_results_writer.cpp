// Fuzz target: the streamed results file (docs/reliability.md R1, R2) under
// injected faults. The input chooses a bundled model and how long it runs,
// the columns, what was at the target before (nothing, or a file of some
// mode, reached directly or through a symbolic link), where the disk fills
// (a file-size limit, which fails a write as a full disk does, at any byte)
// and whether the run completes, fails or is interrupted at some frame. The
// writer is then ended as `mstmm simulate` ends it: complete() after a run
// that completed, keepPartial() otherwise. Whatever happened:
//   - an error is an mstmm::Error that names the file;
//   - the old target keeps its bytes and mode unless complete() succeeded,
//     and then it holds exactly the CSV that the in-memory results of the
//     same frames give (writeResultsCsv, written afterwards without faults),
//     with the old mode;
//   - a partial file kept holds those rows and one "# incomplete" line;
//   - no temporary file is left in the folder.
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/io/model_json.hpp"
#include "core/io/results_csv.hpp"
#include "core/model/model.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace mstmm;
namespace fs = std::filesystem;

namespace {

// Small bundled models of each kind the CSV has columns for: planar, a loop,
// slides, spatial bodies, load elements and contact.
const char* const kModels[] = {"driven-pendulum.json", "four-bar.json", "stops-slider.json",
                               "chain-5-spatial.json", "quarter-car.json", "incline-block.json"};
constexpr int kModelCount = sizeof kModels / sizeof kModels[0];

const ModelSpec& bundled(int which) {
  static std::map<int, ModelSpec> specs;
  auto it = specs.find(which);
  if (it == specs.end()) it = specs.emplace(which, loadModel(std::string(MSTMM_SOURCE_DIR "/resources/examples/") + kModels[which])).first;
  return it->second;
}

/// A folder of this process's own, emptied for every input.
const fs::path& folder() {
  static const fs::path dir = fuzz::scratchFolder("results");
  return dir;
}

/// What the run does at frame `at`: nothing, fail (as a divergence would), or stop (as SIGINT does).
enum class Ending { Completes, FailsAt, InterruptedAt };

/// Records each frame into the in-memory results and the writer, and ends the run as chosen.
class Tee final : public ResultSink {
 public:
  Tee(Results& results, CsvResultWriter& writer, Ending ending, int at, std::atomic<bool>& cancel)
      : m_results(results), m_writer(writer), m_ending(ending), m_at(at), m_cancel(cancel) {}
  void record(const Frame& frame) override {
    if (m_frames++ == m_at) {
      if (m_ending == Ending::FailsAt) throw Error(ErrorKind::Divergence, "a failure put in at frame " + std::to_string(m_at));
      if (m_ending == Ending::InterruptedAt) m_cancel = true;
    }
    m_results.record(frame);
    m_writer.record(frame);
  }

 private:
  Results& m_results;
  CsvResultWriter& m_writer;
  Ending m_ending;
  int m_at, m_frames = 0;
  std::atomic<bool>& m_cancel;
};

/// Under a file-size limit of `bytes` (none when negative) until it goes out of scope.
class DiskFillsAt {
 public:
  explicit DiskFillsAt(long bytes) {
    static const bool ignored = std::signal(SIGXFSZ, SIG_IGN) != SIG_ERR;  // a write past the limit fails with EFBIG instead
    fuzz::require(ignored, "SIGXFSZ ignored");
    ::getrlimit(RLIMIT_FSIZE, &m_before);
    if (bytes < 0) return;
    rlimit limit = m_before;
    limit.rlim_cur = static_cast<rlim_t>(bytes);
    fuzz::require(::setrlimit(RLIMIT_FSIZE, &limit) == 0, "a file-size limit");
  }
  ~DiskFillsAt() { ::setrlimit(RLIMIT_FSIZE, &m_before); }

 private:
  rlimit m_before{};
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Choices choose(data, size);
  const int which = static_cast<int>(choose.pick(kModelCount));
  ModelSpec spec = bundled(which);
  SimulationSettings& settings = spec.simulation;
  const int steps = 1 + static_cast<int>(choose.below(300));
  settings.outputEvery = 1 + static_cast<int>(choose.pick(4));
  settings.endTime = steps * settings.timeStep;
  const std::shared_ptr<const Model> model = compile(spec);
  const CsvColumns columns{choose.pick(2) == 1, choose.pick(2) == 1};
  const bool single = choose.pick(4) == 0;  // --float: its numbers differ from the reference's, its rows do not
  std::vector<int> bodies;
  if (choose.pick(2) == 1)
    for (int b = 0; b < model->bodyCount(); b += 2) bodies.push_back(b);

  // The target: none, or an older file of some mode, perhaps through a link.
  std::error_code ec;
  fs::remove_all(folder(), ec);
  fs::create_directories(folder() / "out");
  const fs::path out = folder() / "out", ref = folder() / "reference.csv";
  const fs::path target = out / (choose.pick(2) ? "run.csv" : "run");
  const fs::path written = choose.pick(4) == 0 ? out / "real.csv" : target;  // where the bytes land
  if (written != target) fs::create_symlink(written.filename(), target);
  const unsigned old = choose.pick(3);  // 0: none; 1: mode 0600; 2: mode 0644
  const std::string oldBytes = "an older file\n";
  if (old) {
    std::ofstream(written, std::ios::binary) << oldBytes;
    fs::permissions(written, old == 1 ? fs::perms::owner_read | fs::perms::owner_write
                                      : fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
  }
  const auto modeOf = [](const fs::path& p) { struct stat st {}; return ::stat(p.c_str(), &st) == 0 ? st.st_mode & 07777 : 0u; };
  const unsigned oldMode = old ? modeOf(written) : 0u;
  const long fillsAt = choose.pick(2) ? static_cast<long>(choose.below(1u << 19)) : -1;
  const auto ending = static_cast<Ending>(choose.pick(3));
  const int at = static_cast<int>(choose.below(static_cast<std::uint32_t>(steps / settings.outputEvery + 2)));

  Results results(*model, {bodies, false});
  std::string partial;  // where keepPartial() put the rows, if it did
  bool completed = false;
  std::optional<Error> failure;
  RunReport report;
  {
    const DiskFillsAt disk(fillsAt);
    try {
      const CsvProvenance provenance{kModels[which], "fuzzed"};
      CsvResultWriter writer(*model, target.string(), bodies, provenance, single ? CsvPrecision::Float : CsvPrecision::Double, columns);
      std::atomic<bool> cancel{false};
      Tee tee(results, writer, ending, at, cancel);
      RunOptions options;
      options.cancel = &cancel;
      report = simulate(model, settings, tee, options);
      if (report.status == RunStatus::Completed && !report.error) {
        writer.complete();
        completed = true;
      } else {
        fuzz::require(report.status == RunStatus::Cancelled || report.error.has_value(), "a failed run says why");
        partial = writer.keepPartial(report.error ? report.error->what() : "interrupted", report.time);
      }
    } catch (const Error& e) {
      fuzz::requireMessage(e);
      fuzz::require(std::string(e.what()).find(out.string()) != std::string::npos, "a writing error names the file");
      failure = e;
    }
  }
  fuzz::require(failure || fillsAt >= 0 || completed || !partial.empty(), "without a full disk the rows go somewhere");

  // The reference: the same frames written whole, with no limit.
  writeResultsCsv(*model, results, ref.string(), {kModels[which], "fuzzed"}, columns);
  const std::string expected = fuzz::fileText(ref);
  const auto sameRows = [&](const std::string& text) {
    if (!single) return text == expected;
    return std::count(text.begin(), text.end(), '\n') == std::count(expected.begin(), expected.end(), '\n');
  };
  if (completed) {
    fuzz::require(sameRows(fuzz::fileText(written)), "a completed file holds every row, as the in-memory results give them");
    if (old) fuzz::require(modeOf(written) == oldMode, "a replaced file keeps its mode");
  } else {
    fuzz::require(old ? fuzz::fileText(written) == oldBytes && modeOf(written) == oldMode : !fs::exists(written), "the older file untouched");
  }
  if (!partial.empty()) {
    const std::string kept = fuzz::fileText(partial);
    const std::size_t last = kept.rfind("# incomplete: ");
    fuzz::require(last != std::string::npos && kept.back() == '\n' && kept.find('\n', last) == kept.size() - 1, "a partial file ends with why");
    fuzz::require(sameRows(kept.substr(0, last)), "a partial file holds the rows recorded");
  }
  for (const auto& entry : fs::directory_iterator(out)) {
    const fs::path& p = entry.path();
    fuzz::require(p == target || p == written || p.string() == partial, "no temporary file is left");
  }
  return 0;
}
