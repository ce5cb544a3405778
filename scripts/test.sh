#!/usr/bin/env bash
# The whole test suite: installs what is missing; builds the engine alone
# (MSTMM_CORE_ONLY: no Qt, no VTK) and runs its suites; then builds
# everything and runs every test (GUI tests under a virtual X server).
# Usage: scripts/test.sh [ctest args]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/test-core-only.sh "$@"
scripts/build.sh
cd build
xvfb-run -a -s "-screen 0 1920x1080x24" ctest --output-on-failure -j2 "$@"
