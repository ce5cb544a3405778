#pragma once
// `mpirun -n K mstmm study ...`: the study across processes (and machines)
// on MPI. Every rank computes: rank 0 on a thread of its own, one run at a
// time, while its main thread hands out batches sized to their cost
// (core/study/run_dispenser.hpp) to whichever rank asks, keeps each row as
// it comes (as the threads do) and writes the summary; so the table is the
// same on any number of processes, and a stopped study resumes alike.

#include <string>

#include "core/study/study_runner.hpp"

namespace mstmm::cli {

/// Whether mpirun (Open MPI, or a PMI launcher) started this process.
bool startedByMpirun();
/// The number of processes this one was started among by mpirun (1 when it was not).
int launchedProcesses();

/// Runs the study on MPI; on rank 0 returns the report, on the others a report with only `computed`.
/// `restart`: compute every run afresh (claimStudyFolder).
StudyReport runStudyOnMpi(const StudySpec& study, const std::string& dir, bool restart, bool& isRoot);

}  // namespace mstmm::cli
