#!/usr/bin/env bash
# The CLI built with the engine alone (MSTMM_CORE_ONLY): generate, info and
# simulate work end to end, and export is refused with the reason.
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
if "$mstmm" export "$dir/demo.json" --csv "$dir/x.csv" 2> "$dir/err"; then echo "export ran in a core-only build"; exit 1; fi
grep -q "export needs the full build with Qt 6 and VTK" "$dir/err"
echo "cli core commands: generate, info, simulate ($rows CSV lines) work; export says it needs Qt and VTK"
