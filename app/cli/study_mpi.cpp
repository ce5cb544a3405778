#include "app/cli/study_mpi.hpp"

#include <mpi.h>

#include <cstdlib>
#include <optional>
#include <vector>

#include "core/error.hpp"
#include "core/study/study_folder.hpp"

namespace mstmm::cli {

namespace {

constexpr int kResultTag = 1, kWorkTag = 2;
constexpr int kNoMoreWork = -1;

/// Rank 0: answers each request (which carries the asker's last row, if
/// any) with the next pending run, until every rank has been told to stop.
/// A folder refused (its rows are of other inputs) hands out no work, so
/// that every rank stops, and is thrown after MPI ends (never a hang).
StudyReport handOut(const StudySpec& study, const std::string& dir, int processes, bool restart, std::optional<Error>& refused) {
  const std::vector<std::vector<double>> runs = studyRuns(study);
  const int total = static_cast<int>(runs.size());
  std::vector<int> todo;
  try {
    claimStudyFolder(study, dir, restart);
    todo = pendingStudyRuns(study, dir, runs);
  } catch (const Error& e) {
    refused = e;
  }
  std::size_t next = 0;
  int stopped = 0, computed = 0;
  std::vector<char> buffer;
  while (stopped < processes - 1) {
    MPI_Status status;
    MPI_Probe(MPI_ANY_SOURCE, kResultTag, MPI_COMM_WORLD, &status);
    int size = 0;
    MPI_Get_count(&status, MPI_CHAR, &size);
    buffer.resize(static_cast<std::size_t>(size) + 1);
    MPI_Recv(buffer.data(), size, MPI_CHAR, status.MPI_SOURCE, kResultTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (size > 0) {  // "run,line"
      const std::string message(buffer.data(), static_cast<std::size_t>(size));
      const int run = std::atoi(message.c_str());
      saveStudyRow(dir, run, message.substr(message.find(';') + 1));
      ++computed;
    }
    int work = next < todo.size() ? todo[next++] : kNoMoreWork;
    if (work == kNoMoreWork) ++stopped;
    MPI_Send(&work, 1, MPI_INT, status.MPI_SOURCE, kWorkTag, MPI_COMM_WORLD);
  }
  if (refused) return {};
  StudyReport report = writeStudySummary(study, dir, runs);
  report.computed = computed;
  report.reused = total - static_cast<int>(todo.size());
  return report;
}

/// The other ranks: ask, compute, answer with the row, ask again.
int work(const StudySpec& study, const std::string& dir) {
  const std::vector<std::vector<double>> runs = studyRuns(study);
  std::string message;  // empty: the first request
  int computed = 0;
  for (;;) {
    MPI_Send(message.data(), static_cast<int>(message.size()), MPI_CHAR, 0, kResultTag, MPI_COMM_WORLD);
    int run = kNoMoreWork;
    MPI_Recv(&run, 1, MPI_INT, 0, kWorkTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (run == kNoMoreWork) return computed;
    message = std::to_string(run) + ";" + computeStudyRow(study, dir, run, runs[static_cast<std::size_t>(run)]);
    ++computed;
  }
}

}  // namespace

int launchedProcesses() {
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"})
    if (const char* value = std::getenv(variable)) return std::max(1, std::atoi(value));
  return 1;
}

StudyReport runStudyOnMpi(const StudySpec& study, const std::string& dir, bool restart, bool& isRoot) {
  MPI_Init(nullptr, nullptr);
  int rank = 0, processes = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &processes);
  isRoot = rank == 0;
  StudyReport report;
  std::optional<Error> refused;
  if (isRoot) report = handOut(study, dir, processes, restart, refused);
  else report.computed = work(study, dir);
  MPI_Finalize();
  if (refused) throw *refused;
  return report;
}

}  // namespace mstmm::cli
