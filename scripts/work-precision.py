#!/usr/bin/python3
"""Work-precision of the integrators on stiff bundled examples (issue 53):
for each example, RK4 and generalized-alpha at fixed steps 0.01 s / n and
BDF at tolerances 1e-3 ... 1e-9, each run's wall time (best of two under a
second) against its error: the largest distance between any body's centre
of mass and the reference's, at every 0.01 s of the run. The reference is
RK4 at a quarter of the example's own step. Writes docs/work-precision.csv
and docs/work-precision.png (matplotlib: Debian's python3-matplotlib).

Debian's Python (/usr/bin/python3), which the module is built for and
which has the Debian packages.

Usage: PYTHONPATH=build/python scripts/work-precision.py   (about 5 minutes)"""
import csv
import math
import os
import sys
import time

import numpy as np
import mstmm

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLING = 0.01  # s between compared instants; every fixed step divides it
EXAMPLES = ["spinning-beam", "flexible-arm", "servo-arm", "quarter-car"]
DIVISORS = [1, 2, 4, 5, 8, 10, 16, 20, 25, 40, 50, 80, 100, 160, 200, 400, 800, 1600]
TOLERANCES = [1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9]


def run(model, **settings):
    """The run and its wall time (best of two when under a second), or None if it failed."""
    best, results = math.inf, None
    for attempt in range(2):
        start = time.perf_counter()
        results = mstmm.simulate(model, **settings)
        best = min(best, time.perf_counter() - start)
        if results.status != "completed" or best > 1.0:
            break
    return (results, best) if results.status == "completed" else (None, best)


def error(results, reference):
    if results is None or results.com.shape != reference.com.shape:
        return math.inf
    gap = np.linalg.norm(results.com - reference.com, axis=2)
    return float(np.max(gap)) if np.all(np.isfinite(gap)) else math.inf


def survey(name):
    model = mstmm.load(os.path.join(ROOT, "resources", "examples", name + ".json"))
    step = model.to_dict()["simulation"]["time_step"]
    h_ref = step / 4
    reference, _ = run(model, integrator="rk4", time_step=h_ref, every=round(SAMPLING / h_ref))
    rows = []
    for integrator in ("rk4", "generalized-alpha"):
        for n in DIVISORS:
            h = SAMPLING / n
            if h < 2 * h_ref:
                break
            results, wall = run(model, integrator=integrator, time_step=h, every=n)
            e = error(results, reference)
            if math.isfinite(e) and e < 1.0:
                rows.append((name, integrator, f"h = {h:.3g} s", h, e, wall))
    for rtol in TOLERANCES:
        results, wall = run(model, integrator="bdf", time_step=SAMPLING, every=1, rtol=rtol, atol=rtol * 1e-3)
        e = error(results, reference)
        if math.isfinite(e) and e < 1.0:
            rows.append((name, "bdf", f"rtol = {rtol:.0e}", rtol, e, wall))
    return rows


def plot(rows, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    styles = {"rk4": ("RK4", "o-"), "generalized-alpha": ("generalized-α 0.9", "s-"), "bdf": ("BDF (CVODE)", "^-")}
    for ax, name in zip(axes.flat, EXAMPLES):
        for integrator, (label, style) in styles.items():
            # In the order of the step or tolerance, largest first, so that a line joins neighbouring settings.
            pts = [(r[5], r[4]) for r in sorted((r for r in rows if r[0] == name and r[1] == integrator), key=lambda r: -r[3])]
            if pts:
                ax.loglog([p[0] for p in pts], [p[1] for p in pts], style, label=label, markersize=4)
        ax.set_title(name)
        ax.set_xlabel("wall time [s]")
        ax.set_ylabel("largest position error [m]")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("Work-precision: error against wall time (2 cores, Release)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main():
    rows = []
    for name in EXAMPLES:
        found = survey(name)
        for r in found:
            print(f"{r[0]:14s} {r[1]:18s} {r[2]:16s} error {r[4]:.2e} m  wall {r[5]:.4f} s", flush=True)
        rows += found
    with open(os.path.join(ROOT, "docs", "work-precision.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["example", "integrator", "setting", "value", "error_m", "wall_s"])
        w.writerows(rows)
    plot(rows, os.path.join(ROOT, "docs", "work-precision.png"))
    print("wrote docs/work-precision.csv and docs/work-precision.png")


if __name__ == "__main__":
    sys.exit(main())
