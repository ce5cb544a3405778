#!/bin/bash
# Alternating A/B runs of two mstmm-bench builds: on a machine whose speed
# drifts (a shared virtual machine), a build is compared only with another
# run in the same minutes. Prints the median µs per body per evaluation of
# each (system, bodies, threads) for each build.
#   scripts/bench-ab.sh OLD/mstmm-bench NEW/mstmm-bench [ROUNDS] [SIZES] [SYSTEMS]
# e.g. scripts/bench-ab.sh /tmp/before/mstmm-bench build/bench/mstmm-bench 3 100,1000,33334 chain,branch
set -euo pipefail
a=${1:?first mstmm-bench}; b=${2:?second mstmm-bench}
rounds=${3:-3}; sizes=${4:-100,1000,10000,33334}; systems=${5:-chain,branch}
for ((r = 0; r < rounds; ++r)); do
  for bench in "$a" "$b"; do
    "$bench" --solvers riccati --sizes "$sizes" --systems "$systems" --min-time 0.2 --batches 3 2>/dev/null |
      grep '^riccati' | sed -E 's/^riccati +//; s/ +([0-9]+) +([0-9]+) +([0-9]+) +\S+ +\S+ +(\S+)$/|\1|\3|\4/' |
      awk -v who="$bench" -F'|' '{gsub(/ +$/, "", $1); print who "|" $1 "|" $2 "|" $3 "|" $4}'
  done
done | python3 -c '
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in sys.stdin:
    who, system, bodies, threads, us = line.rstrip("\n").split("|")
    runs[(system, int(bodies), int(threads), who)].append(float(us))
for (system, bodies, threads, who), values in sorted(runs.items()):
    print(f"{system:18} {bodies:7} {threads} {statistics.median(values):.4f} ({len(values)} runs)  {who}")
'
