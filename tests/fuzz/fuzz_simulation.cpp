// Fuzz target: whatever model compiles runs a few steps with the solver,
// integrator and settings its file names. A run may fail, but only with a
// message, and it records exactly the frames recordedFrameCount() plans
// for the time it reached.
#include <algorithm>
#include <cmath>

#include "core/io/model_json.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace mstmm;

namespace {

constexpr int kMostBodies = 40;  // a few steps of a small model: many inputs a second

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::shared_ptr<const Model> model;
  SimulationSettings settings;
  try {
    ModelSpec spec = modelFromJson(fuzz::text(data, size), "");
    if (spec.bodies.size() > kMostBodies) return 0;
    settings = spec.simulation;
    if (!(settings.timeStep >= 1e-6 && settings.timeStep <= 0.1)) settings.timeStep = 1e-3;
    settings.endTime = 3.0 * settings.timeStep;
    settings.outputEvery = std::clamp(settings.outputEvery, 1, 2);
    settings.relativeTolerance = std::max(settings.relativeTolerance, 1e-10);
    settings.absoluteTolerance = std::max(settings.absoluteTolerance, 1e-12);
    spec.simulation = settings;
    model = compile(spec);
  } catch (const Error& e) {
    fuzz::requireMessage(e);
    return 0;
  }
  Results results(*model);
  const RunReport report = simulate(model, settings, results);
  if (report.status == RunStatus::Failed) {
    fuzz::require(report.error.has_value(), "a failed run without an error");
    fuzz::requireMessage(*report.error);
    return 0;
  }
  fuzz::require(report.status == RunStatus::Completed, "an uncancelled run ends completed or failed");
  fuzz::require(results.frameCount() == recordedFrameCount(settings), "recorded frames as planned");
  for (int f = 0; f < results.frameCount(); ++f)
    for (int s = 0; s < results.recordedBodyCount(); ++s) fuzz::require(results.com(f, s).allFinite(), "a completed run records finite positions");
  return 0;
}
