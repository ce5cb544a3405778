"""The Python module's cost against the CLI for the same run: 1 s of the
500-body branch system (RK4, dt = 1e-3, every 100th step), five times
each, best of five. The CLI's time is its own 'wall' report (the run and
the CSV it streams); the module's is simulate() with its NumPy results.
Prints numbers, asserts nothing.

    PYTHONPATH=build/python python3 bench/python_overhead.py build/app/mstmm
"""

import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import mstmm

cli = sys.argv[1] if len(sys.argv) > 1 else "build/app/mstmm"
with tempfile.TemporaryDirectory() as tmp:
    model_path = Path(tmp) / "branch500.json"
    mstmm.save(mstmm.generate("branch", bodies=500), model_path)
    cli_times = []
    for _ in range(5):
        log = subprocess.run([cli, "simulate", str(model_path), "--t-end", "1", "--every", "100", "--out", str(Path(tmp) / "r.csv")],
                             capture_output=True, text=True, check=True).stderr
        cli_times.append(float(re.search(r"([0-9.e+-]+) s wall", log).group(1)))
    model = mstmm.load(model_path)
    module_times = []
    for _ in range(5):
        started = time.perf_counter()
        mstmm.simulate(model, end_time=1.0, every=100)
        module_times.append(time.perf_counter() - started)
best_cli, best_module = min(cli_times), min(module_times)
print(f"500-body branch, 1 s: CLI {best_cli:.4f} s, Python module {best_module:.4f} s, overhead {100 * (best_module / best_cli - 1):+.1f} %")
