#!/usr/bin/env bash
# Builds the fuzz targets of tests/fuzz with clang (libFuzzer, AddressSanitizer,
# UndefinedBehaviorSanitizer) in build-fuzz/ and runs each for a time.
#   scripts/fuzz.sh [--seconds S] [--report] [--build-dir DIR]
# --seconds: per target (default 15; CI runs 5). --build-dir: a build
# configured with MSTMM_FUZZ; by default build-fuzz/, configured here (core
# only) if it is not there. --report rewrites
# docs/fuzzing.md with what each target executed. New inputs go to
# <build>/work/<target>; the committed seeds (tests/fuzz/corpus) are read
# only. A crash leaves its input in <build>/findings/ and fails the script:
# fix it and keep the input in tests/fuzz/regressions/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=15
report=0
build=build-fuzz
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --report) report=1; shift ;;
    --build-dir) build="$2"; shift 2 ;;
    *) echo "usage: scripts/fuzz.sh [--seconds S] [--report] [--build-dir DIR]" >&2; exit 2 ;;
  esac
done
targets="model simulation table_csv study urdf mjcf results_writer study_resume live_recording"
start=$(date +%s)
if [ ! -f "$build/CMakeCache.txt" ]; then
  # Debug at -O1: Eigen's index checks on, as in the sanitizer builds.
  CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" \
    "-DCMAKE_C_FLAGS_DEBUG=-O1 -g1" $(scripts/compiler-cache.sh "$build") -DMSTMM_CORE_ONLY=ON -DMSTMM_FUZZ=ON -DMSTMM_SANITIZE=address,undefined >/dev/null
fi
cmake --build "$build" -j2 --target $(for t in $targets; do printf 'fuzz_%s ' "$t"; done)
echo "fuzz: build $(( $(date +%s) - start )) s"
mkdir -p "$build/findings"
rows=""
status=0
for t in $targets; do
  mkdir -p "$build/work/$t"
  log="$build/fuzz-$t.log"
  dict=-dict=tests/fuzz/json.dict
  [ -f "tests/fuzz/$t.dict" ] && dict="-dict=tests/fuzz/$t.dict"
  case "$t" in results_writer|study_resume) dict= ;; esac  # binary inputs: choices, not text
  set +e
  # A build with the shared AddressSanitizer runtime (CMakeLists.txt: the
  # sanitizer builds of scripts/test-sanitizers.sh) must load it first.
  preload=
  # (grep reads all of ldd's output: with -q it could stop early, and
  # pipefail would then take ldd's SIGPIPE for "not found".)
  if ldd "$build/tests/fuzz/fuzz_$t" | grep libclang_rt.asan >/dev/null; then preload=$(clang -print-file-name=libclang_rt.asan-x86_64.so); fi
  # -rss_limit_mb: a single input may not take more than 2 GB; -timeout: nor 10 s.
  LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 LSAN_OPTIONS="suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0" \
    "$build/tests/fuzz/fuzz_$t" "$build/work/$t" "tests/fuzz/corpus/$t" $([ -d "tests/fuzz/regressions/$t" ] && echo "tests/fuzz/regressions/$t") \
    $dict -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$build/findings/$t-" -print_final_stats=1 >"$log" 2>&1
  rc=$?
  set -e
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  secs=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  crashes=$(ls "$build/findings"/ 2>/dev/null | grep -c "^$t-crash" || true)
  hangs=$(ls "$build/findings"/ 2>/dev/null | grep -c "^$t-timeout" || true)
  ooms=$(ls "$build/findings"/ 2>/dev/null | grep -c "^$t-oom" || true)
  echo "fuzz: $t: ${runs:-?} inputs in ${seconds} s (${secs:-?}/s), exit $rc, crashes $crashes, hangs $hangs, out of memory $ooms"
  rows+="| $t | ${runs:-?} | ${secs:-?} | $seconds | $crashes | $hangs | $ooms |"$'\n'
  if [ "$rc" -ne 0 ]; then
    status=1
    tail -40 "$log"
  fi
done
echo "fuzz: total $(( $(date +%s) - start )) s"
if [ "$report" = 1 ]; then
  type=$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build/CMakeCache.txt")
  scripts/fuzz-report.sh "$rows" "$(clang --version | head -1)" "$type" > docs/fuzzing.md
  echo "fuzz: wrote docs/fuzzing.md"
fi
exit $status
