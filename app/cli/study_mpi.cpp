#include "app/cli/study_mpi.hpp"

#include <mpi.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <optional>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "core/study/run_dispenser.hpp"
#include "core/study/study_folder.hpp"

namespace mstmm::cli {

namespace {

// Worker → rank 0: kAskTag (empty: "a batch, please"), kRowTag ("run;line"),
// kDoneTag (empty: told to stop, and every row sent). Rank 0 → worker:
// kWorkTag (the batch's run numbers; none: stop). Messages of one sender
// arrive in the order sent, so "done" comes after the worker's last row.
constexpr int kAskTag = 1, kRowTag = 2, kWorkTag = 3, kDoneTag = 4;

std::string receiveText(const MPI_Status& status) {
  int size = 0;
  MPI_Get_count(&status, MPI_CHAR, &size);
  std::string text(static_cast<std::size_t>(size), '\0');
  MPI_Recv(text.data(), size, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text;
}

/// Rank 0 computes runs on a thread of its own (it does no MPI: the
/// main thread does it all, as MPI_THREAD_FUNNELED asks), one at a time
/// from the dispenser, saving each row as it is done.
class RootComputer {
 public:
  RootComputer(const StudySpec& study, const std::string& dir, const std::vector<std::vector<double>>& runs, RunDispenser& dispenser)
      : m_thread([&study, &dir, &runs, &dispenser, this] {
          try {
            for (int run = dispenser.takeOne(); run >= 0; run = dispenser.takeOne()) {
              saveStudyRow(dir, run, computeStudyRow(study, dir, run, runs[static_cast<std::size_t>(run)]));
              ++m_computed;
            }
          } catch (...) {  // a full disk: the study stops, and rank 0 throws it once MPI has ended
            m_failure = std::current_exception();
            dispenser.close();
          }
        }) {}
  int finish() {
    m_thread.join();
    if (m_failure) std::rethrow_exception(m_failure);
    return m_computed;
  }

 private:
  std::atomic<int> m_computed{0};
  std::exception_ptr m_failure;
  std::thread m_thread;  // last: starts once the members it uses exist
};

/// Rank 0's main thread: answers asks with batches and keeps the rows that
/// come in, until every other rank has been told to stop. It polls (a
/// blocking probe would spin on a core that rank 0's own runs need) and
/// sleeps 0.2 ms when nothing has come. A folder refused
/// hands out no work, so that every rank stops, and is thrown after MPI
/// ends (never a hang).
StudyReport handOut(const StudySpec& study, const std::string& dir, int processes, bool restart, std::optional<Error>& refused, bool& othersStopped) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<std::vector<double>> runs = studyRuns(study);
  const int total = static_cast<int>(runs.size());
  std::vector<int> todo;
  try {
    claimStudyFolder(study, dir, restart);
    todo = pendingStudyRuns(study, dir, runs);
  } catch (const Error& e) {
    refused = e;
  }
  RunDispenser dispenser(todo, estimatedRunCosts(study, runs, todo), processes);
  RootComputer own(study, dir, runs, dispenser);
  int stopped = 0, received = 0;
  while (stopped < processes - 1) {
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
    if (!arrived) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      continue;
    }
    const std::string message = receiveText(status);
    if (status.MPI_TAG == kDoneTag) {
      ++stopped;
      continue;
    }
    if (status.MPI_TAG == kRowTag) {
      const int run = std::atoi(message.c_str());
      saveStudyRow(dir, run, message.substr(message.find(';') + 1));
      ++received;
      continue;
    }
    const std::vector<int> batch = dispenser.takeBatch();
    MPI_Send(batch.data(), static_cast<int>(batch.size()), MPI_INT, status.MPI_SOURCE, kWorkTag, MPI_COMM_WORLD);
  }
  othersStopped = true;
  const int computed = own.finish() + received;
  if (refused) return {};
  StudyReport report = writeStudySummary(study, dir, runs);
  report.computed = computed;
  report.reused = total - static_cast<int>(todo.size());
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

std::vector<int> receiveBatch() {
  MPI_Status status;
  MPI_Probe(0, kWorkTag, MPI_COMM_WORLD, &status);
  int size = 0;
  MPI_Get_count(&status, MPI_INT, &size);
  std::vector<int> batch(static_cast<std::size_t>(size));
  MPI_Recv(batch.data(), size, MPI_INT, 0, kWorkTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return batch;
}

/// The other ranks: ask for a batch, compute its runs and send each row as
/// it is done. The next batch is asked for as the last run of this one
/// starts, so that rank 0's answer comes while it computes.
int work(const StudySpec& study, const std::string& dir) {
  const std::vector<std::vector<double>> runs = studyRuns(study);
  int computed = 0;
  MPI_Send(nullptr, 0, MPI_CHAR, 0, kAskTag, MPI_COMM_WORLD);
  for (std::vector<int> batch = receiveBatch(); !batch.empty(); batch = receiveBatch()) {
    for (std::size_t k = 0; k < batch.size(); ++k) {
      if (k + 1 == batch.size()) MPI_Send(nullptr, 0, MPI_CHAR, 0, kAskTag, MPI_COMM_WORLD);
      const int run = batch[k];
      const std::string message = std::to_string(run) + ";" + computeStudyRow(study, dir, run, runs[static_cast<std::size_t>(run)]);
      MPI_Send(message.data(), static_cast<int>(message.size()), MPI_CHAR, 0, kRowTag, MPI_COMM_WORLD);
      ++computed;
    }
  }
  MPI_Send(nullptr, 0, MPI_CHAR, 0, kDoneTag, MPI_COMM_WORLD);
  return computed;
}

}  // namespace

namespace {

/// What mpirun (Open MPI, or a PMI launcher) sets to the number of processes; null when it did not start us.
const char* launcherSize() {
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"})
    if (const char* value = std::getenv(variable)) return value;
  return nullptr;
}

}  // namespace

bool startedByMpirun() { return launcherSize() != nullptr; }

int launchedProcesses() { return launcherSize() ? std::max(1, std::atoi(launcherSize())) : 1; }

StudyReport runStudyOnMpi(const StudySpec& study, const std::string& dir, bool restart, bool& isRoot) {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, processes = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &processes);
  isRoot = rank == 0;
  StudyReport report;
  std::optional<Error> refused;
  std::exception_ptr failure;
  bool othersStopped = false;
  try {
    if (isRoot) report = handOut(study, dir, processes, restart, refused, othersStopped);
    else report.computed = work(study, dir);
  } catch (...) {
    failure = std::current_exception();
  }
  if (failure && !othersStopped) {  // the others wait for this rank's messages: say why, and end them all
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      std::cerr << "mstmm: study stopped on MPI rank " << rank << ": " << e.what() << "\n";
    }
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  if (failure) std::rethrow_exception(failure);
  if (refused) throw *refused;
  return report;
}

}  // namespace mstmm::cli
