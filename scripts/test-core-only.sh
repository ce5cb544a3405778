#!/usr/bin/env bash
# The engine alone: configures build-core/ with MSTMM_CORE_ONLY (Qt and VTK
# not looked for, so none of their headers or libraries can be reached),
# builds the core, the CLI without export and the core suites, and runs them.
# Usage: scripts/test-core-only.sh [ctest args]
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-core -G Ninja -DCMAKE_BUILD_TYPE=Release -DMSTMM_CORE_ONLY=ON $(scripts/compiler-cache.sh build-core)
cmake --build build-core -j2
cd build-core
ctest --output-on-failure -j2 "$@"
