"""Sweep a hinge damper and watch the decay: a one-rod pendulum released
0.2 rad from hanging, for five damping values. Prints each run's measured
decay rate beside the closed form c / (2 J) and, if matplotlib is
installed (Debian: python3-matplotlib), saves the curves to
damping_sweep.png.

    PYTHONPATH=build/python python3 docs/examples/damping_sweep.py
"""

import math

import numpy as np

import mstmm

# The model: the generator's one-rod chain, edited as its file's dictionary.
base = mstmm.generate("chain", bodies=1, planar=True).to_dict()
base["bodies"][0]["initial"]["theta"] = math.pi / 2 + 0.2  # hanging is pi/2: O at the pivot, I_1 below
mass, length = 1.0, 1.0
inertia = mass * length**2 / 3.0  # about the pivot

runs = {}
for damping in (0.0, 0.05, 0.1, 0.2, 0.4):
    spec = dict(base)
    spec["hinges"] = [dict(base["hinges"][0], spring={"stiffness": 0.0, "damping": damping})]
    run = mstmm.simulate(mstmm.Model.from_dict(spec), end_time=10.0, every=10)
    swing = run.theta[:, 0] - math.pi / 2
    peaks = [k for k in range(1, len(swing) - 1) if swing[k - 1] < swing[k] >= swing[k + 1]]
    rate = -np.polyfit(run.time[peaks], np.log(swing[peaks]), 1)[0]
    runs[damping] = (run.time, swing)
    print(f"c = {damping:4.2f} N m s/rad: decay {rate:.4f} 1/s, closed form c/(2J) = {damping / (2 * inertia):.4f} 1/s")

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("(matplotlib is not installed: no plot)")
else:
    for damping, (t, swing) in runs.items():
        plt.plot(t, swing, label=f"c = {damping} N m s/rad")
    plt.xlabel("t [s]")
    plt.ylabel("swing from hanging [rad]")
    plt.legend()
    plt.savefig("damping_sweep.png", dpi=120)
    print("wrote damping_sweep.png")
