#include "core/study/study_runner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>
#include <optional>
#include <sstream>
#include <string_view>
#include <thread>

#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/io/results_csv.hpp"
#include "core/study/study_json.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/recording_budget.hpp"
#include "core/sim/result_columns.hpp"
#include "core/sim/simulation.hpp"
#include "core/study/run_dispenser.hpp"
#include "core/study/study_folder.hpp"

namespace mstmm {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

/// Peaks of |x - about| fitted to A exp(-rate t): the decay rate, by least squares on log A.
double decayRate(const std::vector<double>& t, const std::vector<double>& x, double about) {
  double n = 0, st = 0, sl = 0, stt = 0, stl = 0;
  for (std::size_t k = 1; k + 1 < x.size(); ++k) {
    const double a = std::abs(x[k - 1] - about), b = std::abs(x[k] - about), c = std::abs(x[k + 1] - about);
    if (!(b > a && b >= c && b > 0)) continue;
    n += 1, st += t[k], sl += std::log(b), stt += t[k] * t[k], stl += t[k] * std::log(b);
  }
  if (n < 2) return kNone;
  return -(n * stl - st * sl) / (n * stt - st * st);
}

double firstCrossing(const std::vector<double>& t, const std::vector<double>& x, double threshold) {
  for (std::size_t k = 1; k < x.size(); ++k)
    if ((x[k - 1] - threshold) * (x[k] - threshold) <= 0 && x[k - 1] != x[k])  // linear between the samples
      return t[k - 1] + (threshold - x[k - 1]) / (x[k] - x[k - 1]) * (t[k] - t[k - 1]);
  return x.empty() || x.front() != threshold ? kNone : t.front();
}

double metric(const StudyMetric& m, const Model& model, const Results& r) {
  if (r.frameCount() == 0) return kNone;
  if (m.stat == MetricStat::EnergyDrift) {  // the largest departure of the balance from its start
    double drift = 0.0;
    for (int f = 0; f < r.frameCount(); ++f) drift = std::max(drift, std::abs(r.energy(f).balance() - r.energy(0).balance()));
    return drift;
  }
  const std::vector<double> x = resultColumn(model, r, m.quantity);
  switch (m.stat) {
    case MetricStat::Max: return *std::max_element(x.begin(), x.end());
    case MetricStat::Min: return *std::min_element(x.begin(), x.end());
    case MetricStat::Final: return x.back();
    case MetricStat::Mean: {
      double sum = 0;
      for (double v : x) sum += v;
      return sum / static_cast<double>(x.size());
    }
    case MetricStat::Rms: {
      double sum = 0;
      for (double v : x) sum += v * v;
      return std::sqrt(sum / static_cast<double>(x.size()));
    }
    case MetricStat::FirstCrossing: return firstCrossing(r.times(), x, m.threshold);
    case MetricStat::DecayRate: return decayRate(r.times(), x, m.about);
    case MetricStat::EnergyDrift: break;
  }
  return kNone;
}

/// The results-CSV form of a number, or an empty field for none.
void appendValue(std::string& out, double v) {
  if (!std::isnan(v)) appendNumber(out, v);
}

/// A CSV field on one line: messages with several lines are joined (each row one line).
std::string field(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return csvField(text);
}

std::string runFile(const std::string& dir, int run) {
  char name[32];
  std::snprintf(name, sizeof name, "run-%06d.csv", run);
  return (std::filesystem::path(dir) / "runs" / name).string();
}

/// The number of CSV fields in `text` (RFC 4180 quoting, as csvField()
/// writes it), or -1 when it is not well formed (an open quote, a quote in
/// an unquoted field, text after a closing quote).
int csvFieldCount(std::string_view text) {
  int fields = 1;
  std::size_t i = 0;
  for (;;) {
    if (i < text.size() && text[i] == '"') {  // quoted: "" is a quote inside it
      for (++i;; ++i) {
        if (i >= text.size()) return -1;
        if (text[i] != '"') continue;
        if (i + 1 < text.size() && text[i + 1] == '"') ++i;
        else break;
      }
      ++i;
      if (i < text.size() && text[i] != ',') return -1;
    } else {
      for (; i < text.size() && text[i] != ','; ++i)
        if (text[i] == '"') return -1;
    }
    if (i >= text.size()) return fields;
    ++i;
    ++fields;
  }
}

/// A finished run's line, if its file is there, whole and this run's row:
/// one line ending in a newline, the run's number and its planned parameter
/// values as summaryLine() writes them, a known status, then one field per
/// metric and the message. A file that is anything else (cut short, edited
/// by hand, a row of other values) is not a finished run: the run is
/// computed again and its file replaced, so that the table holds rows of
/// this study's plan only (docs/reliability.md R3).
std::optional<std::string> finishedLine(const StudySpec& study, const std::string& dir, int run, const std::vector<double>& values) {
  std::ifstream in(runFile(dir, run), std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  const std::string line = text.str();
  if (line.empty() || line.find('\n') != line.size() - 1) return std::nullopt;
  std::string prefix = std::to_string(run);
  for (double v : values) prefix += ",", appendValue(prefix, v);
  prefix += ",";
  if (line.rfind(prefix, 0) != 0) return std::nullopt;
  const std::string_view rest = std::string_view(line).substr(prefix.size(), line.size() - 1 - prefix.size());
  const bool known = rest.rfind("completed,", 0) == 0 || rest.rfind("failed,", 0) == 0 || rest.rfind("invalid,", 0) == 0;
  if (!known || csvFieldCount(rest) != static_cast<int>(study.metrics.size()) + 2) return std::nullopt;
  return line;
}

}  // namespace

std::vector<double> studyMetrics(const std::vector<StudyMetric>& metrics, const Model& model, const Results& results) {
  std::vector<double> values;
  for (const StudyMetric& m : metrics) values.push_back(metric(m, model, results));
  return values;
}

StudyRow runStudyCase(const StudySpec& study, int run, const std::vector<double>& values, const std::string& resultsPath, const std::atomic<bool>* cancel) {
  StudyRow row;
  row.run = run;
  row.parameters = values;
  row.metrics.assign(study.metrics.size(), kNone);
  std::shared_ptr<const Model> model;
  ModelSpec spec = study.model;
  try {
    std::vector<std::string> addresses;
    for (const StudyParameter& p : study.parameters) addresses.push_back(p.address);
    spec = withParameters(spec, addresses, values);
    model = compile(spec);
  } catch (const Error& e) {
    row.status = "invalid";
    row.message = e.what();
    return row;
  }
  if (const auto problem = memoryRecordingProblem(*model, spec.simulation, {}, availableMemoryBytes())) {
    row.status = "failed";
    row.message = *problem;
    return row;
  }
  Results results(*model);
  RunOptions options;
  options.cancel = cancel;  // a long run stops at SIGINT too, not only between runs
  const RunReport report = simulate(model, spec.simulation, results, options);
  if (report.status == RunStatus::Cancelled) {
    row.status = "cancelled";
    return row;
  }
  row.status = report.status == RunStatus::Completed ? "completed" : "failed";
  if (report.error) row.message = report.error->what();
  try {
    row.metrics = studyMetrics(study.metrics, *model, results);
  } catch (const Error& e) {
    row.status = "failed";
    row.message = e.what();
  }
  if (!resultsPath.empty() && results.frameCount() > 0) writeResultsCsv(*model, results, resultsPath, {study.modelFile, "study run " + std::to_string(run)});
  return row;
}

std::string summaryHeader(const StudySpec& study) {
  std::string text = "# mstmm study of '" + study.model.name + "' (" + study.modelFile + "): " + toString(study.sampling) + " over";
  for (const StudyParameter& p : study.parameters) text += " " + p.name + " = " + p.address + ";";
  text += " one row per run, in run order; empty fields: no value (the run failed, or the metric has none)\nrun";
  for (const StudyParameter& p : study.parameters) text += "," + field(p.name);
  text += ",status";
  for (const StudyMetric& m : study.metrics) text += "," + field(m.name);
  return text + ",message\n";
}

std::string summaryLine(const StudyRow& row) {
  std::string line = std::to_string(row.run);
  for (double v : row.parameters) line += ",", appendValue(line, v);
  line += "," + row.status;
  for (double v : row.metrics) line += ",", appendValue(line, v);
  return line + "," + field(row.message) + "\n";
}

std::vector<int> pendingStudyRuns(const StudySpec& study, const std::string& dir, const std::vector<std::vector<double>>& runs) {
  std::filesystem::create_directories(std::filesystem::path(dir) / "runs");
  std::vector<int> todo;
  for (int i = 0; i < static_cast<int>(runs.size()); ++i)
    if (!finishedLine(study, dir, i, runs[static_cast<std::size_t>(i)])) todo.push_back(i);
  return todo;
}

std::string computeStudyRow(const StudySpec& study, const std::string& dir, int run, const std::vector<double>& values, const std::atomic<bool>* cancel) {
  const std::string results = study.saveResults ? (std::filesystem::path(dir) / "runs" / ("run-" + std::to_string(run) + "-results.csv")).string() : "";
  try {
    const StudyRow row = runStudyCase(study, run, values, results, cancel);
    return row.status == "cancelled" ? std::string() : summaryLine(row);
  } catch (const std::bad_alloc&) {  // a run too large for the memory left is a failed row, as a divergence is
    StudyRow row;
    row.run = run;
    row.parameters = values;
    row.status = "failed";
    row.metrics.assign(study.metrics.size(), kNone);
    row.message = outOfMemoryMessage("running it", "record every k-th step, or use fewer bodies");
    return summaryLine(row);
  }
}

std::vector<double> estimatedRunCosts(const StudySpec& study, const std::vector<std::vector<double>>& runs, const std::vector<int>& todo) {
  // Only these fields change a run's cost; a study that varies none of them
  // (the usual) has runs of one cost, and making a model per run to
  // estimate it would cost as much as a short run.
  bool varies = false;
  for (const StudyParameter& p : study.parameters)
    for (const char* field : {"end_time", "time_step", "output_every", "segments"}) varies = varies || p.address.find(field) != std::string::npos;
  std::vector<double> costs(varies ? 0 : todo.size(), 1.0);
  if (!varies) return costs;
  costs.reserve(todo.size());
  for (int run : todo) costs.push_back(estimatedRunCost(study, runs[static_cast<std::size_t>(run)]));
  return costs;
}

void saveStudyRow(const std::string& dir, int run, const std::string& line) { writeFileAtomically(runFile(dir, run), line); }

StudyReport writeStudySummary(const StudySpec& study, const std::string& dir, const std::vector<std::vector<double>>& runs) {
  StudyReport report;
  report.runs = static_cast<int>(runs.size());
  std::string summary = summaryHeader(study);
  for (int i = 0; i < report.runs; ++i) {
    const std::optional<std::string> line = finishedLine(study, dir, i, runs[static_cast<std::size_t>(i)]);
    if (!line) continue;  // stopped before it ran
    summary += *line;
    // The status follows the run number and the parameters, which are numbers (no commas inside).
    std::size_t at = 0;
    for (std::size_t k = 0; k <= study.parameters.size(); ++k) at = line->find(',', at) + 1;
    report.failed += line->compare(at, 10, "completed,") != 0;
  }
  writeFileAtomically((std::filesystem::path(dir) / "summary.csv").string(), summary);
  return report;
}

StudyReport runStudy(const StudySpec& study, const std::string& dir, const StudyOptions& options) {
  if (options.threads < 1 || options.threads > kMaxStudyThreads)
    throw Error(ErrorKind::Input, "a study runs on 1 to " + std::to_string(kMaxStudyThreads) + " threads, not " + std::to_string(options.threads));
  if (dir.empty()) throw Error(ErrorKind::Input, "a study needs a folder for its results");
  const auto start = std::chrono::steady_clock::now();
  const std::vector<std::vector<double>> runs = studyRuns(study);
  const int total = static_cast<int>(runs.size());
  claimStudyFolder(study, dir, options.restart);
  const std::vector<int> todo = pendingStudyRuns(study, dir, runs);
  RunDispenser dispenser(todo, estimatedRunCosts(study, runs, todo), 1);  // longest first: runs differ in cost
  std::mutex lock;
  int computed = 0;
  std::exception_ptr failure;  // the first error of any worker (a full disk, memory): the others stop, and it is thrown here
  std::atomic<bool> failed{false};
  auto work = [&] {
    try {
      for (int run = dispenser.takeOne(); run >= 0; run = dispenser.takeOne()) {
        if ((options.cancel && options.cancel->load()) || failed) return;
        const std::string line = computeStudyRow(study, dir, run, runs[static_cast<std::size_t>(run)], options.cancel);
        if (line.empty()) return;                     // stopped part way: computed again on resuming
        saveStudyRow(dir, run, line);                 // finished: never computed again
        std::lock_guard<std::mutex> guard(lock);
        ++computed;
        if (options.progress) options.progress(total - static_cast<int>(todo.size()) + computed, total);
      }
    } catch (...) {  // an exception out of a thread would end the process (std::terminate)
      std::lock_guard<std::mutex> guard(lock);
      if (!failure) failure = std::current_exception();
      failed = true;
    }
  };
  std::vector<std::thread> workers;
  for (int t = 1; t < options.threads; ++t) workers.emplace_back(work);
  work();
  for (std::thread& w : workers) w.join();
  if (failure) {
    try {
      std::rethrow_exception(failure);
    } catch (const std::bad_alloc&) {
      throw Error(ErrorKind::Io, "study: " + outOfMemoryMessage("running it", "the rows finished so far are kept: run it again to go on"));
    }
  }
  StudyReport report = writeStudySummary(study, dir, runs);
  report.computed = computed;
  report.reused = total - static_cast<int>(todo.size());
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace mstmm
