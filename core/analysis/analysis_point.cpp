#include "core/analysis/analysis_point.hpp"

#include <cmath>

#include "core/error.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"
#include "core/sim/simulation.hpp"

namespace mstmm {

AnalysisPoint parseAnalysisPoint(const std::string& text) {
  AnalysisPoint p;
  if (text == "equilibrium") return p;
  if (text == "initial") {
    p.kind = AnalysisPoint::Kind::Initial;
    return p;
  }
  std::size_t used = 0;
  double t = 0.0;
  try {
    t = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || !std::isfinite(t) || t < 0.0)
    throw Error(ErrorKind::Input, "'" + text.substr(0, 40) + "' is not a point to analyse about: give equilibrium, initial, or a time in seconds (>= 0)");
  p.kind = AnalysisPoint::Kind::Time;
  p.time = t;
  return p;
}

std::string describe(const AnalysisPoint& point) {
  switch (point.kind) {
    case AnalysisPoint::Kind::Equilibrium: return "the static equilibrium";
    case AnalysisPoint::Kind::Initial: return "the initial state";
    case AnalysisPoint::Kind::Time: return "the state at t = " + formatNumber(point.time) + " s";
  }
  return "";
}

namespace {

struct LastState : ResultSink {
  Eigen::VectorXd y;
  double t = 0.0;
  void record(const Frame& f) override {
    y = *f.y;
    t = f.time;
  }
};

}  // namespace

PointState stateAt(std::shared_ptr<const Model> model, const AnalysisPoint& point, SolverKind solver, const std::atomic<bool>* cancel) {
  PointState out;
  out.time = point.time;
  if (point.kind == AnalysisPoint::Kind::Initial || (point.kind == AnalysisPoint::Kind::Time && point.time == 0.0)) {
    out.state = initialState(*model);
  } else if (point.kind == AnalysisPoint::Kind::Equilibrium) {
    EquilibriumOptions options;
    options.solver = solver;
    options.time = point.time;
    options.cancel = cancel;
    out.equilibrium = findEquilibrium(model, initialState(*model), options);
    out.state = out.equilibrium.state;
  } else {
    SimulationSettings settings = model->spec().simulation;
    settings.endTime = point.time;
    settings.solver = solver;
    LastState sink;
    RunOptions run;
    run.cancel = cancel;
    const RunReport report = simulate(model, settings, sink, run);
    checkCancelled(cancel);
    if (report.status != RunStatus::Completed)
      throw Error(ErrorKind::Solver, "the run to t = " + formatNumber(point.time) + " s did not complete" + (report.error ? std::string(": ") + report.error->what() : std::string()));
    out.state = sink.y;
    out.time = sink.t;
  }
  return out;
}

}  // namespace mstmm
