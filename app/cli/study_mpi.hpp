#pragma once
// `mpirun -n K mstmm study ...`: the study across processes (and machines)
// on MPI. Rank 0 hands out one run at a time to whichever rank asks (runs
// differ in cost), keeps each finished row as the threads do, and writes the
// summary; so the table is the same on any number of processes, and a
// stopped study resumes alike.

#include <string>

#include "core/study/study_runner.hpp"

namespace mstmm::cli {

/// The number of processes this one was started among by mpirun (1 when it was not).
int launchedProcesses();

/// Runs the study on MPI; on rank 0 returns the report, on the others a report with only `computed`.
/// `restart`: compute every run afresh (claimStudyFolder).
StudyReport runStudyOnMpi(const StudySpec& study, const std::string& dir, bool restart, bool& isRoot);

}  // namespace mstmm::cli
