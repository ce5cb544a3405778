#!/usr/bin/env bash
# The test suite under sanitizers (clang), as CI runs it after scripts/test.sh:
#   asan: the engine, interchange, the CLI and the
#         fuzz targets (MSTMM_CORE_ONLY, MSTMM_FUZZ with edge counters
#         only, MSTMM_FUZZ_EDGES_ONLY: scripts/fuzz.sh --build-dir
#         build-asan runs them) built with AddressSanitizer +
#         UndefinedBehaviorSanitizer in build-asan/, and their CTest suites
#         under them. Not built here (tests/CMakeLists.txt,
#         MSTMM_NOT_UNDER_ASAN): the two vehicle suites, whose ten-second
#         runs took 8 of the 11 minutes of suite time and whose code paths
#         (contacts, struts, loops, modes) other suites walk under the
#         sanitizers too; the MJCF import suite (167 s: MuJoCo's own
#         humanoid runs, whose contact code test_body_contact and whose
#         parsing the fuzz targets cover); the Python module (its suite took
#         154 s). All run in the plain build. The studio is not built here: CI's budget (well
#         under 40 minutes on two cores) does not hold a third full build;
#         its worker thread runs under ThreadSanitizer below (with
#         MSTMM_ASAN_CORE_ONLY=OFF in the environment the studio and its
#         suites are built and run here too);
#   tsan: built with ThreadSanitizer in build-tsan/ (only what these need),
#         the suites that run simulations on threads: the parameter-study
#         runner on threads, the Riccati solver's second thread, concurrent
#         runs, a run on a worker thread read and cancelled from another
#         (test_worker_runs), the live mode's pacer held and let go from
#         another thread (test_live_pacer), and the studio's own worker
#         thread (test_simulation_runs).
# Usage: scripts/test-sanitizers.sh [asan|tsan|all] [ctest args]
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-all}"
[ $# -gt 0 ] && shift
supp="$PWD/tests/sanitizers"
# -O1 keeps the suites fast enough; Debug keeps Eigen's index checks on.
# Through ccache, as the plain builds: a second run recompiles only what changed.
flags=(-G Ninja -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" "-DCMAKE_C_FLAGS_DEBUG=-O1 -g1")
# LLVM's linker, when it is there (scripts/install-deps.sh installs it):
# an AddressSanitizer suite links in 0.8 s with it against 2.9 s with the
# system's, and this build links some 70 of them.
if command -v ld.lld >/dev/null 2>&1; then
  flags+=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_MODULE_LINKER_FLAGS=-fuse-ld=lld)
fi
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$supp/ubsan.supp"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$supp/tsan.supp"

seconds() { echo $(( $(date +%s) - $1 )); }

if [ "$mode" = asan ] || [ "$mode" = all ]; then
  start=$(date +%s)
  CC=clang CXX=clang++ cmake -S . -B build-asan "${flags[@]}" $(scripts/compiler-cache.sh build-asan) -DMSTMM_SANITIZE=address,undefined -DMSTMM_FUZZ=ON -DMSTMM_FUZZ_EDGES_ONLY=ON -DMSTMM_PYTHON=OFF -DMSTMM_CORE_ONLY="${MSTMM_ASAN_CORE_ONLY:-ON}" >/dev/null
  cmake --build build-asan -j2
  built=$(seconds "$start")
  (cd build-asan && xvfb-run -a -s "-screen 0 1920x1080x24" ctest --output-on-failure -j2 "$@")
  echo "sanitizers: ASan+UBSan build ${built} s, tests $(( $(seconds "$start") - built )) s"
fi
if [ "$mode" = tsan ] || [ "$mode" = all ]; then
  start=$(date +%s)
  CC=clang CXX=clang++ cmake -S . -B build-tsan "${flags[@]}" $(scripts/compiler-cache.sh build-tsan) -DMSTMM_SANITIZE=thread -DMSTMM_FUZZ=OFF -DMSTMM_CORE_ONLY=OFF >/dev/null
  cmake --build build-tsan -j2 --target test_studies test_large_systems test_run_arguments test_worker_runs test_live_pacer test_simulation_runs
  built=$(seconds "$start")
  (cd build-tsan && ctest --output-on-failure -j2 -R '^(test_studies|test_large_systems|test_run_arguments|test_worker_runs|test_live_pacer)$' "$@")
  # The studio's worker thread (gui/run): every function of the suite but
  # resultsEqualTheCli, whose QProcess fork trips ThreadSanitizer's own
  # runtime in clang 14 ("CHECK failed: tsan_rtl.cpp:234"); it runs in the
  # other builds.
  QT_QPA_PLATFORM=offscreen build-tsan/tests/test_simulation_runs cancelStopsAndKeepsResults eventLoopKeepsRunningDuringA100kDofRun \
    invalidModelReportsItsMessage aFailingRunKeepsItsPartialResults aRunThatLosesEnergyIsNotASuccess
  echo "sanitizers: TSan build ${built} s, tests $(( $(seconds "$start") - built )) s"
fi
