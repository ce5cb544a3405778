#!/usr/bin/env bash
# Runs the benchmarks (several minutes) and regenerates docs/performance.md
# and docs/performance.png from the measurements:
#   1. mstmm-bench: time per evaluation / RK4 step for every solver;
#   2. mstmm-bench --accuracy: the classical TMM's error against chain length;
#   3. mstmm simulate: 1 s of the paper's branch systems (500 bodies, and
#      33,334 bodies = 100,002 DOF) with RK4, dt = 1e-3, wall time and peak memory;
#   4. mstmm-render-bench (under Xvfb): 3-D view frames/s for 500 and 33,334 bodies;
#   5. mstmm-performance-report: the markdown and the plot.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
out=build/performance
mkdir -p "$out"
build/bench/mstmm-bench --csv "$out/timings.csv" "$@"
build/bench/mstmm-bench --accuracy "$out/accuracy.csv"
echo "bodies,dof,wall_seconds,peak_mib" > "$out/runs.csv"
for n in 500 33334; do
  build/app/mstmm generate branch --bodies "$n" --out "$out/branch$n.json" 2>/dev/null
  build/app/mstmm simulate "$out/branch$n.json" --t-end 1 --dt 1e-3 --every 100 --float --threads 2 --out "$out/branch$n.csv" 2> "$out/branch$n.log"
  sed -n "s/.*evaluations, \([0-9.e+-]*\) s wall, peak memory \([0-9.e+-]*\) MiB.*/$n,$((3 * n)),\1,\2/p" "$out/branch$n.log" >> "$out/runs.csv"
done
QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1920x1080x24" build/bench/mstmm-render-bench --bodies 500,33334 --csv "$out/render.csv"
build/bench/mstmm-performance-report "$out/timings.csv" "$out/accuracy.csv" "$out/runs.csv" docs/performance.md docs/performance.png \
  "$out/render.csv"
echo "wrote docs/performance.md and docs/performance.png"
