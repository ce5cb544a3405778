// mstmm equilibrium, modes and frf: the vibration analyses (equations.md §10)
// from the command line.

#include <cstdio>
#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/interrupt.hpp"
#include <Eigen/Geometry>

#include "core/analysis/vibration.hpp"
#include "core/error.hpp"
#include "core/io/analysis_csv.hpp"
#include "core/io/model_json.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"

namespace mstmm::cli {

namespace {

SolverKind solverOption(const Arguments& a) {
  const std::string name = a.value("solver", "riccati");
  const std::optional<SolverKind> kind = solverKindFromString(name);
  if (!kind) throw Error(ErrorKind::Input, "unknown solver '" + name.substr(0, 40) + "' (riccati, newton-euler, mass-matrix)");
  return *kind;
}

std::string onlyModel(const Arguments& a, const char* command) {
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, std::string(command) + " needs exactly one model file");
  return a.positional()[0];
}

AnalysisRequest request(const Arguments& a) {
  AnalysisRequest r;
  r.at = parseAnalysisPoint(a.value("at", "equilibrium"));
  r.method = analysisMethodFromString(a.value("method", "auto"));
  r.solver = solverOption(a);
  r.cancel = &catchInterrupt();  // SIGINT and SIGTERM end the analysis at its next sweep, nothing written
  return r;
}

void write(const std::string& path, const std::string& text, const char* what) {
  writeFileAtomically(path, text);
  std::cout << what << ": " << path << "\n";
}

void printModes(const Model& model, const std::vector<ModeRow>& rows) {
  std::printf("%4s  %14s  %13s  %-10s  %s\n", "mode", "frequency (Hz)", "damping ratio", "kind", "how the main body moves; dominant coordinates; bodies");
  for (const ModeRow& r : rows) {
    const std::string frequency = r.kind == ModeKind::Vibration ? formatNumber(r.frequency) : "-";
    const std::string zeta = r.kind == ModeKind::Vibration ? formatNumber(r.dampingRatio) : "-";
    const std::string motion = describeMotion(model, r);
    std::printf("%4d  %14s  %13s  %-10s  %s%s; %s\n", r.number, frequency.c_str(), zeta.c_str(), toString(r.kind), motion.empty() ? "" : (motion + "; ").c_str(),
                describeCoordinates(r).c_str(), describeBodies(model, r).c_str());
  }
}

}  // namespace

int equilibriumCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"out", "solver", "time"}, {});
  const std::string path = onlyModel(a, "equilibrium");
  ModelSpec spec = loadModel(path);
  const auto model = compile(spec);
  EquilibriumOptions options;
  options.solver = solverOption(a);
  options.time = a.number("time", 0.0);
  options.cancel = &catchInterrupt();
  const EquilibriumResult eq = findEquilibrium(model, initialState(*model), options);
  std::cout << "equilibrium of '" << model->name() << "' in " << eq.iterations << " Newton iterations: largest joint acceleration "
            << formatNumber(eq.residual) << " (from " << formatNumber(eq.startResidual) << " at the initial state)\n";
  // What moved: each body's turn from the initial state.
  const Eigen::VectorXd start = initialState(*model);
  int shown = 0;
  for (int i = 0; i < model->bodyCount() && shown < 20; ++i) {
    const Eigen::AngleAxisd turn(bodyRotation(*model, eq.state, i) * bodyRotation(*model, start, i).transpose());
    if (turn.angle() < 1e-9) continue;
    std::printf("  body '%s' turned %.6g rad\n", model->body(i).name.c_str(), turn.angle());
    ++shown;
  }
  if (const std::string note = describeNeutral(eq); !note.empty()) std::cout << "note: " << note << "\n";
  if (a.has("out")) {
    storeInitialState(*model, eq.state, spec);
    write(a.value("out"), modelToJson(spec), "model at its equilibrium");
  }
  return 0;
}

int modesCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"count", "at", "out", "solver", "method"}, {});
  const ModesReport r = computeModes(compile(loadModel(onlyModel(a, "modes"))), request(a), static_cast<int>(a.integer("count", 10)));
  std::cout << r.description << "\n";
  if (r.asymmetry > 1e-6) std::cout << "the stiffness is not symmetric (" << formatNumber(r.asymmetry) << "): nonconservative loads; the undamped frequencies use its symmetric part\n";
  printModes(*r.model, r.rows);
  for (const std::string& note : r.notes) std::cout << "note: " << note << "\n";
  if (r.missing > 0) std::cout << "warning: the pivots count " << r.missing << " more mode(s) below the highest listed than the iteration found: ask for more with --count\n";
  if (a.has("out")) write(a.value("out"), modesCsv(*r.lin, r.rows), "modes");
  return 0;
}

int frfCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"input", "output", "from", "to", "points", "frequencies", "at", "out", "solver", "method"}, {"linear"});
  const std::string path = onlyModel(a, "frf");
  if (!a.has("input") || !a.has("output")) throw Error(ErrorKind::Input, "frf needs --input NAME and --output QUANTITY");
  FrequencyRange range;
  range.from = a.number("from", 0.1);
  range.to = a.number("to", 10.0);
  range.points = static_cast<int>(a.integer("points", 200));
  range.logarithmic = !a.has("linear");
  range.list = a.numbers("frequencies");
  if (!range.list.empty() && (a.has("from") || a.has("to") || a.has("points") || a.has("linear")))
    throw Error(ErrorKind::Input, "frf: give --frequencies F1,F2,... or a range (--from, --to, --points, --linear), not both");
  const AnalysisRequest req = request(a);
  frequencies(range);  // refused before the model is even read
  const ResponseReport report = computeResponse(compile(loadModel(path)), req, a.value("input"), a.value("output"), range);
  const FrequencyResponse& r = report.response;
  std::cout << report.description << "\n";
  std::size_t peak = 0;
  for (std::size_t k = 1; k < r.frequency.size(); ++k)
    if (r.magnitude(k) > r.magnitude(peak)) peak = k;
  const std::string span = r.frequency.size() == 1 ? std::string()
                                                   : std::to_string(r.frequency.size()) + " frequencies from " + formatNumber(r.frequency.front()) + " to " +
                                                         formatNumber(r.frequency.back()) + " Hz: peak ";
  std::cout << "response of " << r.output << " (" << r.outputUnit << ") to " << r.input << " (" << r.inputUnit << "), " << span << formatNumber(r.magnitude(peak)) << " " << r.outputUnit << "/" << r.inputUnit
            << " (" << formatNumber(r.decibels(peak)) << " dB) at " << formatNumber(r.frequency[peak]) << " Hz, phase " << formatNumber(r.phaseDegrees(peak)) << " deg\n";
  if (a.has("out")) write(a.value("out"), frequencyResponseCsv(r), "frequency response");
  return 0;
}

}  // namespace mstmm::cli
