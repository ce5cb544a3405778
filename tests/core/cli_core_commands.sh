#!/usr/bin/env bash
# The CLI built with the engine alone (MSTMM_CORE_ONLY): generate, info,
# simulate and format --kind work end to end, and export is refused with the reason.
# Usage: cli_core_commands.sh PATH/TO/mstmm
set -euo pipefail
mstmm=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$mstmm" generate demo --out "$dir/demo.json"
"$mstmm" info "$dir/demo.json" | grep -qE "^DOF: +4$"
"$mstmm" simulate "$dir/demo.json" --t-end 0.1 --dt 1e-3 --every 10 --out "$dir/demo.csv"
rows=$(grep -vc '^#' "$dir/demo.csv")
[ "$rows" -eq 12 ] || { echo "expected a header and 11 rows (t = 0, 0.01, ..., 0.1), got $rows lines"; exit 1; }
"$mstmm" format "$dir/demo.json" --kind spatial --out "$dir/spatial.json"
"$mstmm" info "$dir/spatial.json" | grep -qE "^kind: +spatial$"
"$mstmm" info "$dir/spatial.json" | grep -qE "^DOF: +12$"  # four ball joints
"$mstmm" format "$dir/spatial.json" --kind planar --out "$dir/planar.json"
"$mstmm" info "$dir/planar.json" | grep -qE "^DOF: +4$"
if "$mstmm" format "$dir/demo.json" --kind curved 2> "$dir/err"; then echo "format took --kind curved"; exit 1; fi
grep -q "kind expects planar or spatial, not 'curved'" "$dir/err"
# Generalized-alpha from the command line (issue 53): its run report, and
# a spectral radius outside [0, 1] refused with the value.
"$mstmm" simulate "$dir/demo.json" --t-end 0.1 --dt 1e-2 --every 1 --integrator generalized-alpha --rho-inf 0.8 --out "$dir/alpha.csv" 2> "$dir/alpha.log"
grep -q "Newton iterations" "$dir/alpha.log"
[ "$(grep -vc '^#' "$dir/alpha.csv")" -eq 12 ] || { echo "generalized-alpha: expected a header and 11 rows"; exit 1; }
if "$mstmm" simulate "$dir/demo.json" --integrator generalized-alpha --rho-inf 1.2 --out "$dir/bad.csv" 2> "$dir/err"; then echo "simulate took --rho-inf 1.2"; exit 1; fi
grep -q -- "--rho-inf must be a number in \[0, 1\].*not 1.2" "$dir/err"
# The stiff chain: generated for generalized-alpha, its springs named in
# its file; --k and --c refused where they mean nothing or are not positive.
"$mstmm" generate stiff-chain --bodies 5 --planar --k 2e4 --c 0.2 --out "$dir/stiff.json"
grep -q '"integrator": "generalized-alpha"' "$dir/stiff.json"
[ "$(grep -c '"stiffness": 20000\.0' "$dir/stiff.json")" -eq 5 ] || { echo "stiff-chain: expected five springs of 2e4 N m/rad"; exit 1; }
"$mstmm" simulate "$dir/stiff.json" --t-end 0.1 --out "$dir/stiff.csv" 2> "$dir/stiff.log"
grep -q "2 per step" "$dir/stiff.log" || { cat "$dir/stiff.log"; exit 1; }
if "$mstmm" generate chain --k 5 --out "$dir/bad.json" 2> "$dir/err"; then echo "generate chain took --k"; exit 1; fi
grep -q -- "--k and --c are the hinges' spring and damper of a stiff-chain" "$dir/err"
if "$mstmm" generate stiff-chain --k -1 --out "$dir/bad.json" 2> "$dir/err"; then echo "generate stiff-chain took --k -1"; exit 1; fi
grep -q "stiffness k must be positive" "$dir/err"
"$mstmm" study "$(dirname "$0")/../../resources/studies/damping-sweep.json" --out "$dir/study" --threads 2 2> "$dir/study.log"
grep -q "10 runs, 10 computed, 0 already done, 0 failed or invalid" "$dir/study.log"
[ "$(grep -vc '^#' "$dir/study/summary.csv")" -eq 11 ] || { echo "the study's summary should hold a header and 10 rows"; exit 1; }
"$mstmm" study "$(dirname "$0")/../../resources/studies/damping-sweep.json" --out "$dir/study" 2> "$dir/study.log"
grep -q "10 runs, 0 computed, 10 already done" "$dir/study.log"
# Killed (SIGKILL) part way, a study resumes: the runs whose rows were kept
# are not computed again, and the table equals an uninterrupted one.
demo_study="$(dirname "$0")/../../bench/demo-study.json"
"$mstmm" study "$demo_study" --out "$dir/killed" --threads 1 2> /dev/null & pid=$!
sleep 0.15
kill -9 "$pid" 2> /dev/null || true
wait "$pid" 2> /dev/null || true
kept=$(ls "$dir/killed/runs" | grep -c '^run-[0-9]*\.csv$' || true)
"$mstmm" study "$demo_study" --out "$dir/killed" --threads 2 2> "$dir/resumed.log"
grep -q "200 runs, $((200 - kept)) computed, $kept already done, 0 failed" "$dir/resumed.log" || { cat "$dir/resumed.log"; exit 1; }
"$mstmm" study "$demo_study" --out "$dir/whole" 2> /dev/null
diff <(tail -n +2 "$dir/whole/summary.csv") <(tail -n +2 "$dir/killed/summary.csv")
if "$mstmm" export "$dir/demo.json" --csv "$dir/x.csv" 2> "$dir/err"; then echo "export ran in a core-only build"; exit 1; fi
grep -q "export needs the full build with Qt 6 and VTK" "$dir/err"
echo "cli core commands: generate, info, simulate ($rows CSV lines), format --kind (12 and 4 DOF), study (10 runs, resumed with none recomputed; killed after $kept of 200 runs and resumed, the same table) work; export says it needs Qt and VTK"
