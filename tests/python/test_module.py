"""The Python module against independent references: the CLI's CSV of the
same runs (to the last bit), the Newton-Euler formulation, the messages the
CLI prints, and the closed form of a damped pendulum's decay."""

import csv
import math
import os
import pickle
import signal
import subprocess
import sys
import threading
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest

import mstmm

SOURCE = Path(os.environ.get("MSTMM_SOURCE_DIR", Path(__file__).resolve().parents[2]))
CLI = os.environ.get("MSTMM_CLI")
EXAMPLES = sorted((SOURCE / "resources" / "examples").glob("*.json"))


def read_csv(path):
    with open(path, newline="") as f:
        rows = [r for r in csv.reader(line for line in f if not line.startswith("#"))]
    header, data = rows[0], np.array([[float(v) for v in r] for r in rows[1:]])
    return header, data


@pytest.mark.skipif(not CLI, reason="MSTMM_CLI is not set (ctest sets it)")
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_results_equal_the_cli_csv_bit_for_bit(example, tmp_path):
    out = tmp_path / "cli.csv"
    subprocess.run([CLI, "simulate", str(example), "--t-end", "0.2", "--every", "10", "--out", str(out)], check=True, capture_output=True)
    header, data = read_csv(out)
    run = mstmm.simulate(mstmm.load(example), end_time=0.2, every=10)
    assert run.status == "completed"
    assert data.shape[0] == len(run.time)
    for k, name in enumerate(header):
        assert np.array_equal(run.column(name), data[:, k]), name


def test_errors_carry_the_cli_message_and_the_element(tmp_path):
    spec = mstmm.generate("demo").to_dict()
    spec["bodies"][0]["shape"]["mass"] = -1.0
    path = tmp_path / "bad.json"
    path.write_text(__import__("json").dumps(spec))
    model = mstmm.load(path)  # reads; the problem shows on use
    with pytest.raises(mstmm.Error) as caught:
        model.dof
    assert "body '1': mass must be positive (got -1 kg)" in str(caught.value)
    assert caught.value.kind == "validation"
    assert caught.value.element == ("body", 0)
    assert model.validate()[0] == ("error", "body '1': mass must be positive (got -1 kg), or zero for a massless frame")
    if CLI:
        cli = subprocess.run([CLI, "info", str(path)], capture_output=True, text=True)
        assert cli.returncode == 1 and str(caught.value) in cli.stderr
    with pytest.raises(mstmm.Error, match="simulation: time step must be a positive number of seconds"):
        mstmm.simulate(mstmm.generate("demo"), time_step=0.0)
    with pytest.raises(mstmm.Error, match="solver must be one of"):
        mstmm.simulate(mstmm.generate("demo"), solver="fast")
    with pytest.raises(mstmm.Error, match="unknown kind 'spiral'"):
        mstmm.generate("spiral")
    with pytest.raises(mstmm.Error, match="the state vector has 3 entries; model .* needs 8"):
        mstmm.evaluate(mstmm.generate("demo"), np.zeros(3))


def test_a_progress_callback_can_stop_a_run_and_keeps_what_it_recorded():
    model = mstmm.generate("branch", bodies=2000)
    calls = []

    def progress(t, t_end, steps):
        calls.append(t)
        return steps < 25  # stop once 25 steps are done (two records at every=10), however fast the machine

    run = mstmm.simulate(model, end_time=100.0, every=10, progress=progress)
    assert run.status == "cancelled"
    assert 0 < run.reached < 100.0 and len(run.time) > 1
    assert run.com.shape == (len(run.time), 2000, 3)
    assert np.isfinite(run.com).all()


def test_ctrl_c_stops_a_run_and_keeps_what_it_recorded():
    model = mstmm.generate("branch", bodies=2000)
    sent = []

    def interrupt_after_25_steps(t, t_end, steps):  # Ctrl+C once there is something to keep, during the callback
        if steps >= 25 and not sent:
            sent.append(steps)
            os.kill(os.getpid(), signal.SIGINT)
        return True

    run = mstmm.simulate(model, end_time=100.0, every=10, progress=interrupt_after_25_steps)
    assert sent, "the run ended before 25 steps"
    assert run.status == "cancelled" and run.interrupted
    assert len(run.time) > 1 and run.reached < 100.0


def test_runs_release_the_gil():
    model = mstmm.generate("branch", bodies=2000)
    counted = [0]
    done = threading.Event()

    def count():
        while not done.is_set():
            counted[0] += 1

    worker = threading.Thread(target=count)
    worker.start()
    started = time.monotonic()
    mstmm.simulate(model, end_time=0.5, every=100)
    elapsed = time.monotonic() - started
    done.set()
    worker.join()
    # A thread held off by the GIL would get a slice only at the ten
    # progress reports a second; released, it counts all along.
    assert elapsed > 0.2 and counted[0] > 20000, (elapsed, counted[0])


def test_models_and_results_pickle():
    model = mstmm.generate("quarter-car")
    run = mstmm.simulate(model, end_time=0.1)
    model2, run2 = pickle.loads(pickle.dumps((model, run)))
    assert model2.to_json() == model.to_json()
    assert np.array_equal(run2.com, run.com) and np.array_equal(run2.loads, run.loads)
    assert run2.energy["balance"].tolist() == run.energy["balance"].tolist()
    assert run2.load_names == run.load_names and run2.status == "completed"


def test_edited_models_simulate_the_edit():
    spec = mstmm.generate("chain", bodies=3, planar=True).to_dict()
    spec["bodies"][0]["shape"]["mass"] = 5.0
    heavier = mstmm.Model.from_dict(spec)
    assert heavier.to_dict()["bodies"][0]["shape"]["mass"] == 5.0
    a = mstmm.simulate(mstmm.generate("chain", bodies=3, planar=True), end_time=0.5)
    b = mstmm.simulate(heavier, end_time=0.5)
    assert not np.array_equal(a.theta, b.theta)


def test_named_measures_are_recorded_and_read_by_column():
    # A measure added to the model's dictionary (docs/measures.md): the tip
    # of a planar chain's first rod relative to the ground, and its
    # distance from the origin, which is |(x, y)| at every instant.
    spec = mstmm.generate("chain", bodies=3, planar=True).to_dict()
    first = spec["bodies"][0]
    tip = {"name": "tip", "kind": "position", "body": first["name"], "point": first["inputs"][0]}
    spec["measures"] = [tip, dict(tip, name="reach", kind="distance")]
    run = mstmm.simulate(mstmm.Model.from_dict(spec), end_time=0.5)
    assert run.measure_names == ["tip.x", "tip.y", "reach"] and run.measure_units == ["m", "m", "m"]
    assert run.measures.shape == (len(run.time), 3)
    assert np.allclose(np.hypot(run.column("tip.x"), run.column("tip.y")), run.column("reach"), rtol=0, atol=1e-12)
    assert np.ptp(run.column("tip.y")) > 0.1  # it moves


def test_evaluate_agrees_with_newton_euler_at_random_states():
    model = mstmm.generate("random-tree", bodies=15, seed=4)
    rng = np.random.default_rng(7)
    worst = 0.0
    for _ in range(10):
        y = model.initial_state()
        for i in range(15):  # random orientations and spins (7 per spatial body)
            q = rng.normal(size=4)
            y[7 * i:7 * i + 4] = q / np.linalg.norm(q)
            y[7 * i + 4:7 * i + 7] = rng.uniform(-3, 3, size=3)
        a = mstmm.evaluate(model, y, solver="riccati")
        b = mstmm.evaluate(model, y, solver="newton-euler")
        scale = max(1.0, np.abs(b["angular_acceleration"]).max())
        worst = max(worst, np.abs(a["angular_acceleration"] - b["angular_acceleration"]).max() / scale)
        assert np.allclose(a["state_rate"], b["state_rate"], rtol=1e-9, atol=1e-9)
    assert worst < 1e-10, worst


def test_stepping_a_simulation_follows_simulate_exactly():
    model = mstmm.generate("demo")
    run = mstmm.simulate(model, end_time=0.1, every=10)
    sim = mstmm.Simulation(model)
    for frame in range(1, len(run.time)):
        sim.step(10)
        assert sim.time == pytest.approx(run.time[frame], abs=1e-15)
        assert np.array_equal(sim.state[0::2], run.theta[frame]), frame
    y = sim.state
    sim.set_state(y, time=0.0)
    assert sim.time == 0.0 and np.array_equal(sim.state, y)
    with pytest.raises(mstmm.Error, match="needs 8"):
        sim.set_state(np.zeros(2))


def test_stepping_checks_what_simulate_checks():
    # One run loop (core/sim/run.hpp): a four-bar without loop stabilisation
    # at a step too long for it drifts apart; the stepped run stops where
    # simulate() does, with the same message (issue 52: no second loop).
    model = mstmm.load(str(SOURCE / "resources" / "examples" / "four-bar.json"))
    with pytest.warns(RuntimeWarning):
        run = mstmm.simulate(model, end_time=5, time_step=0.05, loop_stabilisation="none")
    assert run.status == "failed" and "drifted" in run.message
    sim = mstmm.Simulation(model, time_step=0.05, loop_stabilisation="none")
    with pytest.raises(mstmm.Error) as stopped:
        sim.step(100)
    assert str(stopped.value) == run.message
    with pytest.raises(mstmm.Error, match="finite"):
        sim.set_state(np.full(len(sim.state), np.nan))


ROD_PAST_A_HALF_TURN = """{
  "name": "rod past a half turn", "kind": "spatial", "gravity": [0, 0, 0],
  "simulation": {"end_time": 3.0, "time_step": 0.001},
  "bodies": [{"name": "rod", "shape": {"type": "cylinder", "mass": 1, "length": 1, "radius": 0.02},
              "inputs": [[1, 0, 0]], "output": [0, 0, 0]}],
  "hinges": [{"name": "pin", "type": "revolute", "tip": "rod", "root": "ground", "anchor": [0, 0, 0], "axis": [0, 0, 1],
              "stops": {"lower": -1, "upper": 4, "stiffness": 400, "damping": 10},
              "actuator": {"type": "force", "load": 2}}]
}"""


def test_stepping_unwraps_a_hinge_angle_as_simulate_does():
    """A torque drives a rod past +pi onto a stop at 4 rad (issue 29.5):
    stepped from Python, the angle unwraps as in simulate(), so the two runs
    agree and the rod rests at 4 + 2/400 rad (read from its
    orientation: 4.005 - 2 pi about z)."""
    model = mstmm.Model.from_json(ROD_PAST_A_HALF_TURN)
    run = mstmm.simulate(model, every=100)
    sim = mstmm.Simulation(model)
    assert run.status == "completed"
    for frame in range(1, len(run.time)):
        sim.step(100)
        assert np.allclose(sim.state[0:4], run.orientation[frame][0], rtol=0, atol=1e-12), frame  # simulate() renormalises quaternions as they drift
    w, z = sim.state[0], sim.state[3]
    turned = 2.0 * math.atan2(z, w)
    assert abs(math.remainder(turned - 4.005, 2.0 * math.pi)) < 1e-4, turned


def test_damped_pendulum_decay_matches_the_closed_form():
    """A rod pendulum with a viscous hinge damper c, released 0.02 rad from
    hanging: the amplitude decays as exp(-zeta w0 t), zeta w0 = c / (2 J)."""
    m, length, g = 1.0, 1.0, 9.81
    j = m * length ** 2 / 3.0  # about the pivot
    for c in (0.05, 0.2):
        spec = mstmm.generate("chain", bodies=1, planar=True).to_dict()
        spec["gravity"] = [0.0, -g, 0.0]
        hinge = spec["hinges"][0]
        hinge["spring"] = {"stiffness": 0.0, "damping": c}
        spec["bodies"][0]["initial"]["theta"] = math.pi / 2 + 0.02  # hanging: O at the pivot, I_1 below
        run = mstmm.simulate(mstmm.Model.from_dict(spec), end_time=20.0, every=1)
        theta = run.theta[:, 0] - math.pi / 2
        peaks = [k for k in range(1, len(theta) - 1) if theta[k - 1] < theta[k] >= theta[k + 1]]
        rate = -np.polyfit(run.time[peaks], np.log(theta[peaks]), 1)[0]
        assert rate == pytest.approx(c / (2 * j), rel=2e-3), (c, rate)


def test_the_documented_damping_sweep_runs(tmp_path):
    script = SOURCE / "docs" / "examples" / "damping_sweep.py"
    out = subprocess.run([__import__("sys").executable, str(script)], cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    lines = [l for l in out.splitlines() if l.startswith("c = ")]
    assert len(lines) == 5
    for line in lines[1:]:
        measured = float(line.split("decay ")[1].split(" ")[0])
        closed = float(line.split("= ")[-1].split(" ")[0])
        assert measured == pytest.approx(closed, rel=2e-3), line


@pytest.mark.skipif(not CLI, reason="MSTMM_CLI is not set (ctest sets it)")
def test_studies_from_python_equal_the_cli(tmp_path):
    study = SOURCE / "resources" / "studies" / "damping-sweep.json"
    subprocess.run([CLI, "study", str(study), "--out", str(tmp_path / "cli"), "--threads", "1"], check=True, capture_output=True)
    report = mstmm.study(study, tmp_path / "py", threads=2)
    assert (report["runs"], report["computed"], report["failed"]) == (10, 10, 0)
    assert (tmp_path / "py" / "summary.csv").read_text().splitlines()[1:] == (tmp_path / "cli" / "summary.csv").read_text().splitlines()[1:]
    decay = report["summary"]["decay_rate"][report["summary"]["time_step"] == 0.001]
    assert np.allclose(decay, 1.5 * report["summary"]["damping"][report["summary"]["time_step"] == 0.001], rtol=2e-3)
    # Edited, the study is refused in its old folder, and restart computes it afresh.
    edited = tmp_path / "edited"
    edited.mkdir()
    for f in study.parent.glob("*.json"):
        (edited / f.name).write_text(f.read_text())
    (edited / study.name).write_text(study.read_text().replace("0.02, 0.05", "0.03, 0.05"))
    with pytest.raises(mstmm.Error, match="the study file .parameters, sampling or records. has changed"):
        mstmm.study(edited / study.name, tmp_path / "py", threads=2)
    again = mstmm.study(edited / study.name, tmp_path / "py", threads=2, restart=True)
    assert (again["computed"], again["reused"]) == (10, 0) and again["summary"]["damping"][0] == 0.03


def test_urdf_and_mjcf_import_and_export(tmp_path):
    # The bundled arm in both formats is one model (docs/interchange.md I5);
    # exported and read back, it keeps its bodies and degrees of freedom,
    # and its accelerations at its initial state.
    arm, not_taken = mstmm.import_model(SOURCE / "resources" / "interchange" / "arm.urdf")
    same, _ = mstmm.import_model(SOURCE / "resources" / "interchange" / "arm.xml")
    assert arm.body_names == same.body_names and arm.dof == same.dof == 5
    assert any("velocity limits are not taken" in n for n in not_taken)
    y = arm.initial_state()
    a = mstmm.evaluate(arm, y)
    b = mstmm.evaluate(same, same.initial_state())
    assert np.allclose(a["angular_acceleration"], b["angular_acceleration"], rtol=1e-9, atol=1e-9)
    written = mstmm.export_model(arm, tmp_path / "arm.xml")
    assert any("motor of gear 1" in n for n in written)
    back, _ = mstmm.import_model(tmp_path / "arm.xml")
    assert back.dof == 5
    c = mstmm.evaluate(back, back.initial_state())
    assert np.allclose(a["angular_acceleration"], c["angular_acceleration"], rtol=1e-12, atol=1e-12)
    (tmp_path / "world.sdf").write_text("<sdf/>")
    with pytest.raises(mstmm.Error, match="neither URDF"):
        mstmm.import_model(tmp_path / "world.sdf")


def test_modes_of_two_equal_rods_match_the_closed_form():
    # w^2 = (3 -+ 6/sqrt 7) g / L for two equal uniform rods hanging from a pin.
    model = mstmm.generate("damped-double-pendulum")
    rest = mstmm.equilibrium(model)
    assert rest["residual"] < 1e-10
    again = mstmm.equilibrium(rest["model"])
    assert again["iterations"] == 0
    m = mstmm.modes(rest["model"], at="initial")
    expected = np.sqrt(np.array([3 - 6 / np.sqrt(7), 3 + 6 / np.sqrt(7)]) * 9.81) / (2 * np.pi)
    assert m["kind"] == ["vibration", "vibration"]
    np.testing.assert_allclose(m["frequency"], expected, rtol=1e-9)
    assert m["shapes"].shape == (2, 2)
    assert m["coordinates"] == ["hinge 'elbow'", "hinge 'shoulder'"]


def test_the_sweep_and_the_dense_path_agree_from_python():
    model = mstmm.generate("branch", bodies=30)
    dense = mstmm.modes(model, count=40, method="dense")  # the 30 rods' spins first
    sweep = mstmm.modes(model, count=4, method="sweep")
    vibrating = [f for f, k in zip(dense["frequency"], dense["kind"]) if k == "vibration"][:4]
    np.testing.assert_allclose(sweep["frequency"], vibrating, rtol=1e-8)
    assert sweep["rigid_counted"] == 30 and sweep["missing"] == 0
    a = mstmm.frf(model, "60.rx", "1.z", 0.05, 2.0, points=20, method="dense")
    b = mstmm.frf(model, "60.rx", "1.z", 0.05, 2.0, points=20, method="sweep")
    np.testing.assert_allclose(b["response"], a["response"], rtol=0, atol=1e-7 * np.abs(a["response"]).max())
    with pytest.raises(mstmm.Error, match="unknown input 'wrist'"):
        mstmm.frf(model, "wrist", "1.z")


def test_linearize_gives_the_rods_matrices_and_a_consistent_state_space():
    # Two equal rods (1 m, 1 kg) in relative angles (elbow, shoulder):
    # M = [[1/3, 5/6], [5/6, 8/3]], K = g [[1/2, 1/2], [1/2, 2]] about the rest.
    model = mstmm.equilibrium(mstmm.generate("damped-double-pendulum"))["model"]
    lin = mstmm.linearize(model, at="initial", inputs=["elbow"], outputs=["lower.x"])
    assert lin["coordinates"] == ["hinge 'elbow'", "hinge 'shoulder'"]
    np.testing.assert_allclose(lin["M"], [[1 / 3, 5 / 6], [5 / 6, 8 / 3]], atol=1e-12)
    np.testing.assert_allclose(lin["K"], 9.81 * np.array([[0.5, 0.5], [0.5, 2.0]]), rtol=1e-8, atol=1e-8)
    np.testing.assert_allclose(lin["C"], np.diag([0.05, 0.05]), atol=1e-8)
    # The state space's transfer function equals the frequency response.
    w = 2 * np.pi * 0.7
    h = lin["C_out"] @ np.linalg.solve(1j * w * np.eye(4) - lin["A"], lin["B"])
    r = mstmm.frf(model, "elbow", "lower.x", 0.7, 1.4, points=2, at="initial")
    assert abs(h[0, 0] - r["response"][0]) < 1e-8 * abs(r["response"][0])
    # The ground shaken along x: B's column is per unit of the ground's
    # acceleration, so per unit displacement the response is -w^2 times it.
    lin = mstmm.linearize(model, at="initial", inputs=["ground.x"], outputs=["elbow"])
    h = lin["C_out"] @ np.linalg.solve(1j * w * np.eye(4) - lin["A"], lin["B"])
    r = mstmm.frf(model, "ground.x", "elbow", 0.7, 1.4, points=2, at="initial")
    assert abs(-w * w * h[0, 0] - r["response"][0]) < 1e-8 * abs(r["response"][0])
    # A hinge load is no row of the state: frf gives it, linearize names why not.
    load = mstmm.frf(model, "ground.x", "shoulder.fx", 0.001, 0.002, points=2, at="initial")
    assert abs(abs(load["response"][0]) / (2 * (2 * np.pi * 0.001) ** 2) - 1) < 1e-4
    with pytest.raises(mstmm.Error, match="a hinge load is no row of the state"):
        mstmm.linearize(model, at="initial", outputs=["shoulder.fx"])


@pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", "") or "ASAN_OPTIONS" in os.environ,
                    reason="AddressSanitizer reserves terabytes of address space: no address-space limit fits it")
def test_running_out_of_memory_is_a_memory_error_and_the_interpreter_goes_on():
    # A child interpreter under an address-space limit of 900 MB asks for a
    # million-body model: MemoryError naming what was left, then it carries on.
    code = (
        "import mstmm\n"
        "try:\n"
        "    mstmm.generate('chain', bodies=1000000)\n"
        "    print('no error')\n"
        "except MemoryError as e:\n"
        "    print('MemoryError:', e)\n"
        "print('still running')\n"
    )
    limit = 900 * 1024 * 1024

    def limited():
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, preexec_fn=limited)
    assert child.returncode == 0, child.stderr
    lines = child.stdout.splitlines()
    assert lines[-1] == "still running", child.stdout
    assert lines[0].startswith("MemoryError: out of memory while ") and "GB are left to this process" in lines[0], child.stdout


def cantilever_dict(segments):
    """A steel cantilever along x (1 m, 1 cm round section), clamped at x = 0."""
    return {"format": "mstmm-model", "version": 4, "name": "cantilever", "kind": "spatial", "gravity": [0.0, 0.0, 0.0],
            "simulation": {"end_time": 0.05, "time_step": 1e-5, "integrator": "rk4", "output_every": 10, "solver": "riccati"},
            "bodies": [{"name": "arm", "beam": {"length": 1.0, "youngs_modulus": 2.1e11, "shear_modulus": 8.1e10, "density": 7850.0,
                                               "section": {"type": "circle", "radius": 0.01}, "segments": segments},
                        "inputs": [[1.0, 0.0, 0.0]], "output": [0.0, 0.0, 0.0]}],
            "hinges": [{"name": "clamp", "type": "weld", "tip": "arm", "root": "ground"}]}


def test_a_beam_from_python_vibrates_at_the_euler_bernoulli_frequency():
    # (1.8751)^2 sqrt(EI / (rho A)) / (2 pi L^2) for the cantilever; the
    # division into 16 segments is within 0.2 % of it (equations.md 11.1),
    # the sections' rotary inertia (r = 1 cm) within 0.01 %.
    model = mstmm.Model.from_dict(cantilever_dict(16))
    m = mstmm.modes(model, count=2, at="initial")
    r = 0.01
    expected = 1.875104068711961 ** 2 * np.sqrt(2.1e11 * np.pi * r ** 4 / 4 / (7850.0 * np.pi * r ** 2)) / (2 * np.pi)
    assert m["kind"] == ["vibration", "vibration"]
    np.testing.assert_allclose(m["frequency"], [expected, expected], rtol=2e-3)
    # A short run: the strain energy is a column and the balance holds.
    spec = cantilever_dict(4)
    spec["bodies"][0]["loads"] = [{"name": "tip", "point": [1.0, 0.0, 0.0], "force": [0.0, -10.0, 0.0]}]
    run = mstmm.simulate(mstmm.Model.from_dict(spec))
    strain = run.column("arm.strain_energy")
    assert strain.max() > 0.0
    np.testing.assert_allclose(strain, run.energy["spring"], rtol=1e-12, atol=1e-15)
    balance = run.energy["balance"]
    assert np.abs(balance - balance[0]).max() < 1e-6 * np.abs(run.energy["work"]).max()
    assert run.column("arm.deflection_y").min() < 0.0


@pytest.mark.parametrize("name", ["flexible-arm", "flexible-double-pendulum"])
def test_the_equilibrium_of_a_beam_model_is_a_model_at_rest(name, tmp_path):
    # Issue 51, point 1: this killed the interpreter (the beam's pieces were
    # written into bodies the user's model does not have).
    rest = mstmm.equilibrium(mstmm.load(SOURCE / "resources" / "examples" / f"{name}.json"))
    saved = tmp_path / "rest.json"
    saved.write_text(rest["model"].to_json())
    reloaded = mstmm.load(saved)
    assert mstmm.equilibrium(reloaded)["start_residual"] < 1e-6
    out = mstmm.evaluate(reloaded, reloaded.initial_state(), solver="newton-euler")
    assert np.abs(out["angular_acceleration"]).max() < 1e-6


def test_bad_arguments_are_named_not_fatal(tmp_path):
    # Issue 51, point 3: threads=10**6 aborted the interpreter, every=2**70
    # gave pybind11's bare cast error, out=None made a folder named "None".
    study = SOURCE / "resources" / "studies" / "damping-sweep.json"
    with pytest.raises(mstmm.Error, match="threads must be between 1 and 1024, not 1000000"):
        mstmm.study(study, tmp_path / "s", threads=10**6)
    with pytest.raises(mstmm.Error, match="threads must be between 1 and 1024"):
        mstmm.study(study, tmp_path / "s", threads=2**70)
    with pytest.raises(mstmm.Error, match=r"study: out must be a path \(str or pathlib.Path\), not None"):
        mstmm.study(study, None)
    assert not (Path.cwd() / "None").exists()
    with pytest.raises(mstmm.Error, match="every must be between 1 and 2147483647, not 1180591620717411303424"):
        mstmm.simulate(mstmm.generate("demo"), every=2**70)
    with pytest.raises(mstmm.Error, match="end_time must be a number, not str"):
        mstmm.simulate(mstmm.generate("demo"), end_time="1")
    with pytest.raises(mstmm.Error, match="threads must be between 1 and 1024"):
        mstmm.simulate(mstmm.generate("demo"), threads=0)


def test_a_frequency_response_at_listed_frequencies():
    # Issue 51, point 17: one frequency, or a list, instead of a range; the
    # values are those of the range's own points at the same frequencies.
    model = mstmm.generate("damped-double-pendulum")
    ranged = mstmm.frf(model, "elbow", "lower.x", 0.5, 2.0, points=3)  # 0.5, 1, 2 on a log scale
    listed = mstmm.frf(model, "elbow", "lower.x", frequencies=[0.5, 1.0, 2.0])
    np.testing.assert_allclose(listed["frequency"], [0.5, 1.0, 2.0])
    np.testing.assert_allclose(listed["response"], ranged["response"], rtol=1e-12)
    one = mstmm.frf(model, "elbow", "lower.x", frequencies=1.0)
    assert one["frequency"].shape == (1,)
    with pytest.raises(mstmm.Error, match="the frequencies must ascend"):
        mstmm.frf(model, "elbow", "lower.x", frequencies=[2.0, 1.0])


def test_an_equilibrium_that_is_not_isolated_says_so():
    # Issue 51, point 16: bodies on ball hinges hanging straight down spin
    # about the vertical at no cost; the planar chain's rest is isolated.
    spatial = mstmm.equilibrium(mstmm.load(SOURCE / "resources" / "examples" / "chain-5-spatial.json"))
    assert len(spatial["neutral"]) == 5
    assert spatial["note"].startswith("the equilibrium is not isolated: 5 directions meet no stiffness")
    planar = mstmm.equilibrium(mstmm.generate("damped-double-pendulum"))
    assert planar["neutral"] == [] and planar["note"] == ""


def test_the_screw_jack_rests_where_its_spring_holds_both_weights():
    # Issue 52's screw joint from Python: the torsion spring k holds the
    # nut's and the arm's weight, (m_nut + m_arm) g p = -k theta, and the nut
    # sits p theta lower; Riccati and Newton-Euler agree at a moving state.
    model = mstmm.load(SOURCE / "resources" / "examples" / "screw-jack.json")
    rest = mstmm.equilibrium(model)
    p, k, weight = 0.005, 0.2, (2.0 + 0.5) * 9.81
    theta = -weight * p / k
    slide = rest["state"][7 * 2]  # after two bodies' [q, Omega]: the screw's s
    assert slide == pytest.approx(p * theta, rel=1e-9)
    state = np.array(rest["state"])
    state[7 * 2 + 1] = p * 1.5          # s' = p theta' with theta' = 1.5 rad/s about y
    for body in (0, 1):                 # the arm (compiled first) turns with the nut (the root, last)
        state[7 * body + 4 + 1] += 1.5  # Omega_y
    a = mstmm.evaluate(model, state, solver="riccati")
    b = mstmm.evaluate(model, state, solver="newton-euler")
    assert np.allclose(a["angular_acceleration"], b["angular_acceleration"], rtol=0, atol=1e-10)
    assert np.allclose(a["slide_acceleration"], b["slide_acceleration"], rtol=0, atol=1e-10)


def test_bdf_from_python_equals_the_cli_and_reports_its_work():
    # Issue 53 pt 2: CVODE's BDF from Python, bit for bit as the CLI, with
    # its Newton and Krylov iterations in the results.
    example = SOURCE / "resources" / "examples" / "damped-double-pendulum.json"
    model = mstmm.load(example)
    run = mstmm.simulate(model, end_time=1.0, time_step=0.01, every=1, integrator="bdf", rtol=1e-7, atol=1e-9)
    assert run.status == "completed" and len(run.time) == 101
    assert 0 < run.method_steps and 0 < run.newton_iterations and 0 < run.krylov_iterations
    out = Path(tempfile.mkdtemp()) / "cli.csv"
    subprocess.run([CLI, "simulate", str(example), "--t-end", "1", "--dt", "0.01", "--every", "1", "--integrator", "bdf",
                    "--rtol", "1e-7", "--atol", "1e-9", "--out", str(out)], check=True, capture_output=True)
    header, data = read_csv(out)
    for k, name in enumerate(header):
        assert np.array_equal(run.column(name), data[:, k]), name
    reference = mstmm.simulate(model, end_time=1.0, time_step=1e-4, every=100, integrator="rk4")
    assert np.allclose(run.theta, reference.theta, rtol=0, atol=1e-5)


def test_generalized_alpha_from_python_equals_the_cli_and_steps_the_same():
    # Issue 53: the implicit integrator and its rho_inf from Python, bit for
    # bit as the CLI, and a Simulation stepped by it follows simulate.
    example = SOURCE / "resources" / "examples" / "spinning-beam.json"
    model = mstmm.load(example)
    run = mstmm.simulate(model, end_time=1.0, time_step=0.05, every=1, integrator="generalized-alpha", rho_inf=0.8)
    assert run.status == "completed" and len(run.time) == 21
    out = Path(tempfile.mkdtemp()) / "cli.csv"
    subprocess.run([CLI, "simulate", str(example), "--t-end", "1", "--dt", "0.05", "--every", "1", "--integrator", "generalized-alpha",
                    "--rho-inf", "0.8", "--out", str(out)], check=True, capture_output=True)
    header, data = read_csv(out)
    for k, name in enumerate(header):
        assert np.array_equal(run.column(name), data[:, k]), name
    sim = mstmm.Simulation(model, time_step=0.05, integrator="generalized-alpha", rho_inf=0.8)
    sim.step(20)
    assert sim.time == pytest.approx(1.0, abs=1e-12)
    # The drive's time is summed step by step here, counted in simulate: equal to round-off.
    assert np.allclose(sim.state[0::2][:17], run.theta[-1][:17], rtol=1e-12, atol=1e-15)
    with pytest.raises(mstmm.Error, match=r"rho_inf must be in \[0, 1\]"):
        mstmm.simulate(model, end_time=0.1, integrator="generalized-alpha", rho_inf=1.5)


def test_the_stiff_chain_generator_takes_its_springs_and_runs_as_generated():
    # Issue 53: a stiff model to try the implicit integrator on, from
    # Python as from `mstmm generate stiff-chain`: every hinge's spring and
    # damper as asked, generalized-alpha at 1 ms, two sweeps a step (its
    # springs are in the sweep's operator).
    model = mstmm.generate("stiff-chain", bodies=4, planar=True, k=2e4, c=0.2)
    spec = model.to_dict()
    assert [h["spring"]["stiffness"] for h in spec["hinges"]] == [2e4] * 4
    assert [h["spring"]["damping"] for h in spec["hinges"]] == [0.2] * 4
    assert spec["simulation"]["integrator"] == "generalized-alpha" and spec["simulation"]["time_step"] == 1e-3
    run = mstmm.simulate(model, end_time=0.1)
    assert run.status == "completed" and run.newton_iterations == 2 * run.steps
    with pytest.raises(mstmm.Error, match="stiffness k must be positive"):
        mstmm.generate("stiff-chain", k=0.0)


def test_the_rotor_analyses_give_the_overhung_disk_and_jeffcott_closed_forms():
    # docs/rotors.md R8: generate's defaults, the closed forms of test_rotor.cpp.
    overhung = mstmm.generate("overhung-rotor")
    d = mstmm.campbell(overhung, "spin", np.linspace(0.0, 3000.0, 31), modes=2)
    it, ip, k = 0.02 + 5.0 * 0.3**2, 0.04, 2e4
    critical = d["critical_speeds"]
    assert [c["whirl"] for c in critical] == ["backward", "forward"]
    assert math.isclose(critical[0]["speed"], math.sqrt(k / (it + ip)), rel_tol=1e-10)
    assert math.isclose(critical[1]["speed"], math.sqrt(k / (it - ip)), rel_tol=1e-10)
    assert d["stability_threshold"] is None
    w = d["speeds"][10]
    forward = (ip * w + math.sqrt((ip * w) ** 2 + 4 * it * k)) / (2 * it)
    line = next(l for l in d["lines"] if l["whirl"][10] == "forward")
    assert math.isclose(2 * math.pi * line["frequency"][10], forward, rel_tol=1e-10)
    r = mstmm.unbalance_response(mstmm.generate("jeffcott-rotor"), "spin.angle", [250.0], bodies=["disk"])
    w = 250.0
    expected = 0.01 * 0.05 * w * w / (1e6 - 10.0 * w * w + 200j * w)
    assert abs(r["points"][0]["x"][0] - expected) < 1e-10 * abs(expected)
    with pytest.raises(mstmm.Error, match="spin hinge 'axle' does not exist"):
        mstmm.campbell(overhung, "axle", [0.0, 100.0])
