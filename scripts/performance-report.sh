#!/usr/bin/env bash
# Runs the benchmarks (several minutes) and regenerates docs/performance.md
# and docs/performance.png from the measurements.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
mkdir -p build/performance
build/bench/mstmm-bench --csv build/performance/timings.csv "$@"
build/bench/mstmm-bench --accuracy build/performance/accuracy.csv
build/bench/mstmm-performance-report build/performance/timings.csv build/performance/accuracy.csv docs/performance.md docs/performance.png
echo "wrote docs/performance.md and docs/performance.png"
