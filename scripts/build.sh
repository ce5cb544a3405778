#!/usr/bin/env bash
# Configures and builds MSTMM Studio (Release) into ./build: everything, or
# only the targets named (scripts/setup.sh names the application's).
# MSTMM_ENGINE_ONLY=ON configures the engine library alone (what
# scripts/setup.sh compiles while the other packages install); otherwise
# the whole project is configured.
# Usage: [MSTMM_ENGINE_ONLY=ON] scripts/build.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DMSTMM_ENGINE_ONLY=${MSTMM_ENGINE_ONLY:-OFF} $(scripts/compiler-cache.sh build)
if [ $# -gt 0 ]; then
  cmake --build build -j2 --target "$@"
else
  cmake --build build -j2
fi
