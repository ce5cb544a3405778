#!/usr/bin/env bash
# mstmm replay: a live recording (docs/model-format.md) written here by
# hand, the demo pulled at its leaf link for 100 of its 300 steps, runs to
# the step it names, writes one CSV row per recorded instant, and differs
# from the same steps without the pull; a broken recording is refused with
# the event it names and leaves no CSV behind.
# Usage: cli_replay.sh PATH/TO/mstmm
set -euo pipefail
mstmm=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$mstmm" generate demo --out "$dir/demo.json"
python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
model = json.load(open(d + "/demo.json"))
model["simulation"]["end_time"] = 100000.0
model["simulation"]["output_every"] = 10
pull = {"body": 0, "point": [0, 0, 0], "target": [1.5, 1.0, 0], "stiffness": 64.0, "damping": 16.0, "torque": [0, 0, 0]}
rec = {"format": "mstmm-live-recording", "version": 1, "steps": 300, "record": {"bodies": [], "single_precision": False},
       "inputs": [{"step": 50, "t": 0.05, "pull": pull, "controls": []}, {"step": 150, "t": 0.15, "controls": []}], "model": model}
json.dump(rec, open(d + "/live.json", "w"))
rec["inputs"] = []
json.dump(rec, open(d + "/plain.json", "w"))
rec["inputs"] = [{"step": 400, "t": 0.4, "controls": []}]
json.dump(rec, open(d + "/late.json", "w"))
PY
"$mstmm" replay "$dir/live.json" --csv "$dir/live.csv" 2> "$dir/log"
grep -q "replayed .* to t = 0.3 s: 300 steps, 2 inputs" "$dir/log"
rows=$(grep -vc '^#' "$dir/live.csv")
[ "$rows" -eq 32 ] || { echo "expected a header and 31 rows (t = 0 ... 0.3), got $rows lines"; exit 1; }
"$mstmm" replay "$dir/plain.json" --csv "$dir/plain.csv" 2> /dev/null
# Before the pull the two agree to the bit; after it they do not.
[ "$(sed -n '/^t,/,/^0.05,/p' "$dir/live.csv" | wc -l)" -eq 7 ] || { echo "expected the header and 6 rows up to t = 0.05"; exit 1; }
[ "$(sed -n '/^t,/,/^0.05,/p' "$dir/live.csv" | md5sum)" = "$(sed -n '/^t,/,/^0.05,/p' "$dir/plain.csv" | md5sum)" ] || { echo "the rows before the pull differ"; exit 1; }
[ "$(tail -1 "$dir/live.csv")" != "$(tail -1 "$dir/plain.csv")" ] || { echo "the pull changed nothing"; exit 1; }
if "$mstmm" replay "$dir/late.json" --csv "$dir/late.csv" 2> "$dir/err"; then echo "replay took an event after the last step"; exit 1; fi
grep -q "inputs\[0\] is at step 400, after the run's last (300)" "$dir/err"
[ ! -e "$dir/late.csv" ] || { echo "a refused recording left a CSV"; exit 1; }
echo "replay: ok"
