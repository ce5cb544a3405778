#include "core/analysis/vibration.hpp"

#include <algorithm>
#include <numbers>

#include "core/analysis/linear_sweep.hpp"
#include "core/analysis/sweep_modes.hpp"
#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/model/beam_step.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

AnalysisMethod analysisMethodFromString(const std::string& text) {
  if (text == "auto") return AnalysisMethod::Auto;
  if (text == "dense") return AnalysisMethod::Dense;
  if (text == "sweep") return AnalysisMethod::Sweep;
  throw Error(ErrorKind::Input, "the method must be auto, dense or sweep, not '" + text.substr(0, 40) + "'");
}

namespace {

AnalysisBase base(std::shared_ptr<const Model> model, const AnalysisRequest& request) {
  AnalysisBase b;
  b.model = std::move(model);
  b.sweep = request.method == AnalysisMethod::Sweep ||
            (request.method == AnalysisMethod::Auto && b.model->degreesOfFreedom() > kDenseLimit && linearSweepRefusal(*b.model).empty());
  b.at = stateAt(b.model, request.at, request.solver, request.cancel);
  LinearisationOptions options;
  options.solver = request.solver;
  options.cancel = request.cancel;
  options.time = b.at.time;
  b.lin = std::make_shared<Linearisation>(b.model, b.at.state, options);
  b.description = "Linearised about " + describe(request.at);
  if (request.at.kind == AnalysisPoint::Kind::Equilibrium)
    b.description += " (" + std::to_string(b.at.equilibrium.iterations) + " Newton iterations, residual " + formatNumber(b.at.equilibrium.residual) + ")";
  b.description += ": " + std::to_string(b.lin->size()) + " coordinates" + (b.lin->loops() ? " (a basis of the loops' free motions)" : "");
  return b;
}

}  // namespace

namespace {

// A beam's division resolves its bending to 1 % only up to a
// frequency (equations.md §11.4, Eq 11.8); listed modes above it are the
// division's more than the beam's: the user is told which beam, and how.
void noteUnresolvedBeams(ModesReport& r) {
  for (const CompiledBeam& beam : r.model->beams()) {
    const double resolved = beamResolvedFrequency(beam.layout.beam, r.model->planar()) / (2.0 * std::numbers::pi);
    const auto above = std::count_if(r.rows.begin(), r.rows.end(), [&](const ModeRow& m) { return m.kind == ModeKind::Vibration && m.frequency > resolved; });
    if (above == 0) continue;
    r.notes.push_back("beam " + quoted(beam.layout.name) + ": " + std::to_string(beam.layout.beam.segments) + " segments resolve its bending to 1 % up to " +
                      formatNumber(resolved) + " Hz; " + std::to_string(above) +
                      " of the modes listed lie above, where they are the division's more than the beam's: give it more segments (the frequencies converge as 1/segments^2)");
  }
}

}  // namespace

ModesReport computeModes(std::shared_ptr<const Model> model, const AnalysisRequest& request, int count) {
  if (count < 1) throw Error(ErrorKind::Input, "the number of modes must be at least 1 (got " + std::to_string(count) + ")");
  ModesReport r;
  static_cast<AnalysisBase&>(r) = base(std::move(model), request);
  if (r.sweep) {
    const LinearTree tree(r.model, r.at.state);
    SweepModesOptions options;
    options.count = count;
    options.cancel = request.cancel;
    const SweepModes modes = sweepModes(tree, options);
    r.rows = modeTable(*r.lin, tree, modes);
    r.rigid = modes.rigid;
    r.unstable = modes.unstable;
    r.missing = modes.missing;
    r.description += "; the O(N) path (Lanczos with the linearised Riccati sweep, " + std::to_string(modes.solves) + " sweeps): undamped modes; " +
                     std::to_string(modes.rigid) + " rigid-body and " + std::to_string(modes.unstable) + " unstable modes counted, not listed";
    noteUnresolvedBeams(r);
    return r;
  }
  const LinearSystem system = r.lin->linearise();
  const ModalAnalysis modes = denseModes(system);
  r.rows = modeTable(*r.lin, system, modes, count);
  r.asymmetry = modes.asymmetry;
  r.description += ", derivatives by extrapolated central differences (estimated error " + formatNumber(system.derivativeError) + ")";
  if (static_cast<int>(r.rows.size()) < count)
    r.notes.push_back("asked for " + std::to_string(count) + " modes; the model has " + std::to_string(r.rows.size()) + ", all listed");
  noteUnresolvedBeams(r);
  return r;
}

namespace {

/// A response that is exactly zero at every frequency is no Bode plot: the
/// input does not reach the output in the linearisation (issue 51, point 6).
void refuseUncoupled(const FrequencyResponse& r, const std::string& input, const std::string& output) {
  for (std::size_t k = 0; k < r.frequency.size(); ++k)
    if (r.magnitude(k) != 0.0) return;
  throw Error(ErrorKind::Input, "frf: output '" + output + "' does not respond to input '" + input +
                                    "': the response is exactly zero at every frequency (the input does not reach it in the linearisation); choose an output on a body the input moves");
}

}  // namespace

ResponseReport computeResponse(std::shared_ptr<const Model> model, const AnalysisRequest& request, const std::string& input, const std::string& output,
                               const FrequencyRange& range) {
  frequencies(range);  // a bad range is refused before any work
  ResponseReport r;
  static_cast<AnalysisBase&>(r) = base(std::move(model), request);
  const LinearChannel in = linearInput(*r.lin, input), out = linearOutput(*r.lin, output);
  if (r.sweep) {
    const LinearTree tree(r.model, r.at.state);
    checkCancelled(request.cancel);
    r.description += "; the complex linearised Riccati sweep, O(N) per frequency";
    r.response = frequencyResponse(tree, in, out, range, request.cancel);
    refuseUncoupled(r.response, input, output);
    return r;
  }
  const LinearSystem system = r.lin->linearise();
  r.description += ", derivatives by extrapolated central differences (estimated error " + formatNumber(system.derivativeError) + ")";
  r.response = frequencyResponse(system, in, out, range, request.cancel);
  refuseUncoupled(r.response, input, output);
  return r;
}

}  // namespace mstmm
