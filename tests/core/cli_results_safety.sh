#!/usr/bin/env bash
# Results files are never lost or left half-written (docs/reliability.md R1,
# R2), through the CLI built with the engine alone:
#  - a run that completes replaces an older results file whole;
#  - a run that diverges, is interrupted (SIGINT) or finds its disk full
#    leaves the older file as it was, its rows in RESULTS.partial.csv with a
#    last line saying why (or, disk full, nothing but the message);
#  - SIGTERM ends a run as SIGINT does (exit 143), and either during a model
#    load ends the command cleanly with a message;
#  - a run killed with SIGKILL leaves the older file as it was;
#  - saving a model keeps the file's mode (a private 0600 model stays private);
#  - a study resumed after its file changed is refused; --restart starts afresh.
# Usage: cli_results_safety.sh PATH/TO/mstmm
set -euo pipefail
mstmm=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "$*"; exit 1; }
untouched() { [ "$(cat "$dir/r.csv")" = "older results" ] || fail "$1: r.csv was changed: $(head -c 200 "$dir/r.csv")"; }
# Waits (up to 60 s) until a run has its temporary file open, that is, it
# has loaded its model, catches SIGINT and writes; then half a second more.
started() {
  for _ in $(seq 600); do
    ls -A "$dir" | grep -q '^\.~r\.csv\.' && { sleep 0.5; return; }
    sleep 0.1
  done
  fail "the run never started writing"
}
no_temporaries() { ! ls -A "$dir" | grep -q '^\.~' || fail "$1: a temporary file was left: $(ls -A "$dir")"; }

"$mstmm" generate demo --out "$dir/demo.json" > /dev/null
"$mstmm" generate chain --bodies 2000 --out "$dir/long.json" > /dev/null

# Completed: replaced whole, mode kept.
echo "older results" > "$dir/r.csv"
chmod 640 "$dir/r.csv"
"$mstmm" simulate "$dir/demo.json" --t-end 0.1 --dt 1e-3 --every 10 --out "$dir/r.csv" 2> /dev/null
[ "$(grep -vc '^#' "$dir/r.csv")" -eq 12 ] || fail "completed: expected a header and 11 rows"
[ "$(stat -c %a "$dir/r.csv")" = 640 ] || fail "completed: the results file's mode went from 640 to $(stat -c %a "$dir/r.csv")"
no_temporaries completed

# Diverging (a step far too large for the energy check): the older file stays,
# the rows up to the failure are in r.partial.csv, marked incomplete.
echo "older results" > "$dir/r.csv"
if "$mstmm" simulate "$dir/demo.json" --t-end 10 --dt 0.2 --out "$dir/r.csv" 2> "$dir/err"; then fail "the diverging run exited 0"; fi
untouched diverging
grep -q "are in '$dir/r.partial.csv' ('$dir/r.csv' is untouched)" "$dir/err" || fail "diverging: $(cat "$dir/err")"
tail -1 "$dir/r.partial.csv" | grep -q "^# incomplete: .*; the last row is at t = [0-9.e+-]* s$" || fail "diverging: last line $(tail -1 "$dir/r.partial.csv")"
[ "$(grep -vc '^#' "$dir/r.partial.csv")" -ge 2 ] || fail "diverging: the partial file holds no rows"
no_temporaries diverging
rm "$dir/r.partial.csv"

# Interrupted with SIGINT (exit 130) or SIGTERM (143, 128 + 15): the older
# file stays, the rows so far are kept.
for signal in INT:130 TERM:143; do
  "$mstmm" simulate "$dir/long.json" --t-end 1000 --dt 1e-3 --every 100 --out "$dir/r.csv" 2> "$dir/err" & pid=$!
  started
  kill -"${signal%:*}" "$pid"
  status=0
  wait "$pid" || status=$?
  [ "$status" -eq "${signal#*:}" ] || fail "SIG${signal%:*}: exit $status, expected ${signal#*:}: $(cat "$dir/err")"
  untouched "SIG${signal%:*}"
  tail -1 "$dir/r.partial.csv" | grep -q "^# incomplete: interrupted; the last row is at t = " || fail "SIG${signal%:*}: last line $(tail -1 "$dir/r.partial.csv")"
  no_temporaries "SIG${signal%:*}"
  rm "$dir/r.partial.csv"
done

# SIGINT while a large model loads (which cannot stop part way): the load
# ends, then the command, with the message and 130, not killed silently.
"$mstmm" generate chain --bodies 40000 --out "$dir/large.json" > /dev/null
"$mstmm" info "$dir/large.json" > /dev/null 2> "$dir/err" & pid=$!
# A background job of a script starts with SIGINT ignored: a signal sent
# before the program catches it (its start, loading Qt and VTK, is slow on
# a loaded machine) would be lost, and the command end with 0. Wait until
# /proc says it catches SIGINT (bit 2 of SigCgt), then signal during the load.
for _ in $(seq 1000); do
  mask=$(awk '/^SigCgt:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
  [ -n "$mask" ] && (( (16#$mask >> 1) & 1 )) && break
  sleep 0.01
done
sleep 0.3
kill -INT "$pid"
status=0
wait "$pid" || status=$?
[ "$status" -eq 130 ] || fail "interrupted load: exit $status, expected 130: $(cat "$dir/err")"
grep -q "interrupted by SIGINT (the step under way was finished: nothing is left half-written)" "$dir/err" || fail "interrupted load: $(cat "$dir/err")"

# Killed with SIGKILL: nothing can be tidied, but the older file stays.
"$mstmm" simulate "$dir/long.json" --t-end 1000 --dt 1e-3 --every 100 --out "$dir/r.csv" 2> /dev/null & pid=$!
started
kill -KILL "$pid"
wait "$pid" 2> /dev/null || true
untouched killed
rm -f "$dir"/.~r.csv.*

# Disk full (the file-size limit makes every write past 64 KiB fail, as a
# full disk does): exit 3, the reason named (the partial rows cannot be
# kept either), the older file stays.
status=0
(ulimit -f 64; trap '' XFSZ; exec "$mstmm" simulate "$dir/long.json" --t-end 10 --dt 1e-3 --every 100 --out "$dir/r.csv") 2> "$dir/err" || status=$?
[ "$status" -eq 3 ] || fail "disk full: exit $status, expected 3: $(cat "$dir/err")"
grep -q "File too large" "$dir/err" || fail "disk full: the reason is not named: $(cat "$dir/err")"
untouched "disk full"
no_temporaries "disk full"

# Saving a model keeps its mode.
chmod 600 "$dir/demo.json"
"$mstmm" format "$dir/demo.json" > /dev/null 2>&1
[ "$(stat -c %a "$dir/demo.json")" = 600 ] || fail "format: the model's mode went from 600 to $(stat -c %a "$dir/demo.json")"
no_temporaries format
# A study resumed after its file changed is refused, naming what changed,
# and --restart computes it afresh (docs/reliability.md R3).
studies="$(cd "$(dirname "$0")/../../resources/studies" && pwd)"
cp "$studies"/*.json "$dir/"
"$mstmm" study "$dir/damping-sweep.json" --out "$dir/study" --threads 2 2> /dev/null
sed -i 's/0.02, 0.05/0.03, 0.05/' "$dir/damping-sweep.json"
if "$mstmm" study "$dir/damping-sweep.json" --out "$dir/study" 2> "$dir/err"; then fail "a changed study was resumed"; fi
grep -q "holds 10 run files of another version of this study: since they were computed, the study file (parameters, sampling or records) has changed" "$dir/err" ||
  fail "study: $(cat "$dir/err")"
"$mstmm" study "$dir/damping-sweep.json" --out "$dir/study" --restart 2> "$dir/err"
grep -q "10 runs, 10 computed, 0 already done" "$dir/err" || fail "study --restart: $(cat "$dir/err")"
grep -q "^0,0.03," "$dir/study/summary.csv" || fail "study --restart: the first row is not of the new values"
# Under a memory limit (ulimit -v), a study whose runs would record more
# than the limit leaves fails those rows naming the rule, and ends cleanly
# (a std::bad_alloc on a worker thread ended the process, exit 134); a
# model file too large to parse in what is left is refused before parsing
# (a std::bad_alloc inside the JSON library aborted the process).
memory_checks() {
"$mstmm" generate chain --bodies 300 --out "$dir/chain300.json" > /dev/null
cat > "$dir/memory-study.json" << 'EOF_STUDY'
{"model": "chain300.json", "parameters": [{"name": "t_end", "address": "simulation/end_time", "values": [100, 200]}],
 "record": [{"quantity": "1.x", "stat": "max"}]}
EOF_STUDY
status=0
(ulimit -v 1500000; exec "$mstmm" study "$dir/memory-study.json" --out "$dir/memory" --threads 2) 2> "$dir/err" || status=$?
[ "$status" -eq 0 ] || fail "memory-limited study: exit $status: $(cat "$dir/err")"
[ "$(grep -c ',failed,.*needs .* GB of memory, more than half of the .* GB' "$dir/memory/summary.csv")" -eq 2 ] ||
  fail "memory-limited study: rows $(cat "$dir/memory/summary.csv")"
# 105 MB of model needs about 1 GB to parse: refused under 600 MB, whatever
# the binary itself takes (the full build maps about 200 MB of libraries,
# the engine-only one far less).
"$mstmm" generate chain --bodies 200000 --out "$dir/huge.json" > /dev/null
status=0
(ulimit -v 600000; exec "$mstmm" info "$dir/huge.json") > /dev/null 2> "$dir/err" || status=$?
[ "$status" -eq 1 ] || fail "memory-limited load: exit $status: $(cat "$dir/err")"
grep -q "needs about 1.0.* GB of memory to read, more than the .* GB this process may still take" "$dir/err" || fail "memory-limited load: $(cat "$dir/err")"
rm "$dir/huge.json"
# A model too large to build in the memory left ends with what ran out and
# what to do, not a bare std::bad_alloc (issue 51, point 4).
status=0
(ulimit -v 600000; exec "$mstmm" generate chain --bodies 1000000 --out "$dir/million.json") > /dev/null 2> "$dir/err" || status=$?
[ "$status" -eq 1 ] || fail "memory-limited generate: exit $status: $(cat "$dir/err")"
grep -q "generate ran out of memory (the process may map at most 585.9.* MiB (ulimit -v), and needed more); nothing was written" "$dir/err" ||
  fail "memory-limited generate: $(cat "$dir/err")"
[ ! -e "$dir/million.json" ] || fail "memory-limited generate: a model file was written"
}
# AddressSanitizer reserves terabytes of address space: under it no ulimit -v
# leaves a process room to start, so these run in the plain builds only.
if [ -n "${ASAN_OPTIONS:-}" ]; then echo "memory limits: not checked under AddressSanitizer"; else memory_checks; fi

echo "results safety: completed, diverging, interrupted, killed and disk-full runs, a changed study and memory limits checked"
