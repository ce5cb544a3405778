// Fuzz target: a study resumed in its folder (docs/reliability.md R3). The
// input is a list of operations on one study folder: run the study (stopped
// after some runs, on one or two threads, perhaps with --restart), switch to
// an edited study (another damping, or an edited base model), and the
// things a user or a crash does to the folder between runs: a row file
// removed, cut short, a byte changed, replaced by other text; the
// fingerprint cut or changed; the summary removed. After every run:
//   - a refusal is an mstmm::Error with a message, and happens only when
//     the folder holds rows of other inputs;
//   - a study that ran to its end leaves a summary of exactly one row per
//     run, each row's run and parameters the plan's, and every row not
//     tampered with since it was computed byte for byte the row of an
//     uninterrupted study of the same inputs;
//   - the report's counts add up.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/study/study_json.hpp"
#include "core/study/study_folder.hpp"
#include "core/study/study_runner.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace mstmm;
namespace fs = std::filesystem;

namespace {

constexpr int kStudies = 3;  // the damping sweep, with other damping values, with another base model

/// The bundled damping sweep, made short (0.05 s a run), and two edits of it.
const StudySpec& study(int which) {
  static const std::vector<StudySpec> studies = [] {
    StudySpec base = loadStudy(MSTMM_SOURCE_DIR "/resources/studies/damping-sweep.json");
    base.model.simulation.endTime = 0.05;
    base.model.simulation.outputEvery = 1;
    StudySpec otherValues = base;
    otherValues.parameters.front().values.front() = 0.03;
    StudySpec otherModel = base;
    otherModel.model.bodies.front().theta = 1.0;
    return std::vector<StudySpec>{base, otherValues, otherModel};
  }();
  return studies[static_cast<std::size_t>(which)];
}

const fs::path& scratch() {
  static const fs::path dir = fuzz::scratchFolder("study");
  return dir;
}

/// The summary of an uninterrupted study, computed once in a folder of its own.
const std::string& uninterrupted(int which) {
  static std::vector<std::string> tables(kStudies);
  std::string& table = tables[static_cast<std::size_t>(which)];
  if (table.empty()) {
    const fs::path dir = scratch() / ("whole-" + std::to_string(which));
    runStudy(study(which), dir.string());
    table = fuzz::fileText(dir / "summary.csv");
  }
  return table;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

fs::path rowFile(const fs::path& dir, int run) {
  char name[32];
  std::snprintf(name, sizeof name, "run-%06d.csv", run);
  return dir / "runs" / name;
}

/// The state of the folder the checks need: which study its rows are of
/// (-1: none yet), and which row files were touched since they were written.
struct Folder {
  fs::path dir;
  int owner = -1;
  bool fingerprintTouched = false;
  std::set<int> tampered;
};

void checkTable(const Folder& folder, int which, bool stopped) {
  const std::vector<std::string> got = lines(fuzz::fileText(folder.dir / "summary.csv"));
  const std::vector<std::string> whole = lines(uninterrupted(which));
  const auto runs = static_cast<int>(whole.size()) - 2;
  const std::size_t parameters = study(which).parameters.size();
  // A row's run and parameters: what precedes its status.
  const auto head = [parameters](const std::string& row) {
    std::size_t at = 0;
    for (std::size_t k = 0; k <= parameters && at != std::string::npos; ++k) at = row.find(',', at + (k > 0));
    return row.substr(0, at);
  };
  fuzz::require(got.size() >= 2 && got[0] == whole[0] && got[1] == whole[1], "the summary's comment and header are the study's");
  if (!stopped) fuzz::require(got.size() == whole.size(), "one row per run");
  int previous = -1;
  for (std::size_t k = 2; k < got.size(); ++k) {
    const int run = std::atoi(got[k].c_str());
    fuzz::require(run > previous && run < runs, "rows in run order, each once");
    previous = run;
    fuzz::require(head(got[k]) == head(whole[static_cast<std::size_t>(run) + 2]), "a row's run and parameters are the plan's");
    if (!folder.tampered.count(run)) fuzz::require(got[k] == whole[static_cast<std::size_t>(run) + 2], "a row is the uninterrupted study's");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Choices choose(data, size);
  Folder folder;
  folder.dir = scratch() / "study";
  std::error_code ec;
  fs::remove_all(folder.dir, ec);
  int which = 0;
  const int runs = static_cast<int>(studyRuns(study(0)).size());
  for (int op = 0; op < 12 && (op == 0 || choose.pick(8) != 0); ++op) {
    const int run = static_cast<int>(choose.pick(static_cast<unsigned>(runs)));
    const fs::path row = rowFile(folder.dir, run);
    switch (choose.pick(9)) {
      case 0: which = static_cast<int>(choose.pick(kStudies)); break;
      case 1: fs::remove(row, ec); break;
      case 2:
        if (fs::exists(row)) {
          fs::resize_file(row, choose.below(static_cast<std::uint32_t>(fs::file_size(row)) + 1), ec);
          folder.tampered.insert(run);
        }
        break;
      case 3:
        if (fs::exists(row) && fs::file_size(row) > 0) {
          std::string text = fuzz::fileText(row);
          text[choose.below(static_cast<std::uint32_t>(text.size()))] = static_cast<char>(choose.pick(256));
          std::ofstream(row, std::ios::binary) << text;
          folder.tampered.insert(run);
        }
        break;
      case 4:
        if (fs::exists(row)) {
          std::string text;
          for (unsigned n = choose.pick(64); n > 0; --n) text += static_cast<char>(choose.pick(256));
          std::ofstream(row, std::ios::binary) << text;
          folder.tampered.insert(run);
        }
        break;
      case 5:
        if (fs::exists(folder.dir / "study-fingerprint.txt")) {
          fs::resize_file(folder.dir / "study-fingerprint.txt", choose.pick(40), ec);
          folder.fingerprintTouched = true;
        }
        break;
      case 6: fs::remove(folder.dir / "summary.csv", ec); break;
      default: {
        StudyOptions options;
        options.threads = 1 + static_cast<int>(choose.pick(2));
        options.restart = choose.pick(4) == 0;
        const int stopAfter = static_cast<int>(choose.pick(static_cast<unsigned>(runs) + 4));
        std::atomic<bool> stop{false};
        options.cancel = &stop;
        options.progress = [&stop, stopAfter](int done, int) { stop = stop || done >= stopAfter; };
        const bool hasRows = fs::exists(folder.dir / "runs") && !fs::is_empty(folder.dir / "runs");
        try {
          const StudyReport report = runStudy(study(which), folder.dir.string(), options);
          fuzz::require(options.restart || !hasRows || folder.owner == which, "rows of other inputs are refused");
          fuzz::require(report.runs == runs && report.computed + report.reused <= runs, "the counts add up");
          if (options.restart || folder.owner != which) folder.tampered.clear();
          folder.owner = which;
          folder.fingerprintTouched = false;
          checkTable(folder, which, report.computed + report.reused < runs);
        } catch (const Error& e) {
          fuzz::requireMessage(e);
          fuzz::require(!options.restart && hasRows && (folder.owner != which || folder.fingerprintTouched), "only rows of other inputs are refused");
        }
      }
    }
  }
  return 0;
}
