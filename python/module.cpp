// mstmm._core: the engine for Python (pybind11 + NumPy). Models are held as
// the user's spec and compiled on demand; runs release the GIL, report
// progress through a callback that may stop them, and stop on Ctrl+C with
// what they recorded; results cross as NumPy arrays, one per quantity,
// never one Python object per sample. The Python side (mstmm/__init__.py)
// wraps these in the documented API (docs/python.md).

#include <limits>
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/complex.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <memory>

#include "python/rotor_bindings.hpp"
#include "collision/fcl_shape_query.hpp"
#include "stiff/cvode_bdf.hpp"
#include "interchange/model_export.hpp"
#include "interchange/model_import.hpp"
#include "core/analysis/equilibrium.hpp"
#include "core/analysis/linear_io.hpp"
#include "core/analysis/vibration.hpp"
#include "core/dynamics/dynamics_solver.hpp"
#include "core/error.hpp"
#include "core/generate/named_generators.hpp"
#include "core/io/model_json.hpp"
#include "core/sim/run.hpp"
#include "core/study/study_json.hpp"
#include "core/dynamics/load_channels.hpp"
#include "core/message_text.hpp"
#include "core/model/model.hpp"
#include "core/model/validation.hpp"
#include "core/sim/integrator.hpp"
#include "core/sim/ode_system.hpp"
#include "core/sim/recording_budget.hpp"
#include "core/sim/result_columns.hpp"
#include "core/sim/results.hpp"
#include "core/sim/simulation.hpp"
#include "core/study/study_runner.hpp"
#include "core/version.hpp"

namespace py = pybind11;
using namespace mstmm;

namespace {

// ---- errors: mstmm.Error carries the message, its kind, the element and the time

py::object& errorType() {
  static py::object type;
  return type;
}

const char* kindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Input: return "input";
    case ErrorKind::Validation: return "validation";
    case ErrorKind::Solver: return "solver";
    case ErrorKind::Divergence: return "divergence";
    case ErrorKind::Io: return "io";
  }
  return "input";
}

py::object elementOf(const ErrorSubject& s) {
  if (s.kind == ErrorSubject::Kind::Body) return py::make_tuple("body", s.specIndex);
  if (s.kind == ErrorSubject::Kind::Hinge) return py::make_tuple("hinge", s.specIndex);
  return py::none();
}

void raise(const Error& e) {
  py::object error = errorType()(e.what());
  error.attr("kind") = kindName(e.kind());
  error.attr("element") = elementOf(e.subject());
  error.attr("time") = e.time() ? py::cast(*e.time()) : py::none();
  PyErr_SetObject(errorType().ptr(), error.ptr());
}

// ---- models

/// A model as the user gives it, and its compiled form once asked for.
struct PyModel {
  ModelSpec spec;
  mutable std::shared_ptr<const Model> compiled;

  const std::shared_ptr<const Model>& model() const {
    if (!compiled) compiled = compile(spec);  // throws mstmm::Error naming the element
    return compiled;
  }
};

py::dict settingsDict(const SimulationSettings& s) {
  py::dict d;
  d["end_time"] = s.endTime;
  d["time_step"] = s.timeStep;
  d["every"] = s.outputEvery;
  d["integrator"] = toString(s.integrator);
  d["solver"] = toString(s.solver);
  d["rtol"] = s.relativeTolerance;
  d["atol"] = s.absoluteTolerance;
  d["loop_stabilisation"] = toString(s.loopStabilisation);
  return d;
}

template <typename Enum>
Enum enumByName(const std::string& word, std::initializer_list<Enum> values, const char* what) {
  std::string known;
  for (Enum v : values) {
    if (word == toString(v)) return v;
    known += (known.empty() ? "" : ", ") + std::string(toString(v));
  }
  throw Error(ErrorKind::Input, std::string(what) + " must be one of " + known + ", not '" + word + "'");
}

/// A number argument, or mstmm.Error naming it (not pybind11's bare cast error).
double numberArgument(const py::handle& value, const std::string& name) {
  if (!py::isinstance<py::float_>(value) && !py::isinstance<py::int_>(value))
    throw Error(ErrorKind::Input, name + " must be a number, not " + std::string(py::str(py::type::of(value).attr("__name__"))));
  return py::cast<double>(value);
}

/// A whole-number argument in [low, high], or mstmm.Error naming it; Python's
/// integers have no bound, C++'s int has.
int wholeArgument(const py::handle& value, const std::string& name, long long low, long long high) {
  if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
    throw Error(ErrorKind::Input, name + " must be a whole number, not " + std::string(py::str(py::type::of(value).attr("__name__"))));
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow != 0 || v < low || v > high)
    throw Error(ErrorKind::Input, name + " must be between " + std::to_string(low) + " and " + std::to_string(high) + ", not " + std::string(py::str(value)));
  return static_cast<int>(v);
}

/// A text argument (a solver's name), or mstmm.Error naming it.
std::string textArgument(const py::handle& value, const std::string& name) {
  if (!py::isinstance<py::str>(value))
    throw Error(ErrorKind::Input, name + " must be a name (a str), not " + std::string(py::str(py::type::of(value).attr("__name__"))));
  return py::cast<std::string>(value);
}

/// Settings with overrides given as keyword arguments (None: keep).
SimulationSettings withOverrides(SimulationSettings s, const py::dict& o) {
  for (auto [key, value] : o) {
    const std::string k = py::cast<std::string>(key);
    if (value.is_none()) continue;
    if (k == "end_time") s.endTime = numberArgument(value, k);
    else if (k == "time_step") s.timeStep = numberArgument(value, k);
    else if (k == "every") s.outputEvery = wholeArgument(value, k, 1, std::numeric_limits<int>::max());
    else if (k == "rtol") s.relativeTolerance = numberArgument(value, k);
    else if (k == "atol") s.absoluteTolerance = numberArgument(value, k);
    else if (k == "integrator")
      s.integrator = enumByName(textArgument(value, k), {IntegratorKind::Rk4, IntegratorKind::DormandPrince45, IntegratorKind::GeneralizedAlpha, IntegratorKind::Bdf}, "integrator");
    else if (k == "rho_inf") s.spectralRadius = numberArgument(value, k);
    else if (k == "solver")
      s.solver = enumByName(textArgument(value, k), {SolverKind::Riccati, SolverKind::NewtonEuler, SolverKind::MassMatrix, SolverKind::ClassicalTmm},
                            "solver");
    else if (k == "loop_stabilisation")
      s.loopStabilisation = enumByName(textArgument(value, k),
                                       {LoopStabilisation::Baumgarte, LoopStabilisation::Projection, LoopStabilisation::None}, "loop_stabilisation");
    else throw Error(ErrorKind::Input, "unknown setting '" + k + "' (end_time, time_step, every, integrator, rho_inf, solver, rtol, atol, loop_stabilisation)");
  }
  return s;
}

// ---- arrays

py::array_t<double> array(std::vector<py::ssize_t> shape) { return py::array_t<double>(shape); }

py::array_t<double> vectorArray(const Eigen::VectorXd& v) {
  py::array_t<double> a(v.size());
  std::copy(v.data(), v.data() + v.size(), a.mutable_data());
  return a;
}

Eigen::VectorXd stateFrom(const py::array_t<double, py::array::c_style | py::array::forcecast>& y) {
  if (y.ndim() != 1) throw Error(ErrorKind::Input, "a state must be a one-dimensional array");
  Eigen::VectorXd v(y.shape(0));
  std::copy(y.data(), y.data() + y.shape(0), v.data());
  if (!v.allFinite()) throw Error(ErrorKind::Input, "the state contains a non-finite number");
  return v;
}

/// Everything Results recorded, as arrays keyed by quantity.
py::dict resultArrays(const Model& model, const Results& r) {
  const auto frames = static_cast<py::ssize_t>(r.frameCount());
  const auto bodies = static_cast<py::ssize_t>(r.recordedBodyCount());
  py::dict d;
  auto perBody3 = [&](auto get) {
    auto a = array({frames, bodies, 3});
    auto m = a.mutable_unchecked<3>();
    for (py::ssize_t f = 0; f < frames; ++f)
      for (py::ssize_t s = 0; s < bodies; ++s) {
        const Vec3 v = get(static_cast<int>(f), static_cast<int>(s));
        for (int k = 0; k < 3; ++k) m(f, s, k) = v[k];
      }
    return a;
  };
  d["time"] = py::array_t<double>(frames, r.times().data());
  d["com"] = perBody3([&](int f, int s) { return r.com(f, s); });
  d["input_end"] = perBody3([&](int f, int s) { return r.inputEnd(f, s); });
  d["output_end"] = perBody3([&](int f, int s) { return r.outputEnd(f, s); });
  d["angular_velocity"] = perBody3([&](int f, int s) { return r.angularVelocity(f, s); });
  d["hinge_force"] = perBody3([&](int f, int s) { return r.hingeForce(f, s); });
  d["hinge_moment"] = perBody3([&](int f, int s) { return r.hingeMoment(f, s); });
  auto q = array({frames, bodies, 4});
  auto theta = array({frames, bodies});
  auto qm = q.mutable_unchecked<3>();
  auto tm = theta.mutable_unchecked<2>();
  for (py::ssize_t f = 0; f < frames; ++f)
    for (py::ssize_t s = 0; s < bodies; ++s) {
      const Quat o = r.orientation(static_cast<int>(f), static_cast<int>(s));
      for (int k = 0; k < 4; ++k) qm(f, s, k) = o[k];
      tm(f, s) = r.theta(static_cast<int>(f), static_cast<int>(s));
    }
  d["orientation"] = q;
  if (model.planar()) d["theta"] = theta;
  const auto sliders = static_cast<py::ssize_t>(r.slideCount());
  auto slide = array({frames, sliders}), rate = array({frames, sliders});
  for (py::ssize_t f = 0; f < frames; ++f)
    for (py::ssize_t k = 0; k < sliders; ++k) {
      slide.mutable_at(f, k) = r.slide(static_cast<int>(f), static_cast<int>(k));
      rate.mutable_at(f, k) = r.slideRate(static_cast<int>(f), static_cast<int>(k));
    }
  d["slide"] = slide;
  d["slide_rate"] = rate;
  const auto channels = static_cast<py::ssize_t>(r.loadChannels().size());
  auto loads = array({static_cast<py::ssize_t>(r.loadFrameCount()), channels});
  for (py::ssize_t f = 0; f < r.loadFrameCount(); ++f)
    for (py::ssize_t c = 0; c < channels; ++c) loads.mutable_at(f, c) = r.loadValue(static_cast<int>(f), static_cast<int>(c));
  d["loads"] = loads;
  const auto measureChannels = static_cast<py::ssize_t>(r.measureChannels().size());
  auto measures = array({frames, measureChannels});
  for (py::ssize_t f = 0; f < frames; ++f)
    for (py::ssize_t c = 0; c < measureChannels; ++c) measures.mutable_at(f, c) = r.measureValue(static_cast<int>(f), static_cast<int>(c));
  d["measures"] = measures;
  py::dict energy;
  const char* names[] = {"kinetic", "potential", "spring", "work", "dissipated", "total", "balance"};
  std::vector<py::array_t<double>> columns;
  for (int k = 0; k < 7; ++k) columns.push_back(array({frames}));
  for (py::ssize_t f = 0; f < frames; ++f) {
    const Energy e = r.energy(static_cast<int>(f));
    const double v[] = {e.kinetic, e.potential, e.spring, e.work, e.dissipated, e.total(), e.balance()};
    for (int k = 0; k < 7; ++k) columns[static_cast<std::size_t>(k)].mutable_at(f) = v[k];
  }
  for (int k = 0; k < 7; ++k) energy[names[k]] = columns[static_cast<std::size_t>(k)];
  d["energy"] = energy;
  // A floating system's momentum columns, as the results CSV names them.
  const std::vector<std::string>& momentumNames = momentumColumnNames(model);
  auto momentum = array({frames, static_cast<py::ssize_t>(momentumNames.size())});
  for (py::ssize_t f = 0; f < frames && !momentumNames.empty(); ++f) {
    const std::vector<double> v = momentumColumnValues(model, r.momentum(static_cast<int>(f)));
    for (std::size_t k = 0; k < v.size(); ++k) momentum.mutable_at(f, static_cast<py::ssize_t>(k)) = v[k];
  }
  d["momentum"] = momentum;
  d["momentum_names"] = momentumNames;
  std::vector<std::string> bodyNames, sliderNames, channelNames, channelUnits;
  for (int s = 0; s < r.recordedBodyCount(); ++s) bodyNames.push_back(model.body(r.recordedBody(s)).name);
  for (int k = 0; k < model.sliderCount(); ++k) sliderNames.push_back(model.hinge(model.sliderBody(k)).slides == 1 ? model.hinge(model.sliderBody(k)).name : model.slideName(k));
  for (const LoadChannel& c : r.loadChannels()) channelNames.push_back(c.name), channelUnits.push_back(c.unit);
  d["body_names"] = bodyNames;
  d["slider_names"] = sliderNames;
  d["load_names"] = channelNames;
  d["load_units"] = channelUnits;
  std::vector<std::string> measureNames, measureUnits;
  for (const LoadChannel& c : r.measureChannels()) measureNames.push_back(c.name), measureUnits.push_back(c.unit);
  d["measure_names"] = measureNames;
  d["measure_units"] = measureUnits;
  return d;
}

// ---- runs

/// Calls the user's progress callback (with the GIL) about ten times a
/// second, and turns Ctrl+C or a callback that returns False into a cancel.
class ProgressBridge {
 public:
  ProgressBridge(py::object callback, std::atomic<bool>& cancel) : m_callback(std::move(callback)), m_cancel(cancel) {}

  void operator()(const RunProgress& p) {
    const auto now = std::chrono::steady_clock::now();
    if (now - m_last < std::chrono::milliseconds(100) && p.time < p.endTime) return;
    m_last = now;
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) {  // Ctrl+C: stop, keep what was recorded
      PyErr_Clear();
      m_interrupted = true;
      m_cancel = true;
      return;
    }
    if (m_callback.is_none()) return;
    try {
      const py::object answer = m_callback(p.time, p.endTime, p.steps);
      if (!answer.is_none() && !py::cast<bool>(answer)) m_cancel = true;
    } catch (py::error_already_set& e) {
      m_cancel = true;
      if (e.matches(PyExc_KeyboardInterrupt)) {  // Ctrl+C while the callback ran: the same as between calls
        m_interrupted = true;
        return;
      }
      m_error = std::make_unique<py::error_already_set>(std::move(e));
    }
  }

  bool interrupted() const { return m_interrupted; }
  void rethrowCallbackError() {
    if (m_error) throw std::move(*m_error);
  }

 private:
  py::object m_callback;
  std::atomic<bool>& m_cancel;
  std::chrono::steady_clock::time_point m_last{};
  bool m_interrupted = false;
  std::unique_ptr<py::error_already_set> m_error;
};

const char* statusName(RunStatus s) { return s == RunStatus::Completed ? "completed" : s == RunStatus::Cancelled ? "cancelled" : "failed"; }

py::dict simulateModel(const PyModel& m, const py::dict& overrides, py::object progress, const std::vector<std::string>& bodyNames, const py::object& threads) {
  const std::shared_ptr<const Model> model = m.model();
  const SimulationSettings settings = withOverrides(m.spec.simulation, overrides);
  RecordOptions record;
  for (const std::string& name : bodyNames) {
    const int b = model->bodyByName(name);
    if (b < 0) throw Error(ErrorKind::Input, "bodies: the model has no body named '" + name + "'");
    record.bodies.push_back(b);
  }
  if (const auto problem = memoryRecordingProblem(*model, settings, record, availableMemoryBytes())) throw Error(ErrorKind::Input, *problem);
  Results results(*model, record);
  std::atomic<bool> cancel{false};
  ProgressBridge bridge(std::move(progress), cancel);
  RunOptions options;
  options.cancel = &cancel;
  options.threads = wholeArgument(threads, "threads", 1, 1024);
  options.progress = [&bridge](const RunProgress& p) { bridge(p); };
  RunReport report;
  {
    py::gil_scoped_release released;
    report = simulate(model, settings, results, options);
  }
  bridge.rethrowCallbackError();
  if (report.error && results.frameCount() == 0) throw *report.error;  // refused before it ran: bad arguments
  py::dict d = resultArrays(*model, results);
  d["status"] = statusName(report.status);
  d["message"] = report.error ? std::string(report.error->what()) : std::string();
  d["interrupted"] = bridge.interrupted();
  d["steps"] = report.steps;
  d["evaluations"] = report.evaluations;
  d["rejected_steps"] = report.rejectedSteps;
  d["newton_iterations"] = report.newtonIterations;
  d["krylov_iterations"] = report.linearIterations;
  d["tangent_refreshes"] = report.tangentRefreshes;
  d["method_steps"] = report.methodSteps;
  d["reached"] = report.time;
  d["settings"] = settingsDict(settings);
  return d;
}

py::dict outputArrays(const SolverOutput& out) {
  auto vec3s = [](const std::vector<Vec3>& v) {
    auto a = array({static_cast<py::ssize_t>(v.size()), 3});
    for (std::size_t i = 0; i < v.size(); ++i)
      for (int k = 0; k < 3; ++k) a.mutable_at(static_cast<py::ssize_t>(i), k) = v[i][k];
    return a;
  };
  py::dict d;
  d["angular_acceleration"] = vec3s(out.angularAcceleration);
  d["com_acceleration"] = vec3s(out.comAcceleration);
  d["hinge_force"] = vec3s(out.hingeForce);
  d["hinge_moment"] = vec3s(out.hingeMoment);
  d["slide_acceleration"] = py::array_t<double>(static_cast<py::ssize_t>(out.slideAcceleration.size()), out.slideAcceleration.data());
  d["driving_load"] = py::array_t<double>(static_cast<py::ssize_t>(out.drivingLoad.size()), out.drivingLoad.data());
  return d;
}

/// Accelerations and loads at one state: the solver's output and the state's rate of change.
py::dict evaluateModel(const PyModel& m, const py::array_t<double, py::array::c_style | py::array::forcecast>& y, double t, const std::string& solverName) {
  const std::shared_ptr<const Model> model = m.model();
  const SolverKind kind = enumByName(solverName, {SolverKind::Riccati, SolverKind::NewtonEuler, SolverKind::MassMatrix, SolverKind::ClassicalTmm}, "solver");
  const auto solver = makeSolver(kind, model, supplementTarget(m.spec.simulation));
  OdeSystem ode(*solver);
  const Eigen::VectorXd state = stateFrom(y);
  Eigen::VectorXd dy(state.size());
  SolverOutput out;
  out.resize(*model);
  ode.evaluate(t, state, dy, out);
  py::dict d = outputArrays(out);
  d["state_rate"] = vectorArray(dy);
  return d;
}

/// A run stepped from Python: core's run loop (core/sim/run.hpp) with the
/// model's integrator and solver, recording nothing; the caller reads and
/// sets its state and time between steps. Its checks are the run's.
class Stepper {
 public:
  Stepper(const PyModel& m, const py::dict& overrides) : m_settings(withOverrides(m.spec.simulation, overrides)) {
    if (const auto problems = settingsProblems(m_settings); !problems.empty()) throw Error(ErrorKind::Input, problems.front());
    m_run.emplace(m.model(), m_settings, m_nothing, RunOptions{});
    m_run->start();
  }

  /// n steps of the model's time step (fewer if h is given: steps of h).
  void step(int n, std::optional<double> h) {
    const double dt = h.value_or(m_settings.timeStep);  // Run::stepBy refuses a step that is not positive and finite
    if (n < 0) throw Error(ErrorKind::Input, "the number of steps must not be negative");
    py::gil_scoped_release released;
    for (int k = 0; k < n; ++k) m_run->stepBy(dt);
  }

  double time() const { return m_run->time(); }
  py::array_t<double> state() const { return vectorArray(m_run->state()); }
  void setState(const py::array_t<double, py::array::c_style | py::array::forcecast>& y, std::optional<double> t) {
    m_run->setState(stateFrom(y), t.value_or(m_run->time()));
  }
  py::dict output() const { return outputArrays(m_run->output()); }

 private:
  /// The frames a run records: none, here.
  struct NoFrames final : ResultSink {
    void record(const Frame&) override {}
  };
  SimulationSettings m_settings;
  NoFrames m_nothing;
  std::optional<Run> m_run;
};

PyModel fromSpec(ModelSpec spec) { return PyModel{std::move(spec), nullptr}; }

// The vibration analyses (docs/vibration.md): plain dictionaries of NumPy
// arrays, computed with the GIL released.
AnalysisRequest analysisRequest(const std::string& at, const std::string& method, const std::string& solver) {
  AnalysisRequest r;
  r.at = parseAnalysisPoint(at);
  r.method = analysisMethodFromString(method);
  const std::optional<SolverKind> kind = solverKindFromString(solver);
  if (!kind) throw Error(ErrorKind::Input, "unknown solver '" + solver + "'");
  r.solver = *kind;
  return r;
}

py::dict equilibriumOf(const PyModel& model, double time, const std::string& solver) {
  EquilibriumOptions options;
  options.time = time;
  options.solver = analysisRequest("initial", "auto", solver).solver;
  EquilibriumResult eq;
  {
    py::gil_scoped_release release;
    eq = findEquilibrium(model.model(), initialState(*model.model()), options);
  }
  ModelSpec spec = model.spec;
  storeInitialState(*model.model(), eq.state, spec);
  py::dict d;
  d["model"] = fromSpec(std::move(spec));
  d["state"] = vectorArray(eq.state);
  d["iterations"] = eq.iterations;
  d["residual"] = eq.residual;
  d["start_residual"] = eq.startResidual;
  d["neutral"] = eq.neutral;  // directions along which the rest is not isolated (describeNeutral)
  d["note"] = describeNeutral(eq);
  return d;
}

py::array_t<double> matrixArray(const Eigen::MatrixXd& m) {
  py::array_t<double> a({static_cast<py::ssize_t>(m.rows()), static_cast<py::ssize_t>(m.cols())});
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c) a.mutable_at(r, c) = m(r, c);
  return a;
}

// M, C, K, A, B and the outputs' rows about a state (docs/vibration.md): the
// dense linearisation (equations.md §10.2).
py::dict linearizeModel(const PyModel& model, const std::string& at, const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                        const std::string& solver) {
  const AnalysisRequest request = analysisRequest(at, "dense", solver);
  LinearSystem s;
  Eigen::MatrixXd f, c;
  std::vector<std::string> names;
  {
    py::gil_scoped_release release;
    const PointState point = stateAt(model.model(), request.at, request.solver);
    LinearisationOptions options;
    options.solver = request.solver;
    options.time = point.time;
    Linearisation lin(model.model(), point.state, options);
    f.resize(lin.size(), static_cast<Eigen::Index>(inputs.size()));
    c.resize(static_cast<Eigen::Index>(outputs.size()), lin.size());
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      const LinearChannel in = linearInput(lin, inputs[k]);
      // A base excitation enters as the ground's acceleration: M z'' = ... - G e a.
      f.col(static_cast<Eigen::Index>(k)) = in.ground.squaredNorm() > 0.0 ? Eigen::VectorXd(-in.vector) : in.vector;
    }
    for (std::size_t k = 0; k < outputs.size(); ++k) {
      const LinearChannel out = linearOutput(lin, outputs[k]);
      if (out.read) throw Error(ErrorKind::Input, "output '" + outputs[k].substr(0, 80) + "': a hinge load is no row of the state; mstmm.frf gives it");
      c.row(static_cast<Eigen::Index>(k)) = out.vector.transpose();
    }
    s = lin.linearise();
  }
  const Eigen::Index n = s.size();
  Eigen::MatrixXd b = Eigen::MatrixXd::Zero(2 * n, f.cols());
  b.bottomRows(n) = s.mass.ldlt().solve(f);
  Eigen::MatrixXd cOut = Eigen::MatrixXd::Zero(c.rows(), 2 * n);
  cOut.leftCols(n) = c;
  py::dict d;
  d["M"] = matrixArray(s.mass);
  d["C"] = matrixArray(s.damping);
  d["K"] = matrixArray(s.stiffness);
  d["A"] = matrixArray(s.a);
  d["B"] = matrixArray(b);
  d["F"] = matrixArray(f);
  d["C_out"] = matrixArray(cOut);
  d["state"] = vectorArray(s.reference);
  d["coordinates"] = s.names;
  d["tree_coordinates"] = s.treeCoordinates;
  d["derivative_error"] = s.derivativeError;
  return d;
}

py::dict modesOf(const PyModel& model, int count, const std::string& at, const std::string& method, const std::string& solver) {
  const AnalysisRequest request = analysisRequest(at, method, solver);
  ModesReport r;
  {
    py::gil_scoped_release release;
    r = computeModes(model.model(), request, count);
  }
  const auto n = static_cast<py::ssize_t>(r.rows.size());
  const auto coordinates = static_cast<py::ssize_t>(r.lin->chart().coordinates());
  py::array_t<double> frequency(n), omega2(n), zeta(n), damped(n), shapes({coordinates, n});
  py::list kind, names, dominant, bodies, motion;
  for (py::ssize_t k = 0; k < n; ++k) {
    const ModeRow& row = r.rows[static_cast<std::size_t>(k)];
    frequency.mutable_at(k) = row.frequency;
    omega2.mutable_at(k) = row.omegaSquared;
    zeta.mutable_at(k) = row.dampingRatio;
    damped.mutable_at(k) = row.dampedFrequency;
    kind.append(toString(row.kind));
    dominant.append(describeCoordinates(row));
    bodies.append(describeBodies(*r.model, row));
    motion.append(describeMotion(*r.model, row));
    const Eigen::VectorXd q = r.lin->toTree(row.shape);
    for (py::ssize_t c = 0; c < coordinates; ++c) shapes.mutable_at(c, k) = q[c];
  }
  for (int c = 0; c < r.lin->chart().coordinates(); ++c) names.append(r.lin->chart().coordinateName(c));
  py::dict d;
  d["frequency"] = frequency;
  d["omega_squared"] = omega2;
  d["damping_ratio"] = zeta;
  d["damped_frequency"] = damped;
  d["kind"] = kind;
  d["shapes"] = shapes;
  d["coordinates"] = names;
  d["dominant_coordinates"] = dominant;
  d["dominant_bodies"] = bodies;
  d["dominant_motion"] = motion;
  d["rigid_counted"] = r.rigid;
  d["unstable_counted"] = r.unstable;
  d["missing"] = r.missing;
  d["method"] = r.sweep ? "sweep" : "dense";
  d["description"] = r.description;
  return d;
}

py::dict responseOf(const PyModel& model, const std::string& input, const std::string& output, double from, double to, int points, bool linear, const std::string& at,
                    const std::string& method, const std::string& solver, const std::vector<double>& list) {
  const AnalysisRequest request = analysisRequest(at, method, solver);
  FrequencyRange range;
  range.list = list;
  range.from = from;
  range.to = to;
  range.points = points;
  range.logarithmic = !linear;
  ResponseReport r;
  {
    py::gil_scoped_release release;
    r = computeResponse(model.model(), request, input, output, range);
  }
  const FrequencyResponse& f = r.response;
  const auto n = static_cast<py::ssize_t>(f.frequency.size());
  py::array_t<double> hz(n), magnitude(n), db(n), phase(n);
  py::array_t<std::complex<double>> value(n);
  for (py::ssize_t k = 0; k < n; ++k) {
    const auto i = static_cast<std::size_t>(k);
    hz.mutable_at(k) = f.frequency[i];
    magnitude.mutable_at(k) = f.magnitude(i);
    db.mutable_at(k) = f.decibels(i);
    phase.mutable_at(k) = f.phaseDegrees(i);
    value.mutable_at(k) = f.response[i];
  }
  py::dict d;
  d["frequency"] = hz;
  d["response"] = value;
  d["magnitude"] = magnitude;
  d["decibels"] = db;
  d["phase_deg"] = phase;
  d["input_unit"] = f.inputUnit;
  d["output_unit"] = f.outputUnit;
  d["method"] = r.sweep ? "sweep" : "dense";
  d["description"] = r.description;
  return d;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "MSTMM Studio's engine (Riccati transfer matrix method for multibody systems)";
  m.attr("__version__") = kVersion;
  installFclShapeQuery();  // contacts between bodies
  installCvodeBdf();       // the stiff BDF integrator
  errorType() = py::reinterpret_borrow<py::object>(PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      raise(e);
    } catch (const std::bad_alloc&) {
      // Python's own error for it, with what was left (docs/reliability.md R3):
      // the interpreter goes on, and the caller may free memory and retry.
      const std::string what = outOfMemoryMessage("in the mstmm module", "try a smaller model or run");
      PyErr_SetString(PyExc_MemoryError, what.c_str());
    }
  });
  m.def("_set_error_type", [](py::object type) { errorType() = std::move(type); });

  py::class_<PyModel>(m, "Model")
      .def_static("from_json", [](const std::string& text, const std::string& baseDir) { return fromSpec(modelFromJson(text, baseDir)); },
                  py::arg("text"), py::arg("base_dir") = "")
      .def("to_json", [](const PyModel& self) { return modelToJson(self.spec); })
      .def_property_readonly("name", [](const PyModel& self) { return self.spec.name; })
      .def_property_readonly("kind", [](const PyModel& self) { return std::string(toString(self.spec.kind)); })
      .def_property_readonly("body_names", [](const PyModel& self) {
        std::vector<std::string> names;
        for (const BodySpec& b : self.spec.bodies) names.push_back(b.name);
        return names;
      })
      .def_property_readonly("hinge_names", [](const PyModel& self) {
        std::vector<std::string> names;
        for (const HingeSpec& h : self.spec.hinges) names.push_back(h.name);
        return names;
      })
      .def_property_readonly("dof", [](const PyModel& self) { return self.model()->degreesOfFreedom(); })
      .def_property_readonly("state_size", [](const PyModel& self) { return stateSize(*self.model()); })
      .def_property_readonly("settings", [](const PyModel& self) { return settingsDict(self.spec.simulation); })
      .def("with_settings", [](const PyModel& self, const py::kwargs& o) {
        PyModel copy{self.spec, nullptr};
        copy.spec.simulation = withOverrides(self.spec.simulation, o);
        return copy;
      })
      .def("validate", [](const PyModel& self) {
        std::vector<std::pair<std::string, std::string>> out;
        for (const Diagnostic& d : validate(self.spec)) out.emplace_back(d.severity == Severity::Error ? "error" : "warning", d.message);
        return out;
      })
      .def("initial_state", [](const PyModel& self) { return vectorArray(initialState(*self.model())); });

  m.def("load", [](const std::string& path) { return fromSpec(loadModel(path)); }, py::arg("path"));
  m.def("save", [](const PyModel& model, const std::string& path) { saveModel(model.spec, path); }, py::arg("model"), py::arg("path"));
  m.def(
      "import_model",
      [](const std::string& path, const std::string& packageRoot, bool floatingBase) {
        UrdfOptions urdf;
        urdf.packageRoot = packageRoot;
        urdf.floatingBase = floatingBase;
        ImportResult r = importModelFile(path, urdf);
        return std::make_pair(fromSpec(std::move(r.spec)), r.notTaken);
      },
      py::arg("path"), py::arg("package_root") = "", py::arg("floating_base") = false);
  m.def(
      "export_model",
      [](const PyModel& model, const std::string& path, const std::string& format) {
        if (format != "urdf" && format != "mjcf") throw Error(ErrorKind::Input, "format must be 'urdf' or 'mjcf', not '" + format + "'");
        return exportModelFile(model.spec, path, format == "urdf" ? InterchangeFormat::Urdf : InterchangeFormat::Mjcf).notWritten;
      },
      py::arg("model"), py::arg("path"), py::arg("format"));
  m.def("generator_names", &generatorNames);
  m.def(
      "generate",
      [](const std::string& name, int bodies, std::uint64_t seed, bool planar, int chain, bool tree, double k, double c) {
        return fromSpec(generateNamed(name, {bodies, seed, planar, chain, tree, k, c}));
      },
      py::arg("name"), py::arg("bodies") = 0, py::arg("seed") = 1, py::arg("planar") = false, py::arg("chain") = 0, py::arg("tree") = false,
      py::arg("k") = 1e5, py::arg("c") = 0.1);
  m.def("simulate", &simulateModel, py::arg("model"), py::arg("overrides"), py::arg("progress"), py::arg("bodies"), py::arg("threads") = 1);
  m.def("evaluate", &evaluateModel, py::arg("model"), py::arg("state"), py::arg("time") = 0.0, py::arg("solver") = "riccati");
  m.def("equilibrium", &equilibriumOf, py::arg("model"), py::arg("time") = 0.0, py::arg("solver") = "riccati");
  m.def("linearize", &linearizeModel, py::arg("model"), py::arg("at") = "equilibrium", py::arg("inputs") = std::vector<std::string>{},
        py::arg("outputs") = std::vector<std::string>{}, py::arg("solver") = "riccati");
  m.def("modes", &modesOf, py::arg("model"), py::arg("count") = 10, py::arg("at") = "equilibrium", py::arg("method") = "auto", py::arg("solver") = "riccati");
  m.def("frf", &responseOf, py::arg("model"), py::arg("input"), py::arg("output"), py::arg("f_from") = 0.1, py::arg("f_to") = 10.0, py::arg("points") = 200,
        py::arg("linear") = false, py::arg("at") = "equilibrium", py::arg("method") = "auto", py::arg("solver") = "riccati",
        py::arg("frequencies") = std::vector<double>{});
  m.def("campbell", [](const PyModel& model, const std::string& spin, const std::vector<double>& speeds, int modes, const std::vector<double>& orders) {
    return python::campbellOf(model.spec, spin, speeds, modes, orders);
  }, py::arg("model"), py::arg("spin"), py::arg("speeds"), py::arg("modes") = 6, py::arg("orders") = std::vector<double>{1.0});
  m.def("unbalance_response", [](const PyModel& model, const std::string& spin, const std::vector<double>& speeds, const std::vector<std::string>& bodies) {
    return python::unbalanceOf(model.spec, spin, speeds, bodies);
  }, py::arg("model"), py::arg("spin"), py::arg("speeds"), py::arg("bodies") = std::vector<std::string>{});
  m.def(
      "run_study",
      [](const std::string& path, const std::string& out, const py::object& threads, bool restart) {
        StudyOptions options;
        options.threads = wholeArgument(threads, "threads", 1, kMaxStudyThreads);
        const StudySpec study = loadStudy(path);
        std::atomic<bool> stop{false};
        options.restart = restart;
        options.cancel = &stop;
        options.progress = [&stop](int, int) {  // Ctrl+C stops the study; running it again goes on
          py::gil_scoped_acquire gil;
          if (PyErr_CheckSignals() != 0) PyErr_Clear(), stop = true;
        };
        StudyReport report;
        {
          py::gil_scoped_release released;
          report = runStudy(study, out, options);
        }
        py::dict d;
        d["runs"] = report.runs;
        d["computed"] = report.computed;
        d["reused"] = report.reused;
        d["failed"] = report.failed;
        d["interrupted"] = stop.load();
        return d;
      },
      py::arg("path"), py::arg("out"), py::arg("threads") = 1, py::arg("restart") = false);
  py::class_<Stepper>(m, "Stepper")
      .def(py::init<const PyModel&, const py::dict&>())
      .def("step", &Stepper::step, py::arg("n") = 1, py::arg("h") = py::none())
      .def_property_readonly("time", &Stepper::time)
      .def_property_readonly("state", &Stepper::state)
      .def("set_state", &Stepper::setState, py::arg("state"), py::arg("time") = py::none())
      .def("output", &Stepper::output);
}
