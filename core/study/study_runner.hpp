#pragma once
// Runs a study (study_spec.hpp) on the threads of one machine: each run is
// its model with the run's parameter values put in, simulated on its own
// (one solver thread), its metrics computed from the recorded results. The
// summary has one row per run in run order, whatever the number of threads.
// A run that fails (an invalid combination, a divergence) is a row with its
// status and message; the study goes on. Each finished run's row is written
// to DIR/runs/ at once (atomically), so a study that is killed resumes where
// it stopped: finished runs are read back, never recomputed, as long as the
// study file and its base model are the ones the rows came from
// (study_folder.hpp).

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "core/sim/results.hpp"
#include "core/study/study_spec.hpp"

namespace mstmm {

struct StudyRow {
  int run = 0;
  std::vector<double> parameters;
  std::string status;   // completed, failed, invalid
  std::string message;  // why, for failed and invalid runs
  std::vector<double> metrics;  // NaN where a failed run has none
};

/// The metrics of one run's results (NaN where the column never crosses
/// the threshold, or an oscillation shows fewer than two peaks).
std::vector<double> studyMetrics(const std::vector<StudyMetric>& metrics, const Model& model, const Results& results);

/// The row of one run, computed; status "cancelled" when `cancel` stopped
/// its simulation part way (such a row is not the run's and is not kept).
StudyRow runStudyCase(const StudySpec& study, int run, const std::vector<double>& values, const std::string& resultsPath = "",
                      const std::atomic<bool>* cancel = nullptr);

/// The summary's text (results-format conventions: '#' comment lines, a
/// header, shortest round-trip numbers, empty fields for missing values).
std::string summaryHeader(const StudySpec& study);
std::string summaryLine(const StudyRow& row);

struct StudyReport {
  int runs = 0, computed = 0, reused = 0, failed = 0;
  double seconds = 0.0;  // wall time from claiming the folder to the summary written (not starting MPI)
};

/// The most threads a study takes (each holds a run's workspace).
constexpr int kMaxStudyThreads = 1024;

struct StudyOptions {
  int threads = 1;  // 1 to kMaxStudyThreads
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(int done, int total)> progress;  // called from the workers, under a lock
  /// Compute every run afresh, removing the folder's rows (study_folder.hpp).
  bool restart = false;
};

/// Claims DIR for the study (claimStudyFolder: refused when its rows come
/// from other inputs), runs every run not already in DIR/runs/, then writes
/// DIR/summary.csv.
StudyReport runStudy(const StudySpec& study, const std::string& dir, const StudyOptions& options = {});

// The pieces runStudy is made of, for runners that hand out runs otherwise
// (the CLI on MPI):
/// The runs (the plan's values, studyRuns()) whose rows are not yet in
/// DIR/runs/, whole and of these values (creates the folders).
std::vector<int> pendingStudyRuns(const StudySpec& study, const std::string& dir, const std::vector<std::vector<double>>& runs);
/// estimatedRunCost() of each run in `todo` (indices into `runs`).
std::vector<double> estimatedRunCosts(const StudySpec& study, const std::vector<std::vector<double>>& runs, const std::vector<int>& todo);
/// Computes one run and its row's line (saving its results when the study
/// asks); empty when `cancel` stopped it, so that the run is computed again
/// when the study resumes.
std::string computeStudyRow(const StudySpec& study, const std::string& dir, int run, const std::vector<double>& values,
                            const std::atomic<bool>* cancel = nullptr);
/// Keeps a finished run's line in DIR/runs/ (atomically: a resumed study reads it back).
void saveStudyRow(const std::string& dir, int run, const std::string& line);
/// Writes DIR/summary.csv from the rows in DIR/runs/, in run order; the
/// report's runs and failed counts (computed and reused are the caller's).
StudyReport writeStudySummary(const StudySpec& study, const std::string& dir, const std::vector<std::vector<double>>& runs);

}  // namespace mstmm
