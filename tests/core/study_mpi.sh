#!/usr/bin/env bash
# A study on MPI (mpirun -n 1, 2 and 3, oversubscribed on one machine) gives
# the same table as on one thread, and a study stopped half way resumes on
# MPI without recomputing a finished run. Usage: study_mpi.sh PATH/TO/mstmm
set -euo pipefail
mstmm=$1
study="$(dirname "$0")/../../resources/studies/damping-sweep.json"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # CI runs as root
"$mstmm" study "$study" --out "$dir/serial" --threads 1 2> /dev/null
for n in 1 2 3; do  # every rank computes, rank 0 too: even one process makes the table
  rm -rf "$dir/mpi"
  timeout 120 mpirun -n $n --oversubscribe "$mstmm" study "$study" --out "$dir/mpi" 2> "$dir/mpi.log"
  grep -q "10 runs, 10 computed, 0 already done, 0 failed or invalid; .* on $n MPI process(es)" "$dir/mpi.log"
  diff <(tail -n +2 "$dir/serial/summary.csv") <(tail -n +2 "$dir/mpi/summary.csv")
done
rm "$dir/mpi/runs/run-000002.csv" "$dir/mpi/runs/run-000007.csv" "$dir/mpi/summary.csv"  # as if stopped before these two
timeout 120 mpirun -n 3 --oversubscribe "$mstmm" study "$study" --out "$dir/mpi" 2> "$dir/mpi.log"
grep -q "10 runs, 2 computed, 8 already done" "$dir/mpi.log"
diff <(tail -n +2 "$dir/serial/summary.csv") <(tail -n +2 "$dir/mpi/summary.csv")
echo "study on 1, 2 and 3 MPI processes: the same table as on one thread; resumed, it computed only the 2 missing runs"
