// mstmm study STUDY.json --out DIR [--threads N] [--restart]: a parameter
// study on the cores of this machine (docs/studies.md). Ctrl+C stops it;
// run it again to go on where it stopped (refused if the study file or its
// model changed since: --restart computes it afresh).

#include <atomic>
#include <csignal>
#include <chrono>
#include <iostream>
#include <thread>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/interrupt.hpp"
#include "app/cli/study_mpi.hpp"
#include "core/error.hpp"
#include "core/study/study_json.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"
#include "core/study/study_runner.hpp"

namespace mstmm::cli {

int studyCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"out", "threads"}, {"restart"});
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, "study needs exactly one study file (mstmm study STUDY.json --out DIR)");
  if (!a.has("out")) throw Error(ErrorKind::Input, "study needs --out DIR (the summary and each run's row go there)");
  const StudySpec study = loadStudy(a.positional()[0]);
  StudyOptions options;
  const long threads = a.integer("threads", std::max(1u, std::thread::hardware_concurrency()));
  if (threads < 1 || threads > kMaxStudyThreads) throw Error(ErrorKind::Input, "--threads must be between 1 and " + std::to_string(kMaxStudyThreads));
  options.threads = static_cast<int>(threads);
  options.restart = a.has("restart");
  const std::atomic<bool>& stop = catchInterrupt();
  options.cancel = &stop;
  auto last = std::chrono::steady_clock::now();
  options.progress = [&last](int done, int total) {
    const auto now = std::chrono::steady_clock::now();
    if (done < total && now - last < std::chrono::seconds(1)) return;
    last = now;
    std::cerr << "mstmm: study " << done << " of " << total << " runs done\n";
  };
  const int processes = launchedProcesses();
  StudyReport report;
  if (startedByMpirun()) {  // even one process: `mpirun -n 1` is how a study's MPI throughput is compared
#ifdef MSTMM_WITH_MPI
    bool root = true;
    report = runStudyOnMpi(study, a.value("out"), a.has("restart"), root);
    if (!root) return 0;  // rank 0 reports for all
#else
    throw Error(ErrorKind::Input, "study: started by mpirun among " + std::to_string(processes) +
                                      " processes, but this mstmm was built without MPI (install libopenmpi-dev and build again)");
#endif
  } else {
    report = runStudy(study, a.value("out"), options);
  }
  std::cerr << "mstmm: study of '" << study.model.name << "': " << report.runs << " runs, " << report.computed << " computed, " << report.reused
            << " already done, " << report.failed << " failed or invalid; " << formatNumber(report.seconds) << " s wall on "
            << (startedByMpirun() ? std::to_string(processes) + " MPI process(es)" : std::to_string(options.threads) + " thread(s)")
            << "; " << a.value("out") << "/summary.csv\n";
  if (stop.load()) {
    std::cerr << "mstmm: interrupted; run the same command again to go on\n";
    return 128 + (interruptSignal() ? interruptSignal() : SIGINT);  // 130, or 143 for SIGTERM
  }
  return 0;
}

}  // namespace mstmm::cli
