#!/usr/bin/env bash
# Study throughput: 200 runs of the 4-body demo (2 s simulated each, RK4,
# dt = 1e-3) on 1 and 2 threads, and on 3 MPI processes (rank 0 hands out,
# two compute). Prints runs per second; asserts nothing.
#   bench/study_throughput.sh [build/app/mstmm]
set -euo pipefail
cd "$(dirname "$0")/.."
mstmm=${1:-build/app/mstmm}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
rate() { grep -oE "[0-9.e+-]+ s wall" "$1" | awk '{printf "%.0f runs/s (%.3f s)", 200 / $1, $1}'; }
for threads in 1 2; do
  rm -rf "$out/s"
  "$mstmm" study bench/demo-study.json --out "$out/s" --threads "$threads" 2> "$out/log"
  echo "threads $threads: $(rate "$out/log")"
done
if command -v mpirun > /dev/null; then
  rm -rf "$out/s"
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 mpirun -n 3 --oversubscribe "$mstmm" study bench/demo-study.json --out "$out/s" 2> "$out/log"
  echo "mpirun -n 3: $(rate "$out/log")"
fi
