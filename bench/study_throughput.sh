#!/usr/bin/env bash
# Study throughput (docs/performance.md): a short study (bench/demo-study.json:
# 200 runs of the 4-body demo, 2 s simulated each, RK4, dt = 1e-3) and a long
# one (bench/long-study.json: 16 runs of the same demo, 150 to 900 s
# simulated, so of unequal cost), each on 1 and 2 threads and on 1, 2 and 3
# MPI processes (3 oversubscribed on a 2-core machine). Prints runs per
# second, the parallel efficiency against one thread, and whether each
# table is the one-thread table to the bit; best of three runs each (the
# time from claiming the folder to the summary, without starting MPI);
# asserts nothing.
#   bench/study_throughput.sh [build/app/mstmm]
set -euo pipefail
cd "$(dirname "$0")/.."
mstmm=${1:-build/app/mstmm}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
seconds() { grep -oE "[0-9.e+-]+ s wall" "$1" | awk '{print $1}'; }
for study in demo-study long-study; do
  echo "$study:"
  base=
  for runner in "threads 1" "threads 2" "mpi 1" "mpi 2" "mpi 3"; do
    set -- $runner
    if [ "$1" = mpi ] && ! command -v mpirun > /dev/null; then echo "  mpirun: not installed"; continue; fi
    wall=
    for try in 1 2 3; do  # best of three: a 2-core virtual machine's timings vary by 20 %
      rm -rf "$out/s"
      if [ "$1" = threads ]; then
        "$mstmm" study "bench/$study.json" --out "$out/s" --threads "$2" 2> "$out/log"
      else
        mpirun -n "$2" --oversubscribe "$mstmm" study "bench/$study.json" --out "$out/s" 2> "$out/log"
      fi
      wall=$(awk -v a="$wall" -v b="$(seconds "$out/log")" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    runs=$(($(wc -l < "$out/s/summary.csv") - 2))
    [ -z "$base" ] && base=$wall && cp "$out/s/summary.csv" "$out/serial.csv"
    same=$(cmp -s "$out/s/summary.csv" "$out/serial.csv" && echo "same table" || echo "TABLE DIFFERS")
    awk -v r="$runner" -v n="$runs" -v w="$wall" -v b="$base" -v p="$2" -v s="$same" \
      'BEGIN { printf "  %-10s %8.1f runs/s (%.3f s)  efficiency %.2f  %s\n", r, n / w, w, b / w / p, s }'
  done
done
