"""Random arguments to the module's functions (issue 51, point 3): every
call either works or raises mstmm.Error or TypeError, in a child
interpreter that must survive them all (threads=10**6 aborted it,
every=2**70 gave pybind11's bare cast error, out=None made a folder).
A small seeded fuzzer: the same 2,000 calls every run."""

import os
import subprocess
import sys
from pathlib import Path

SOURCE = Path(os.environ.get("MSTMM_SOURCE_DIR", Path(__file__).resolve().parents[2]))

CHILD = r'''
import math, random, sys, tempfile
from pathlib import Path
import mstmm

source = Path(sys.argv[1])
odd = [None, -1, 0, 1, 3, 2**31, 2**63, 2**70, 10**6, -2**70, 0.5, -0.0, math.nan, math.inf, -math.inf, 1e308,
       "", "1", "x", [], [1.0], [2.0, 1.0], {}, True, b"0", object()]
model = mstmm.generate("damped-double-pendulum")
study = source / "resources" / "studies" / "damping-sweep.json"
calls = {
    "simulate": lambda kw: mstmm.simulate(model, **kw),
    "study": lambda kw: mstmm.study(kw.pop("path", study), kw.pop("out", out / "s"), **kw),
    "frf": lambda kw: mstmm.frf(model, "elbow", "lower.x", **kw),
    "modes": lambda kw: mstmm.modes(model, **kw),
    "equilibrium": lambda kw: mstmm.equilibrium(model, **kw),
}
keys = {
    "simulate": ["end_time", "time_step", "every", "rtol", "atol", "threads", "bodies", "solver", "integrator", "rho_inf"],
    "study": ["threads", "out", "path", "restart"],
    "frf": ["f_from", "f_to", "points", "frequencies", "at", "method"],
    "modes": ["count", "at", "method"],
    "equilibrium": ["time", "solver"],
}
random.seed(51)
out = Path(tempfile.mkdtemp())
outcomes = {"worked": 0, "refused": 0}
for _ in range(2000):
    name = random.choice(sorted(calls))
    kw = {k: random.choice(odd) for k in random.sample(keys[name], random.randint(1, 2))}
    if name == "simulate":
        kw.setdefault("end_time", 0.01)
    for key in ("end_time", "at"):  # a valid but long run (end_time=10**6: 1e9 steps) is no finding, only slow
        value = kw.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and 0.01 < value < 1e10:
            kw[key] = 0.01
    try:
        calls[name](dict(kw))
        outcomes["worked"] += 1
    except (mstmm.Error, TypeError) as e:
        assert str(e), f"{name}({kw}): an error without a message"
        outcomes["refused"] += 1
assert not (Path.cwd() / "None").exists(), "a folder named None"
print(outcomes)
'''


def test_random_arguments_never_end_the_interpreter(tmp_path):
    child = subprocess.run([sys.executable, "-c", CHILD, str(SOURCE)], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert child.returncode == 0, child.stderr[-3000:]
    assert "refused" in child.stdout
