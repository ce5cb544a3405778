#!/usr/bin/env bash
# The whole test suite: installs what is missing; builds the engine alone
# (MSTMM_CORE_ONLY: no Qt, no VTK) with AddressSanitizer and
# UndefinedBehaviorSanitizer and runs its suites under them
# (scripts/test-sanitizers.sh asan, which also builds the fuzz targets
# there); then builds everything and runs every test (GUI tests under a
# virtual X server). scripts/test-core-only.sh is the same core-only check
# as a plain Release build, for a quicker look at a desk.
# Usage: scripts/test.sh [ctest args]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/test-sanitizers.sh asan "$@"
scripts/build.sh
cd build
xvfb-run -a -s "-screen 0 1920x1080x24" ctest --output-on-failure -j2 "$@"
