"""MSTMM Studio's engine from Python: load, build and edit multibody models,
simulate them with the Riccati transfer matrix method (or a reference
formulation), evaluate accelerations at any state, and step a run from a
control or optimisation loop. Results are NumPy arrays. See docs/python.md.

    import mstmm
    model = mstmm.load("resources/examples/riccati-demo-planar.json")
    run = mstmm.simulate(model, end_time=2.0)
    run.time, run.theta, run.energy["total"]
"""

import json as _json
import os
from pathlib import Path
import warnings as _warnings

import numpy as _np

from . import _core

__version__ = _core.__version__


class Error(ValueError):
    """A model, setting or state the engine refuses. The message names the
    element and the problem, as the CLI and the studio do; `kind` is one of
    input, validation, solver, divergence, io; `element` is ("body", i) or
    ("hinge", i) (index into the model's bodies or hinges) or None; `time`
    is the simulated time of a run's failure or None."""

    kind = None
    element = None
    time = None


_core._set_error_type(Error)


class Model:
    """A model as its file describes it (docs/model-format.md). Compiled on
    first use; any problem raises mstmm.Error naming the element."""

    def __init__(self, core):
        self._core = core

    @staticmethod
    def from_json(text, base_dir=""):
        return Model(_core.Model.from_json(text, base_dir))

    @staticmethod
    def from_dict(data):
        """A model from the dictionary form of its file (to_dict())."""
        return Model.from_json(_json.dumps(data))

    def to_json(self):
        return self._core.to_json()

    def to_dict(self):
        """The model file as a dictionary: edit it and pass it to from_dict()."""
        return _json.loads(self._core.to_json())

    name = property(lambda self: self._core.name)
    kind = property(lambda self: self._core.kind)
    body_names = property(lambda self: self._core.body_names)
    hinge_names = property(lambda self: self._core.hinge_names)
    dof = property(lambda self: self._core.dof, doc="degrees of freedom")
    state_size = property(lambda self: self._core.state_size)
    settings = property(lambda self: self._core.settings, doc="the simulation settings the model carries")

    def with_settings(self, **settings):
        """A copy with other simulation settings (end_time, time_step, every,
        integrator, solver, rtol, atol, loop_stabilisation)."""
        return Model(self._core.with_settings(**settings))

    def validate(self):
        """Every problem as (severity, message); empty when the model is valid."""
        return self._core.validate()

    def initial_state(self):
        return self._core.initial_state()

    def __getstate__(self):
        return {"json": self.to_json()}

    def __setstate__(self, state):
        self._core = _core.Model.from_json(state["json"], "")

    def __repr__(self):
        return f"<mstmm.Model '{self.name}': {len(self.body_names)} bodies, {self.kind}>"


def load(path):
    """The model in a JSON model file."""
    return Model(_core.load(str(path)))


def save(model, path):
    """Writes the model file atomically."""
    _core.save(model._core, str(path))


def import_model(path, package_root=None, floating_base=False):
    """A URDF or MJCF file (told apart by its root element) as a model, and
    the list of what the import did not take, one message per element
    (docs/interchange.md). URDF: package:// meshes are found under
    package_root; floating_base lets the root link fly."""
    core, not_taken = _core.import_model(str(path), str(package_root or ""), bool(floating_base))
    return Model(core), list(not_taken)


def export_model(model, path, format=None):
    """Writes the model as URDF or MJCF (format "urdf" or "mjcf"; by default
    from the extension: .urdf, else MJCF) and returns what the format
    cannot hold, one message per element."""
    if format is None:
        format = "urdf" if str(path).lower().endswith(".urdf") else "mjcf"
    return list(_core.export_model(model._core, str(path), format))


def generator_names():
    return list(_core.generator_names())


def generate(name, bodies=0, seed=1, planar=False, chain=0, tree=False, k=1e5, c=0.1):
    """A generated model, by the names `mstmm generate` takes (generator_names());
    k and c are a stiff-chain's hinge springs (N m/rad) and dampers (N m s/rad)."""
    return Model(_core.generate(name, bodies, seed, planar, chain, tree, k, c))


class Results:
    """What a run recorded, as NumPy arrays (frames first):

    time (n); com, input_end, output_end, angular_velocity, hinge_force,
    hinge_moment (n, bodies, 3); orientation (n, bodies, 4, body-to-world
    unit quaternion w, x, y, z); theta (n, bodies, planar models only);
    slide, slide_rate (n, sliders); loads (n, channels) with load_names and
    load_units; measures (n, channels) with measure_names and measure_units
    (the model's named measures, docs/measures.md); energy: a dict of kinetic, potential, spring, work,
    dissipated, total, balance (n). status is completed, cancelled or
    failed (message says why; what was recorded before stays). steps,
    evaluations and, for the adaptive and implicit integrators,
    rejected_steps, newton_iterations, krylov_iterations (bdf),
    tangent_refreshes (bdf: preconditioner set-ups) and method_steps (bdf:
    its own steps, which pass the recorded instants) say what it cost.
    Pickles as plain arrays."""

    def __init__(self, arrays):
        self.__dict__.update(arrays)

    def column(self, name):
        """A column by its results-CSV name ("t", "3.x", "7.qw", "5.theta",
        "rail.s", "energy.total", "momentum.px" of a floating system, ...;
        docs/results-format.md)."""
        if name == "t":
            return self.time
        if name.startswith("energy."):
            return self.energy[name[len("energy."):]]
        if name in getattr(self, "momentum_names", ()):
            return self.momentum[:, self.momentum_names.index(name)]
        if name in self.load_names:
            return self.loads[:, self.load_names.index(name)]
        if name in getattr(self, "measure_names", ()):
            return self.measures[:, self.measure_names.index(name)]
        # Slides of hinges with several ("float.x", "plane.s2") go by their full names.
        if name in self.slider_names:
            return self.slide[:, self.slider_names.index(name)]
        if name.endswith("_dot") and name[:-4] in self.slider_names:
            return self.slide_rate[:, self.slider_names.index(name[:-4])]
        owner, _, field = name.rpartition(".")
        if owner in self.slider_names and field in ("s", "s_dot"):
            k = self.slider_names.index(owner)
            return (self.slide if field == "s" else self.slide_rate)[:, k]
        if owner in self.body_names:
            b = self.body_names.index(owner)
            fields = {"x": ("com", 0), "y": ("com", 1), "z": ("com", 2), "qw": ("orientation", 0), "qx": ("orientation", 1),
                      "qy": ("orientation", 2), "qz": ("orientation", 3), "wx": ("angular_velocity", 0), "wy": ("angular_velocity", 1),
                      "wz": ("angular_velocity", 2), "hinge_fx": ("hinge_force", 0), "hinge_fy": ("hinge_force", 1),
                      "hinge_fz": ("hinge_force", 2), "hinge_mx": ("hinge_moment", 0), "hinge_my": ("hinge_moment", 1),
                      "hinge_mz": ("hinge_moment", 2)}
            if field == "theta" and hasattr(self, "theta"):
                return self.theta[:, b]
            if field in fields:
                array, k = fields[field]
                return getattr(self, array)[:, b, k]
        raise KeyError(f"no column '{name}'")

    def __repr__(self):
        return f"<mstmm.Results: {len(self.time)} frames to t = {self.reached:g} s, {self.status}>"


def simulate(model, end_time=None, time_step=None, every=None, integrator=None, solver=None, rtol=None, atol=None,
             loop_stabilisation=None, progress=None, bodies=None, threads=1, rho_inf=None):
    """Runs the model with its settings, or the ones given here. The GIL is
    released while it runs. progress(t, t_end, steps) is called about ten
    times a second; returning False stops the run. Ctrl+C stops it too. A
    stopped or failed run returns what it recorded (status says which; a
    failure also warns); settings that cannot run raise mstmm.Error.
    threads=2 lets a large tree run independent subtrees on a second thread
    (same results; leave it at 1 when running several simulations at once).
    integrator="generalized-alpha" is implicit for stiff models, with
    rho_inf (0 to 1, default 0.9) its damping of what the step does not resolve."""
    overrides = dict(end_time=end_time, time_step=time_step, every=every, integrator=integrator, solver=solver, rtol=rtol, atol=atol,
                     loop_stabilisation=loop_stabilisation, rho_inf=rho_inf)
    results = Results(_core.simulate(model._core, overrides, progress, list(bodies or []), threads))
    if results.status == "failed":
        _warnings.warn(f"mstmm: {results.message} (returning the {len(results.time)} frames recorded before)", RuntimeWarning, stacklevel=2)
    return results


def evaluate(model, state, time=0.0, solver="riccati"):
    """Accelerations and loads at a state: angular_acceleration,
    com_acceleration, hinge_force, hinge_moment (bodies, 3, compiled order),
    slide_acceleration, driving_load, and state_rate (dy/dt)."""
    return _core.evaluate(model._core, _np.asarray(state, dtype=float), _number(time, "time"), solver)


def equilibrium(model, time=0.0, solver="riccati"):
    """The static equilibrium from the model's initial state (docs/vibration.md):
    a dict with "model" (the model with the equilibrium as its initial state),
    "state", "iterations", "residual" (largest joint acceleration left) and
    "start_residual". Raises mstmm.Error naming the hinge nothing holds."""
    d = _core.equilibrium(model._core, _number(time, "time"), solver)
    d["model"] = Model(d["model"])
    return d


def linearize(model, at="equilibrium", inputs=(), outputs=(), solver="riccati"):
    """The linear equations about at = "equilibrium", "initial" or a time:
    M z'' + C z' + K z = F w and x' = A x + B w, y = C_out x with x = [z; v]
    (arrays "M", "C", "K", "A", "B", "F", "C_out"), the coordinates' names,
    whether they are the tree's joint coordinates (False: a basis of a
    looped model's free motions), and the derivatives' estimated error.
    inputs and outputs are named as mstmm.frf takes them."""
    return _core.linearize(model._core, str(at), list(inputs), list(outputs), solver)


def modes(model, count=10, at="equilibrium", method="auto", solver="riccati"):
    """The lowest modes, linearised about at = "equilibrium", "initial" or a
    time in seconds: arrays "frequency" (Hz), "omega_squared", "damping_ratio",
    "damped_frequency", a list "kind" ("vibration", "rigid", "unstable"),
    "shapes" (joint coordinates x modes, named in "coordinates"),
    "dominant_coordinates" and "dominant_bodies". Trees above 1000 degrees of
    freedom take the O(N) path (method="sweep": undamped; the rigid-body
    modes counted in "rigid_counted")."""
    return _core.modes(model._core, _whole(count, "count", 1, 2**31 - 1), str(at), method, solver)


def frf(model, input, output, f_from=0.1, f_to=10.0, points=200, linear=False, at="equilibrium", method="auto", solver="riccati", frequencies=None):
    """The steady-state response of `output` to a harmonic `input` (names as
    `mstmm frf` takes them): arrays "frequency" (Hz), "response" (complex,
    output per unit input), "magnitude", "decibels", "phase_deg".
    `frequencies` (a number or a sequence, Hz, ascending) replaces the range."""
    listed = [] if frequencies is None else [_number(f, "frequencies") for f in _np.atleast_1d(_np.asarray(frequencies, dtype=object))]
    return _core.frf(model._core, input, output, _number(f_from, "f_from"), _number(f_to, "f_to"), _whole(points, "points", 2, 1000000), bool(linear),
                     str(at), method, solver, listed)


def _speeds(speeds):
    return [_number(w, "speeds") for w in _np.atleast_1d(_np.asarray(speeds, dtype=object))]


def campbell(model, spin, speeds, modes=6, orders=(1.0,)):
    """The Campbell diagram of a rotor spinning on hinge `spin` ("hinge", or
    "hinge.angle" for a cylindrical or planar hinge) at `speeds` (rad/s,
    increasing; docs/rotors.md): "speeds", and "lines", the `modes` lowest
    modes followed by MAC, each a dict of arrays "frequency" (Hz, damped),
    "damping_ratio", "log_decrement", "whirl_ratio", "mac" and a list
    "whirl" ("forward", "backward", "mixed", "none"); "critical_speeds" (rad/s,
    where a line meets each order x the spin, by root finding) and
    "stability_threshold" (rad/s, or None)."""
    listed = [_number(n, "orders") for n in _np.atleast_1d(_np.asarray(orders, dtype=object))]
    return _core.campbell(model._core, str(spin), _speeds(speeds), _whole(modes, "modes", 1, 10000), listed)


def unbalance_response(model, spin, speeds, bodies=()):
    """The steady orbits that the model's unbalances drive at `speeds` (rad/s)
    at the origin of each of `bodies` (default: each bearing's journal):
    "speeds" and "points", each with complex arrays "x", "y" (m, in the plane
    normal to the spin axis) and the orbit's "major" and signed "minor"
    semi-axes (positive: forward whirl) (docs/rotors.md R7)."""
    return _core.unbalance_response(model._core, str(spin), _speeds(speeds), [str(b) for b in bodies])


def _number(value, what):
    """A real number argument, or mstmm.Error naming it (not Python's own
    OverflowError or ValueError from float() or int())."""
    if isinstance(value, bool) or not isinstance(value, (int, float, _np.integer, _np.floating)):
        raise Error(f"{what} must be a number, not {type(value).__name__}")
    try:
        return float(value)
    except OverflowError:
        raise Error(f"{what} is too large ({value})") from None


def _whole(value, what, low, high):
    """A whole-number argument in [low, high], or mstmm.Error naming it."""
    if isinstance(value, bool) or not isinstance(value, (int, _np.integer)):
        raise Error(f"{what} must be a whole number, not {type(value).__name__}")
    if not low <= value <= high:
        raise Error(f"{what} must be between {low} and {high}, not {value}")
    return int(value)


def _path(value, what):
    """A file or folder argument as a string; None or a number is refused,
    not turned into a folder named 'None'."""
    if isinstance(value, (str, os.PathLike)):
        text = os.fspath(value)
        if text:
            return text
    raise Error(f"{what} must be a path (str or pathlib.Path), not {value!r}")


def study(path, out, threads=1, restart=False):
    """Runs a study file (docs/studies.md) as `mstmm study` does: one row per
    run in out/summary.csv, whatever the threads; a stopped study resumes
    (refused with mstmm.Error if the study file or its model changed since;
    restart=True computes every run afresh).
    Returns the counts (runs, computed, reused, failed) and the summary's
    columns as arrays (run, the parameters, status, the metrics, message)."""
    import csv

    report = _core.run_study(_path(path, "study: path"), _path(out, "study: out"), threads, bool(restart))
    with open(Path(out) / "summary.csv", newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    header, *rows = list(csv.reader(lines))
    columns = {}
    for k, name in enumerate(header):
        values = [r[k] for r in rows]
        if name in ("status", "message"):
            columns[name] = values
        else:
            columns[name] = _np.array([float(v) if v else _np.nan for v in values])
    report["summary"] = columns
    return report


class Simulation:
    """A run stepped from Python: sim.step(n) advances n time steps (or
    steps of h), sim.state and sim.time can be read and set in between."""

    def __init__(self, model, **settings):
        self._stepper = _core.Stepper(model._core, settings)

    def step(self, n=1, h=None):
        self._stepper.step(n, h)

    time = property(lambda self: self._stepper.time)
    state = property(lambda self: self._stepper.state)

    def set_state(self, state, time=None):
        self._stepper.set_state(_np.asarray(state, dtype=float), time)

    def output(self):
        """The solver's accelerations and loads at the current state."""
        return self._stepper.output()
