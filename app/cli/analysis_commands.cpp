// mstmm equilibrium, modes and frf: the vibration analyses (equations.md §10)
// from the command line.

#include <cstdio>
#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "core/analysis/analysis_point.hpp"
#include "core/analysis/frequency_response.hpp"
#include "core/analysis/mode_table.hpp"
#include "core/analysis/sweep_modes.hpp"
#include "core/error.hpp"
#include "core/io/analysis_csv.hpp"
#include "core/io/model_json.hpp"
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

/// The state at --at and the model's linearisation there.
struct Linearised {
  std::shared_ptr<const Model> model;
  AnalysisPoint point;
  PointState at;
  std::unique_ptr<Linearisation> lin;
  LinearSystem system;
};

/// `check` runs once the chart is there, before the costly derivatives
/// (names of inputs and outputs are refused without waiting for them).
template <class Check>
Linearised lineariseAt(const ModelSpec& spec, const Arguments& a, Check check) {
  Linearised l;
  l.model = compile(spec);
  l.point = parseAnalysisPoint(a.value("at", "equilibrium"));
  l.at = stateAt(l.model, l.point, solverOption(a));
  LinearisationOptions options;
  options.solver = solverOption(a);
  options.time = l.at.time;
  l.lin = std::make_unique<Linearisation>(l.model, l.at.state, options);
  check(*l.lin);
  l.system = l.lin->linearise();
  std::cout << "linearised about " << describe(l.point);
  if (l.point.kind == AnalysisPoint::Kind::Equilibrium) std::cout << " (" << l.at.equilibrium.iterations << " Newton iterations, residual " << formatNumber(l.at.equilibrium.residual) << ")";
  std::cout << ": " << l.system.size() << " coordinates" << (l.system.treeCoordinates ? "" : " (a basis of the loops' free motions)")
            << ", derivatives by extrapolated central differences (estimated error " << formatNumber(l.system.derivativeError) << ")\n";
  return l;
}

/// Above this many degrees of freedom `modes` takes the O(N) path when the sweep takes the model.
constexpr int kDenseModes = 1000;

int degreesOfFreedomOf(const ModelSpec& spec) { return compile(spec)->degreesOfFreedom(); }

void write(const std::string& path, const std::string& text, const char* what) {
  writeFileAtomically(path, text);
  std::cout << what << ": " << path << "\n";
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
  const EquilibriumResult eq = findEquilibrium(model, initialState(*model), options);
  std::cout << "equilibrium of '" << model->name() << "' in " << eq.iterations << " Newton iterations: largest joint acceleration "
            << formatNumber(eq.residual) << " (from " << formatNumber(eq.startResidual) << " at the initial state)\n";
  // What moved: each coordinate's change from the initial state.
  const JointChart chart(*model, eq.state);
  const Eigen::VectorXd start = initialState(*model);
  int shown = 0;
  for (int i = 0; i < model->bodyCount() && shown < 20; ++i) {
    const Vec3 r0 = bodyRotation(*model, start, i).col(0), r1 = bodyRotation(*model, eq.state, i).col(0);
    const double turned = std::atan2(r0.cross(r1).norm(), r0.dot(r1));
    if (turned < 1e-9) continue;
    std::printf("  body '%s' turned %.6g rad\n", model->body(i).name.c_str(), turned);
    ++shown;
  }
  if (a.has("out")) {
    storeInitialState(*model, eq.state, spec);
    write(a.value("out"), modelToJson(spec), "model at its equilibrium");
  }
  return 0;
}

namespace {

void printModes(const Model& model, const std::vector<ModeRow>& rows) {
  std::printf("%4s  %14s  %13s  %-10s  %s\n", "mode", "frequency (Hz)", "damping ratio", "kind", "dominant coordinates; bodies");
  for (const ModeRow& r : rows) {
    const std::string frequency = r.kind == ModeKind::Vibration ? formatNumber(r.frequency) : "-";
    const std::string zeta = r.kind == ModeKind::Vibration ? formatNumber(r.dampingRatio) : "-";
    std::printf("%4d  %14s  %13s  %-10s  %s; %s\n", r.number, frequency.c_str(), zeta.c_str(), toString(r.kind), describeCoordinates(r).c_str(), describeBodies(model, r).c_str());
  }
}

/// The O(N) path: equilibrium (or the state asked for), then Lanczos with the sweep.
int sweepModesCommand(const ModelSpec& spec, const Arguments& a, int count) {
  const auto model = compile(spec);
  const AnalysisPoint point = parseAnalysisPoint(a.value("at", "equilibrium"));
  const PointState at = stateAt(model, point, solverOption(a));
  const LinearTree tree(model, at.state);
  LinearisationOptions options;
  options.time = at.time;
  const Linearisation lin(model, at.state, options);
  SweepModesOptions so;
  so.count = count;
  const SweepModes modes = sweepModes(tree, so);
  std::cout << "linearised about " << describe(point) << ": " << tree.size() << " coordinates; the O(N) path (Lanczos with the linearised Riccati sweep, "
            << modes.solves << " sweeps): undamped modes; " << modes.rigid << " rigid-body and " << modes.unstable << " unstable modes counted, not listed\n";
  const std::vector<ModeRow> rows = modeTable(lin, tree, modes);
  printModes(*model, rows);
  if (modes.missing > 0)
    std::cout << "warning: the pivots count " << modes.missing << " more mode(s) below the highest listed than the iteration found: ask for more with --count\n";
  if (a.has("out")) write(a.value("out"), modesCsv(lin, rows), "modes");
  return 0;
}

}  // namespace

int modesCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"count", "at", "out", "solver", "method"}, {});
  const ModelSpec spec = loadModel(onlyModel(a, "modes"));
  const int count = static_cast<int>(a.integer("count", 10));
  if (count < 1) throw Error(ErrorKind::Input, "--count must be at least 1");
  const std::string method = a.value("method", "auto");
  if (method != "auto" && method != "dense" && method != "sweep") throw Error(ErrorKind::Input, "--method must be auto, dense or sweep, not '" + method.substr(0, 40) + "'");
  if (method == "sweep" || (method == "auto" && degreesOfFreedomOf(spec) > kDenseModes && linearSweepRefusal(*compile(spec)).empty())) return sweepModesCommand(spec, a, count);
  const Linearised l = lineariseAt(spec, a, [](const Linearisation&) {});
  const ModalAnalysis modes = denseModes(l.system);
  const std::vector<ModeRow> rows = modeTable(*l.lin, l.system, modes, count);
  if (modes.asymmetry > 1e-6) std::cout << "the stiffness is not symmetric (" << formatNumber(modes.asymmetry) << "): nonconservative loads; the undamped frequencies use its symmetric part\n";
  printModes(*l.model, rows);
  if (a.has("out")) write(a.value("out"), modesCsv(*l.lin, rows), "modes");
  return 0;
}

int frfCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {"input", "output", "from", "to", "points", "at", "out", "solver", "method"}, {"linear"});
  const std::string path = onlyModel(a, "frf");
  if (!a.has("input") || !a.has("output")) throw Error(ErrorKind::Input, "frf needs --input NAME and --output QUANTITY");
  FrequencyRange range;
  range.from = a.number("from", 0.1);
  range.to = a.number("to", 10.0);
  range.points = static_cast<int>(a.integer("points", 200));
  range.logarithmic = !a.has("linear");
  frequencies(range);  // a bad range is refused before any work
  const ModelSpec spec = loadModel(path);
  const std::string method = a.value("method", "auto");
  if (method != "auto" && method != "dense" && method != "sweep") throw Error(ErrorKind::Input, "--method must be auto, dense or sweep, not '" + method.substr(0, 40) + "'");
  FrequencyResponse r;
  if (method == "sweep" || (method == "auto" && degreesOfFreedomOf(spec) > kDenseModes && linearSweepRefusal(*compile(spec)).empty())) {
    const auto model = compile(spec);
    const AnalysisPoint point = parseAnalysisPoint(a.value("at", "equilibrium"));
    const PointState at = stateAt(model, point, solverOption(a));
    LinearisationOptions options;
    options.time = at.time;
    const Linearisation lin(model, at.state, options);
    const LinearChannel input = linearInput(lin, a.value("input")), output = linearOutput(lin, a.value("output"));
    const LinearTree tree(model, at.state);
    std::cout << "linearised about " << describe(point) << ": " << tree.size() << " coordinates; the complex linearised Riccati sweep, O(N) per frequency\n";
    r = frequencyResponse(tree, input, output, range);
  } else {
    LinearChannel input, output;
    const Linearised l = lineariseAt(spec, a, [&](const Linearisation& lin) {
      input = linearInput(lin, a.value("input"));
      output = linearOutput(lin, a.value("output"));
    });
    r = frequencyResponse(l.system, input, output, range);
  }
  std::size_t peak = 0;
  for (std::size_t k = 1; k < r.frequency.size(); ++k)
    if (r.magnitude(k) > r.magnitude(peak)) peak = k;
  std::cout << "response of " << r.output << " (" << r.outputUnit << ") to " << r.input << " (" << r.inputUnit << "), " << r.frequency.size() << " frequencies from "
            << formatNumber(range.from) << " to " << formatNumber(range.to) << " Hz: peak " << formatNumber(r.magnitude(peak)) << " " << r.outputUnit << "/" << r.inputUnit
            << " (" << formatNumber(r.decibels(peak)) << " dB) at " << formatNumber(r.frequency[peak]) << " Hz, phase " << formatNumber(r.phaseDegrees(peak)) << " deg\n";
  if (a.has("out")) write(a.value("out"), frequencyResponseCsv(r), "frequency response");
  return 0;
}

}  // namespace mstmm::cli
