#include <algorithm>
#include <atomic>
#include <csignal>
#include <chrono>
#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/interrupt.hpp"
#include "app/cli/simulation_options.hpp"
#include "core/io/live_recording.hpp"
#include "core/io/model_json.hpp"
#include "core/io/results_csv.hpp"
#include "core/message_text.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/recording_budget.hpp"
#include "core/sim/simulation.hpp"

namespace mstmm::cli {

namespace {

/// A run that failed or was interrupted: its rows go beside the target as
/// RESULTS.partial.csv, marked incomplete, and the target is left as it was.
int keepPartialResults(CsvResultWriter& writer, const RunReport& report, const std::string& out) {
  const bool cancelled = report.status == RunStatus::Cancelled;
  const std::string why = cancelled ? std::string("interrupted") : std::string(report.error ? report.error->what() : "the run did not complete");
  std::string where;
  try {
    where = writer.keepPartial(why, report.time);
  } catch (const Error& e) {
    where.clear();
    std::cerr << "mstmm: the partial results could not be kept either: " << e.what() << "\n";
  }
  const std::string kept = where.empty() ? std::string("are lost")
                           : out == "-" ? std::string("are written")
                                        : "are in '" + where + "' ('" + out + "' is untouched)";
  if (cancelled) {
    std::cerr << "mstmm: interrupted; the results up to t = " << formatNumber(report.time) << " s " << kept << "\n";
    return 128 + (interruptSignal() ? interruptSignal() : SIGINT);  // 130, or 143 for SIGTERM
  }
  std::cerr << "mstmm: error: " << why << " (the results up to t = " << formatNumber(report.time) << " s " << kept << ")\n";
  return 3;
}

}  // namespace

int simulateCommand(const std::vector<std::string>& args) {
  std::set<std::string> names = kSimulationOptions;
  names.insert({"out", "threads"});
  const Arguments a(args, names, {"float", "project-initial-state", "angular-velocities", "hinge-loads"});
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, "simulate needs exactly one model file (mstmm simulate MODEL.json ...)");
  const std::string modelPath = a.positional()[0];
  ModelSpec spec = loadModel(modelPath);
  applyOverrides(a, spec.simulation);  // before compile(), so validation checks the overrides too
  const std::shared_ptr<const Model> model = compile(spec);
  printWarnings(spec);
  const std::string out = a.value("out", "-");
  const std::vector<int> bodies = selectBodies(*model, a.value("bodies"));
  const CsvPrecision precision = a.has("float") ? CsvPrecision::Float : CsvPrecision::Double;
  const CsvColumns columns{a.has("angular-velocities"), a.has("hinge-loads")};
  if (out != "-") {  // before the run: a disk too small is named at once
    const auto count = static_cast<int>(CsvLayout(*model, bodies, precision, columns).columnNames().size());
    if (const auto problem = diskRecordingProblem(spec.simulation, csvBytesEstimate(spec.simulation, count), freeDiskBytes(out), out))
      throw Error(ErrorKind::Input, *problem);
  }
  RunOptions options;
  options.cancel = &catchInterrupt();  // from here on SIGINT ends the run with its rows kept
  CsvResultWriter writer(*model, out, bodies, {modelPath, describe(spec.simulation)}, precision, columns);
  const long threads = a.integer("threads", 1);
  if (threads < 1 || threads > 1024) throw Error(ErrorKind::Input, "--threads must be between 1 and 1024");
  options.threads = static_cast<int>(threads);
  const auto start = std::chrono::steady_clock::now();
  const RunReport report = simulate(model, spec.simulation, writer, options);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cerr << "mstmm: '" << model->name() << "' to t = " << formatNumber(report.time) << " s: " << report.steps << " steps, "
            << report.evaluations << " evaluations, " << formatNumber(wall) << " s wall, peak memory " << formatNumber(peakMemoryMiB()) << " MiB";
  if (spec.simulation.integrator == IntegratorKind::Bdf)
    std::cerr << ", " << report.methodSteps << " BDF steps, " << report.newtonIterations << " Newton iterations ("
              << formatNumber(static_cast<double>(report.newtonIterations) / std::max(1L, report.methodSteps))
              << " per step), " << report.linearIterations << " Krylov iterations, " << report.tangentRefreshes << " preconditioner refreshes, "
              << report.rejectedSteps << " rejected steps";
  else if (spec.simulation.integrator == IntegratorKind::GeneralizedAlpha)
    std::cerr << ", " << report.newtonIterations << " Newton iterations (" << formatNumber(static_cast<double>(report.newtonIterations) / std::max(1L, report.steps))
              << " per step), " << report.tangentRefreshes << " tangent refreshes, " << report.rejectedSteps << " halved steps";
  else if (report.rejectedSteps) std::cerr << ", " << report.rejectedSteps << " rejected steps";
  std::cerr << "\n";
  if (report.status == RunStatus::Completed && !report.error) {
    writer.complete();  // only now is an existing results file replaced
    return 0;
  }
  return keepPartialResults(writer, report, out);
}

}  // namespace mstmm::cli

namespace mstmm::cli {

// A live run saved from the studio, run again with its pulls, torques and
// control values at their steps (docs/model-format.md, "Live recordings").
int replayCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"csv"}, {});
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, "replay needs exactly one live recording (mstmm replay RECORDING.json --csv OUT.csv)");
  const std::string path = a.positional()[0];
  const LiveRecording recording = loadLiveRecording(path);
  const std::shared_ptr<const Model> model = compileForReplay(recording);
  const std::string out = a.value("csv", "-");
  std::vector<int> bodies = recording.record.bodies;
  if (bodies.empty())
    for (int i = 0; i < model->bodyCount(); ++i) bodies.push_back(i);
  const CsvPrecision precision = recording.record.singlePrecision ? CsvPrecision::Float : CsvPrecision::Double;
  CsvResultWriter writer(*model, out, bodies, {path, "replay of " + std::to_string(recording.steps) + " steps, " + std::to_string(recording.inputs.size()) + " inputs"}, precision, {true, true});
  const RunReport report = replayLiveRecording(recording, model, writer, &catchInterrupt());
  std::cerr << "mstmm: replayed '" << model->name() << "' to t = " << formatNumber(report.time) << " s: " << report.steps << " steps, "
            << recording.inputs.size() << " inputs\n";
  if (report.status == RunStatus::Completed && !report.error) {
    writer.complete();
    return 0;
  }
  return keepPartialResults(writer, report, out);
}

}  // namespace mstmm::cli
